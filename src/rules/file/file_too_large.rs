use crate::model::Span;
use crate::rules::{Context, Findings};
use crate::text;

/// RFC 9309 §2.5: parsers must read at least 500 KiB, and Google reads no more.
const PARSE_LIMIT: usize = 500 * 1024;

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let truncation = cx.source.truncation;
    // A cut below the limit (a fetch with a small `--max-size`) says nothing about the
    // limit: `response-truncated` reports that cut.
    let known_too_large = truncation.map_or(cx.text.len() > PARSE_LIMIT, |cut| {
        cut.total_bytes.map_or(cut.kept_bytes >= PARSE_LIMIT, |total| total > PARSE_LIMIT as u64)
    });
    if !known_too_large {
        return;
    }
    let size = match truncation {
        None => text!("{} bytes", cx.text.len()),
        Some(cut) => cut
            .total_bytes
            .map_or_else(|| text!("more than {} bytes", cut.kept_bytes), |total| text!("{} bytes", total)),
    };
    let cut_line = cx.lines().iter().find(|line| line.ending_span.end() > PARSE_LIMIT);
    let (span, where_) = match cut_line {
        Some(line) if line.span.start() >= PARSE_LIMIT => (line.span, "everything from this line on"),
        Some(line) => (line.span, "everything after the middle of this line"),
        None => (Span::empty_at(cx.text.len()), "the rest"),
    };
    let diagnostic = out.report(
        span,
        text!("the file is {}; RFC 9309 robots may stop reading at 500 KiB, and Google ignores {}", size, where_),
    );
    diagnostic.help(
        "keep robots.txt under 500 KiB: merge rules with common prefixes, drop rules for paths that no longer exist",
    );
    if let Some(cut) = truncation {
        diagnostic.label(
            Span::empty_at(cut.kept_bytes),
            text!("robolint read the first {} bytes and ignored the rest", cut.kept_bytes),
        );
    }
}
