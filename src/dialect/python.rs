//! The `python-robotparser` dialect: `urllib.robotparser.RobotFileParser` of CPython 3.8 to
//! 3.13 (the module is the same in all of them; 3.14 changed how it quotes paths, see
//! docs/python-robotparser.md), after `parse(text.splitlines())`.
//!
//! Python reads the text its own way, not through robolint's lines: this module splits,
//! strips, unquotes and groups it as `RobotFileParser.parse` does, and normalises rule paths
//! and URLs as `RuleLine` and `can_fetch` do. The matcher (`matcher.rs`) then compares the
//! normal forms by prefix in file order, the first match deciding, as `Entry.allowance`
//! does. Each step below names the CPython 3.11 line of `Lib/urllib/robotparser.py` (or
//! `Lib/urllib/parse.py`) it follows; docs/python-robotparser.md lists them all, and
//! tests/it/python_robotparser.rs compares the answers with the standard library's.

use std::borrow::Cow;

use foldhash::{HashMap, HashMapExt};

use crate::containment;
use crate::dialect::RuleKind;
use crate::model::{Document, LineIndex};

/// A document as `RobotFileParser` holds it after `parse`.
#[derive(Debug, Default)]
pub(crate) struct Reading {
    /// The entries without a `*` agent, in file order (`self.entries`).
    entries: Vec<Entry>,
    /// The first entry with a `*` agent (`self.default_entry`): tried after all the others,
    /// wherever it stands. Later `*` entries are dropped whole, whatever else they name.
    default_entry: Option<Entry>,
}

/// One entry: its User-agent values and its rules.
#[derive(Debug, Default)]
pub(crate) struct Entry {
    agents: Vec<Agent>,
    rules: Vec<PythonRule>,
}

#[derive(Debug)]
struct Agent {
    line: LineIndex,
    /// The value, %-decoded, as `_add_entry` compares it with `*`.
    value: String,
    /// The value in lower case, as `Entry.applies_to` looks for it in the robot's name.
    lowered: String,
}

/// An Allow or Disallow line as `RuleLine` keeps it.
#[derive(Debug, Clone)]
pub(crate) struct PythonRule {
    pub line: LineIndex,
    /// What the line does: an empty Disallow allows (robotparser.py:219-221).
    pub acts_as: RuleKind,
    /// The path as written on the line.
    pub written: String,
    /// The path Python compares URLs with: %-decoded, re-parsed as a URL and %-encoded.
    pub normal: String,
}

/// Where `parse`'s state machine is (robotparser.py:87-90).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Start,
    SawAgent,
    SawRule,
}

/// `parse` raised an exception: Python stops reading there, keeping the entries it had
/// added and losing the one it was reading.
struct Raised;

impl Reading {
    /// Reads `text` (of which `document` is robolint's parse) as `RobotFileParser.parse`
    /// reads `text.splitlines()`.
    pub(crate) fn new(document: &Document, text: &str) -> Reading {
        let mut reading = Reading::default();
        let _ = reading.read(document, text);
        reading
    }

    fn read(&mut self, document: &Document, text: &str) -> Result<(), Raised> {
        let mut state = State::Start;
        let mut entry = Entry::default();
        for (start, line) in split_lines(text) {
            // Only a line with nothing at all ends an entry, not one of spaces or a comment
            // (robotparser.py:96-103); an entry with agents but no rules is dropped there.
            if line.is_empty() {
                if state == State::SawRule {
                    self.add(std::mem::take(&mut entry));
                }
                entry = Entry::default();
                state = State::Start;
                continue;
            }
            let uncommented = line.find('#').map_or(line, |hash| &line[..hash]);
            let Some((name, value)) = strip(uncommented).split_once(':') else { continue };
            // The line robolint reports for it: the one holding its first character.
            let at = start + (line.len() - line.trim_start_matches(is_python_space).len());
            let Some(line) = document.line_at(at) else { continue };
            let written = strip(value);
            let value = unquote(written);
            match strip(name).to_lowercase().as_str() {
                "user-agent" => {
                    if state == State::SawRule {
                        self.add(std::mem::take(&mut entry));
                    }
                    let lowered = value.to_lowercase();
                    entry.agents.push(Agent { line, value: value.into_owned(), lowered });
                    state = State::SawAgent;
                }
                field @ ("allow" | "disallow") if state != State::Start => {
                    let kind = if field == "allow" { RuleKind::Allow } else { RuleKind::Disallow };
                    entry.rules.push(PythonRule::new(line, kind, written, &value)?);
                    state = State::SawRule;
                }
                // Crawl-delay and Request-rate end the agent lines as a rule does
                // (robotparser.py:129-144): a User-agent line after them starts a new entry.
                "crawl-delay" if state != State::Start => {
                    raises_converting_digits(&value)?;
                    state = State::SawRule;
                }
                "request-rate" if state != State::Start => {
                    if let Some((requests, seconds)) = value.split_once('/') {
                        if !seconds.contains('/') && is_python_digits(requests) && is_python_digits(seconds) {
                            raises_converting_digits(requests)?;
                            raises_converting_digits(seconds)?;
                        }
                    }
                    state = State::SawRule;
                }
                _ => {}
            }
        }
        if state == State::SawRule {
            self.add(entry);
        }
        Ok(())
    }

