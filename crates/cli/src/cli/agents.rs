//! `robolint agents`: the crawler registry as a table or JSON, and the registry that
//! `check` and `matrix` use (the built-in one, with a robolint.toml's additions).

use std::borrow::Cow;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::CliError;
use robolint::agents::{Agent, DialectBasis, Purpose, Registry};
use robolint::config::Config;

/// Where the registry's additions come from: the nearest robolint.toml, another file, or
/// none.
#[derive(Args)]
pub struct RegistryArgs {
    /// Read `[[agent]]` additions from this configuration file instead of the nearest
    /// robolint.toml.
    #[arg(long, value_name = "PATH", conflicts_with = "no_config")]
    config: Option<PathBuf>,

    /// Use only the built-in registry, ignoring every robolint.toml.
    #[arg(long)]
    no_config: bool,
}

impl RegistryArgs {
    /// The registry for a file in `folder`: the built-in one, with the additions of the
    /// configuration that applies there.
    pub fn registry(&self, folder: &Path) -> Result<Cow<'static, Registry>, String> {
        let path = match &self.config {
            _ if self.no_config => None,
            Some(path) => Some(path.clone()),
            None => Config::discover(folder),
        };
        let Some(path) = path else { return Ok(Cow::Borrowed(Registry::builtin())) };
        let config = Config::load(&path).map_err(|error| super::config::show_config_error(&error, false))?;
        Ok(config.registry.map_or(Cow::Borrowed(Registry::builtin()), Cow::Owned))
    }
}

#[derive(Args)]
pub struct AgentsArgs {
    /// Only robots of these purposes (comma-separated): search, ai-training, ai-search,
    /// user-triggered, control, seo, archive, social-preview, library, other.
    #[arg(long, value_name = "P,Q", value_delimiter = ',', value_parser = str::parse::<Purpose>)]
    purpose: Vec<Purpose>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = AgentsFormat::Human)]
    format: AgentsFormat,

    /// Every column in full (operators and notes), however wide; without it the table fits
    /// 100 columns.
    #[arg(long)]
    wide: bool,

    #[command(flatten)]
    registry: RegistryArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum AgentsFormat {
    /// A table: token, purpose, operator, whether it honours robots.txt, dialect, notes.
    Human,
    /// `{"version": 1, "agents": [...]}`, each agent with the registry's keys.
    Json,
}

#[derive(Serialize)]
struct JsonAgents<'a> {
    version: u32,
    agents: Vec<&'a Agent>,
}

/// `robolint agents`.
pub fn run_agents(args: &AgentsArgs) -> Result<u8, CliError> {
    let registry = args.registry.registry(Path::new("."))?;
    let mut agents: Vec<&Agent> = registry
        .agents()
        .iter()
        .filter(|agent| args.purpose.is_empty() || args.purpose.contains(&agent.purpose))
        .collect();
    agents.sort_by_key(|agent| (agent.purpose, agent.token.to_ascii_lowercase()));
    let text = match args.format {
        AgentsFormat::Human if args.wide => wide_table(&agents),
        AgentsFormat::Human => narrow_table(&agents),
        AgentsFormat::Json => {
            let document = JsonAgents { version: 1, agents };
            let json =
                serde_json::to_string_pretty(&document).map_err(|error| format!("cannot write JSON: {error}"))?;
            json + "\n"
        }
    };
    io::stdout().lock().write_all(text.as_bytes()).map_err(|error| format!("cannot write output: {error}"))?;
    Ok(0)
}

/// The width the default table keeps within: a terminal's usual 80 to 100 columns.
const NARROW_WIDTH: usize = 100;
/// Fewer columns than this left for the operator and the table does not try to fit.
const LEAST_OPERATOR_WIDTH: usize = 12;

/// Token, purpose, whether it honours robots.txt, dialect (`*` where assumed) and the
/// operator, cut to what is left of 100 columns; the notes are for `--wide` and JSON.
fn narrow_table(agents: &[&Agent]) -> String {
    let header = ["TOKEN", "PURPOSE", "HONOURS", "DIALECT", "OPERATOR"].map(str::to_string).to_vec();
    let rows = agents.iter().map(|agent| {
        let assumed = if agent.dialect_basis == DialectBasis::Assumed { "*" } else { "" };
        vec![
            agent.token.to_string(),
            agent.purpose.to_string(),
            agent.honours.name().to_string(),
            format!("{}{assumed}", agent.dialect.name()),
            agent.operator.to_string(),
        ]
    });
    let mut rows: Vec<Vec<String>> = std::iter::once(header).chain(rows).collect();
    let width = |column: usize| rows.iter().map(|row| row[column].chars().count()).max().unwrap_or(0);
    // Two spaces between columns, as `aligned` writes them.
    let taken: usize = (0..4).map(|column| width(column) + 2).sum();
    let room = NARROW_WIDTH.saturating_sub(taken).max(LEAST_OPERATOR_WIDTH);
    for row in &mut rows {
        if row[4].chars().count() > room {
            row[4] = row[4].chars().take(room - 1).chain(['…']).collect();
        }
    }
    super::output::aligned(&rows)
        + "* assumed: the operator does not say how it reads robots.txt.\n"
        + "`--wide`: whole operators and the notes; `--format json`: every key.\n"
}

fn wide_table(agents: &[&Agent]) -> String {
    let header = ["TOKEN", "PURPOSE", "OPERATOR", "HONOURS", "DIALECT", "NOTES"].map(str::to_string).to_vec();
    let rows = agents.iter().map(|agent| {
        vec![
            agent.token.to_string(),
            agent.purpose.to_string(),
            agent.operator.to_string(),
            agent.honours.name().to_string(),
            dialect_words(agent),
            agent.notes().join("; "),
        ]
    });
    let rows: Vec<Vec<String>> = std::iter::once(header).chain(rows).collect();
    super::output::aligned(&rows)
}

/// `google`, or `rfc9309 (assumed)` where the operator does not say.
fn dialect_words(agent: &Agent) -> String {
    match agent.dialect_basis {
        DialectBasis::Documented => agent.dialect.name().to_string(),
        DialectBasis::Assumed => format!("{} (assumed)", agent.dialect.name()),
    }
}
