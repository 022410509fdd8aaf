//! `robolint format [--check] [--diff] FILES`: the layout the language server's formatting
//! gives (`robolint::format`), for files, directories and standard input, with ruff
//! format's exit statuses: 0 when the run did what it was asked (files rewritten or already
//! formatted), 1 under `--check` or `--diff` when a file would change, 2 for an error.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use clap::Args;

use robolint::fix::unified_diff;
use robolint_cli::write::{write_fixed, NotWritten};

use super::exclude::Exclusion;
use super::inputs::{collect_inputs, display_name};
use super::CliError;
use super::{cannot_write, to_stderr, EXIT_FOUND, EXIT_USAGE};

#[derive(Args)]
pub struct FormatArgs {
    /// Files to format; a directory means every robots.txt below it; `-` formats standard
    /// input to standard output.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<PathBuf>,

    /// Write nothing; name each file that would be reformatted and exit 1 if any would.
    #[arg(long)]
    check: bool,

    /// Write nothing; print how each file would be reformatted as a unified diff and exit 1
    /// if any would.
    #[arg(long)]
    diff: bool,
}

/// What formatting one input came to.
enum Formatted {
    Unchanged,
    /// Rewritten, or (under `--check` or `--diff`) would be.
    Changed,
}

pub fn run_format(args: &FormatArgs) -> Result<u8, CliError> {
    let mut inputs = Vec::new();
    for path in &args.files {
        collect_inputs(path, &mut inputs, &Exclusion::defaults())?;
    }
    let (mut changed, mut unchanged, mut failed) = (0, 0, 0);
    for input in &inputs {
        match format_one(args, input) {
            Ok(Formatted::Changed) => changed += 1,
            Ok(Formatted::Unchanged) => unchanged += 1,
            Err(CliError::OutputClosed) => return Err(CliError::OutputClosed),
            Err(CliError::Message(message)) => {
                failed += 1;
                to_stderr(format_args!("robolint format: {}: {message}", display_name(input)));
            }
        }
    }
    let counted = |count: usize| if count == 1 { "1 file".to_string() } else { format!("{count} files") };
    let summary = if args.check || args.diff {
        format!("{} would be reformatted, {} already formatted", counted(changed), counted(unchanged))
    } else {
        format!("{} reformatted, {} left unchanged", counted(changed), counted(unchanged))
    };
    // Standard output carries the text (stdin formatted) or the patch: the summary goes to
    // standard error then, as ruff's does under --diff.
    let to_stdout_taken = args.diff || inputs.iter().any(|input| input == Path::new("-"));
    if to_stdout_taken {
        to_stderr(format_args!("{summary}"));
    } else {
        writeln!(io::stdout().lock(), "{summary}").map_err(cannot_write)?;
    }
    Ok(if failed > 0 {
        EXIT_USAGE
    } else if changed > 0 && (args.check || args.diff) {
        EXIT_FOUND
    } else {
        0
    })
}

fn format_one(args: &FormatArgs, input: &Path) -> Result<Formatted, CliError> {
    let stdin = input == Path::new("-");
    let mut bytes = Vec::new();
    let read = if stdin {
        io::stdin().lock().read_to_end(&mut bytes)
    } else {
        std::fs::File::open(input).and_then(|mut file| file.read_to_end(&mut bytes))
    };
    read.map_err(|error| error.to_string())?;
    // Formatting rewrites text; other bytes it could not give back as they were.
    let text = String::from_utf8(bytes).map_err(|_| "not formatted: it is not UTF-8 text".to_string())?;
    let formatted = robolint::format::format(&text);
    let name = display_name(input);
    if args.diff {
        if formatted != text {
            io::stdout().lock().write_all(unified_diff(&name, &text, &formatted).as_bytes()).map_err(cannot_write)?;
        }
    } else if args.check {
        if formatted != text {
            writeln!(io::stdout().lock(), "Would reformat: {name}").map_err(cannot_write)?;
        }
    } else if stdin {
        io::stdout().lock().write_all(formatted.as_bytes()).map_err(cannot_write)?;
    } else if formatted != text {
        write_fixed(input, formatted.as_bytes(), false).map_err(|not_written| match not_written {
            NotWritten::ReadOnly => "not formatted: it is read-only".to_string(),
            other => format!("not formatted: {other}"),
        })?;
    }
    Ok(if formatted == text { Formatted::Unchanged } else { Formatted::Changed })
}