    /// robotparser.py:72-79: an entry naming `*` becomes the default entry if there is none.
    fn add(&mut self, entry: Entry) {
        if entry.agents.iter().any(|agent| agent.value == "*") {
            self.default_entry.get_or_insert(entry);
        } else {
            self.entries.push(entry);
        }
    }

    /// The entry `robot` obeys, its position (the default entry's is after the others') and
    /// the User-agent lines that chose it; `None` when none does.
    pub(crate) fn entry_for(&self, robot: &str) -> Option<(usize, &Entry, Vec<LineIndex>)> {
        self.entries_naming(&[robot]).pop().flatten().or_else(|| self.default_entry())
    }

    /// The default entry, tried after all the others, with its position (after theirs) and
    /// its `*` lines.
    pub(crate) fn default_entry(&self) -> Option<(usize, &Entry, Vec<LineIndex>)> {
        let entry = self.default_entry.as_ref()?;
        let lines = entry.agents.iter().filter(|agent| agent.value == "*").map(|agent| agent.line).collect();
        Some((self.entries.len(), entry, lines))
    }

    /// For each of `robots`, the first entry but the default one that names it, as
    /// [`Reading::entry_for`]: an automaton of the entries' values finds the first inside
    /// each robot's name in the time of the names and values, not of their product
    /// (`robolint matrix` asks for a thousand robots).
    pub(crate) fn entries_naming(&self, robots: &[&str]) -> Vec<Option<(usize, &Entry, Vec<LineIndex>)>> {
        let mut first_entry_of: HashMap<&str, usize> = HashMap::new();
        for (position, entry) in self.entries.iter().enumerate() {
            for agent in &entry.agents {
                first_entry_of.entry(agent.lowered.as_str()).or_insert(position);
            }
        }
        let (values, ranks): (Vec<&str>, Vec<usize>) = first_entry_of.into_iter().unzip();
        let first_inside = containment::least_rank_inside(&values, &ranks, robots);
        robots
            .iter()
            .zip(first_inside)
            .map(|(robot, found)| {
                let (position, entry) = found.and_then(|position| Some((position, self.entries.get(position)?)))?;
                // robotparser.py:262: the entry's value (in lower case) inside the robot's name.
                let names = |agent: &&Agent| robot.contains(&agent.lowered);
                Some((position, entry, entry.agents.iter().filter(names).map(|agent| agent.line).collect()))
            })
            .collect()
    }
}

impl Entry {
    pub(crate) fn rules(&self) -> &[PythonRule] {
        &self.rules
    }
}

impl PythonRule {
    /// The rule of a line with the path `written`, which `parse` %-decoded to `path`.
    fn new(line: LineIndex, kind: RuleKind, written: &str, path: &str) -> Result<PythonRule, Raised> {
        let acts_as = if path.is_empty() { RuleKind::Allow } else { kind };
        // robotparser.py:222-223.
        let normal = if UrlParts::is_plain_path(path) { quote(path) } else { quote(&UrlParts::parse(path)?.unparse()) };
        Ok(PythonRule { line, acts_as, written: written.to_string(), normal })
    }
}

