//! RFC 9309 path patterns: `*` matches any run of octets, a final `$` anchors the end of the
//! URL, and everything else matches itself from the first octet of the path on.
//!
//! The pattern is cut at its `*`s into literal pieces. The first piece must start the path;
//! each later piece is found at its leftmost place after the one before (taking the
//! leftmost place never loses a match, because what follows may start anywhere later);
//! with `$` the last piece must end the path. Each search is linear (`memchr::memmem` is
//! Two-Way), so a match costs O(pattern + path): `/*a*a*a…` cannot backtrack.

/// Whether a Disallow with this pattern would shut every robot out of the whole site (`/`,
/// `/*`, `*`): a fix must never write such a line in place of one that matched nothing.
pub fn covers_every_path(pattern: &str) -> bool {
    matches!(pattern.trim_end_matches('*'), "/" | "")
}

/// A rule's path, cut once at its first `*` so that matching a URL needs no allocation.
/// RFC 9309 patterns are compiled with [`Pattern::wildcard`]; the 1994 standard and the
/// 1996 draft compare plain prefixes ([`Pattern::literal`]), where `*` and `$` are octets
/// like any other.
#[derive(Debug, Clone)]
pub(crate) struct Pattern {
    /// The pattern without its anchoring `$`.
    body: Vec<u8>,
    /// The length of the literal piece before the first `*` (all of `body` without one).
    literal_start: usize,
    /// A final `$`: the URL must end where the pattern does.
    anchored: bool,
    /// The first eight octets of the literal start as a [`Path::head`] holds a URL's, and
    /// the mask of those that are the pattern's: one comparison rules out most URLs.
    head: u64,
    head_mask: u64,
}

/// A URL path (in the dialect's normal form) ready to be matched against many patterns.
pub(crate) struct Path<'p> {
    bytes: &'p [u8],
    /// Its first eight octets, zero-padded, little-endian.
    head: u64,
}

impl<'p> Path<'p> {
    pub fn new(bytes: &'p [u8]) -> Path<'p> {
        Path { bytes, head: head_of(bytes) }
    }
}

fn head_of(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(first_eight(bytes))
}

/// The first eight octets of `bytes`, zero-padded.
pub(crate) fn first_eight(bytes: &[u8]) -> [u8; 8] {
    let mut head = [0; 8];
    let length = bytes.len().min(8);
    head[..length].copy_from_slice(&bytes[..length]);
    head
}

impl Pattern {
    /// A pattern that matches the URLs that start with `octets`.
    pub fn literal(octets: Vec<u8>) -> Pattern {
        Pattern::new(octets, None, false)
    }

    /// An RFC 9309 pattern: `*` matches any run of octets and a final `$` anchors the end.
    /// A `$` anywhere but at the end is an ordinary character, as in Google's parser.
    pub fn wildcard(mut pattern: Vec<u8>) -> Pattern {
        let anchored = pattern.last() == Some(&b'$');
        if anchored {
            pattern.pop();
        }
        let first_star = memchr::memchr(b'*', &pattern);
        Pattern::new(pattern, first_star, anchored)
    }

    fn new(body: Vec<u8>, first_star: Option<usize>, anchored: bool) -> Pattern {
        let literal_start = first_star.unwrap_or(body.len());
        let head_length = literal_start.min(8);
        let head_mask = if head_length == 8 { u64::MAX } else { (1 << (8 * head_length)) - 1 };
        Pattern { head: head_of(&body[..head_length]), head_mask, body, literal_start, anchored }
    }

    /// The octets every URL the pattern matches starts with.
    pub fn literal_start(&self) -> &[u8] {
        &self.body[..self.literal_start]
    }

    /// The longest of the literal pieces after the first `*`: every path the pattern
    /// matches holds it somewhere. Empty without a `*` or when every such piece is empty.
    pub fn longest_inner_piece(&self) -> &[u8] {
        let after_first_star = self.body.get(self.literal_start + 1..).unwrap_or_default();
        after_first_star.split(|&byte| byte == b'*').max_by_key(|piece| piece.len()).unwrap_or_default()
    }

