//! `robolint warc`: the robots.txt captures of WARC files, each linted as the fetch it records,
//! written as JSON Lines (docs/warc-format.md).

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;

use robolint::warc::{self, lint_capture, Captures, ErrorLine, OutputLine, Summary};
use robolint::Linter;

use super::config::Configs;
use super::lint_args::{fails_at, parse_targets, FailOn, RuleFlags};
use super::CliError;
use super::{cannot_write, EXIT_FOUND, EXIT_USAGE};

#[derive(clap::Args)]
pub struct WarcArgs {
    /// WARC files, plain or gzipped (record by record, as Common Crawl writes them, or whole);
    /// `-` reads standard input.
    #[arg(value_name = "FILE.warc[.gz]", required = true)]
    files: Vec<PathBuf>,

    /// Exit with status 1 when a finding at or above this severity is reported
    /// [default: robolint.toml's `fail-on`, else warning].
    #[arg(long, value_enum)]
    fail_on: Option<FailOn>,

    /// The robots the sites care about, as `robolint --target` takes them
    /// [default: robolint.toml's `target`, else today].
    #[arg(long, value_delimiter = ',', value_name = "DIALECT")]
    target: Vec<String>,

    #[command(flatten)]
    rules: RuleFlags,

    /// Use this configuration file instead of the nearest robolint.toml above the current folder.
    #[arg(long, value_name = "PATH", conflicts_with = "no_config")]
    config: Option<PathBuf>,

    /// Ignore every robolint.toml.
    #[arg(long)]
    no_config: bool,

    /// The most body bytes of a capture to lint, counted after gzip or deflate is removed
    /// [default: 524288, as for a fetch].
    #[arg(long, value_name = "BYTES")]
    max_size: Option<usize>,

    /// Write the output to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "PATH")]
    output_file: Option<PathBuf>,
}

pub fn run_warc(args: &WarcArgs) -> Result<u8, CliError> {
    let targets = parse_targets(&args.target)?;
    let mut configs = Configs::from_flags(args.no_config, args.config.as_deref())?;
    let config = configs.for_current_directory()?;
    let settings = args.rules.settings(config, &targets);
    settings.check_selectors()?;
    let linter = Linter::new(settings);
    let max_size = args.max_size.unwrap_or(robolint::fetch::DEFAULT_MAX_SIZE);
    let destination: Box<dyn Write> = match &args.output_file {
        Some(path) => Box::new(File::create(path).map_err(|error| format!("{}: {error}", path.display()))?),
        None => Box::new(io::stdout().lock()),
    };
    let mut out = io::BufWriter::new(destination);
    let mut summary = Summary::default();
    for path in &args.files {
        lint_input(path, max_size, &linter, &mut out, &mut summary)?;
    }
    write_line(&mut out, &OutputLine { kind: "summary", file: None, fields: &summary })?;
    out.flush().map_err(cannot_write)?;
    Ok(if summary.errors > 0 {
        EXIT_USAGE
    } else if fails_at(args.fail_on, config.fail_on, summary.worst) {
        EXIT_FOUND
    } else {
        0
    })
}

/// Lints every capture of one input, writing a line for each and for each error.
fn lint_input(
    path: &Path,
    max_size: usize,
    linter: &Linter,
    out: &mut dyn Write,
    summary: &mut Summary,
) -> Result<(), CliError> {
    let name = if path == Path::new("-") { "<stdin>".to_string() } else { path.display().to_string() };
    let opened = if path == Path::new("-") { warc::read(io::stdin()) } else { File::open(path).and_then(warc::read) };
    let captures = match opened {
        Ok(captures) => captures,
        Err(problem) => return write_error(out, summary, &name, None, &problem.to_string()),
    };
    let mut captures: Captures<_> = captures.with_max_size(max_size);
    for capture in &mut captures {
        match capture {
            Ok(capture) => {
                let report = lint_capture(&capture, linter);
                write_line(out, &OutputLine { kind: "capture", file: Some(&name), fields: &report })?;
                summary.add(&report);
            }
            Err(problem) => write_error(out, summary, &name, Some(problem.record), &problem.message)?,
        }
    }
    summary.files += 1;
    summary.records += captures.records_read();
    Ok(())
}

/// An error line, also said on standard error for people.
fn write_error(
    out: &mut dyn Write,
    summary: &mut Summary,
    name: &str,
    record: Option<u64>,
    message: &str,
) -> Result<(), CliError> {
    summary.errors += 1;
    let at = record.map(|record| format!("record {record}: ")).unwrap_or_default();
    super::to_stderr(format_args!("robolint: {name}: {at}{message}"));
    write_line(out, &OutputLine { kind: "error", file: Some(name), fields: &ErrorLine { record, message } })
}

fn write_line(out: &mut dyn Write, line: &impl Serialize) -> Result<(), CliError> {
    serde_json::to_writer(&mut *out, line).map_err(io::Error::from).and_then(|()| writeln!(out)).map_err(cannot_write)
}