/// The robot's name as `Entry.applies_to` compares it: up to the first `/`, in lower case
/// (robotparser.py:256); nothing is trimmed.
pub(crate) fn robot_name(agent: &str) -> String {
    agent.split('/').next().unwrap_or_default().to_lowercase()
}

/// The string `can_fetch` compares rules with (robotparser.py:168-173): the URL %-decoded,
/// parsed, put together again without scheme and host, %-encoded, `/` when empty. A URL
/// whose host Python cannot parse (`http://[x/`) makes `can_fetch` raise; here its path is
/// compared all the same.
pub(crate) fn url_path(url: &str) -> String {
    let unquoted = unquote(url);
    let quoted = if UrlParts::is_plain_path(&unquoted) {
        quote(&unquoted)
    } else {
        let parts = UrlParts::split(&unquoted);
        quote(&UrlParts { scheme: String::new(), netloc: String::new(), ..parts }.unparse())
    };
    if quoted.is_empty() {
        "/".to_string()
    } else {
        quoted
    }
}

/// `str.splitlines()`: the lines and the byte offset each starts at, split at `\n`, `\r`,
/// `\r\n`, and at `\v`, `\f`, `\x1c`-`\x1e`, U+0085, U+2028 and U+2029, which robolint's
/// lines run across. A final line end adds no empty line.
fn split_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    std::iter::from_fn(move || {
        while let Some((at, c)) = chars.next() {
            let ends_line =
                matches!(c, '\n' | '\r' | '\u{b}' | '\u{c}' | '\u{1c}'..='\u{1e}' | '\u{85}' | '\u{2028}' | '\u{2029}');
            if ends_line {
                if c == '\r' && chars.peek().is_some_and(|&(_, next)| next == '\n') {
                    chars.next();
                }
                let line = (start, &text[start..at]);
                start = chars.peek().map_or(text.len(), |&(next, _)| next);
                return Some(line);
            }
        }
        (start < text.len()).then(|| {
            let line = (start, &text[start..]);
            start = text.len();
            line
        })
    })
}

/// `str.isspace()`: Unicode White_Space and the separators `\x1c`-`\x1f`.
fn is_python_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// `str.strip()`.
fn strip(text: &str) -> &str {
    text.trim_matches(is_python_space)
}

/// The characters `str.isdigit()` takes but `int()` cannot read (superscripts, circled
/// digits, …), from Python's Unicode tables: a Crawl-delay of `²` passes the check at
/// robotparser.py:134 and makes `int()` raise ValueError.
const DIGITS_INT_REJECTS: [(char, char); 20] = [
    ('\u{b2}', '\u{b3}'),
    ('\u{b9}', '\u{b9}'),
    ('\u{1369}', '\u{1371}'),
    ('\u{19da}', '\u{19da}'),
    ('\u{2070}', '\u{2070}'),
    ('\u{2074}', '\u{2079}'),
    ('\u{2080}', '\u{2089}'),
    ('\u{2460}', '\u{2468}'),
    ('\u{2474}', '\u{247c}'),
    ('\u{2488}', '\u{2490}'),
    ('\u{24ea}', '\u{24ea}'),
    ('\u{24f5}', '\u{24fd}'),
    ('\u{24ff}', '\u{24ff}'),
    ('\u{2776}', '\u{277e}'),
    ('\u{2780}', '\u{2788}'),
    ('\u{278a}', '\u{2792}'),
    ('\u{10a40}', '\u{10a43}'),
    ('\u{10e60}', '\u{10e68}'),
    ('\u{11052}', '\u{1105a}'),
    ('\u{1f100}', '\u{1f10a}'),
];

fn int_rejects(c: char) -> bool {
    DIGITS_INT_REJECTS.iter().any(|&(first, last)| (first..=last).contains(&c))
}

/// `value.strip().isdigit()`, with decimal digits taken as Rust's numeric characters (a
/// mix of other numeric characters with superscripts is where the two could differ).
fn is_python_digits(value: &str) -> bool {
    let value = strip(value);
    !value.is_empty() && value.chars().all(|c| c.is_numeric() || int_rejects(c))
}

/// Whether `int(value)` raises after `value.strip().isdigit()` said yes.
fn raises_converting_digits(value: &str) -> Result<(), Raised> {
    if is_python_digits(value) && strip(value).chars().any(int_rejects) {
        return Err(Raised);
    }
    Ok(())
}

