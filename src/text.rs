//! Small text facts shared by rules: RFC 1945 tokens, percent-encoding, edit distance.

use smallvec::SmallVec;

/// RFC 1945 `tspecials` (with the backslash the draft's copy lost).
pub fn is_tspecial(c: char) -> bool {
    matches!(
        c,
        '(' | ')'
            | '<'
            | '>'
            | '@'
            | ','
            | ';'
            | ':'
            | '\\'
            | '"'
            | '/'
            | '['
            | ']'
            | '?'
            | '='
            | '{'
            | '}'
            | ' '
            | '\t'
    )
}

/// A character the draft's `token` allows: US-ASCII, not a control, not a tspecial, and not
/// `#`, which starts a comment (erratum 11 in `grammar/draft-1996.pest`).
pub fn is_token_char(c: char) -> bool {
    c.is_ascii() && !c.is_ascii_control() && !is_tspecial(c) && c != '#'
}

/// The byte offset of the first character that keeps `value` from being one token.
pub fn first_non_token_char(value: &str) -> Option<(usize, char)> {
    value.char_indices().find(|&(_, c)| !is_token_char(c))
}

/// Offsets of `%` signs not followed by two hex digits.
pub fn invalid_percent_escapes(value: &str) -> impl Iterator<Item = usize> + '_ {
    let bytes = value.as_bytes();
    bytes.iter().enumerate().filter_map(move |(at, &byte)| {
        let escape_ok = bytes.get(at + 1..at + 3).is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit));
        (byte == b'%' && !escape_ok).then_some(at)
    })
}

/// Percent-encodes every non-ASCII character as UTF-8 octets, upper-case hex (RFC 3986).
pub fn percent_encode_non_ascii(value: &str) -> String {
    let mut encoded = String::with_capacity(value.len() * 3);
    for c in value.chars() {
        if c.is_ascii() {
            encoded.push(c);
        } else {
            let mut buffer = [0; 4];
            for byte in c.encode_utf8(&mut buffer).bytes() {
                encoded.push_str(&format!("%{byte:02X}"));
            }
        }
    }
    encoded
}

/// Whether `text` starts as an Allow or Disallow path does: with `/`, or with `*`, which RFC
/// 9309 robots read as a wildcard (glob-pattern explains that one).
pub fn starts_like_path(text: &str) -> bool {
    text.starts_with(['/', '*'])
}

/// A set of strings that knows, for each of them, which others begin it: the chain of its
/// prefixes in the set, longest first, in time bounded by its length (the prefixes in a chain
/// differ in length) and a few words of memory per string. Looking each prefix of a path up
/// in a hash map costs the square of its length (a 200 KB path took minutes), and a trie
/// costs a node per byte.
#[derive(Debug)]
pub struct PrefixChains<'a> {
    /// The distinct strings, sorted.
    members: Vec<&'a str>,
    /// For each member, its longest proper prefix in the set.
    parent: Vec<Option<usize>>,
}

impl<'a> PrefixChains<'a> {
    /// The set, and for each string given (in the order given) its index among the members,
    /// so that no caller has to search for a string it gave.
    pub fn indexing(strings: impl IntoIterator<Item = &'a str>) -> (PrefixChains<'a>, Vec<usize>) {
        let mut given: Vec<(u64, &'a str, usize)> =
            strings.into_iter().zip(0..).map(|(string, position)| (0, string, position)).collect();
        // Comparing these keys first makes most comparisons one integer comparison rather
        // than a `memcmp` over a start every path repeats (`/section-…`).
        let shared = shared_prefix_length(given.iter().map(|&(_, string, _)| string));
        for (key, string, _) in &mut given {
            *key = sort_key(string, shared);
        }
        given.sort_unstable();
        let mut members: Vec<&'a str> = Vec::with_capacity(given.len());
        let mut member_of = vec![0; given.len()];
        for (_, string, position) in given {
            if members.last() != Some(&string) {
                members.push(string);
            }
            member_of[position] = members.len() - 1;
        }
        // In sorted order, every string between a prefix and a string it begins also starts
        // with that prefix: a stack of the prefixes of the current string, each popped once,
        // holds the longest prefix on top.
        let mut parent = Vec::with_capacity(members.len());
        let mut stack: Vec<usize> = Vec::new();
        for (index, member) in members.iter().enumerate() {
            while stack.last().is_some_and(|&top| !member.starts_with(members[top])) {
                stack.pop();
            }
            parent.push(stack.last().copied());
            stack.push(index);
        }
        (PrefixChains { members, parent }, member_of)
    }

    /// How many distinct strings the set holds.
    pub fn member_count(&self) -> usize {
        self.members.len()
    }

    /// The member at `index`, as [`PrefixChains::indexing`] numbered them.
    pub fn member(&self, index: usize) -> &'a str {
        self.members[index]
    }

