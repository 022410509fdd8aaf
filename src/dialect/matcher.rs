//! What a robot may fetch: a [`Matcher`] is compiled once for one document, robot and
//! dialect, and then answers any number of URLs with a [`Verdict`] that names what decided.

use crate::dialect::encoding;
use crate::dialect::groups::{self, Group, RuleEntry, RuleKind};
use crate::dialect::pattern;
use crate::dialect::url;
use crate::dialect::Dialect;
use crate::model::{Document, LineIndex, Span};

/// The Allow or Disallow line that decided a URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecidingRule {
    pub line: LineIndex,
    /// The whole line, without its line end.
    pub span: Span,
    pub kind: RuleKind,
    /// The path as written on the line; for Google's `index.htm` rule (see [`Matcher`]),
    /// the directory pattern derived from it, such as `/dir/$`.
    pub pattern: String,
}

/// Why a URL is allowed or disallowed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason {
    /// An Allow or Disallow line matched and decided.
    Rule(DecidingRule),
    /// A record applies to the robot, but none of its rules matches the URL: allowed.
    NoRuleMatched,
    /// No record names the robot and there is no `*` record: allowed.
    NoRecordApplies,
    /// `/robots.txt` itself, which the 1996 draft and RFC 9309 always allow.
    RobotsTxt,
}

impl Reason {
    /// The reason in words, for reasons that are not a line.
    pub fn describe(&self) -> &'static str {
        match self {
            Reason::Rule(rule) if rule.kind.allows() => "an Allow line",
            Reason::Rule(_) => "a Disallow line",
            Reason::NoRuleMatched => "no rule matched",
            Reason::NoRecordApplies => "no record applies",
            Reason::RobotsTxt => "/robots.txt is always allowed",
        }
    }

    pub fn rule(&self) -> Option<&DecidingRule> {
        match self {
            Reason::Rule(rule) => Some(rule),
            _ => None,
        }
    }
}

/// A dialect's answer for one URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub allowed: bool,
    pub reason: Reason,
}

impl Verdict {
    fn allowed_because(reason: Reason) -> Verdict {
        Verdict { allowed: true, reason }
    }
}

/// A rule ready to compare: its pattern in the dialect's normal form.
#[derive(Debug, Clone)]
struct CompiledRule {
    decided_by: DecidingRule,
    pattern: Vec<u8>,
    /// RFC 9309's "most octets": the length of the normal form, each `$` counted once.
    priority: usize,
}

/// The rules of one document for one robot under one dialect.
///
/// * `norobots-1994`: the first record with a User-agent value containing the robot's name
///   (case-insensitive substring), else the first `*` record. Only Disallow lines count
///   (Allow is an unknown field); a rule matches by plain octet prefix, no %-decoding; an
///   empty Disallow allows everything. `/robots.txt` gets no special treatment: the 1994
///   text says nothing about it.
/// * `draft-1996`: the same record choice (§3.2.1); Allow and Disallow lines in file order,
///   the first match decides (§3.2.2); `%xx` is decoded on both sides except `%2F`;
///   `/robots.txt` is always allowed.
/// * `rfc9309`: every group naming the robot's product token (the User-agent value cut at
///   the first character outside `[a-zA-Z_-]`, compared case-insensitively) merged, else
///   every `*` group merged; blank lines do not end groups; the longest pattern (in octets
///   of its normal form) wins, Allow wins ties; `*` and a final `$` are wildcards;
///   %-escapes normalised as in §2.2.2; `/robots.txt` is always allowed.
/// * `google`: `rfc9309` plus what Google's parser and documentation add: misspelt field
///   names (`model::Directive::from_misspelling`), `Disallow /path` without a colon when
///   the line has exactly two tokens, the most specific User-agent (a group for
///   `googlebot-news` beats one for `googlebot` for the robot `googlebot-news`: a value
///   names the robot when it equals the robot's token or is a `-`-separated prefix of it,
///   and the longest such value wins), and Google's `index.htm` rule: an Allow path whose
///   last segment starts with `index.htm` also allows its directory itself
///   (`Allow: /dir/index.html` also allows `/dir/`, as the pattern `/dir/$`).
///
/// In every dialect an empty Allow or Disallow matches nothing, rules that belong to no
/// record are ignored, and an empty User-agent value names no robot. Not modelled: what
/// happens when fetching robots.txt fails, Google's 500 KiB and 16,664-byte-line limits
/// (the linter's size rules report those), and Crawl-delay and other extensions.
#[derive(Debug, Clone)]
pub struct Matcher {
    dialect: Dialect,
    robot: String,
    applies: bool,
    agent_lines: Vec<LineIndex>,
    rules: Vec<CompiledRule>,
}

