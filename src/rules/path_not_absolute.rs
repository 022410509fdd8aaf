use std::borrow::Cow;

use crate::diagnostic::{Applicability, Edit};
use crate::dialect::path_and_query;
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

/// The path (and query) of a full URL, or of a URL written without its scheme
/// (`www.example.com/private/`). Without a scheme only `host/path` reads as a URL:
/// `submit.pl` is a file name (and `.pl` a TLD), and reading it as a host would make the
/// fix `Disallow: /`.
fn url_path(value: &str) -> Option<String> {
    if value.contains("://") {
        return path_and_query(value).map(Cow::into_owned);
    }
    let slash = value.find('/')?;
    looks_like_host(&value[..slash]).then(|| value[slash..].to_string())
}

/// `www.example.com` or `example.co.uk:8080`: dotted labels ending in letters.
fn looks_like_host(text: &str) -> bool {
    let host = text.split(':').next().unwrap_or(text);
    let labels: Vec<&str> = host.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|label| !label.is_empty() && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        && labels.last().is_some_and(|tld| tld.chars().all(|c| c.is_ascii_alphabetic()))
}
