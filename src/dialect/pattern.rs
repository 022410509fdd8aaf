//! RFC 9309 path patterns: `*` matches any run of octets, a final `$` anchors the end of the
//! URL, and everything else matches itself from the first octet of the path on.
//!
//! The pattern is cut at its `*`s into literal pieces. The first piece must start the path;
//! each later piece is found at its leftmost place after the one before (taking the
//! leftmost place never loses a match, because what follows may start anywhere later);
//! with `$` the last piece must end the path. Each search is linear (`memchr::memmem` is
//! Two-Way), so a match costs O(pattern + path): `/*a*a*a…` cannot backtrack.

/// Whether `pattern` matches the start of `path` (or, with a final `$`, all of it).
/// A `$` anywhere but at the end is an ordinary character, as in Google's parser.
pub fn matches(pattern: &[u8], path: &[u8]) -> bool {
    let (body, anchored) = match pattern.split_last() {
        Some((b'$', body)) => (body, true),
        _ => (pattern, false),
    };
    let mut pieces = body.split(|&byte| byte == b'*');
    let first = pieces.next().unwrap_or_default();
    if !path.starts_with(first) {
        return false;
    }
    let mut at = first.len();
    let rest: Vec<&[u8]> = pieces.collect();
    let Some((last, middle)) = rest.split_last() else {
        return !anchored || at == path.len();
    };
    for piece in middle {
        match memchr::memmem::find(&path[at..], piece) {
            Some(offset) => at += offset + piece.len(),
            None => return false,
        }
    }
    if anchored {
        path.len() >= at + last.len() && path.ends_with(last)
    } else {
        memchr::memmem::find(&path[at..], last).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::matches;

    fn check(pattern: &str, path: &str) -> bool {
        matches(pattern.as_bytes(), path.as_bytes())
    }

    #[test]
    fn prefix_and_anchor() {
        assert!(check("/fish", "/fish.html"));
        assert!(!check("/fish", "/Fish"));
        assert!(check("/fish$", "/fish"));
        assert!(!check("/fish$", "/fish/"));
        assert!(check("", "/anything"));
        assert!(!check("$", "/"));
    }

    #[test]
    fn wildcards() {
        assert!(check("/*.php", "/folder/index.php?x"));
        assert!(check("/*.php$", "/index.php"));
        assert!(!check("/*.php$", "/index.php?x"));
        assert!(check("/fish*", "/fish"));
        assert!(check("*.gif$", "/a/b.gif"));
        assert!(check("/a*$", "/a"));
        assert!(!check("/a*b$", "/ab/c"));
        assert!(check("/a*b*b$", "/abb"));
        assert!(!check("/a*bb*b$", "/abb"));
        assert!(check("/a$b", "/a$b/c"));
    }

    #[test]
    fn last_piece_may_not_overlap_the_middle_ones() {
        assert!(!check("/*ab*ba$", "/aba"));
        assert!(check("/*ab*ba$", "/abba"));
    }
}