/// `urllib.parse.unquote(text)`: `%xx` decoded in each run of ASCII characters, the run's
/// octets read as UTF-8 with U+FFFD for what is not; other characters kept.
fn unquote(text: &str) -> Cow<'_, str> {
    if !text.contains('%') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        let ascii_end = rest.find(|c: char| !c.is_ascii()).unwrap_or(rest.len());
        let (ascii, after) = rest.split_at(ascii_end);
        out.push_str(&String::from_utf8_lossy(&percent_decode(ascii.as_bytes())));
        let other_end = after.find(|c: char| c.is_ascii()).unwrap_or(after.len());
        out.push_str(&after[..other_end]);
        rest = &after[other_end..];
    }
    Cow::Owned(out)
}

fn percent_decode(octets: &[u8]) -> Vec<u8> {
    let hex = |octet: u8| char::from(octet).to_digit(16);
    let mut out = Vec::with_capacity(octets.len());
    let mut at = 0;
    while let Some(&octet) = octets.get(at) {
        let escaped = match (octet, octets.get(at + 1).and_then(|&o| hex(o)), octets.get(at + 2).and_then(|&o| hex(o)))
        {
            (b'%', Some(high), Some(low)) => Some((high * 16 + low) as u8),
            _ => None,
        };
        match escaped {
            Some(decoded) => {
                out.push(decoded);
                at += 3;
            }
            None => {
                out.push(octet);
                at += 1;
            }
        }
    }
    out
}

/// `urllib.parse.quote(text)`: every UTF-8 octet but letters, digits, `_.-~` and `/`
/// %-encoded in upper case.
fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for &octet in text.as_bytes() {
        if octet.is_ascii_alphanumeric() || matches!(octet, b'_' | b'.' | b'-' | b'~' | b'/') {
            out.push(char::from(octet));
        } else {
            out.push('%');
            out.push(char::from_digit(u32::from(octet >> 4), 16).unwrap_or('0').to_ascii_uppercase());
            out.push(char::from_digit(u32::from(octet & 0xF), 16).unwrap_or('0').to_ascii_uppercase());
        }
    }
    out
}

/// The six parts `urllib.parse.urlparse` (Python 3.11.7) splits a URL into.
struct UrlParts {
    scheme: String,
    netloc: String,
    path: String,
    params: String,
    query: String,
    fragment: String,
}

/// Schemes whose URLs `urlunsplit` writes with `//` (`uses_netloc` in parse.py).
const USES_NETLOC: [&str; 26] = [
    "", "ftp", "http", "gopher", "nntp", "telnet", "imap", "wais", "file", "mms", "https", "shttp", "snews",
    "prospero", "rtsp", "rtsps", "rtspu", "rsync", "svn", "svn+ssh", "sftp", "nfs", "git", "git+ssh", "ws", "wss",
];

/// Schemes whose last path segment `urlparse` splits `;params` from (`uses_params`).
const USES_PARAMS: [&str; 16] = [
    "", "ftp", "hdl", "prospero", "http", "imap", "https", "shttp", "rtsp", "rtsps", "rtspu", "sip", "sips", "mms",
    "sftp", "tel",
];

impl UrlParts {
    /// `urlparse`, or `Raised` where it raises ValueError (a host with one bracket, or a
    /// bracketed host that is neither IPv6 nor `v…` IPvFuture).
    fn parse(url: &str) -> Result<UrlParts, Raised> {
        let parts = UrlParts::split(url);
        if netloc_raises(&parts.netloc) {
            return Err(Raised);
        }
        Ok(parts)
    }

    /// Whether `urlparse` puts all of `url` into the path and `urlunparse` gives it back
    /// as it was, which is what nearly every rule and URL path is: no scheme or host, no
    /// query, fragment or params, nothing `urlsplit` strips or removes. Reading a large file
    /// splits every rule's path, and taking such paths apart and back costs six strings each.
    fn is_plain_path(url: &str) -> bool {
        !url.starts_with(|c: char| c <= ' ')
            && !url.starts_with("//")
            && !url.contains([':', '?', '#', ';', '\t', '\r', '\n'])
    }

