use crate::model::Span;
use crate::rules::{Context, Findings};

/// Characters examined at the start of the file.
const SAMPLE_CHARS: usize = 4096;

pub fn check(cx: &Context<'_>, out: &mut Findings) {
    let sample = cx.text.char_indices().take(SAMPLE_CHARS);
    let mut suspicious = 0;
    let mut total = 0;
    let mut first = None;
    for (at, c) in sample {
        total += 1;
        let binary = c == '\u{FFFD}' || (c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\u{0C}'));
        if binary {
            suspicious += 1;
            first.get_or_insert((at, c));
        }
    }
    // One in ten: text with a stray NUL or a few bad bytes is not binary; images and
    // executables are far above it.
    let Some((at, c)) = first.filter(|_| suspicious * 10 >= total) else { return };
    out.report(
        Span::new(at, at + c.len_utf8()),
        format!("this file holds binary data ({suspicious} of its first {total} characters are control characters or invalid bytes)"),
    )
    .help("the server answers /robots.txt with something that is not text; robots find no rules in it");
    out.not_robots_txt();
}
