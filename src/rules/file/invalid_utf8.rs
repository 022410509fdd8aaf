use crate::model::Span;
use crate::rules::{Context, Findings};
use crate::source::Encoding;

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let Encoding::InvalidUtf8 { first_invalid_byte } = cx.source.encoding else { return };
    // The text holds U+FFFD (3 bytes) where the invalid bytes were.
    let span = Span::new(first_invalid_byte, (first_invalid_byte + 3).min(cx.text.len()));
    out.report(span, "the file is not valid UTF-8 from here on").help(
        "RFC 9309 robots read robots.txt as UTF-8 and compare paths as percent-encoded UTF-8; \
             save the file as UTF-8 and write non-ASCII path characters as %-escapes",
    );
}
