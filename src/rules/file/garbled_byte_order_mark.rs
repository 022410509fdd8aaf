use crate::diagnostic::{Applicability, Edit};
use crate::model::Span;
use crate::rules::{Context, Findings};
use crate::text;

/// A UTF-8 byte-order mark read as Windows-1252 (or Latin-1) and saved again as UTF-8, once
/// (`ï»¿`) or twice (`Ã¯Â»Â¿`): its bytes are now letters.
const GARBLED_MARKS: [&str; 2] = ["Ã¯Â»Â¿", "ï»¿"];

/// The file starts with a byte-order mark that a wrong re-encoding turned into letters. No
/// parser skips them: they become part of the first line, which for today's robots is then
/// no field at all (`ï»¿User-agent`), so the first group loses its User-agent line.
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let Some(span) = mark(cx) else { return };
    let mark = cx.slice(span);
    let diagnostic = out
        .report(span, text!("the file starts with `{}`, a byte-order mark garbled by a wrong re-encoding", span))
        .help(
            "the bytes of a UTF-8 byte-order mark were read as Windows-1252 and saved again; every parser reads them \
             as letters in front of the first field name, so Google and RFC 9309 robots ignore the first line",
        )
        .fix(Applicability::Safe, format!("Delete `{mark}`"), vec![Edit::delete(span)]);
    if let Some(field) = cx.lines().first().and_then(|line| line.field()) {
        diagnostic.label(field.name, text!("robots read the field name `{}` and skip the line", field.name));
    }
}

/// Where the garbled mark is, when the file starts with one (after a real mark, if any).
pub(in crate::rules) fn mark(cx: &Context<'_, '_>) -> Option<Span> {
    let start = cx.doc.bom.map_or(0, |bom| bom.end());
    let rest = cx.text.get(start..)?;
    let mark = GARBLED_MARKS.iter().find(|mark| rest.starts_with(**mark))?;
    Some(Span::new(start, start + mark.len()))
}
