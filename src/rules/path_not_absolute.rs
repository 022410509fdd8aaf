use crate::diagnostic::{Applicability, Edit};
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_>, out: &mut Findings) {
    for (_, _, field) in cx.doc.access_rules() {
        let value = cx.slice(field.value);
        // A leading `*` is a wildcard to RFC 9309 robots; glob-pattern explains it.
        if value.is_empty() || value.starts_with(['/', '*']) {
            continue;
        }
        let (message, replacement) = match url_path(value) {
            Some(path) => (
                format!("`{value}` is a full URL; robots compare rules with the URL's path only, so it never matches"),
                path.to_string(),
            ),
            None => (
                format!("`{value}` does not start with `/`; every URL path does, so this rule never matches by prefix"),
                format!("/{value}"),
            ),
        };
        out.report(field.value, message)
            .help("write the path from the root of the site, starting with `/`")
            .fix(
                Applicability::Unsafe,
                format!("Replace with `{replacement}`"),
                vec![Edit::replace(field.value, replacement)],
            );
    }
}

/// The path of an absolute http(s) URL (`/` when it has none).
fn url_path(value: &str) -> Option<&str> {
    let scheme_end = value.find("://")?;
    let scheme = &value[..scheme_end];
    if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
        return None;
    }
    let rest = &value[scheme_end + 3..];
    Some(rest.find('/').map_or("/", |at| &rest[at..]))
}
