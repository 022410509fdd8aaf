use serde::Deserialize;

use crate::diagnostic::Arg;
use crate::model::Span;
use crate::rules::{Context, Findings};
use crate::text;

/// `[rules.sensitive-path]`; the defaults are in rules/sensitive-path.toml.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Options {
    paths: Vec<String>,
}

pub fn check(cx: &Context<'_, '_>, options: &Options, out: &mut Findings) {
    let sensitive: Vec<&str> = options.paths.iter().map(String::as_str).collect();
    let by_second_octet = BySecondOctet::new(&sensitive);
    for (_, _, field) in cx.doc.access_rules() {
        let value = cx.slice(field.value);
        let Some(prefix) =
            by_second_octet.candidates(value).filter(|prefix| matches(value, prefix)).max_by_key(|prefix| prefix.len())
        else {
            continue;
        };
        let matched = Span::new(field.value.start(), field.value.start() + prefix.len());
        out.report(
            matched,
            text!(
                "`{}` tells every reader where something sensitive lives (it matches `{}` on the \
                 sensitive-path list), and anyone can read robots.txt",
                Arg::Abbreviated(field.value, 60),
                prefix.to_string()
            ),
        )
        .help(
            "robots.txt is a request to well-behaved robots, not access control: anyone can read it, and badly \
             behaved robots read it to find what to visit. Protect the path with authentication on the server; \
             then it needs no line here (the robotstxt.org FAQ makes the same point)",
        );
    }
}

/// The prefixes grouped by their second octet (ignoring ASCII case; the first is nearly
/// always `/`), so that a path is compared only with the few prefixes that could begin it:
/// every Allow and Disallow line comes through here.
struct BySecondOctet<'a> {
    groups: [Vec<&'a str>; 256],
    /// Prefixes of fewer than two octets, which any path may start with.
    short: Vec<&'a str>,
}

impl<'a> BySecondOctet<'a> {
    fn new(prefixes: &[&'a str]) -> BySecondOctet<'a> {
        let mut grouped = BySecondOctet { groups: std::array::from_fn(|_| Vec::new()), short: Vec::new() };
        for &prefix in prefixes {
            match prefix.as_bytes().get(1) {
                Some(&octet) => grouped.groups[usize::from(octet.to_ascii_lowercase())].push(prefix),
                None => grouped.short.push(prefix),
            }
        }
        grouped
    }

    fn candidates(&self, value: &str) -> impl Iterator<Item = &&'a str> {
        let group =
            value.as_bytes().get(1).map_or(&[][..], |&octet| &self.groups[usize::from(octet.to_ascii_lowercase())]);
        self.short.iter().chain(group)
    }
}

/// `prefix` (ignoring ASCII case) begins `value` and ends at a boundary: `/`, `.`, a
/// wildcard, or the end of the path, so `/admin` matches `/admin/` and `/admin.php` but not
/// `/administration-guide`.
fn matches(value: &str, prefix: &str) -> bool {
    let (value, prefix) = (value.as_bytes(), prefix.as_bytes());
    if prefix.is_empty() || value.len() < prefix.len() || !value[..prefix.len()].eq_ignore_ascii_case(prefix) {
        return false;
    }
    prefix.ends_with(b"/") || matches!(value.get(prefix.len()), None | Some(b'/' | b'.' | b'*' | b'$'))
}

#[cfg(test)]
mod tests {
    use super::{matches, BySecondOctet};

    #[test]
    fn prefix_ends_at_a_boundary() {
        assert!(matches("/admin", "/admin"));
        assert!(matches("/Admin/", "/admin"));
        assert!(matches("/admin.php", "/admin"));
        assert!(matches("/admin*", "/admin"));
        assert!(matches("/.git/config", "/.git"));
        assert!(!matches("/administration-guide", "/admin"));
        assert!(!matches("/adm", "/admin"));
        assert!(!matches("/wp-admin/", "/admin"));
        assert!(!matches("/é", "/e"));
        assert!(matches("/private/x", "/private/"));
    }

    #[test]
    fn a_path_meets_the_prefixes_of_its_second_octet_in_any_case_and_the_short_ones() {
        let grouped = BySecondOctet::new(&["/", "/Admin", "/.git", "/backup"]);
        let candidates = |value: &str| grouped.candidates(value).copied().collect::<Vec<_>>();
        assert_eq!(candidates("/ADMIN/x"), ["/", "/Admin"]);
        assert_eq!(candidates("/admin"), ["/", "/Admin"]);
        assert_eq!(candidates("/.git/config"), ["/", "/.git"]);
        assert_eq!(candidates("/x"), ["/"]);
        assert_eq!(candidates(""), ["/"]);
    }
}
