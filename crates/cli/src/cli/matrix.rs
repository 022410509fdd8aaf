//! `robolint matrix`: a Yes/No table of URLs × robots per dialect, like the 1996 draft's §4.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use serde::Serialize;

use robolint::agents::Registry;
use robolint::dialect::{Dialect, Matcher};

use super::agents::RegistryArgs;
use super::check::{
    exit_status, folder_of, listed_files, own_reading, parse_dialects, read_targets, Dialects, Registries, Robots,
    Unreadable,
};
use super::output::{aligned, print, Answer, JsonArray, OutputFormat};
use super::CliError;

#[derive(Args)]
pub struct MatrixArgs {
    /// The robots.txt to read: a file, `-` for standard input, or an http(s) URL on the site
    /// (a robots.txt request that gives no file is answered as each robot treats it).
    #[arg(value_name = "FILE|URL", required_unless_present = "files_from")]
    file: Option<PathBuf>,

    /// Answer for every robots.txt this file lists, a file or URL a line (`-` reads the list
    /// from standard input), in one process: each file's tables are written as it is read,
    /// headed by `==> FILE <==` (in JSON, each table names its `file`).
    #[arg(long, value_name = "LIST", conflicts_with = "file")]
    files_from: Option<PathBuf>,

    /// The robots, comma-separated: names or User-agent headers.
    #[arg(long, value_name = "A,B,C", value_delimiter = ',', required = true)]
    agents: Vec<String>,

    /// A file of URLs or paths, one a line (blank lines and `#` lines are skipped).
    #[arg(long, value_name = "FILE")]
    urls: PathBuf,

    /// norobots-1994, draft-1996, rfc9309, google, python-robotparser, or all, one table each [default: all five,
    /// after a table of each robot reading the file its own way when the registry knows one
    /// of them (a robot it does not know reads it as RFC 9309 says)].
    #[arg(long, value_name = "D", value_parser = parse_dialects)]
    dialect: Option<Dialects>,

    #[command(flatten)]
    registry: RegistryArgs,

    /// Output format: the tables, or an array of `{reading, robots, urls: [{url, allowed}]}`
    /// objects, one a table, `allowed` holding a boolean per robot.
    #[arg(long, value_enum, default_value_t = OutputFormat::Human)]
    format: OutputFormat,
}

/// `robolint matrix`: a Yes/No table of URLs × robots per dialect, like the draft's §4.
pub fn run_matrix(args: &MatrixArgs) -> Result<u8, CliError> {
    if args.agents.iter().any(|agent| agent.trim().is_empty()) {
        return Err(format!("--agents: a robot name is empty in `{}`", args.agents.join(",")).into());
    }
    let targets = read_targets(&[], Some(&args.urls), false)?;
    let Some(list) = &args.files_from else {
        // clap requires the file when no list is given.
        let file = args.file.as_deref().unwrap_or(Path::new("-"));
        let robots = Robots::read(file)?;
        let registry = args.registry.registry(folder_of(file))?;
        let (tables, all_allowed) = file_tables(args, &robots, &registry, &targets);
        print(args.format, &tables, false)?;
        return Ok(exit_status(all_allowed));
    };
    // Many files: each file's tables are written as they are made, so a list of a million
    // files needs the memory of one.
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let (mut registries, mut unreadable) = (Registries::new(&args.registry), Unreadable::default());
    let mut all_allowed = true;
    let mut array = match args.format {
        OutputFormat::Json => Some(JsonArray::open(&mut out).map_err(super::cannot_write)?),
        OutputFormat::Human => None,
    };
    for file in listed_files(list)? {
        let file = file?;
        let Some(robots) = unreadable.read(&file) else { continue };
        let (mut tables, allowed) = file_tables(args, &robots, registries.for_file(&file)?, &targets);
        all_allowed &= allowed;
        let shown: io::Result<()> = match &mut array {
            Some(array) => tables.0.iter_mut().try_for_each(|table| {
                table.file = Some(file.to_string_lossy().into_owned());
                array.element(&mut out, table)
            }),
            None => writeln!(out, "==> {} <==", file.display()).and_then(|()| tables.write_human(&mut out, false)),
        };
        shown.map_err(super::cannot_write)?;
    }
    let closed = array.map_or(Ok(()), |array| array.close(&mut out)).and_then(|()| out.flush());
    closed.map_err(super::cannot_write)?;
    unreadable.into_result()?;
    Ok(exit_status(all_allowed))
}

