//! `path:line:col: severity[CODE name]: message`, one line per finding: the form that
//! editors' error formats (Vim's errorformat, Emacs compile mode) read.

use std::io::{self, Write};

use super::controls::visible;
use super::{position, Linted};
use crate::diagnostic::Severity;

/// ANSI SGR sequences: with colour, the place is bold and the severity coloured as the human
/// format colours it, so a terminal user can scan a long list; without, plain text for tools.
struct Style {
    place: &'static str,
    severity: &'static str,
    reset: &'static str,
}

const PLAIN: Style = Style { place: "", severity: "", reset: "" };

fn style(severity: Severity, color: bool) -> Style {
    if !color {
        return PLAIN;
    }
    let severity = match severity {
        Severity::Error => "\x1b[31m",
        Severity::Warning => "\x1b[33m",
        Severity::Info => "\x1b[34m",
    };
    Style { place: "\x1b[1m", severity, reset: "\x1b[0m" }
}

/// Writes one line per shown finding of `input`, coloured when `color` is set.
pub fn write(out: &mut impl Write, input: &Linted<'_>, color: bool) -> io::Result<()> {
    for diagnostic in input.shown() {
        let at = position(input.report, diagnostic.span.start());
        let Style { place, severity, reset } = style(diagnostic.severity, color);
        writeln!(
            out,
            "{place}{}:{}:{}:{reset} {severity}{}{reset}[{} {}]: {}",
            visible(input.name),
            at.line,
            at.column,
            diagnostic.severity.as_str(),
            diagnostic.code,
            diagnostic.name,
            visible(&diagnostic.message.render(&input.report.source.text))
        )?;
    }
    Ok(())
}
