//! Google's reading of robots.txt, as its open-source parser and matcher
//! (github.com/google/robotstxt, `robots.cc`) do it, from the input's bytes: the `google`
//! dialect. `tests/it/google_oracle.rs` compares every answer with that C++ code itself.
//!
//! What Google's code does, and so what this module does:
//! * Lines end at LF, CR or CRLF. A line keeps its first [`MAX_LINE_BYTES`] bytes; a NUL
//!   byte ends what it says (the C++ works on C strings). A UTF-8 byte-order mark, or any
//!   start of one (`EF`, `EF BB`), is skipped before the first line.
//! * `#` starts a comment anywhere. The key is what precedes the first `:`; a line without
//!   `:` is read as `key value` only when it holds exactly two runs of non-blanks (blanks
//!   being space and tab). Keys and values lose leading and trailing ASCII white space
//!   (space, tab, LF, VT, FF, CR); an empty key is no directive.
//! * A key is recognised by its start, ignoring case: `user-agent` (and `useragent`,
//!   `user agent`), then `allow`, then `disallow` (and the typos `dissallow`, `dissalow`,
//!   `disalow`, `diasllow`, `disallaw`). So `Allowed:` is an Allow line.
//! * Allow and Disallow values are escaped, not decoded: a valid `%xx` gets upper-case
//!   digits and a byte of 0x80 or more becomes `%XX`. URLs are taken as given: the path,
//!   parameters and query Google's `GetPathParamsQuery` extracts, never normalised.
//! * A User-agent value names the robot when its leading run of `[a-zA-Z_-]` equals the
//!   robot's name as the caller gave it, ignoring ASCII case (`Googlebot/2.1` names no line;
//!   an empty name is named by a line whose value has an empty run). `*` alone or followed
//!   by white space is the global agent.
//! * See [`Reading::select`] for groups, and `Matcher` for priorities.

use foldhash::{HashMap, HashMapExt};
use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

use crate::dialect::groups::RuleKind;
use crate::model::{Document, LineIndex};
use crate::source;

/// The bytes of a line Google's parser keeps: 8 times the 2,083 bytes some browsers allow
/// in a URL, less one for the C string's end.
pub const MAX_LINE_BYTES: usize = 2083 * 8 - 1;

/// What a User-agent line names, to Google.
#[derive(Debug, Clone)]
enum Agent {
    /// `*`, alone or followed by white space.
    Global,
    /// The value's leading `[a-zA-Z_-]` run, possibly empty.
    Token(Box<str>),
}

#[derive(Debug, Clone)]
enum Directive {
    Agent(Agent),
    /// An Allow or Disallow line with its escaped value.
    Rule(RuleKind, Arc<str>),
}

/// The User-agent, Allow and Disallow lines of one input as Google reads them, in order.
#[derive(Debug, Clone, Default)]
pub(crate) struct Reading {
    /// Each with the index of its line (Google's line number less one).
    directives: Vec<(LineIndex, Directive)>,
    /// The groups, built when first asked for and then kept: rules ask for one robot's
    /// selection per record, which must not read the whole file each time.
    groups: OnceLock<GroupIndex>,
}

/// A rule a robot obeys: an Allow or Disallow line's escaped value, or the directory rule
/// Google derives from an Allow line's `index.htm` path.
#[derive(Debug, Clone)]
pub(crate) struct GoogleRule {
    pub line: LineIndex,
    pub kind: RuleKind,
    pub pattern: Arc<str>,
}

/// The lines a robot obeys: the agent lines that brought it there and their groups' rules.
#[derive(Debug, Clone, Default)]
pub(crate) struct Selection {
    /// The lines naming the robot, or, when none does, the global ones.
    pub agent_lines: Vec<LineIndex>,
    pub rules: Vec<GoogleRule>,
}

/// absl's ASCII white space, which is also C's `isspace` in the C locale.
fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

fn strip(bytes: &[u8]) -> &[u8] {
    let start = bytes.iter().position(|&byte| !is_space(byte)).unwrap_or(bytes.len());
    let end = bytes.iter().rposition(|&byte| !is_space(byte)).map_or(start, |last| last + 1);
    &bytes[start..end.max(start)]
}

