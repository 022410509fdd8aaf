//! `--format github`: one GitHub Actions workflow command per finding
//! (`::warning file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message`), which the runner
//! turns into annotations on the pull request's lines. Lines and columns are 1-based and
//! counted in characters, as in the concise format; `endColumn` is the column just past the
//! finding.

use std::io::{self, Write};

use super::controls::visible;
use super::positions::LineIndex;
use super::Linted;
use crate::diagnostic::{Diagnostic, Severity};

/// Writes one workflow command per shown finding of `input`.
pub fn write(out: &mut impl Write, input: &Linted<'_>) -> io::Result<()> {
    // Most files show nothing: they need no index of their lines.
    if input.shown().next().is_none() {
        return Ok(());
    }
    let text = input.report.source.text.as_str();
    let lines = LineIndex::new(text);
    let file = escape_property(&visible(input.name));
    for diagnostic in input.shown() {
        let start = lines.line_column(text, diagnostic.span.start());
        let end = lines.line_column(text, diagnostic.span.end());
        writeln!(
            out,
            "::{command} file={file},line={},col={},endLine={},endColumn={},title={}::{}",
            start.line,
            start.column,
            end.line,
            end.column,
            escape_property(&format!("{} {}", diagnostic.code, diagnostic.name)),
            escape_data(&visible(&with_notes(diagnostic, &input.report.source.text))),
            command = command(diagnostic.severity),
        )?;
    }
    Ok(())
}

/// The annotation's text: the headline, then each note on a line of its own, as the pull
/// request shows annotations in full.
fn with_notes(diagnostic: &Diagnostic, text: &str) -> String {
    let mut annotation = diagnostic.message.render(text).into_owned();
    for note in &diagnostic.notes {
        annotation.push('\n');
        annotation.push_str(note);
    }
    annotation
}

/// The workflow command for a severity: `error`, `warning`, or `notice` for information.
pub fn command(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "notice",
    }
}

/// The runner reads a command up to its line end, so a message keeps its own line ends
/// and `%` only as escapes.
pub fn escape_data(text: &str) -> String {
    text.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// A property value also ends at `,` (the next property) and `:` (the `::` before the
/// message).
pub fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_follow_the_workflow_command_rules() {
        assert_eq!(escape_data("50% of a\r\nb: c, d"), "50%25 of a%0D%0Ab: c, d");
        assert_eq!(escape_property("https://x.test/a,b%"), "https%3A//x.test/a%2Cb%25");
    }
}
