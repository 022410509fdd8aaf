use crate::model::Span;
use crate::rules::{Context, Findings};
use crate::text::abbreviate;

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let sensitive = cx.option_strings("paths");
    let could_match = second_octet_filter(&sensitive);
    for (_, _, field) in cx.doc.access_rules() {
        let value = cx.slice(field.value);
        if !could_match(value) {
            continue;
        }
        let Some(prefix) = sensitive.iter().filter(|prefix| matches(value, prefix)).max_by_key(|prefix| prefix.len())
        else {
            continue;
        };
        let value = abbreviate(value, 60);
        let matched = Span::new(field.value.start, field.value.start + prefix.len());
        out.report(
            matched,
            format!(
                "`{value}` tells every reader where something sensitive lives (it matches `{prefix}` on the \
                 sensitive-path list), and anyone can read robots.txt"
            ),
        )
        .help(
            "robots.txt is a request to well-behaved robots, not access control: anyone can read it, and badly \
             behaved robots read it to find what to visit. Protect the path with authentication on the server; \
             then it needs no line here (the robotstxt.org FAQ makes the same point)",
        );
    }
}

/// A quick test that rules out most paths before each prefix is compared: the path's
/// second octet (ignoring ASCII case) must be some prefix's second octet.
fn second_octet_filter(prefixes: &[&str]) -> impl Fn(&str) -> bool {
    let mut second_octets = [false; 256];
    let short_prefix = prefixes.iter().any(|prefix| prefix.len() == 1);
    for prefix in prefixes {
        if let Some(&octet) = prefix.as_bytes().get(1) {
            second_octets[usize::from(octet.to_ascii_lowercase())] = true;
        }
    }
    move |value: &str| {
        short_prefix
            || value.as_bytes().get(1).is_some_and(|&octet| second_octets[usize::from(octet.to_ascii_lowercase())])
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
    use super::matches;

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
}
