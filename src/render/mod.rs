//! Diagnostics → text. The only place byte spans become lines and columns.

pub mod concise;
pub mod human;

use crate::diagnostic::Severity;
use crate::lint::Report;

/// A 1-based line and a 1-based column counted in characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

/// Where `offset` lies, counting lines as the lenient parse split them (CR, LF and CRLF all
/// end a line).
pub fn position(report: &Report, offset: usize) -> Position {
    let lines = &report.document.lines;
    let text = &report.source.text;
    let index = lines.partition_point(|line| line.span.start <= offset).saturating_sub(1);
    let line_start = lines.get(index).map_or(0, |line| line.span.start.min(offset));
    let offset = offset.min(text.len());
    let column = text
        .get(line_start..offset)
        .map_or(offset - line_start, |before| before.chars().count())
        + 1;
    Position {
        line: index + 1,
        column,
    }
}

/// One linted input, as the renderers see it.
pub struct Linted<'a> {
    /// The name to show: the path as the user gave it, or `-` / `<stdin>`.
    pub name: &'a str,
    pub report: &'a Report,
}

/// "3 problems (1 error, 2 warnings)" or "no problems".
pub fn summary(inputs: &[Linted<'_>]) -> String {
    let count = |severity| {
        inputs
            .iter()
            .flat_map(|input| &input.report.diagnostics)
            .filter(|diagnostic| diagnostic.severity == severity)
            .count()
    };
    let counts = [Severity::Error, Severity::Warning, Severity::Info].map(|severity| (severity, count(severity)));
    let total: usize = counts.iter().map(|(_, n)| n).sum();
    let files = match inputs {
        [only] => only.name.to_string(),
        _ => format!("{} files", inputs.len()),
    };
    if total == 0 {
        return format!("{files}: no problems");
    }
    let parts: Vec<String> = counts
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(severity, n)| format!("{n} {}{}", severity.as_str(), if *n == 1 { "" } else { "s" }))
        .collect();
    let plural = if total == 1 { "" } else { "s" };
    format!("{files}: {total} problem{plural} ({})", parts.join(", "))
}