    /// `urlparse` without its checks of the host.
    fn split(url: &str) -> UrlParts {
        let is_c0_or_space = |c: char| c <= ' ';
        let mut rest: String = url.trim_start_matches(is_c0_or_space).replace(['\t', '\r', '\n'], "");
        let mut scheme = String::new();
        if let Some(colon) = rest.find(':') {
            let candidate = &rest[..colon];
            let starts_with_letter = candidate.starts_with(|c: char| c.is_ascii_alphabetic());
            if starts_with_letter
                && candidate.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
            {
                scheme = candidate.to_ascii_lowercase();
                rest = rest[colon + 1..].to_string();
            }
        }
        let mut netloc = String::new();
        if let Some(after_slashes) = rest.strip_prefix("//") {
            let end = after_slashes.find(['/', '?', '#']).unwrap_or(after_slashes.len());
            netloc = after_slashes[..end].to_string();
            rest = after_slashes[end..].to_string();
        }
        let (rest, fragment) = split_off(&rest, '#');
        let (mut path, query) = split_off(&rest, '?');
        let mut params = String::new();
        if USES_PARAMS.contains(&scheme.as_str()) {
            let last_segment = path.rfind('/').unwrap_or(0);
            if let Some(semicolon) = path[last_segment..].find(';') {
                params = path[last_segment + semicolon + 1..].to_string();
                path.truncate(last_segment + semicolon);
            }
        }
        UrlParts { scheme, netloc, path, params, query, fragment }
    }

    /// `urlunparse` (Python 3.11): empty parts lose their delimiter.
    fn unparse(&self) -> String {
        let mut url = self.path.clone();
        if !self.params.is_empty() {
            url = format!("{url};{}", self.params);
        }
        if !self.netloc.is_empty()
            || (!self.scheme.is_empty() && USES_NETLOC.contains(&self.scheme.as_str()) && !url.starts_with("//"))
        {
            if !url.is_empty() && !url.starts_with('/') {
                url.insert(0, '/');
            }
            url = format!("//{}{url}", self.netloc);
        }
        if !self.scheme.is_empty() {
            url = format!("{}:{url}", self.scheme);
        }
        if !self.query.is_empty() {
            url = format!("{url}?{}", self.query);
        }
        if !self.fragment.is_empty() {
            url = format!("{url}#{}", self.fragment);
        }
        url
    }
}

/// `text.split(delimiter, 1)` into what comes before and after, the latter empty when the
/// delimiter is missing.
fn split_off(text: &str, delimiter: char) -> (String, String) {
    match text.split_once(delimiter) {
        Some((before, after)) => (before.to_string(), after.to_string()),
        None => (text.to_string(), String::new()),
    }
}