impl Matcher {
    /// Compiles the rules `document` (parsed from `text`) sets for the robot whose name or
    /// User-agent header is `agent` (`FigTree/0.1 Robot libwww-perl/5.04` is `figtree`).
    pub fn new(document: &Document, text: &str, agent: &str, dialect: Dialect) -> Matcher {
        let robot = robot_token(agent, dialect);
        let groups = groups::groups(document, text, dialect);
        let selection = select(&groups, &robot, dialect);
        let rules = selection
            .iter()
            .flat_map(|selection| &selection.rules)
            .flat_map(|rule| compile(rule, document.lines[rule.line].span, dialect));
        Matcher {
            dialect,
            applies: selection.is_some(),
            agent_lines: selection.as_ref().map(|selection| selection.agent_lines.clone()).unwrap_or_default(),
            rules: rules.collect(),
            robot,
        }
    }

    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The robot's name as the dialect compares it: lower case, without version.
    pub fn robot(&self) -> &str {
        &self.robot
    }

    /// Whether some record applies to the robot.
    pub fn applies(&self) -> bool {
        self.applies
    }

    /// The User-agent lines that brought the robot to its record(s): those naming it, or
    /// the `*` lines. Empty when no record applies.
    pub fn agent_lines(&self) -> &[LineIndex] {
        &self.agent_lines
    }

    /// Whether the robot may fetch `url`: a path (`/a/b?c`) or a whole URL
    /// (`https://example.com/a/b?c`), of which the path and query count. Anything else is
    /// compared as given.
    pub fn allowed(&self, url: &str) -> Verdict {
        let path = url::path_and_query(url).unwrap_or_else(|| url.to_string());
        if self.is_robots_txt(&path) {
            return Verdict::allowed_because(Reason::RobotsTxt);
        }
        if !self.applies {
            return Verdict::allowed_because(Reason::NoRecordApplies);
        }
        let path = normal_url(&path, self.dialect);
        let decisive = match self.dialect {
            Dialect::Norobots1994 | Dialect::Draft1996 => self.first_prefix_match(&path),
            Dialect::Rfc9309 | Dialect::Google => self.longest_match(&path),
        };
        match decisive {
            Some(rule) => {
                Verdict { allowed: rule.decided_by.kind.allows(), reason: Reason::Rule(rule.decided_by.clone()) }
            }
            None => Verdict::allowed_because(Reason::NoRuleMatched),
        }
    }

    fn is_robots_txt(&self, path: &str) -> bool {
        self.dialect != Dialect::Norobots1994 && normal_url(url::without_query(path), self.dialect) == b"/robots.txt"
    }

    /// §3.2.2 of the draft: the first rule, in file order, whose path starts the URL's.
    fn first_prefix_match(&self, path: &[u8]) -> Option<&CompiledRule> {
        self.rules.iter().find(|rule| path.starts_with(&rule.pattern))
    }

    /// RFC 9309 §2.2.2: the matching rule with the longest pattern; Allow wins a tie, and
    /// between equals the first in the file is reported.
    fn longest_match(&self, path: &[u8]) -> Option<&CompiledRule> {
        let rank = |rule: &CompiledRule| (rule.priority, rule.decided_by.kind.allows());
        let mut best: Option<&CompiledRule> = None;
        for rule in self.rules.iter().filter(|rule| pattern::matches(&rule.pattern, path)) {
            if best.is_none_or(|best| rank(rule) > rank(best)) {
                best = Some(rule);
            }
        }
        best
    }
}

/// The robot's name as a dialect compares it, in lower case. The 1994 and 1996 texts
/// speak of a name token without version (RFC 1945 `token`: up to the first `/`, space,
/// …); RFC 9309 product tokens are `[a-zA-Z_-]+`.
fn robot_token(agent: &str, dialect: Dialect) -> String {
    let agent = agent.trim();
    let name = match dialect {
        Dialect::Norobots1994 | Dialect::Draft1996 => {
            crate::text::first_non_token_char(agent).map_or(agent, |(at, _)| &agent[..at])
        }
        Dialect::Rfc9309 | Dialect::Google => product_token(agent),
    };
    name.to_ascii_lowercase()
}

/// The leading `[a-zA-Z_-]` run of a value: what RFC 9309 and Google compare.
fn product_token(value: &str) -> &str {
    let end = value.find(|c: char| !(c.is_ascii_alphabetic() || c == '-' || c == '_')).unwrap_or(value.len());
    &value[..end]
}

/// The record(s) a robot obeys: the User-agent lines that chose them and their rules.
struct Selection<'g> {
    agent_lines: Vec<LineIndex>,
    rules: Vec<&'g RuleEntry>,
}

fn select<'g>(groups: &'g [Group], robot: &str, dialect: Dialect) -> Option<Selection<'g>> {
    match dialect {
        Dialect::Norobots1994 | Dialect::Draft1996 => first_group(groups, |value| names_by_substring(value, robot))
            .or_else(|| first_group(groups, |value| value == "*")),
        Dialect::Rfc9309 => merged_groups(groups, |value| names_by_token(value, robot))
            .or_else(|| merged_groups(groups, is_rfc9309_star)),
        Dialect::Google => most_specific_google_name(groups, robot)
            .and_then(|name| merged_groups(groups, |value| names_by_token(value, &name)))
            .or_else(|| merged_groups(groups, is_rfc9309_star)),
    }
}

