use crate::diagnostic::{Applicability, Edit};
use crate::rules::{Context, Findings};

/// A path with spaces in it that is not a list of paths (multiple-paths reports those).
pub fn check(cx: &Context<'_>, out: &mut Findings) {
    for (_, _, field) in cx.doc.access_rules() {
        let value = cx.slice(field.value);
        if !value.contains(|c: char| c.is_ascii_whitespace()) {
            continue;
        }
        let parts: Vec<&str> = value.split_ascii_whitespace().collect();
        let path_like = parts.iter().filter(|part| part.starts_with(['/', '*'])).count();
        if parts.len() < 2 || path_like >= 2 {
            continue;
        }
        let encoded = parts.join("%20");
        out.report(
            field.value,
            format!("`{value}` has spaces in it; URLs carry a space as `%20`, so no URL matches this path"),
        )
        .help(format!(
            "robots that follow the draft stop the path at the first space; RFC 9309 robots compare it literally. \
                 Write `{encoded}`"
        ))
        .fix(
            Applicability::Safe,
            format!("Replace the spaces with `%20`: `{encoded}`"),
            vec![Edit::replace(field.value, encoded)],
        );
    }
}