    /// Whether the pattern matches the start of `path` (or, when anchored, all of it).
    pub fn matches(&self, path: &Path<'_>) -> bool {
        // Different heads mean different literal starts; equal ones still need comparing
        // (a path shorter than eight octets is padded with zeros).
        if path.head & self.head_mask != self.head || !path.bytes.starts_with(self.literal_start()) {
            return false;
        }
        let path = path.bytes;
        if self.literal_start == self.body.len() {
            return !self.anchored || path.len() == self.literal_start;
        }
        let mut at = self.literal_start;
        let mut pieces = self.body[self.literal_start + 1..].split(|&byte| byte == b'*');
        // There is at least one piece after a `*`; every piece but the last is a middle one.
        let mut piece = pieces.next().unwrap_or_default();
        for next in pieces {
            match find_piece(&path[at..], piece) {
                Some(offset) => at += offset + piece.len(),
                None => return false,
            }
            piece = next;
        }
        if self.anchored {
            path.len() >= at + piece.len() && path.ends_with(piece)
        } else {
            find_piece(&path[at..], piece).is_some()
        }
    }
}

/// Where `piece` first occurs in `path`. A URL path is nearly always short, and on a short
/// one a direct scan (`memchr` for the first octet, then a comparison) beats building the
/// Two-Way searcher `memmem` needs; its cost is bounded by the length cut. Longer paths
/// use `memmem`, which keeps every search linear.
fn find_piece(path: &[u8], piece: &[u8]) -> Option<usize> {
    const DIRECT_SCAN_UP_TO: usize = 64;
    match piece {
        [] => Some(0),
        [octet] => memchr::memchr(*octet, path),
        [first, rest @ ..] if path.len() <= DIRECT_SCAN_UP_TO => {
            let last_start = path.len().checked_sub(piece.len())?;
            memchr::memchr_iter(*first, &path[..=last_start]).find(|&at| path[at + 1..].starts_with(rest))
        }
        _ => memchr::memmem::find(path, piece),
    }
}

#[cfg(test)]
mod tests {
    use super::Pattern;

    use super::Path;

    fn check(pattern: &str, path: &str) -> bool {
        Pattern::wildcard(pattern.as_bytes().to_vec()).matches(&Path::new(path.as_bytes()))
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
    fn pieces_are_found_in_short_and_long_paths_alike() {
        for filler in [3, 200] {
            let before = "q".repeat(filler);
            assert!(check("/*ab*cd", &format!("/{before}xabxcd")), "filler {filler}");
            assert!(!check("/*ab*cd", &format!("/{before}xacxbd")), "filler {filler}");
            assert!(check("/*abc$", &format!("/{before}abababc")), "filler {filler}");
            assert!(!check("/*abc$", &format!("/{before}abcab")), "filler {filler}");
        }
        assert!(!check("/*abcdef", "/abcde"), "a piece longer than the rest of the path");
    }

    #[test]
    fn the_longest_inner_piece_comes_after_the_first_star() {
        let piece = |pattern: &str| Pattern::wildcard(pattern.as_bytes().to_vec()).longest_inner_piece().to_vec();
        assert_eq!(piece("/abcdef*x*yz$"), b"yz");
        assert_eq!(piece("/*a*a*a12*b"), b"a12");
        assert_eq!(piece("/abc"), b"");
        assert_eq!(piece("/abc*"), b"");
        assert_eq!(piece("/**"), b"");
        assert_eq!(Pattern::literal(b"/a*b".to_vec()).longest_inner_piece(), b"");
    }

    #[test]
    fn last_piece_may_not_overlap_the_middle_ones() {
        assert!(!check("/*ab*ba$", "/aba"));
        assert!(check("/*ab*ba$", "/abba"));
    }
}
