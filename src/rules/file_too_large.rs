use crate::model::Span;
use crate::rules::{Context, Findings};

/// RFC 9309 §2.5: parsers must read at least 500 KiB, and Google reads no more.
const PARSE_LIMIT: usize = 500 * 1024;

pub fn check(cx: &Context<'_>, out: &mut Findings) {
    let truncation = cx.source.truncation;
    if cx.text.len() <= PARSE_LIMIT && truncation.is_none() {
        return;
    }
    let total = truncation.and_then(|cut| cut.total_bytes).map_or_else(
        || format!("more than {} bytes", cx.text.len()),
        |total| format!("{total} bytes"),
    );
    let cut_line = cx.lines().iter().find(|line| line.ending_span.end > PARSE_LIMIT);
    let span = cut_line.map_or(Span::empty_at(cx.text.len()), |line| line.span);
    let diagnostic = out.report(
        span,
        format!("the file is {total}; RFC 9309 robots may stop reading at 500 KiB and Google ignores everything after this line"),
    );
    diagnostic.help("keep robots.txt under 500 KiB: merge rules with common prefixes, drop rules for paths that no longer exist");
    if let Some(cut) = truncation {
        diagnostic.label(
            Span::empty_at(cut.kept_bytes),
            format!("robolint read the first {} bytes and ignored the rest", cut.kept_bytes),
        );
    }
}
