use std::cell::OnceCell;
use std::collections::HashSet;

use crate::diagnostic::{Applicability, Edit};
use crate::dialect::google::escape_pattern;
use crate::model::{LineIndex, Span};
use crate::rules::{Context, Findings};
use crate::text;
use crate::text::percent_encode_non_ascii;

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    // Sites often write a path twice, as typed and percent-encoded, for robots of either
    // kind: where the record already holds the encoded twin, nothing is left to fix.
    let record_of = |line: LineIndex| cx.doc.record_of(line).and_then(|record| record.lines.first().copied());
    // Made at the first non-ASCII path: most files have none.
    let written = OnceCell::new();
    for (line, _, field) in cx.doc.access_rules() {
        let value = cx.slice(field.value);
        let Some(first) = value.find(|c: char| !c.is_ascii()) else { continue };
        let written = written.get_or_init(|| {
            cx.doc
                .access_rules()
                .filter(|(_, _, field)| cx.slice(field.value).is_ascii())
                .map(|(line, _, field)| {
                    (record_of(line), field.directive, escape_pattern(cx.slice(field.value).as_bytes()))
                })
                .collect::<HashSet<_>>()
        });
        if written.contains(&(record_of(line), field.directive, escape_pattern(value.as_bytes()))) {
            continue;
        }
        let Some((last, last_char)) = value.char_indices().rev().find(|(_, c)| !c.is_ascii()) else { continue };
        let span = Span::new(field.value.start() + first, field.value.start() + last + last_char.len_utf8());
        let encoded = percent_encode_non_ascii(value);
        let diagnostic = out.report(span, "non-ASCII characters in a path").help(text!(
            "the draft allows only US-ASCII in paths and RFC 9309 robots compare percent-encoded UTF-8: write `{}`",
            encoded.clone()
        ));
        // A U+FFFD stands for bytes that were not UTF-8: encoding it would invent octets.
        if !value.contains('\u{FFFD}') {
            diagnostic.fix(
                Applicability::Safe,
                format!("Percent-encode as `{encoded}`"),
                vec![Edit::replace(field.value, encoded)],
            );
        }
    }
}
