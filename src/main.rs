//! The `robolint` command: arguments in, library calls, a renderer, an exit status.

use std::fs::{self, File};
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use robolint::render::{self, Linted, Tally};
use robolint::rules::{self, Rule};
use robolint::source::{Source, DEFAULT_SIZE_CAP};
use robolint::{lint, Settings, Severity};

/// A robots.txt validator and linter that knows the 1994 standard, the 1996 draft,
/// RFC 9309 and Google's practice.
#[derive(Parser)]
#[command(name = "robolint", version, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    check: LintArgs,
}

#[derive(clap::Args)]
struct LintArgs {
    /// Files to lint; `-` reads standard input; a directory means every robots.txt below it.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,

    /// When to colour the output (`auto` honours NO_COLOR and whether stdout is a terminal).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,

    /// Exit with status 1 when a finding at or above this severity is reported.
    #[arg(long, value_enum, default_value_t = FailOn::Warning)]
    fail_on: FailOn,

    /// Rules to run instead of the default set: codes (RL301), code prefixes (RL3), names
    /// (glob-pattern), categories (paths) or ALL. Comma-separated or repeated.
    #[arg(long, value_delimiter = ',', value_name = "RULE")]
    select: Option<Vec<String>>,

    /// Rules to run in addition to the default (or selected) set, e.g. pedantic rules.
    #[arg(long, value_delimiter = ',', value_name = "RULE")]
    extend_select: Vec<String>,

    /// Rules not to run.
    #[arg(long, value_delimiter = ',', value_name = "RULE")]
    ignore: Vec<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Print a rule's documentation.
    Rule {
        /// A rule code (RL301) or name (glob-pattern).
        rule: String,
    },
    /// List every rule with its code, name, default severity and category.
    Rules,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// Source excerpts with the findings drawn under them.
    Human,
    /// `path:line:col: severity[CODE name]: message`.
    Concise,
}

#[derive(Clone, Copy, ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, ValueEnum)]
enum FailOn {
    Info,
    Warning,
    Error,
    Never,
}

impl FailOn {
    fn threshold(self) -> Option<Severity> {
        match self {
            FailOn::Info => Some(Severity::Info),
            FailOn::Warning => Some(Severity::Warning),
            FailOn::Error => Some(Severity::Error),
            FailOn::Never => None,
        }
    }
}

const EXIT_FOUND: u8 = 1;
const EXIT_USAGE: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Rule { rule }) => print_rule(&rule),
        Some(Command::Rules) => print_rules(),
        None => run_lint(&cli.check),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(message) => {
            eprintln!("robolint: {message}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}

fn run_lint(args: &LintArgs) -> Result<u8, String> {
    if args.files.is_empty() {
        return Err("no input: give a robots.txt file, a directory, or `-` for standard input".into());
    }
    let settings = Settings {
        select: args.select.clone(),
        extend_select: args.extend_select.clone(),
        ignore: args.ignore.clone(),
    };
    let unknown = settings.unknown_selectors();
    if !unknown.is_empty() {
        return Err(format!("unknown rule selector(s): {} (see `robolint rules`)", unknown.join(", ")));
    }
    let mut inputs = Vec::new();
    for path in &args.files {
        let before = inputs.len();
        collect_inputs(path, &mut inputs)?;
        if inputs.len() == before {
            eprintln!("robolint: {}: no file named robots.txt below this directory", path.display());
        }
    }
    if inputs.is_empty() {
        return Err("nothing to lint".into());
    }
    let stdout = io::stdout();
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => stdout.is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty()),
    };
    let mut out = io::BufWriter::new(stdout.lock());
    let mut tally = Tally::default();
    let mut unreadable = 0;
    // One input at a time: nothing but the counts outlives its output.
    for input in &inputs {
        let source = match read_source(input) {
            Ok(source) => source,
            Err(message) => {
                eprintln!("robolint: {message}");
                unreadable += 1;
                continue;
            }
        };
        let name = display_name(input);
        let report = lint(source, Some(input), &settings);
        let linted = Linted { name: &name, report: &report };
        let written = match args.format {
            Format::Human => render::human::write(&mut out, &linted, color),
            Format::Concise => render::concise::write(&mut out, &linted),
        };
        written.map_err(|error| format!("cannot write output: {error}"))?;
        tally.add(&linted);
    }
    writeln!(out, "{}", tally.summary())
        .and_then(|()| out.flush())
        .map_err(|error| format!("cannot write output: {error}"))?;
    if unreadable > 0 {
        return Ok(EXIT_USAGE);
    }
    let failed = args.fail_on.threshold().zip(tally.worst()).is_some_and(|(threshold, worst)| worst >= threshold);
    Ok(if failed { EXIT_FOUND } else { 0 })
}

