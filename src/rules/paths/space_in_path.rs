use crate::diagnostic::{Applicability, Edit, Evidence};
use crate::model::{Field, Line, LineIndex};
use crate::rules::{Context, Findings};
use crate::text;
use crate::text::starts_like_path;

/// An Allow or Disallow line whose value has whitespace in it: its field and the value's
/// whitespace-separated parts. One path with spaces is this rule's; several paths on one
/// line are multiple-paths'.
pub(crate) fn spaced_access_rule<'l>(cx: &Context<'l, '_>, line: &'l Line) -> Option<(&'l Field, Vec<&'l str>)> {
    let field = line.access_rule()?;
    let value = cx.slice(field.value);
    value.contains(|c: char| c.is_ascii_whitespace()).then(|| (field, value.split_ascii_whitespace().collect()))
}

/// Whether the record of line `index` also has the rule with its spaces written `%20`, the
/// way URLs carry them: that twin does what the spaced rule meant, so losing it changes
/// nothing for any robot.
pub(crate) fn has_encoded_twin(cx: &Context<'_, '_>, index: LineIndex, field: &Field, parts: &[&str]) -> bool {
    let encoded = parts.join("%20");
    let lines = cx.lines();
    cx.doc.record_of(index).is_some_and(|record| {
        record.rules.iter().any(|&rule| {
            lines[rule]
                .access_rule()
                .is_some_and(|twin| twin.directive == field.directive && cx.slice(twin.value).trim() == encoded)
        })
    })
}

/// A path with spaces in it that is not a list of paths (multiple-paths reports those).
pub fn check(cx: &Context<'_, '_>, index: LineIndex, line: &Line, out: &mut Findings) {
    let Some((field, parts)) = spaced_access_rule(cx, line) else { return };
    let path_like = parts.iter().filter(|part| starts_like_path(part)).count();
    // A value that does not start as a path (`Sitemap: https://…` after `Allow:`) is
    // path-not-absolute's: encoding its spaces would not make it a path.
    if parts.len() < 2 || path_like >= 2 || !starts_like_path(parts[0]) {
        return;
    }
    let encoded = parts.join("%20");
    let diagnostic = out
        .report(
            field.value,
            text!(
                "`{}` has spaces in it, which URLs carry as `%20`: robots disagree on what it matches (Google's \
             parser compares it byte for byte and matches no URL, others encode the space or end the path at it)",
                field.value
            ),
        )
        .help(text!("write `{}`, which every robot reads the same way", encoded.clone()))
        .fix(
            Applicability::Safe,
            format!("Replace the spaces with `%20`: `{encoded}`"),
            vec![Edit::replace(field.value, encoded)],
        );
    if has_encoded_twin(cx, index, field, &parts) {
        diagnostic.evidence(Evidence::NoEffect);
    }
}
