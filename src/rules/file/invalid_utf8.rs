use crate::agents::Registry;
use crate::diagnostic::Evidence;
use crate::dialect::witness::robot_of_value;
use crate::model::{Directive, Span};
use crate::rules::{Context, Findings};
use crate::source::Encoding;

/// The text holds U+FFFD where each invalid byte sequence was: the finding points at the
/// first one robots act on (in a path, a sitemap, the `*` or a current robot's name), else
/// at the first of all, as information: bytes in comments or in a long-gone robot's name
/// change nothing for any robot.
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let Encoding::InvalidUtf8 { first_invalid_byte } = cx.source.encoding else { return };
    let replaced = cx.text.get(first_invalid_byte..).unwrap_or_default();
    let offsets = replaced.match_indices('\u{FFFD}').map(|(at, _)| first_invalid_byte + at);
    let acted_on = offsets.clone().find(|&offset| robots_act_on(cx, offset));
    let at = acted_on.or(offsets.clone().next()).unwrap_or(first_invalid_byte);
    let span = Span::new(at, (at + '\u{FFFD}'.len_utf8()).min(cx.text.len()));
    let diagnostic = out.report(span, "the file is not valid UTF-8 from here on");
    diagnostic.help(
        "RFC 9309 robots read robots.txt as UTF-8 and compare paths as percent-encoded UTF-8; \
             save the file as UTF-8 and write non-ASCII path characters as %-escapes",
    );
    if acted_on.is_none() {
        diagnostic.evidence(Evidence::NoEffect);
    }
}

/// Whether the invalid bytes at `offset` are in a value today's robots act on: a rule's path,
/// a sitemap's URL, or a User-agent line for `*` or a robot that still visits.
fn robots_act_on(cx: &Context<'_, '_>, offset: usize) -> bool {
    let Some(field) = cx.doc.line_at(offset).and_then(|line| cx.lines()[line].field()) else { return false };
    if !(field.value.start()..field.value.end()).contains(&offset) {
        return false;
    }
    match field.directive {
        Some(Directive::Allow | Directive::Disallow | Directive::Sitemap) => true,
        Some(Directive::UserAgent) => {
            let value = cx.slice(field.value).replace('\u{FFFD}', "");
            let value = value.trim_matches(|c: char| c.is_whitespace() || c == '\u{a0}');
            value == "*"
                || robot_of_value(value)
                    .and_then(|robot| Registry::builtin().find(&robot))
                    .is_some_and(|agent| !agent.is_retired())
        }
        _ => false,
    }
}
