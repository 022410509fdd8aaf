use crate::model::Span;
use crate::rules::{Context, Findings};
use crate::text;

/// Characters examined at the start of the file.
const SAMPLE_CHARS: usize = 4096;

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let Some(Verdict { at, c, suspicious, total }) = verdict(cx.text) else { return };
    out.report(
        Span::new(at, at + c.len_utf8()),
        text!(
            "this file holds binary data ({} of its first {} characters are control characters or invalid bytes)",
            suspicious,
            total
        ),
    )
    .help("the server answers /robots.txt with something that is not text; robots find no rules in it");
    out.not_robots_txt();
}

/// The first suspicious character and the counts behind a binary verdict.
struct Verdict {
    at: usize,
    c: char,
    suspicious: usize,
    total: usize,
}

/// True when this rule reports `text` as binary (nul-byte defers to it then).
pub(crate) fn is_binary(text: &str) -> bool {
    verdict(text).is_some()
}

fn verdict(text: &str) -> Option<Verdict> {
    // Nearly every file starts with plain ASCII text, which one pass over its bytes finds.
    if is_plain_ascii(&text.as_bytes()[..text.len().min(SAMPLE_CHARS)]) {
        return None;
    }
    let sample = text.char_indices().take(SAMPLE_CHARS);
    let mut suspicious = 0;
    let mut controls = 0;
    let mut total = 0;
    let mut first = None;
    for (at, c) in sample {
        total += 1;
        if is_suspicious(c) {
            suspicious += 1;
            controls += usize::from(c != '\u{FFFD}');
            first.get_or_insert((at, c));
        }
    }
    // One in ten: text with a stray NUL or a few bad bytes is not binary; images and
    // executables are far above it. Bytes that are not UTF-8 alone are text in another
    // encoding (Japanese comments in Shift_JIS), which `invalid-utf8` reports: binary data
    // also has control bytes.
    let (at, c) = first.filter(|_| suspicious * 10 >= total && controls > 0)?;
    Some(Verdict { at, c, suspicious, total })
}

/// Whether every byte is printable ASCII, a tab, a line end or a form feed. Each chunk is
/// folded without an early exit, which lets the compiler test many bytes per instruction:
/// this runs on every file, several times.
fn is_plain_ascii(bytes: &[u8]) -> bool {
    let unusual = |byte: u8| !((0x20..0x7F).contains(&byte) || matches!(byte, b'\t' | b'\n' | b'\r' | 0x0C));
    bytes.chunks(64).all(|chunk| !chunk.iter().fold(false, |found, &byte| found | unusual(byte)))
}

/// A character text does not have: an invalid byte, or a control other than tab, line
/// ends and form feed.
fn is_suspicious(c: char) -> bool {
    c == '\u{FFFD}' || (c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\u{0C}'))
}