    /// `member` and the members that begin it, longest first.
    pub fn chain(&self, member: usize) -> impl Iterator<Item = usize> + '_ {
        std::iter::successors(Some(member), |&index| self.parent[index])
    }
}

/// How many octets all of `strings` start with.
fn shared_prefix_length<'s>(mut strings: impl Iterator<Item = &'s str>) -> usize {
    let Some(first) = strings.next() else { return 0 };
    strings.fold(first.len(), |shared, string| {
        first.as_bytes()[..shared].iter().zip(string.as_bytes()).take_while(|(a, b)| a == b).count()
    })
}

/// The eight octets of `string` after its first `skipped`, zero-padded, as a number that
/// orders as the strings do, except that it cannot tell a string from the same string
/// followed by zeros: equal keys are settled by comparing the strings.
fn sort_key(string: &str, skipped: usize) -> u64 {
    let rest = &string.as_bytes()[skipped..];
    let mut key = [0; 8];
    let length = rest.len().min(8);
    key[..length].copy_from_slice(&rest[..length]);
    u64::from_be_bytes(key)
}

/// The characters of a robots.txt line an answer quotes: any real rule whole, and a bound
/// on output at the size cap, where one 2 MiB line may decide every URL asked.
pub const QUOTED_LINE_CHARS: usize = 200;
/// The characters of a URL or path pattern an answer quotes: the about 2,000 that browsers
/// and search engines take in a URL keep every real one whole.
pub const QUOTED_URL_CHARS: usize = 2_000;

/// `value` for quoting in a message: whole when it has at most `max_chars` characters,
/// otherwise its start and end around `…`, cut on character boundaries.
pub fn abbreviate(value: &str, max_chars: usize) -> std::borrow::Cow<'_, str> {
    // Only the ends are read: a 2 MiB line is not counted through for each quote.
    if value.chars().nth(max_chars).is_none() {
        return value.into();
    }
    let tail_chars = max_chars / 4;
    let head_chars = max_chars.saturating_sub(tail_chars + 1);
    let head_end = value.char_indices().nth(head_chars).map_or(value.len(), |(at, _)| at);
    let tail_start = match tail_chars.checked_sub(1) {
        Some(last) => value.char_indices().rev().nth(last).map_or(0, |(at, _)| at),
        None => value.len(),
    };
    format!("{}…{}", &value[..head_end], &value[tail_start..]).into()
}

/// Levenshtein distance, for "did you mean" suggestions on short field names.
pub fn edit_distance(a: &str, b: &str) -> usize {
    edit_distance_at_most(a, b, usize::MAX).unwrap_or(usize::MAX)
}

/// The Levenshtein distance when it is at most `limit`: a row of the table whose smallest
/// entry is past the limit ends the work, since no later row is smaller. Comparing a name
/// with every registry token that starts like it, most are many edits away.
pub fn edit_distance_at_most(a: &str, b: &str, limit: usize) -> Option<usize> {
    // The names compared are short: their rows fit on the stack, and every line with an
    // unknown field is compared with every directive, by several rules.
    let b: SmallVec<[char; 24]> = b.chars().collect();
    if a.chars().count().abs_diff(b.len()) > limit {
        return None;
    }
    let mut previous: SmallVec<[usize; 24]> = (0..=b.len()).collect();
    let mut current: SmallVec<[usize; 24]> = smallvec::smallvec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        current[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        std::mem::swap(&mut previous, &mut current);
        if previous.iter().min().is_some_and(|&smallest| smallest > limit) {
            return None;
        }
    }
    Some(previous[b.len()]).filter(|&distance| distance <= limit)
}