/// Expands directories into the robots.txt files below them, in a stable order.
fn collect_inputs(path: &Path, inputs: &mut Vec<PathBuf>) -> Result<(), String> {
    if path == Path::new("-") {
        inputs.push(path.to_path_buf());
        return Ok(());
    }
    let metadata = fs::metadata(path).map_err(|error| format!("{}: {error}", path.display()))?;
    if !metadata.is_dir() {
        inputs.push(path.to_path_buf());
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = fs::read_dir(path)
        .map_err(|error| format!("{}: cannot read directory: {error}", path.display()))?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect::<Result<_, _>>()
        .map_err(|error| format!("{}: cannot read directory: {error}", path.display()))?;
    entries.sort();
    for entry in entries {
        if entry.is_dir() {
            collect_inputs(&entry, inputs)?;
        } else if entry.file_name().is_some_and(|name| name == "robots.txt") {
            inputs.push(entry);
        }
    }
    Ok(())
}

fn read_source(path: &Path) -> Result<Source, String> {
    if path == Path::new("-") {
        return Source::read(io::stdin().lock(), DEFAULT_SIZE_CAP, None)
            .map_err(|error| format!("standard input: {error}"));
    }
    let file = File::open(path).map_err(|error| format!("{}: {error}", path.display()))?;
    let total = file.metadata().ok().map(|metadata| metadata.len());
    Source::read(file, DEFAULT_SIZE_CAP, total).map_err(|error| format!("{}: {error}", path.display()))
}

fn display_name(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

fn print_rules() -> Result<u8, String> {
    let mut out = io::stdout().lock();
    let write = |out: &mut io::StdoutLock<'_>, rule: &Rule| {
        let metadata = &rule.metadata;
        let default = if metadata.default_enabled { metadata.severity.as_str() } else { "off" };
        writeln!(
            out,
            "{:<6} {:<26} {:<8} {:<9} {}",
            metadata.code, metadata.name, default, metadata.category, metadata.summary
        )
    };
    writeln!(out, "{:<6} {:<26} {:<8} {:<9} SUMMARY", "CODE", "NAME", "DEFAULT", "CATEGORY")
        .map_err(|e| e.to_string())?;
    for rule in rules::all() {
        write(&mut out, rule).map_err(|error| error.to_string())?;
    }
    Ok(0)
}

fn print_rule(code_or_name: &str) -> Result<u8, String> {
    let rule = rules::find(code_or_name).ok_or_else(|| format!("no rule `{code_or_name}` (see `robolint rules`)"))?;
    let metadata = &rule.metadata;
    let default = if metadata.default_enabled {
        metadata.severity.as_str().to_string()
    } else {
        format!("off by default ({} when selected)", metadata.severity.as_str())
    };
    let fix = match metadata.fix {
        rules::FixAvailability::None => "none",
        rules::FixAvailability::Safe => "safe",
        rules::FixAvailability::Unsafe => "unsafe",
        rules::FixAvailability::Mixed => "safe for some findings, unsafe for others",
    };
    let text = format!(
        "{code} {name}: {summary}\n\nSeverity: {default}\nCategory: {category}\nFix: {fix}\nSpec: {spec}\n\n\
         Why\n{why}\nBad\n{bad}\nGood\n{good}",
        code = metadata.code,
        name = metadata.name,
        summary = metadata.summary,
        category = metadata.category,
        spec = metadata.spec,
        why = indent(&metadata.docs.why),
        bad = indent(&metadata.docs.bad),
        good = indent(&metadata.docs.good),
    );
    io::stdout().lock().write_all(text.as_bytes()).map_err(|error| error.to_string())?;
    Ok(0)
}

fn indent(text: &str) -> String {
    text.lines().map(|line| format!("    {line}\n")).collect()
}
