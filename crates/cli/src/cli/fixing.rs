//! `--fix`, `--diff` and `--add-suppressions`: what changing an input makes of it, for the
//! lint run to print or lint.

use std::path::Path;

use robolint::diagnostic::Applicability;
use robolint::fix::add_suppressions;
use robolint::fix::unified_diff;
use robolint::lint::Linter;
use robolint::render::Found;
use robolint::{Report, Source};
use robolint_cli::write::write_fixed;

use super::job::{Job, Outcome, Processed};
use super::lint_args::{fails, LintArgs};

/// `--fix -`: standard input, fixed, to standard output (every byte of it, changed or not, so
/// an editor can replace its buffer with it); what is left is counted for the exit status.
pub(super) fn fix_to_stdout(args: &LintArgs, job: &Job, source: Source, outcome: &mut Outcome) {
    if !source.is_exact() || source.truncation.is_some() {
        outcome.messages.push("standard input: not fixed: it is not UTF-8 text robolint read whole".into());
        return;
    }
    let allowed = if args.unsafe_fixes { Applicability::Unsafe } else { Applicability::Safe };
    let path = args.named(Path::new("-"));
    let (fixed, left) = job.linter.fix_and_lint(&source.text, Some(path), allowed);
    let left = left.unwrap_or_else(|| job.linter.lint(Source::from(fixed.text.as_str()), Some(path)));
    outcome.result = Processed::FixedToStdout { fails: fails(args, job.fail_on, &Found::in_report(&left)) };
    outcome.diff = fixed.text;
}

/// What `--fix` or `--diff` made of an input.
pub(super) enum Fixing {
    /// The source to lint: fixed and written back (`--fix`), or left as it was.
    Fixed(Source),
    /// `--fix` could not write the fixes (the reason is in the messages): the source as it was.
    NotWritten(Source),
    /// `--diff`: the fixes as a unified diff.
    Diff(String),
    /// The source after fixing, and what fixing did: its held-back fixes are shown as such.
    /// With the fixed source's report when fixing made it (its last round linted it).
    Checked(Source, Box<robolint::fix::Fixed>, Option<Box<Report>>),
}

/// `--fix`: writes the fixed file and returns its source for the report of what is left.
/// `--diff`: returns the diff when there is one (the run then fails).
/// Inputs whose bytes robolint cannot reproduce exactly are left alone, with a message.
pub(super) fn apply_fixes(
    args: &LintArgs,
    input: &Path,
    name: &str,
    source: Source,
    linter: &Linter,
    messages: &mut Vec<String>,
) -> Result<Fixing, String> {
    if let Some(reason) = refusal(&source) {
        messages.push(format!("{name}: not fixed: {reason}"));
        return Ok(Fixing::Fixed(source));
    }
    let allowed = if args.unsafe_fixes { Applicability::Unsafe } else { Applicability::Safe };
    let (fixed, report) = linter.fix_and_lint(&source.text, Some(input), allowed);
    let report = report.map(Box::new);
    if fixed.applied == 0 {
        return Ok(Fixing::Checked(source, Box::new(fixed), report));
    }
    if args.diff {
        return Ok(Fixing::Diff(unified_diff(name, &source.text, &fixed.text)));
    }
    if let Err(not_written) = write_fixed(input, fixed.text.as_bytes(), args.fix_read_only) {
        messages.push(format!("{name}: not fixed: {not_written}"));
        return Ok(Fixing::NotWritten(source));
    }
    if !args.quiet {
        messages.push(format!("{name}: applied {} fix{}", fixed.applied, if fixed.applied == 1 { "" } else { "es" }));
    }
    Ok(Fixing::Checked(Source::from(fixed.text.as_str()), Box::new(fixed), report))
}

/// Why an input's bytes cannot be written back as robolint read them, if they cannot.
fn refusal(source: &Source) -> Option<&'static str> {
    if !source.is_exact() {
        Some("it is not UTF-8 text")
    } else if source.truncation.is_some() {
        Some("robolint read only part of it")
    } else {
        None
    }
}

/// `--add-suppressions`: writes the file with a suppression comment for each place with
/// findings, and returns its source for the report of what is left, and whether everything
/// that had to be written was (an input left alone for a reason, with a message, counts as
/// written: nothing of it is lost).
pub(super) fn add_suppressions_to_file(
    args: &LintArgs,
    input: &Path,
    name: &str,
    source: Source,
    linter: &Linter,
    messages: &mut Vec<String>,
) -> (Source, bool) {
    let reason =
        if input == Path::new("-") { Some("standard input cannot be changed in place") } else { refusal(&source) };
    if let Some(reason) = reason {
        messages.push(format!("{name}: no suppressions added: {reason}"));
        return (source, true);
    }
    let added = add_suppressions(&source.text, Some(args.named(input)), linter);
    if added.names == 0 {
        return (source, true);
    }
    if let Err(not_written) = write_fixed(input, added.text.as_bytes(), args.fix_read_only) {
        messages.push(format!("{name}: no suppressions added: {not_written}"));
        return (source, false);
    }
    if !args.quiet {
        let plural = if added.names == 1 { "" } else { "s" };
        messages.push(format!("{name}: added {} suppression{plural}", added.names));
    }
    (Source::from(added.text.as_str()), true)
}
