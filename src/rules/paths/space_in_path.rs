use crate::diagnostic::{Applicability, Edit};
use crate::model::{Line, LineIndex};
use crate::rules::{Context, Findings};
use crate::text::starts_like_path;

/// A path with spaces in it that is not a list of paths (multiple-paths reports those).
pub fn check(cx: &Context<'_, '_>, _: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.access_rule() else { return };
    let value = cx.slice(field.value);
    if !value.contains(|c: char| c.is_ascii_whitespace()) {
        return;
    }
    let parts: Vec<&str> = value.split_ascii_whitespace().collect();
    let path_like = parts.iter().filter(|part| starts_like_path(part)).count();
    // A value that does not start as a path (`Sitemap: https://…` after `Allow:`) is
    // path-not-absolute's: encoding its spaces would not make it a path.
    if parts.len() < 2 || path_like >= 2 || !starts_like_path(parts[0]) {
        return;
    }
    let encoded = parts.join("%20");
    out.report(
        field.value,
        format!(
            "`{value}` has spaces in it, which URLs carry as `%20`: robots disagree on what it matches (Google's \
             parser compares it byte for byte and matches no URL, others encode the space or end the path at it)"
        ),
    )
    .help(format!("write `{encoded}`, which every robot reads the same way"))
    .fix(
        Applicability::Safe,
        format!("Replace the spaces with `%20`: `{encoded}`"),
        vec![Edit::replace(field.value, encoded)],
    );
}
