//! The default output: each finding drawn over the source by ariadne.

use std::io::{self, Write};

use ariadne::{Color, Config, IndexType, Label, ReportKind, Source};

use super::controls::{visible, Drawable};
use super::Linted;
use crate::diagnostic::Severity;

/// The most labels drawn under one finding. ariadne's work grows with the square of a
/// report's labels: a file of 40,000 `*` records, whose one folded finding has a label per
/// record, took 28 s to draw (0.6 s as `--format concise`).
pub const DRAWN_LABELS: usize = 100;

/// Draws each shown finding of `input` over its source lines, coloured when `color` is set.
pub fn write(out: &mut impl Write, input: &Linted<'_>, color: bool) -> io::Result<()> {
    // Most files show nothing (their only findings are about robots outside the targets):
    // they must not pay for drawing the whole text, which was a fifth of a corpus's lint.
    if input.shown().next().is_none() {
        return Ok(());
    }
    let text = input.report.source.text.as_str();
    // ariadne prints the source lines as they are: it is given the text with its control
    // characters drawn, and every span moved to match.
    let drawable = Drawable::new(text);
    let at = |start: usize, end: usize| drawable.offset(start)..drawable.offset(end);
    let name = visible(input.name);
    let name = name.as_ref();
    let mut source = (name, Source::from(drawable.text.as_ref()));
    let config = Config::default().with_color(color).with_index_type(IndexType::Byte).with_compact(false);
    for diagnostic in input.shown() {
        let (kind, tint) = match diagnostic.severity {
            Severity::Error => (ReportKind::Error, Color::Red),
            Severity::Warning => (ReportKind::Warning, Color::Yellow),
            Severity::Info => (ReportKind::Advice, Color::Cyan),
        };
        let range = at(diagnostic.span.start(), diagnostic.span.end());
        let mut report = ariadne::Report::build(kind, (name, range.clone()))
            .with_config(config)
            .with_code(format!("{} {}", diagnostic.code, diagnostic.name))
            .with_message(visible(&diagnostic.message.render(text)))
            .with_label(
                Label::new((name, range)).with_message(primary_label(diagnostic)).with_color(tint).with_order(0),
            );
        for (order, label) in (1..).zip(diagnostic.labels.iter().take(DRAWN_LABELS)) {
            report = report.with_label(
                Label::new((name, at(label.span.start(), label.span.end())))
                    .with_message(visible(&label.message.render(text)))
                    .with_color(Color::Blue)
                    .with_order(order),
            );
        }
        let undrawn = diagnostic.labels.len().saturating_sub(DRAWN_LABELS);
        if undrawn > 0 {
            report = report.with_note(format!("{undrawn} more places not drawn (`--format json` lists them all)"));
        }
        if let Some(help) = &diagnostic.help {
            report = report.with_help(visible(&help.render(text)));
        }
        for note in &diagnostic.notes {
            report = report.with_note(visible(note));
        }
        if !diagnostic.affects.is_empty() {
            let dialects: Vec<String> = diagnostic.affects.iter().map(ToString::to_string).collect();
            report = report.with_note(format!("affects robots that follow: {}", dialects.join(", ")));
        }
        if let Some(fix) = &diagnostic.fix {
            report = report.with_note(format!("fix ({}): {}", fix.applicability.as_str(), visible(&fix.message)));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{lint, Settings};

    #[test]
    fn a_finding_with_thousands_of_places_draws_the_first_hundred_and_counts_the_rest() {
        let records = 1_000;
        let text: String = (0..records).map(|n| format!("User-agent: *\nDisallow: /p{n}\n\n")).collect();
        // Two `*` records are information about older robots: asked for, so drawn.
        let all_infos = Settings { all_infos: true, ..Settings::default() };
        let report = lint(crate::Source::from(text.as_str()), None, &all_infos);
        let stars = report.diagnostics.iter().find(|d| d.name == "multiple-star-records").expect("a finding");
        let labels = stars.labels.len();
        assert!(labels > DRAWN_LABELS, "{labels} labels");
        let mut out = Vec::new();
        write(&mut out, &Linted { name: "robots.txt", report: &report }, false).expect("writing to memory");
        let drawn = String::from_utf8(out).expect("UTF-8");
        // A label takes a few lines of the drawing: all 999 took thousands.
        let lines = drawn.lines().count();
        assert!(lines < 8 * DRAWN_LABELS, "{lines} lines drawn");
        let note = format!("{} more places not drawn", labels - DRAWN_LABELS);
        assert!(drawn.contains(&note), "{drawn}");
    }
}
