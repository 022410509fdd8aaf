use crate::model::{Span, StrictFailure, StructureProblem};
use crate::rules::{Context, Findings};

/// Reports what the draft's grammar rejects and no other rule has explained.
pub fn check(cx: &Context<'_>, out: &mut Findings) {
    let explained = |blame: Span| cx.strict_explanations.iter().any(|&span| touches(span, blame));
    for line in cx.lines() {
        let Some(failure) = &line.strict_failure else { continue };
        if explained(Span::empty_at(failure.offset)) {
            continue;
        }
        let at = failure.offset.min(line.span.end);
        let found = cx.text[at..line.span.end].chars().next();
        let span = found.map_or(Span::empty_at(at), |c| Span::new(at, at + c.len_utf8()));
        let found = match found {
            None => "the end of the line".to_string(),
            Some(c) if c.is_ascii_graphic() => format!("`{c}`"),
            Some(c) => format!("U+{:04X}", u32::from(c)),
        };
        out.report(
            span,
            format!("the draft's grammar rejects this line: `{}` expects {}, found {found}", failure.production, expected(failure)),
        )
        .help(hint(failure));
    }
    for failure in &cx.doc.structure_failures {
        if explained(failure.blame) {
            continue;
        }
        let message = match failure.problem {
            StructureProblem::OutsideRecord => {
                "the draft allows this line only inside a record, after a User-agent line (production `record`)"
            }
            StructureProblem::RecordWithoutRules => {
                "this record ends before any rule line; the draft's `record` needs at least one"
            }
            StructureProblem::MissingBlankLine => {
                "a new record starts here without a blank line before it (production `commentblank`)"
            }
        };
        let line_span = cx
            .lines()
            .iter()
            .find(|line| line.span.start <= failure.offset && failure.offset <= line.span.end)
            .map_or(Span::empty_at(failure.offset), |line| line.span);
        out.report(line_span, message)
            .label(failure.blame, "in this part of the file")
            .help("RFC 9309 robots accept this; robots that follow the 1996 draft may not");
    }
}

/// Spans overlap, or an empty span sits inside or at the edge of the other.
fn touches(a: Span, b: Span) -> bool {
    if a.is_empty() || b.is_empty() {
        a.start <= b.end && b.start <= a.end
    } else {
        a.start < b.end && b.start < a.end
    }
}

fn expected(failure: &StrictFailure) -> String {
    let names: Vec<String> = failure.expected.iter().map(|name| format!("`{name}`")).collect();
    match names.as_slice() {
        [] => format!("a valid `{}`", failure.production),
        [only] => only.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn hint(failure: &StrictFailure) -> String {
    let mentions = |name: &str| failure.expected.iter().any(|expected| expected == name);
    if mentions("CRLF") && mentions("comment") {
        "after the value, the draft allows only a comment or the end of the line: `?`, `;` and spaces are not path characters (RFC 1808)".to_string()
    } else {
        format!("see the `{}` production in draft-koster-robots-00 §3.3 (`robolint rule strict-syntax`)", failure.production)
    }
}