/// Whether `urlsplit` raises ValueError for this host: one bracket without the other, or
/// a bracketed host that is not an IPv6 address (with an optional `%zone`) nor IPvFuture
/// (`v` hex digits `.` something). The NFKC check of non-ASCII hosts is not modelled.
fn netloc_raises(netloc: &str) -> bool {
    let (open, close) = (netloc.contains('['), netloc.contains(']'));
    if open != close {
        return true;
    }
    if !open {
        return false;
    }
    let bracketed = netloc.split_once('[').map_or("", |(_, after)| after);
    let host = bracketed.split_once(']').map_or(bracketed, |(inside, _)| inside);
    if let Some(future) = host.strip_prefix('v') {
        let Some((version, rest)) = future.split_once('.') else { return true };
        return version.is_empty() || !version.chars().all(|c| c.is_ascii_hexdigit()) || rest.is_empty();
    }
    let address = host.split_once('%').map_or(host, |(address, _)| address);
    address.parse::<std::net::Ipv6Addr>().is_err()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_text;

    fn read(text: &str) -> Reading {
        Reading::new(&parse_text(text), text)
    }

    #[test]
    fn lines_split_where_python_splits_them() {
        let lines: Vec<(usize, &str)> = split_lines("a\r\nb\rc\u{c}d\n\ne\u{2028}f\n").collect();
        assert_eq!(lines, [(0, "a"), (3, "b"), (5, "c"), (7, "d"), (9, ""), (10, "e"), (14, "f")]);
        assert_eq!(split_lines("").count(), 0);
        assert_eq!(split_lines("\n").collect::<Vec<_>>(), [(0, "")]);
    }

    #[test]
    fn unquote_decodes_each_ascii_run_on_its_own() {
        assert_eq!(unquote("/caf%C3%A9"), "/café");
        assert_eq!(unquote("/%C3é"), "/\u{fffd}é");
        assert_eq!(unquote("/%zz%4"), "/%zz%4");
        assert_eq!(quote("/a b?c=é~"), "/a%20b%3Fc%3D%C3%A9~");
    }

    #[test]
    fn a_plain_path_is_what_parsing_and_writing_it_again_gives_back() {
        let mut plain = 0;
        for octets in crate::text::every_string(b"/:?#;@a \t%[", 5) {
            let Ok(url) = String::from_utf8(octets) else { continue };
            let Ok(parts) = UrlParts::parse(&url) else {
                assert!(!UrlParts::is_plain_path(&url), "{url:?} raises");
                continue;
            };
            let unparsed = parts.unparse();
            if UrlParts::is_plain_path(&url) {
                plain += 1;
                assert_eq!(unparsed, url, "{url:?}");
                assert!(parts.scheme.is_empty() && parts.netloc.is_empty(), "{url:?}");
            }
        }
        assert!(plain > 5_000, "only {plain} plain paths tried");
    }

    #[test]
    fn urls_lose_scheme_host_and_empty_delimiters_but_keep_fragments() {
        assert_eq!(url_path("http://example.com"), "/");
        assert_eq!(url_path("http://example.com/a?"), "/a");
        assert_eq!(url_path("/a;p?q=1#top"), "/a%3Bp%3Fq%3D1%23top");
        assert_eq!(url_path("/%7Ejoe/"), "/~joe/");
        assert_eq!(url_path("//host/x"), "/x");
    }

    #[test]
    fn a_blank_line_drops_an_entry_without_rules_and_crawl_delay_ends_agent_lines() {
        let text = "User-agent: a\n\nDisallow: /x\n\nUser-agent: b\nCrawl-delay: 5\nUser-agent: c\nDisallow: /\n";
        let reading = read(text);
        assert!(reading.entry_for("a").is_none());
        let (_, b, lines) = reading.entry_for("b").expect("b's entry");
        assert!(b.rules().is_empty());
        assert_eq!(lines, [4]);
        assert_eq!(reading.entry_for("c").map(|(_, entry, _)| entry.rules().len()), Some(1));
    }

    #[test]
    fn only_the_first_star_entry_counts_and_it_comes_last() {
        let text = "User-agent: *\nDisallow: /one\n\nUser-agent: bot\nDisallow: /two\n\nUser-agent: *\nUser-agent: \
                    other\nDisallow: /three\n";
        let reading = read(text);
        let (position, entry, lines) = reading.entry_for("other").expect("the default entry");
        assert_eq!((position, lines), (1, vec![0]));
        assert_eq!(entry.rules()[0].normal, "/one");
        assert_eq!(reading.entry_for("mybot/1.0").map(|(position, ..)| position), Some(0));
    }

    #[test]
    fn rule_paths_are_normalised_and_an_empty_disallow_allows() {
        let text = "User-agent: *\nDisallow:\nDisallow: /a%3c?\nAllow: http:x\n";
        let reading = read(text);
        let (_, entry, _) = reading.entry_for("bot").expect("the default entry");
        let rules: Vec<(RuleKind, &str)> =
            entry.rules().iter().map(|rule| (rule.acts_as, rule.normal.as_str())).collect();
        assert_eq!(rules, [(RuleKind::Allow, ""), (RuleKind::Disallow, "/a%3C"), (RuleKind::Allow, "http%3A///x")]);
    }

    #[test]
    fn what_makes_python_raise_stops_the_reading() {
        let text = "User-agent: a\nDisallow: /a\n\nUser-agent: b\nDisallow: /b\nCrawl-delay: ²\nDisallow: /c\n";
        let reading = read(text);
        assert!(reading.entry_for("a").is_some());
        assert!(reading.entry_for("b").is_none());
        let bracket = read("User-agent: *\nDisallow: //[::1]/x\nDisallow: //[x/y\n");
        assert!(bracket.entry_for("bot").is_none());
    }
}