/// §3.2.1 of the draft: the value contains the robot's name, ignoring case.
fn names_by_substring(value: &str, robot: &str) -> bool {
    !robot.is_empty() && value.to_ascii_lowercase().contains(robot)
}

/// RFC 9309 §2.2.1: the value's product token is the robot's, ignoring case.
fn names_by_token(value: &str, robot: &str) -> bool {
    !robot.is_empty() && product_token(value).eq_ignore_ascii_case(robot)
}

/// `*`, possibly followed by words Google's parser skips.
fn is_rfc9309_star(value: &str) -> bool {
    value.split_ascii_whitespace().next() == Some("*")
}

/// Google's choice among the values that name the robot: the longest product token that is
/// the robot's token or a `-`-separated prefix of it (`googlebot` for `googlebot-news`).
fn most_specific_google_name(groups: &[Group], robot: &str) -> Option<String> {
    let covers = |name: &str| {
        !name.is_empty()
            && robot.get(..name.len()).is_some_and(|prefix| prefix.eq_ignore_ascii_case(name))
            && matches!(robot.as_bytes().get(name.len()), None | Some(b'-'))
    };
    groups
        .iter()
        .flat_map(|group| &group.agents)
        .map(|agent| product_token(&agent.value))
        .filter(|name| covers(name))
        .max_by_key(|name| name.len())
        .map(str::to_ascii_lowercase)
}

fn names_robot(group: &Group, names: &impl Fn(&str) -> bool) -> bool {
    group.agents.iter().any(|agent| names(&agent.value))
}

fn first_group<'g>(groups: &'g [Group], names: impl Fn(&str) -> bool) -> Option<Selection<'g>> {
    let group = groups.iter().find(|group| names_robot(group, &names))?;
    Some(selection_of([group], &names))
}

fn merged_groups<'g>(groups: &'g [Group], names: impl Fn(&str) -> bool) -> Option<Selection<'g>> {
    let chosen: Vec<&'g Group> = groups.iter().filter(|group| names_robot(group, &names)).collect();
    (!chosen.is_empty()).then(|| selection_of(chosen, &names))
}

fn selection_of<'g>(chosen: impl IntoIterator<Item = &'g Group>, names: &impl Fn(&str) -> bool) -> Selection<'g> {
    let mut selection = Selection { agent_lines: Vec::new(), rules: Vec::new() };
    for group in chosen {
        selection.agent_lines.extend(group.agents.iter().filter(|agent| names(&agent.value)).map(|agent| agent.line));
        selection.rules.extend(&group.rules);
    }
    selection
}

/// One rule in the dialect's normal form, plus Google's derived `index.htm` rule. An empty
/// path matches nothing: `Disallow:` allows everything (1994, §4 of the draft), and an
/// empty Allow says nothing.
fn compile(rule: &RuleEntry, span: Span, dialect: Dialect) -> Vec<CompiledRule> {
    if rule.value.is_empty() {
        return Vec::new();
    }
    let decided_by = DecidingRule { line: rule.line, span, kind: rule.kind, pattern: rule.value.clone() };
    let normal = match dialect {
        Dialect::Norobots1994 => return vec![literal_rule(decided_by, rule.value.as_bytes().to_vec())],
        Dialect::Draft1996 => return vec![literal_rule(decided_by, encoding::draft_octets(&rule.value))],
        Dialect::Rfc9309 | Dialect::Google => encoding::rfc9309_normal(&rule.value),
    };
    let derived = (dialect == Dialect::Google && rule.kind.allows()).then(|| google_index_pattern(&normal)).flatten();
    let mut compiled = vec![wildcard_rule(decided_by.clone(), &normal)];
    if let Some(directory) = derived {
        compiled.push(wildcard_rule(DecidingRule { pattern: directory.clone(), ..decided_by }, &directory));
    }
    compiled
}

fn literal_rule(decided_by: DecidingRule, pattern: Vec<u8>) -> CompiledRule {
    CompiledRule { decided_by, priority: pattern.len(), pattern }
}

fn wildcard_rule(decided_by: DecidingRule, normal: &str) -> CompiledRule {
    let pattern = encoding::rfc9309_pattern_for_matching(normal).into_bytes();
    CompiledRule { decided_by, pattern, priority: normal.len() }
}

/// Google's parser treats `Allow: /dir/index.htm…` as also allowing `/dir/$`.
fn google_index_pattern(normal: &str) -> Option<String> {
    let slash = normal.rfind('/')?;
    normal[slash..].starts_with("/index.htm").then(|| format!("{}$", &normal[..=slash]))
}

fn normal_url(path: &str, dialect: Dialect) -> Vec<u8> {
    match dialect {
        Dialect::Norobots1994 => path.as_bytes().to_vec(),
        Dialect::Draft1996 => encoding::draft_octets(path),
        Dialect::Rfc9309 | Dialect::Google => encoding::rfc9309_url_normal(path).into_bytes(),
    }
}
