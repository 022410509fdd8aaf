use crate::diagnostic::{Applicability, Edit};
use crate::model::Span;
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_>, out: &mut Findings) {
    for (_, line, field) in cx.doc.access_rules() {
        // `/robots.txt.bak` is another file; only the URL itself (or its end-anchored or
        // query form) is what the draft forbids.
        let value = cx.slice(field.value);
        let Some(rest) = value.strip_prefix("/robots.txt") else { continue };
        if !(rest.is_empty() || rest == "$" || rest.starts_with('?')) {
            continue;
        }
        out.report(field.value, "/robots.txt named in a rule")
            .help("the draft: /robots.txt is always allowed and must not appear in Allow or Disallow rules; robots ignore this")
            .fix(
                Applicability::Unsafe,
                "Delete the line",
                vec![Edit::delete(Span::new(line.span.start, line.ending_span.end))],
            );
    }
}