/// Every string of at most `max_length` of `octets`, shortest first: for tests that hold a
/// function to a plain reference over all small inputs.
#[cfg(test)]
pub(crate) fn every_string(octets: &[u8], max_length: usize) -> Vec<Vec<u8>> {
    let mut strings = vec![Vec::new()];
    let mut shorter = 0;
    for _ in 0..max_length {
        let longest = strings.len();
        for at in shorter..longest {
            for &octet in octets {
                let longer = [strings[at].as_slice(), &[octet]].concat();
                strings.push(longer);
            }
        }
        shorter = longest;
    }
    strings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_value_keeps_its_ends_around_an_ellipsis_of_at_most_the_length_asked() {
        assert_eq!(abbreviate("short", 5), "short");
        assert_eq!(abbreviate("abcdefghij", 8), "abcde…ij");
        assert_eq!(abbreviate("ééééééééééxyz", 8), "ééééé…yz");
        assert_eq!(abbreviate("abcdef", 3), "ab…");
        for max in [4, 20, 200] {
            let long = "a".repeat(500) + "😀";
            assert_eq!(abbreviate(&long, max).chars().count(), max, "{max}");
            assert!(abbreviate(&long, max).ends_with('😀'), "{max}");
        }
    }

    #[test]
    fn the_bounded_distance_is_the_distance_within_its_limit() {
        let strings: Vec<String> =
            every_string(b"abc", 4).into_iter().filter_map(|octets| String::from_utf8(octets).ok()).collect();
        for a in &strings {
            for b in &strings {
                let distance = edit_distance(a, b);
                for limit in 0..=4 {
                    let expected = (distance <= limit).then_some(distance);
                    assert_eq!(edit_distance_at_most(a, b, limit), expected, "{a:?} {b:?} within {limit}");
                }
            }
        }
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn every_string_makes_each_short_string_once() {
        let strings = every_string(b"ab", 3);
        assert_eq!(strings.len(), 1 + 2 + 4 + 8);
        let distinct: std::collections::BTreeSet<&Vec<u8>> = strings.iter().collect();
        assert_eq!(distinct.len(), strings.len());
        assert!(strings.iter().all(|string| string.len() <= 3 && string.iter().all(|octet| b"ab".contains(octet))));
    }

    #[test]
    fn tokens() {
        assert_eq!(first_non_token_char("Googlebot"), None);
        assert_eq!(first_non_token_char("*"), None);
        assert_eq!(first_non_token_char("Googlebot/2.1"), Some((9, '/')));
        assert_eq!(first_non_token_char("a\\b"), Some((1, '\\')));
        assert_eq!(first_non_token_char("bot é"), Some((3, ' ')));
    }

    #[test]
    fn percent_escapes() {
        assert_eq!(invalid_percent_escapes("/a%3Cb%zz%4").collect::<Vec<_>>(), vec![6, 9]);
        assert_eq!(percent_encode_non_ascii("/café"), "/caf%C3%A9");
    }

    /// For each string given, its chain of prefixes among them, longest first.
    fn chains_of<'a>(given: &[&'a str]) -> impl Fn(usize) -> Vec<&'a str> {
        let (chains, member_of) = PrefixChains::indexing(given.iter().copied());
        move |position| chains.chain(member_of[position]).map(|index| chains.member(index)).collect()
    }

    #[test]
    fn prefix_chains_list_the_members_that_begin_each_member() {
        let long = format!("/a{}", "x".repeat(100_000));
        let given = ["/a/b", "/a", "/a", "/ab", "/c", "/é", "/éa", "", long.as_str()];
        let chain = chains_of(&given);
        let (chains, member_of) = PrefixChains::indexing(given);
        assert_eq!(chain(0), ["/a/b", "/a", ""]);
        assert_eq!(chain(3), ["/ab", "/a", ""]);
        assert_eq!(chain(4), ["/c", ""]);
        assert_eq!(chain(6), ["/éa", "/é", ""]);
        assert_eq!(chain(8), [long.as_str(), "/a", ""]);
        assert_eq!(member_of[1], member_of[2], "a string given twice is one member");
        for (position, string) in given.iter().enumerate() {
            assert_eq!(chains.member(member_of[position]), *string);
        }
    }

    #[test]
    fn prefix_chains_sort_strings_that_share_a_long_start() {
        let given = ["/section-10/page", "/section-1", "/section-1/", "/section-\0", "/section-", "/section-2"];
        let chain = chains_of(&given);
        assert_eq!(chain(0), ["/section-10/page", "/section-1", "/section-"]);
        assert_eq!(chain(2), ["/section-1/", "/section-1", "/section-"]);
        assert_eq!(chain(3), ["/section-\0", "/section-"]);
        assert_eq!(chain(5), ["/section-2", "/section-"]);
        assert_eq!(shared_prefix_length(given.into_iter()), 9);
        assert_eq!(shared_prefix_length(std::iter::empty()), 0);
        assert!(sort_key("/a", 1) < sort_key("/b", 1));
        assert_eq!(sort_key("/a", 1), sort_key("/a\0", 1), "equal keys are settled by the strings");
    }

    #[test]
    fn distances() {
        assert_eq!(edit_distance("dissallow", "disallow"), 1);
        assert_eq!(edit_distance("diasllow", "disallow"), 2);
        assert_eq!(edit_distance("", "abc"), 3);
    }
}
