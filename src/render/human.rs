//! The default output: each finding drawn over the source by ariadne.

use std::io::{self, Write};

use ariadne::{Color, Config, IndexType, Label, ReportKind, Source};

use super::Linted;
use crate::diagnostic::Severity;

pub fn write(out: &mut impl Write, input: &Linted<'_>, color: bool) -> io::Result<()> {
    let text = input.report.source.text.as_str();
    let mut source = (input.name, Source::from(text));
    let config = Config::default().with_color(color).with_index_type(IndexType::Byte).with_compact(false);
    for diagnostic in &input.report.diagnostics {
        let (kind, tint) = match diagnostic.severity {
            Severity::Error => (ReportKind::Error, Color::Red),
            Severity::Warning => (ReportKind::Warning, Color::Yellow),
            Severity::Info => (ReportKind::Advice, Color::Cyan),
        };
        let range = diagnostic.span.start..diagnostic.span.end;
        let mut report = ariadne::Report::build(kind, (input.name, range.clone()))
            .with_config(config)
            .with_code(format!("{} {}", diagnostic.code, diagnostic.name))
            .with_message(&diagnostic.message)
            .with_label(
                Label::new((input.name, range)).with_message(primary_label(diagnostic)).with_color(tint).with_order(0),
            );
        for (order, label) in (1..).zip(&diagnostic.labels) {
            report = report.with_label(
                Label::new((input.name, label.span.start..label.span.end))
                    .with_message(&label.message)
                    .with_color(Color::Blue)
                    .with_order(order),
            );
        }
        if let Some(help) = &diagnostic.help {
            report = report.with_help(help);
        }
        for note in &diagnostic.notes {
            report = report.with_note(note);
        }
        if !diagnostic.affects.is_empty() {
            let dialects: Vec<String> = diagnostic.affects.iter().map(ToString::to_string).collect();
            report = report.with_note(format!("affects robots that follow: {}", dialects.join(", ")));
        }
        if let Some(fix) = &diagnostic.fix {
            report = report.with_note(format!("fix ({}): {}", fix.applicability.as_str(), fix.message));
        }
        report.finish().write(&mut source, &mut *out)?;
    }
    Ok(())
}

/// The words under the primary span: the rule's name reads as a verdict there ("glob-pattern")
/// and keeps the long message to the header.
fn primary_label(diagnostic: &crate::Diagnostic) -> &'static str {
    diagnostic.name
}
