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
                path,
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

/// The path (and query) of an absolute http(s) URL, or of a URL written without its scheme
/// (`www.example.com/private/`): `/` when it has none.
fn url_path(value: &str) -> Option<String> {
    let (authority_and_path, had_scheme) = match value.find("://") {
        Some(at) => {
            let scheme = &value[..at];
            if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
                return None;
            }
            (&value[at + 3..], true)
        }
        None => (value, false),
    };
    let host_end = authority_and_path.find(['/', '?', '#']).unwrap_or(authority_and_path.len());
    if !had_scheme && !looks_like_host(&authority_and_path[..host_end]) {
        return None;
    }
    let rest = &authority_and_path[host_end..];
    Some(if rest.starts_with('/') { rest.to_string() } else { format!("/{rest}") })
}

/// `www.example.com` or `example.co.uk:8080`: dotted labels ending in letters.
fn looks_like_host(text: &str) -> bool {
    let host = text.split(':').next().unwrap_or(text);
    let labels: Vec<&str> = host.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|label| !label.is_empty() && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        && labels.last().is_some_and(|tld| tld.chars().all(|c| c.is_ascii_alphabetic()))
}