/// One file's tables, and whether every robot asked about may fetch every URL by the
/// answers it exits on.
fn file_tables(args: &MatrixArgs, robots: &Robots, registry: &Registry, targets: &[String]) -> (Tables, bool) {
    // The robots the registry knows, each read its own way when no --dialect is given.
    let own: Vec<_> = args.agents.iter().map(|agent| own_reading(registry, agent, &args.dialect)).collect();
    let own_readings = own.iter().any(Option::is_some).then(|| {
        let matchers = args.agents.iter().zip(&own).map(|(agent, known)| match known {
            Some(known) => robots.robot_matcher(registry, known).matcher,
            None => robots.matcher(registry, agent, Dialect::Rfc9309),
        });
        matrix_table("robots", matchers.collect(), &args.agents, targets)
    });
    let dialects = Dialects::or_all(&args.dialect);
    let tables = dialects.iter().map(|&dialect| {
        let agents = args.agents.iter().map(String::as_str);
        let matchers = match robots.answered {
            Some(_) => agents.map(|agent| robots.matcher(registry, agent, dialect)).collect(),
            // One reading of the document per dialect, shared by every robot (a thousand
            // robots group and compile it once).
            None => Matcher::for_robots(&robots.report.document, &robots.report.source.text, agents, dialect),
        };
        matrix_table(dialect.name(), matchers, &args.agents, targets)
    });
    let mut tables = Tables(own_readings.into_iter().chain(tables).collect());
    if let Some(answered) = &robots.answered {
        let note = format!("{}; each robot answers as it treats that answer (`robolint agents`)", answered.said);
        tables.0.iter_mut().for_each(|table| table.as_fetched = Some(note.clone()));
    }
    // Each robot answers as check's robot does: its own reading when the registry knows it
    // and no --dialect is given (the first table), else every dialect's table.
    let dialect_tables = tables.0.len() - dialects.len();
    let all_allowed = own.iter().enumerate().all(|(column, known)| {
        let deciding = if known.is_some() { &tables.0[..1] } else { &tables.0[dialect_tables..] };
        deciding.iter().all(|table| table.urls.iter().all(|row| row.allowed.get(column) != Some(&false)))
    });
    (tables, all_allowed)
}

/// The tables `matrix` answers with, one a reading of the file.
#[derive(Serialize)]
#[serde(transparent)]
struct Tables(Vec<Table>);

/// One reading's answers: a dialect, or `robots` (each robot reading the file its own way).
#[derive(Serialize)]
struct Table {
    /// The robots.txt answered for, when `--files-from` lists several.
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<String>,
    /// When the URL's robots.txt request gave no file: what answered, which decided.
    #[serde(skip_serializing_if = "Option::is_none")]
    as_fetched: Option<String>,
    reading: String,
    robots: Vec<String>,
    urls: Vec<Row>,
}

#[derive(Serialize)]
struct Row {
    url: String,
    /// One answer per robot, in the order of `robots`.
    allowed: Vec<bool>,
}

/// One table: the reading above the first column, a column per robot answering with `matchers`.
fn matrix_table(reading: &str, matchers: Vec<Matcher>, agents: &[String], targets: &[String]) -> Table {
    let urls = targets
        .iter()
        .map(|target| Row {
            url: target.clone(),
            allowed: matchers.iter().map(|matcher| matcher.allowed(target).allowed).collect(),
        })
        .collect();
    Table { file: None, as_fetched: None, reading: reading.to_string(), robots: agents.to_vec(), urls }
}

impl Answer for Tables {
    /// Yes/No tables, a blank line apart.
    fn write_human(&self, out: &mut dyn Write, _color: bool) -> io::Result<()> {
        let tables: Vec<String> = self.0.iter().map(Table::aligned).collect();
        out.write_all(tables.join("\n").as_bytes())
    }
}

impl Table {
    fn aligned(&self) -> String {
        let header = std::iter::once(&self.reading).chain(&self.robots).cloned().collect();
        let rows = self.urls.iter().map(|row| {
            let cells = row.allowed.iter().map(|&allowed| if allowed { "Yes" } else { "No" }.to_string());
            std::iter::once(row.url.clone()).chain(cells).collect()
        });
        let table = aligned(&std::iter::once(header).chain(rows).collect::<Vec<_>>());
        match &self.as_fetched {
            Some(note) => format!("as fetched: {note}\n{table}"),
            None => table,
        }
    }
}
