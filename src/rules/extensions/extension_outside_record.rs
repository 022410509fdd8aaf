use crate::model::{Directive, Line, LineIndex, LineKind};
use crate::rules::{Context, Findings};
use crate::text;

/// Extension lines (Sitemap, Crawl-delay, …) standing in no record, or before a record's
/// first User-agent line.
pub fn check(cx: &Context<'_, '_>, index: LineIndex, line: &Line, out: &mut Findings) {
    let LineKind::Field(field) = &line.kind else { return };
    let is_extension =
        field.directive.is_some_and(|directive| !directive.is_access_rule() && directive != Directive::UserAgent);
    if !is_extension {
        return;
    }
    let inside_record = cx
        .doc
        .record_of(index)
        .and_then(|record| record.agents.first())
        .is_some_and(|&first_agent| first_agent < index);
    if inside_record {
        return;
    }
    let help = if field.is(Directive::Sitemap) {
        "RFC 9309 and every major crawler read Sitemap lines anywhere in the file; only a strict 1996 parser rejects one here"
    } else {
        "robots that honour this field expect it inside the record of the robots it is meant for"
    };
    out.report(
        field.name,
        text!("`{}` line outside any record: the 1996 draft allows extension lines only inside a record", field.name),
    )
    .help(help);
}