fn is_blank(byte: u8) -> bool {
    byte == b' ' || byte == b'\t'
}

fn starts_with_ignoring_case(key: &[u8], prefix: &str) -> bool {
    key.get(..prefix.len()).is_some_and(|start| start.eq_ignore_ascii_case(prefix.as_bytes()))
}

/// The directive a key names, by its start, in Google's order of trying.
fn key_kind(key: &[u8]) -> Option<Option<RuleKind>> {
    const AGENT: [&str; 3] = ["user-agent", "useragent", "user agent"];
    const DISALLOW: [&str; 6] = ["disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw"];
    if AGENT.iter().any(|prefix| starts_with_ignoring_case(key, prefix)) {
        Some(None)
    } else if starts_with_ignoring_case(key, "allow") {
        Some(Some(RuleKind::Allow))
    } else if DISALLOW.iter().any(|prefix| starts_with_ignoring_case(key, prefix)) {
        Some(Some(RuleKind::Disallow))
    } else {
        None
    }
}

/// The key and value of a line's content, when it has a directive.
fn key_and_value(content: &[u8]) -> Option<(&[u8], &[u8])> {
    let content = strip(content.split(|&byte| byte == b'#').next().unwrap_or_default());
    let separator = match memchr::memchr(b':', content) {
        Some(colon) => colon,
        None => {
            let blank = content.iter().position(|&byte| is_blank(byte))?;
            let value_start =
                content[blank..].iter().position(|&byte| !is_blank(byte)).map_or(content.len(), |at| blank + at);
            if content[value_start..].iter().any(|&byte| is_blank(byte)) {
                return None;
            }
            blank
        }
    };
    let key = strip(&content[..separator]);
    (!key.is_empty()).then(|| (key, strip(&content[separator + 1..])))
}

/// Google's escaping of an Allow or Disallow value: `%xx` in upper case, bytes of 0x80 and
/// more as `%XX`; every other byte as it is.
pub(crate) fn escape_pattern(value: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(value.len());
    let mut at = 0;
    while let Some(&byte) = value.get(at) {
        let escape = match value.get(at + 1..at + 3) {
            Some(&[high, low]) if byte == b'%' && high.is_ascii_hexdigit() && low.is_ascii_hexdigit() => {
                Some([high.to_ascii_uppercase(), low.to_ascii_uppercase()])
            }
            _ => None,
        };
        if let Some([high, low]) = escape {
            out.extend(['%', char::from(high), char::from(low)]);
            at += 3;
            continue;
        }
        if byte >= 0x80 {
            out.extend(['%', char::from(HEX[usize::from(byte >> 4)]), char::from(HEX[usize::from(byte & 0xF)])]);
        } else {
            out.push(char::from(byte));
        }
        at += 1;
    }
    out
}

fn agent_of(value: &[u8]) -> Agent {
    if value.first() == Some(&b'*') && value.get(1).is_none_or(|&next| is_space(next)) {
        return Agent::Global;
    }
    let end = value.iter().position(|&byte| !(byte.is_ascii_alphabetic() || byte == b'-' || byte == b'_'));
    // The run is ASCII.
    Agent::Token(String::from_utf8_lossy(&value[..end.unwrap_or(value.len())]).into())
}

/// The bytes after the longest start of a UTF-8 byte-order mark.
fn without_byte_order_mark(bytes: &[u8]) -> &[u8] {
    let mark = [0xEF, 0xBB, 0xBF];
    let skipped = bytes.iter().zip(mark).take_while(|(byte, mark)| **byte == *mark).count();
    &bytes[skipped..]
}

