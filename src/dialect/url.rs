//! From what a user types (a path or a whole URL) to what robots.txt rules are matched
//! against: the path and the query, without the fragment, which never reaches a server.

use std::borrow::Cow;

/// Whether `text` starts with an RFC 3986 scheme and `://`, and where the authority starts.
fn authority_start(text: &str) -> Option<usize> {
    let colon = text.find("://")?;
    let scheme = &text[..colon];
    let mut chars = scheme.chars();
    let first_is_letter = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    let rest_ok = chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    (first_is_letter && rest_ok).then_some(colon + 3)
}

/// The path and query of a URL (`https://example.com/a?b#c` → `/a?b`) or of a path
/// (`/a?b#c` → `/a?b`); a URL without a path has the path `/`. `None` for anything else
/// (`example.com/a`, `a.html`), which is neither.
pub fn path_and_query(input: &str) -> Option<Cow<'_, str>> {
    let without_fragment = memchr::memchr(b'#', input.as_bytes()).map_or(input, |fragment| &input[..fragment]);
    if without_fragment.starts_with('/') {
        return Some(Cow::Borrowed(without_fragment));
    }
    let start = authority_start(without_fragment)?;
    let after_authority = &without_fragment[start..];
    let path_start = after_authority.find(['/', '?']).unwrap_or(after_authority.len());
    let path = &after_authority[path_start..];
    Some(if path.starts_with('/') { Cow::Borrowed(path) } else { Cow::Owned(format!("/{path}")) })
}

/// The path without its query, for the one path every dialect but 1994's always allows.
pub fn without_query(path: &str) -> &str {
    memchr::memchr(b'?', path.as_bytes()).map_or(path, |query| &path[..query])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_and_paths() {
        assert_eq!(path_and_query("http://www.fict.org/%7Ejim/jim.html").as_deref(), Some("/%7Ejim/jim.html"));
        assert_eq!(path_and_query("https://example.com").as_deref(), Some("/"));
        assert_eq!(path_and_query("https://example.com?q=1#top").as_deref(), Some("/?q=1"));
        assert_eq!(path_and_query("HTTP://user@example.com:80/a/b?c=d").as_deref(), Some("/a/b?c=d"));
        assert_eq!(path_and_query("/a?b#c").as_deref(), Some("/a?b"));
        assert_eq!(path_and_query("example.com/a"), None);
        assert_eq!(path_and_query("a.html"), None);
        assert_eq!(path_and_query("1http://x/"), None);
    }

    #[test]
    fn query_is_cut() {
        assert_eq!(without_query("/robots.txt?x=1"), "/robots.txt");
    }
}
