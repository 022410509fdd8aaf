use crate::diagnostic::{Applicability, Edit};
use crate::model::Span;
use crate::rules::{Context, Findings};
use crate::text::percent_encode_non_ascii;

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    for (_, _, field) in cx.doc.access_rules() {
        let value = cx.slice(field.value);
        let Some(first) = value.find(|c: char| !c.is_ascii()) else { continue };
        let Some((last, last_char)) = value.char_indices().rev().find(|(_, c)| !c.is_ascii()) else { continue };
        let span = Span::new(field.value.start + first, field.value.start + last + last_char.len_utf8());
        let encoded = percent_encode_non_ascii(value);
        let diagnostic = out
            .report(span, "non-ASCII characters in a path")
            .help(format!(
                "the draft allows only US-ASCII in paths and RFC 9309 robots compare percent-encoded UTF-8: write `{encoded}`"
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