/// The lines of `bytes` as Google splits them, each cut to what its parser reads, with
/// the offset where each starts.
fn lines(bytes: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let unmarked = without_byte_order_mark(bytes);
    let mut rest = Some((bytes.len() - unmarked.len(), unmarked));
    std::iter::from_fn(move || {
        let (start, text) = rest?;
        let (line, next) = match memchr::memchr2(b'\r', b'\n', text) {
            Some(end) => {
                let ending = if text[end..].starts_with(b"\r\n") { 2 } else { 1 };
                (&text[..end], Some((start + end + ending, &text[end + ending..])))
            }
            None => (text, None),
        };
        // Google's last line is the bytes after the last line end, even none; robolint has
        // no line there, and an empty line says nothing.
        rest = next.filter(|(_, next)| !next.is_empty());
        let kept = &line[..line.len().min(MAX_LINE_BYTES)];
        Some((start, kept.split(|&byte| byte == 0).next().unwrap_or_default()))
    })
}

impl Reading {
    /// Google's reading of the bytes `document` was parsed from (`text`, or the original
    /// bytes when the source decoded them), each directive at its line of the model.
    pub fn of(document: &Document, text: &str) -> Reading {
        let bytes = document.original.as_deref().unwrap_or(text.as_bytes());
        let mut directives = Vec::new();
        let mut starts = Vec::new();
        for (index, (start, content)) in lines(bytes).enumerate() {
            let Some((key, value)) = key_and_value(content) else { continue };
            let directive = match key_kind(key) {
                Some(None) => Directive::Agent(agent_of(value)),
                Some(Some(kind)) => Directive::Rule(kind, escape_pattern(value).into()),
                None => continue,
            };
            directives.push((index, directive));
            starts.push(start);
        }
        // Google's lines are the model's (both end lines at LF, CR and CRLF) except in
        // UTF-16 input, which the model decodes and Google reads as bytes: there a
        // directive belongs to the model line its bytes start in.
        if let Some(text_offsets) = source::utf16_text_offsets(bytes, &starts) {
            let last_line = document.lines.len().saturating_sub(1);
            for ((line, _), offset) in directives.iter_mut().zip(text_offsets) {
                *line = document.line_at(offset).unwrap_or(last_line);
            }
        }
        Reading { directives, groups: OnceLock::new() }
    }

    /// How Google reads the line at `line`, written out as the directive it obeys
    /// (`Disallow: /` for `Disallow*: /`), when it reads a directive there at all.
    pub fn directive_at(&self, line: LineIndex) -> Option<String> {
        let at = self.directives.binary_search_by_key(&line, |(index, _)| *index).ok()?;
        Some(match &self.directives[at].1 {
            Directive::Agent(Agent::Global) => "User-agent: *".to_string(),
            Directive::Agent(Agent::Token(token)) => format!("User-agent: {token}"),
            Directive::Rule(RuleKind::Allow, pattern) => format!("Allow: {pattern}"),
            Directive::Rule(RuleKind::Disallow, pattern) => format!("Disallow: {pattern}"),
        })
    }

    /// The lines that name a robot: each User-agent line's token (its leading `[a-zA-Z_-]`
    /// run), the global lines aside.
    pub fn agent_tokens(&self) -> impl Iterator<Item = (LineIndex, &str)> {
        self.directives.iter().filter_map(|(line, directive)| match directive {
            Directive::Agent(Agent::Token(token)) => Some((*line, &**token)),
            _ => None,
        })
    }

    /// The rules `robot` obeys: [`Groups::select`] of this reading's groups.
    pub fn select(&self, robot: &str) -> Selection {
        self.groups().select(robot)
    }

    /// The groups, each the User-agent lines before a run of rules, and the robots each
    /// names: built once, they choose each robot's rules in the time those rules take, so
    /// a thousand robots do not read the whole file a thousand times (`robolint matrix`).
    /// Rules before any User-agent line belong to no one.
    pub fn groups(&self) -> Groups<'_> {
        let index = self.groups.get_or_init(|| GroupIndex::new(&self.directives));
        Groups { directives: &self.directives, index }
    }
}

/// One group of a [`Reading`]: User-agent lines, then the rules for them, each the position
/// of its directive in [`Reading::directives`].
#[derive(Debug, Clone, Default)]
struct Group {
    agents: Vec<usize>,
    rules: Vec<usize>,
}

