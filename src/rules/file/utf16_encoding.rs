use crate::model::Span;
use crate::rules::{Context, Findings};
use crate::source::Encoding;
use crate::text;

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let Encoding::Utf16 { little_endian, with_bom } = cx.source.encoding else { return };
    let order = if little_endian { "little-endian" } else { "big-endian" };
    let mark = if with_bom { "with" } else { "without" };
    let first_line = cx.lines().first().map_or(Span::default(), |line| line.span);
    out.report(first_line, text!("this file is UTF-16 ({}, {} a byte-order mark)", order, mark)).help(
        "robots read robots.txt as ASCII or UTF-8; in UTF-16 every other byte is NUL, so they find no \
             field at all and allow everything. Save the file as UTF-8 (robolint linted the decoded text)",
    );
}
