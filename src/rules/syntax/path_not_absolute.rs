use std::borrow::Cow;

use crate::diagnostic::{Applicability, Edit};
use crate::dialect::{covers_every_path, path_and_query};
use crate::model::{Line, LineIndex};
use crate::rules::{Context, Findings};
use crate::text;
use crate::text::starts_like_path;

pub fn check(cx: &Context<'_, '_>, _: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.access_rule() else { return };
    let value = cx.slice(field.value);
    if value.is_empty() || starts_like_path(value) {
        return;
    }
    let (message, help, replacement) = match url_path(value) {
        Some(path) => (
            text!(
                "`{}` is a full URL; robots compare rules with the URL's path only, so it never matches",
                field.value
            ),
            "a robots.txt speaks for its own host only: for a URL of this site write its path from the root, \
             starting with `/`; a rule for another host belongs in that host's robots.txt",
            path,
        ),
        None => (
            text!(
                "`{}` does not start with `/`; every URL path does, so this rule never matches by prefix",
                field.value
            ),
            "write the path from the root of the site, starting with `/`",
            format!("/{value}"),
        ),
    };
    let diagnostic = out.report(field.value, message).help(help);
    // The root of a URL (often another host's) would become `/`: the line that matched
    // nothing would shut robots out of the whole site. A value with spaces in it is
    // rarely a path (`Allow: Sitemap: https://…`): a `/` in front would not make it one.
    if !covers_every_path(&replacement) && !value.contains(char::is_whitespace) {
        diagnostic.fix(
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