/// A reading's groups, and the groups naming each robot.
#[derive(Debug, Clone)]
struct GroupIndex {
    groups: Vec<Group>,
    /// By lower-case token, the positions of the groups with a line naming it.
    naming: HashMap<String, Vec<usize>>,
    /// The positions of the groups with a global (`*`) line.
    global: Vec<usize>,
}

impl GroupIndex {
    fn new(directives: &[(LineIndex, Directive)]) -> GroupIndex {
        let mut groups: Vec<Group> = Vec::new();
        let mut rules_seen = false;
        for (position, (_, directive)) in directives.iter().enumerate() {
            match directive {
                Directive::Agent(_) => {
                    if rules_seen || groups.is_empty() {
                        groups.push(Group::default());
                        rules_seen = false;
                    }
                    if let Some(group) = groups.last_mut() {
                        group.agents.push(position);
                    }
                }
                Directive::Rule(..) => {
                    if let Some(group) = groups.last_mut() {
                        rules_seen = true;
                        group.rules.push(position);
                    }
                }
            }
        }
        let mut naming: HashMap<String, Vec<usize>> = HashMap::new();
        let mut global = Vec::new();
        for (position, group) in groups.iter().enumerate() {
            for &agent in &group.agents {
                let positions = match &directives[agent].1 {
                    Directive::Agent(Agent::Token(token)) => naming.entry(token.to_ascii_lowercase()).or_default(),
                    Directive::Agent(Agent::Global) => &mut global,
                    Directive::Rule(..) => continue,
                };
                if positions.last() != Some(&position) {
                    positions.push(position);
                }
            }
        }
        GroupIndex { groups, naming, global }
    }
}

/// A reading's groups, and the groups naming each robot ([`Reading::groups`]).
pub(crate) struct Groups<'r> {
    directives: &'r [(LineIndex, Directive)],
    index: &'r GroupIndex,
}

impl Groups<'_> {
    /// The rules `robot` obeys. A group naming the robot is specific, one with a global line
    /// otherwise global. When any line names the robot, its specific groups' rules are all
    /// it obeys (even none); otherwise it obeys the global groups.
    pub fn select(&self, robot: &str) -> Selection {
        self.named(robot).unwrap_or_else(|| self.global())
    }

    /// The rules of the groups naming `robot`, if any does.
    pub fn named(&self, robot: &str) -> Option<Selection> {
        let named = self.index.naming.get(&robot.to_ascii_lowercase())?;
        Some(self.selection(named.iter().copied(), |agent| match agent {
            Agent::Token(token) => token.eq_ignore_ascii_case(robot),
            Agent::Global => false,
        }))
    }

    /// What every robot no line names obeys: the global lines, and the rules of their groups.
    pub fn global(&self) -> Selection {
        self.selection(self.index.global.iter().copied(), |agent| matches!(agent, Agent::Global))
    }

    fn selection(&self, chosen: impl Iterator<Item = usize>, names: impl Fn(&Agent) -> bool) -> Selection {
        let mut selection = Selection::default();
        for group in chosen.filter_map(|position| self.index.groups.get(position)) {
            let lines = self.agents(group).filter(|(_, agent)| names(agent)).map(|(line, _)| line);
            selection.agent_lines.extend(lines);
            for &position in &group.rules {
                if let (line, Directive::Rule(kind, pattern)) = &self.directives[position] {
                    push_rule(&mut selection.rules, *line, *kind, pattern);
                }
            }
        }
        selection
    }

    /// A group's User-agent lines and what each names.
    fn agents<'g>(&'g self, group: &'g Group) -> impl Iterator<Item = (LineIndex, &'g Agent)> + 'g {
        group.agents.iter().filter_map(|&position| match &self.directives[position] {
            (line, Directive::Agent(agent)) => Some((*line, agent)),
            _ => None,
        })
    }
}

/// A rule, and for an Allow whose last segment starts with `index.htm`, the rule for its
/// directory (`/dir/index.html` → `/dir/$`), which Google tries when the first does not
/// match. The directory rule is shorter, so it can only decide when the first does not match.
fn push_rule(rules: &mut Vec<GoogleRule>, line: LineIndex, kind: RuleKind, pattern: &Arc<str>) {
    rules.push(GoogleRule { line, kind, pattern: Arc::clone(pattern) });
    if kind == RuleKind::Allow {
        if let Some(slash) = pattern.rfind('/').filter(|&slash| pattern[slash..].starts_with("/index.htm")) {
            rules.push(GoogleRule { line, kind, pattern: format!("{}$", &pattern[..=slash]).into() });
        }
    }
}

/// Where the first of `set` occurs in `bytes` at or after `from`, or `usize::MAX` (C++'s
/// `npos`, which compares greater than every position).
fn first_of(bytes: &[u8], set: &[u8], from: usize) -> usize {
    bytes
        .get(from..)
        .and_then(|rest| rest.iter().position(|byte| set.contains(byte)))
        .map_or(usize::MAX, |at| from + at)
}

/// The path, parameters and query of `url` as Google's `GetPathParamsQuery` extracts them
/// (always starting with `/`), cut at a NUL byte as the C++ matcher's C string is.
pub(crate) fn path_params_query(url: &[u8]) -> Cow<'_, [u8]> {
    let path = path_params_query_whole(url);
    match memchr::memchr(0, &path) {
        Some(nul) => Cow::Owned(path[..nul].to_vec()),
        None => path,
    }
}

fn path_params_query_whole(url: &[u8]) -> Cow<'_, [u8]> {
    // A URL starting with `//` has no scheme and an authority after those two slashes.
    let search_start = if url.starts_with(b"//") { 2 } else { 0 };
    let early_path = first_of(url, b"/?;", search_start);
    let scheme_end = scheme_end(url, search_start, early_path);
    let authority_start = scheme_end.map_or(search_start, |at| at + 3);
    let path_start = first_of(url, b"/?;", authority_start);
    let Some(path) = url.get(path_start..) else { return Cow::Borrowed(b"/") };
    let fragment = first_of(url, b"#", search_start);
    if fragment < path_start {
        return Cow::Borrowed(b"/");
    }
    let path = &path[..fragment.min(url.len()) - path_start];
    if path.first() == Some(&b'/') {
        Cow::Borrowed(path)
    } else {
        Cow::Owned([b"/", path].concat())
    }
}

/// Where the `://` after a scheme starts: Google takes the first `://` from `search_start`
/// when it starts no later than `early_path`, the first `/`, `?` or `;`. Its own `/` is one of
/// those, so only a `://` right before that octet can be taken: one look there, not a search
/// through the URL.
fn scheme_end(url: &[u8], search_start: usize, early_path: usize) -> Option<usize> {
    early_path
        .checked_sub(1)
        .filter(|&at| at >= search_start && url.get(at..).is_some_and(|rest| rest.starts_with(b"://")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scheme_ends_where_a_search_for_the_first_separator_finds_it() {
        // Every string of up to seven of these octets, against the search Google's code makes.
        for url in crate::text::every_string(b":/?;a", 7) {
            let search_start = if url.starts_with(b"//") { 2 } else { 0 };
            let early_path = first_of(&url, b"/?;", search_start);
            let searched = url[search_start..]
                .windows(3)
                .position(|window| window == b"://")
                .map(|at| search_start + at)
                .filter(|&at| early_path >= at);
            assert_eq!(scheme_end(&url, search_start, early_path), searched, "{}", String::from_utf8_lossy(&url));
        }
    }

    fn path(url: &str) -> String {
        String::from_utf8_lossy(&path_params_query(url.as_bytes())).into_owned()
    }

    #[test]
    fn paths_as_google_extracts_them() {
        assert_eq!(path(""), "/");
        assert_eq!(path("http://www.example.com"), "/");
        assert_eq!(path("http://www.example.com/"), "/");
        assert_eq!(path("http://www.example.com/a"), "/a");
        assert_eq!(path("http://www.example.com/a/"), "/a/");
        assert_eq!(path("http://www.example.com/a/b?c=http://d.e/"), "/a/b?c=http://d.e/");
        assert_eq!(path("http://www.example.com/a/b?c=d&e=f#fragment"), "/a/b?c=d&e=f");
        assert_eq!(path("example.com"), "/");
        assert_eq!(path("example.com/"), "/");
        assert_eq!(path("example.com/a"), "/a");
        assert_eq!(path("a"), "/");
        assert_eq!(path("a/b"), "/b");
        assert_eq!(path("example.com?a"), "/?a");
        assert_eq!(path("example.com/a;b#c"), "/a;b");
        assert_eq!(path("//a/b/c"), "/b/c");
        assert_eq!(path("#x/y"), "/");
        assert_eq!(path("/a\0b"), "/a");
    }

    #[test]
    fn escaping_upper_cases_escapes_and_escapes_high_bytes_only() {
        assert_eq!(escape_pattern(b"http://fo\"o.com/a%2f%zz b"), "http://fo\"o.com/a%2F%zz b");
        assert_eq!(escape_pattern("/SanJoséSellers".as_bytes()), "/SanJos%C3%A9Sellers");
        assert_eq!(escape_pattern(b"/a%62%6"), "/a%62%6");
        assert_eq!(escape_pattern(b"/%\xff"), "/%%FF");
    }

    #[test]
    fn lines_keys_and_values() {
        assert_eq!(key_and_value(b"  Disallow : /a # b"), Some((&b"Disallow"[..], &b"/a"[..])));
        assert_eq!(key_and_value(b"Disallow /a"), Some((&b"Disallow"[..], &b"/a"[..])));
        assert_eq!(key_and_value(b"Disallow /a /b"), None);
        assert_eq!(key_and_value(b"Disallow http://x/"), Some((&b"Disallow http"[..], &b"//x/"[..])));
        assert_eq!(key_and_value(b": /a"), None);
        assert_eq!(key_and_value(b"Disallow"), None);
        let split: Vec<(usize, &[u8])> = lines(b"\xEF\xBBa\r\n\rb\0c\nd").collect();
        assert_eq!(split, [(2, &b"a"[..]), (5, b""), (6, b"b"), (10, b"d")]);
        let long = [b"a".repeat(MAX_LINE_BYTES + 5), b"\nb".to_vec()].concat();
        assert_eq!(lines(&long).map(|(_, line)| line.len()).collect::<Vec<_>>(), [MAX_LINE_BYTES, 1]);
    }

    #[test]
    fn directives_in_utf16_input_are_on_the_model_line_their_bytes_start_in() {
        // UTF-16BE comments ending in CRLF (two of Google's lines each: `00 0D` ends one, and
        // `00 0A` another), then plain ASCII, which the model decodes into one line of
        // CJK-looking characters, then more UTF-16 lines.
        let utf16 = |text: &str| text.encode_utf16().flat_map(u16::to_be_bytes).collect::<Vec<u8>>();
        let bytes = [
            vec![0xFE, 0xFF],
            utf16("#a\r\n#a\r\n#a\r\n"),
            b"User-agent: *\nDisallow: /xy\n".to_vec(),
            utf16("\n#b\n#c\n#d\n#e\n#f\n"),
        ]
        .concat();
        let source = crate::Source::from_bytes(&bytes);
        let document = crate::parse::parse(&source);
        assert_eq!(document.lines.len(), 9, "{:?}", source.text);
        let reading = Reading::of(&document, &source.text);
        let lines: Vec<LineIndex> = reading.directives.iter().map(|(line, _)| *line).collect();
        assert_eq!(lines, [3, 3]);
        assert_eq!(reading.select("anybot").rules.iter().map(|rule| rule.line).collect::<Vec<_>>(), [3]);
    }

    #[test]
    fn keys_by_their_start() {
        assert!(matches!(key_kind(b"Allowed"), Some(Some(RuleKind::Allow))));
        assert!(matches!(key_kind(b"DISALOW-ish"), Some(Some(RuleKind::Disallow))));
        assert!(matches!(key_kind(b"User agent"), Some(None)));
        assert!(key_kind(b"Alow").is_none());
        assert!(key_kind(b"Sitemap").is_none());
    }
}
