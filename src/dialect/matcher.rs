//! What a robot may fetch: a [`Matcher`] is compiled once for one document, robot and
//! dialect, and then answers any number of URLs with a [`Verdict`] that names what decided.

use std::borrow::Cow;
use std::cell::Cell;
use std::sync::Arc;

use foldhash::{HashMap, HashMapExt};

use crate::dialect::encoding;
use crate::dialect::groups::{self, AgentEntry, Group, RuleEntry, RuleKind};
use crate::dialect::pattern::{Path, Pattern};
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
    /// the directory pattern derived from it, such as `/dir/$`. Shared with the matcher,
    /// so a verdict costs no copy of it.
    pub pattern: Arc<str>,
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
    pattern: Pattern,
    /// RFC 9309's "most octets": the length of the normal form, each `$` counted once.
    priority: usize,
}

/// A matcher's rules by the literal start every URL a rule matches begins with, so that a
/// URL is compared only with the rules whose literal start begins it: one binary search
/// finds the longest such literal start, and each shorter one is a link away. Grouping rules
/// by their second octet alone made 64,000 `User-agent: *` records with distinct paths a
/// quadratic lint.
#[derive(Debug, Clone)]
struct RuleIndex {
    /// Positions into `RuleSet::rules`, sorted by (literal start, position).
    by_literal_start: Vec<u32>,
    /// The distinct literal starts, in sorted order.
    starts: Vec<LiteralStart>,
}

/// The rules that share one literal start.
#[derive(Debug, Clone)]
struct LiteralStart {
    /// Where its rules begin in `RuleIndex::by_literal_start`; they end where the next
    /// literal start's begin.
    rules_from: u32,
    /// The longest other literal start that begins this one.
    parent: Option<u32>,
    /// The first position among its rules and those of all its ancestors: no rule on the
    /// way to the root comes before it.
    first_on_chain: u32,
}

impl RuleIndex {
    fn new(rules: &[CompiledRule]) -> RuleIndex {
        let literal_start = |position: u32| rules[position as usize].pattern.literal_start();
        let mut by_literal_start: Vec<u32> = (0..rules.len() as u32).collect();
        by_literal_start.sort_unstable_by(|&a, &b| literal_start(a).cmp(literal_start(b)).then(a.cmp(&b)));
        let mut starts: Vec<LiteralStart> = Vec::new();
        // The chain of literal starts that begin the current one, innermost last: sorted
        // order visits a literal start right after every one that begins it.
        let mut open: Vec<u32> = Vec::new();
        for (at, &position) in by_literal_start.iter().enumerate() {
            let start = literal_start(position);
            let same_as_last = starts
                .last()
                .is_some_and(|last: &LiteralStart| literal_start(by_literal_start[last.rules_from as usize]) == start);
            if same_as_last {
                continue;
            }
            while let Some(&outer) = open.last() {
                if start.starts_with(literal_start(by_literal_start[starts[outer as usize].rules_from as usize])) {
                    break;
                }
                open.pop();
            }
            let parent = open.last().copied();
            let first_on_chain = parent.map_or(position, |parent| position.min(starts[parent as usize].first_on_chain));
            open.push(starts.len() as u32);
            starts.push(LiteralStart { rules_from: at as u32, parent, first_on_chain });
        }
        RuleIndex { by_literal_start, starts }
    }

    /// The first position (the dialect's first rule to try) whose rule `matches`, among the
    /// rules whose literal start begins `path`.
    fn first_match(
        &self,
        rules: &[CompiledRule],
        path: &[u8],
        matches: impl Fn(&CompiledRule) -> bool,
    ) -> Option<usize> {
        let text_of = |start: &LiteralStart| {
            rules[self.by_literal_start[start.rules_from as usize] as usize].pattern.literal_start()
        };
        let mut best: Option<usize> = None;
        let mut next = self.longest_beginning(path, text_of);
        while let Some(at) = next {
            let start = &self.starts[at as usize];
            if best.is_some_and(|best| start.first_on_chain as usize >= best) {
                break;
            }
            let rules_to =
                self.starts.get(at as usize + 1).map_or(self.by_literal_start.len(), |next| next.rules_from as usize);
            let found = self.by_literal_start[start.rules_from as usize..rules_to]
                .iter()
                .map(|&position| position as usize)
                .take_while(|&position| best.is_none_or(|best| position < best))
                .find(|&position| matches(&rules[position]));
            best = found.or(best);
            next = start.parent;
        }
        best
    }

    /// The longest literal start that begins `path`. Each step looks for the greatest literal
    /// start not above `path[..length]`: when it does not begin the path, no literal start
    /// longer than what it shares with the path does, so `length` shrinks to that.
    fn longest_beginning<'r>(&self, path: &[u8], text_of: impl Fn(&LiteralStart) -> &'r [u8]) -> Option<u32> {
        let mut length = path.len();
        loop {
            let probe = &path[..length];
            let end = self.starts.partition_point(|start| text_of(start) <= probe);
            let greatest = text_of(self.starts.get(end.checked_sub(1)?)?);
            let shared = greatest.iter().zip(probe).take_while(|(a, b)| a == b).count();
            if shared == greatest.len() {
                return Some(end as u32 - 1);
            }
            length = shared;
        }
    }
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
    rules: Arc<RuleSet>,
}

/// The rules of the groups a robot obeys, compiled for one dialect. Robots that obey the
/// same groups (every robot a file does not name obeys its `*` groups) share one.
#[derive(Debug)]
pub(crate) struct RuleSet {
    /// In the order the dialect tries them: file order for the first match (1994, 1996);
    /// longest pattern first, then Allow before Disallow, then file order for the longest
    /// match (RFC 9309, Google). The first that matches decides.
    rules: Vec<CompiledRule>,
    index: RuleIndex,
}

/// The rule sets compiled from one dialect's groups of one document, by the groups chosen.
pub(crate) type RuleSets = HashMap<Vec<usize>, Arc<RuleSet>>;

impl Matcher {
    /// Compiles the rules `document` (parsed from `text`) sets for the robot whose name or
    /// User-agent header is `agent` (`FigTree/0.1 Robot libwww-perl/5.04` is `figtree`).
    pub fn new(document: &Document, text: &str, agent: &str, dialect: Dialect) -> Matcher {
        let groups = groups::groups(document, text, dialect);
        Matcher::for_groups(&groups, &mut RuleSets::new(), document, text, agent, dialect)
    }

    /// [`Matcher::new`] for each of several robots: the document is grouped once, and robots
    /// that obey the same groups share one compiled rule set (`matrix` with a thousand robots
    /// groups and compiles once, not a thousand times).
    pub fn for_robots<'a>(
        document: &Document,
        text: &str,
        agents: impl IntoIterator<Item = &'a str>,
        dialect: Dialect,
    ) -> Vec<Matcher> {
        let groups = groups::groups(document, text, dialect);
        let mut compiled = RuleSets::new();
        agents
            .into_iter()
            .map(|agent| Matcher::for_groups(&groups, &mut compiled, document, text, agent, dialect))
            .collect()
    }

    /// [`Matcher::new`] for `groups`, the document's groups as `dialect` reads them, taking
    /// the rule set from `compiled` when another robot obeys the same groups, and keeping
    /// it there otherwise: what compiling matchers for several robots does once.
    pub(crate) fn for_groups(
        groups: &[Group],
        compiled: &mut RuleSets,
        document: &Document,
        text: &str,
        agent: &str,
        dialect: Dialect,
    ) -> Matcher {
        let robot = robot_token(agent, dialect);
        let selection = select(groups, text, &robot, dialect);
        let chosen = selection.as_ref().map(|selection| selection.groups.clone()).unwrap_or_default();
        let rules = match compiled.get(&chosen) {
            Some(rules) => Arc::clone(rules),
            None => {
                let selected = selection.iter().flat_map(|selection| selection.rules.iter().copied());
                let rules = Arc::new(RuleSet::new(selected, document, text, dialect));
                compiled.insert(chosen, Arc::clone(&rules));
                rules
            }
        };
        Matcher {
            dialect,
            applies: selection.is_some(),
            agent_lines: selection.map(|selection| selection.agent_lines).unwrap_or_default(),
            rules,
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
        self.decide(url, |rule, subject| rule.pattern.matches(subject))
    }

    /// [`Matcher::allowed`] within `budget`, which each rule compared costs one plus the
    /// length of its pattern: `None`, with the budget spent, when the answer would cost
    /// more. Rules whose literal starts are alike (`/*a*a…`) leave nothing to index by, and
    /// witnesses for each of 20,000 of them were a quadratic lint.
    pub(crate) fn allowed_within(&self, url: &str, budget: &Cell<usize>) -> Option<Verdict> {
        let exhausted = Cell::new(false);
        let verdict = self.decide(url, |rule, subject| match budget.get().checked_sub(1 + rule.priority) {
            Some(left) => {
                budget.set(left);
                rule.pattern.matches(subject)
            }
            None => {
                exhausted.set(true);
                budget.set(0);
                false
            }
        });
        (!exhausted.get()).then_some(verdict)
    }

    fn decide(&self, url: &str, matches: impl Fn(&CompiledRule, &Path<'_>) -> bool) -> Verdict {
        let path = url::path_and_query(url).unwrap_or(Cow::Borrowed(url));
        if self.is_robots_txt(&path) {
            return Verdict::allowed_because(Reason::RobotsTxt);
        }
        if !self.applies {
            return Verdict::allowed_because(Reason::NoRecordApplies);
        }
        let path = normal_url(&path, self.dialect);
        let subject = Path::new(&path);
        let RuleSet { rules, index } = &*self.rules;
        let decisive = index.first_match(rules, &path, |rule| matches(rule, &subject)).map(|position| &rules[position]);
        match decisive {
            Some(rule) => {
                Verdict { allowed: rule.decided_by.kind.allows(), reason: Reason::Rule(rule.decided_by.clone()) }
            }
            None => Verdict::allowed_because(Reason::NoRuleMatched),
        }
    }

    fn is_robots_txt(&self, path: &str) -> bool {
        // Normalising keeps a leading `/` and makes an `r` only of `r` or an escape: a
        // quick look rules out nearly every path before the normal form is computed.
        let could_be = matches!(path.as_bytes(), [b'/', b'r' | b'%', ..]);
        could_be
            && self.dialect != Dialect::Norobots1994
            && *normal_url(url::without_query(path), self.dialect) == *b"/robots.txt"
    }
}

impl RuleSet {
    /// How many rules it holds, each pattern counted (Google's derived `index.htm` rules too).
    pub(crate) fn len(&self) -> usize {
        self.rules.len()
    }

    fn new<'r>(
        selected: impl Iterator<Item = &'r RuleEntry> + Clone,
        document: &Document,
        text: &str,
        dialect: Dialect,
    ) -> RuleSet {
        let mut rules: Vec<CompiledRule> = Vec::with_capacity(selected.clone().count());
        for rule in selected {
            compile(rule, text, document.lines[rule.line].span, dialect, &mut rules);
        }
        if takes_longest_match(dialect) {
            // Equals in file order, so the first in the file is reported. The key is unique
            // (a line's derived `index.htm` rule is shorter than the line's own), so the
            // unstable sort, which needs no buffer as large as the rules, is as good as a
            // stable one.
            rules.sort_unstable_by_key(|rule| {
                (std::cmp::Reverse(rule.priority), !rule.decided_by.kind.allows(), rule.decided_by.line)
            });
        }
        RuleSet { index: RuleIndex::new(&rules), rules }
    }
}

/// §3.2.2 of the draft: the first rule in file order whose path starts the URL's decides.
/// RFC 9309 §2.2.2: the matching rule with the longest pattern decides, and Allow wins a tie.
fn takes_longest_match(dialect: Dialect) -> bool {
    matches!(dialect, Dialect::Rfc9309 | Dialect::Google)
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
    /// The chosen groups' positions, ascending.
    groups: Vec<usize>,
    agent_lines: Vec<LineIndex>,
    rules: Vec<&'g RuleEntry>,
}

fn select<'g>(groups: &'g [Group], text: &str, robot: &str, dialect: Dialect) -> Option<Selection<'g>> {
    let value = |agent: &AgentEntry| agent.value.text(text);
    let star = |agent: &AgentEntry| is_rfc9309_star(value(agent));
    match dialect {
        Dialect::Norobots1994 | Dialect::Draft1996 => {
            first_group(groups, |agent| names_by_substring(value(agent), robot))
                .or_else(|| first_group(groups, |agent| value(agent) == "*"))
        }
        Dialect::Rfc9309 => {
            merged_groups(groups, |agent| names_by_token(value(agent), robot)).or_else(|| merged_groups(groups, star))
        }
        Dialect::Google => most_specific_google_name(groups, text, robot)
            .and_then(|name| merged_groups(groups, |agent| names_by_token(value(agent), &name)))
            .or_else(|| merged_groups(groups, star)),
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
fn most_specific_google_name(groups: &[Group], text: &str, robot: &str) -> Option<String> {
    let covers = |name: &str| {
        !name.is_empty()
            && robot.get(..name.len()).is_some_and(|prefix| prefix.eq_ignore_ascii_case(name))
            && matches!(robot.as_bytes().get(name.len()), None | Some(b'-'))
    };
    groups
        .iter()
        .flat_map(|group| &group.agents)
        .map(|agent| product_token(agent.value.text(text)))
        .filter(|name| covers(name))
        .max_by_key(|name| name.len())
        .map(str::to_ascii_lowercase)
}

fn names_robot(group: &Group, names: &impl Fn(&AgentEntry) -> bool) -> bool {
    group.agents.iter().any(names)
}

fn first_group(groups: &[Group], names: impl Fn(&AgentEntry) -> bool) -> Option<Selection<'_>> {
    let chosen = groups.iter().position(|group| names_robot(group, &names))?;
    Some(selection_of(groups, vec![chosen], &names))
}

fn merged_groups(groups: &[Group], names: impl Fn(&AgentEntry) -> bool) -> Option<Selection<'_>> {
    let chosen: Vec<usize> = (0..groups.len()).filter(|&at| names_robot(&groups[at], &names)).collect();
    (!chosen.is_empty()).then(|| selection_of(groups, chosen, &names))
}

fn selection_of<'g>(groups: &'g [Group], chosen: Vec<usize>, names: &impl Fn(&AgentEntry) -> bool) -> Selection<'g> {
    let mut selection = Selection { groups: Vec::new(), agent_lines: Vec::new(), rules: Vec::new() };
    for &at in &chosen {
        let group = &groups[at];
        selection.agent_lines.extend(group.agents.iter().filter(|agent| names(agent)).map(|agent| agent.line));
        selection.rules.extend(&group.rules);
    }
    selection.groups = chosen;
    selection
}

/// One rule in the dialect's normal form, plus Google's derived `index.htm` rule. An empty
/// path matches nothing: `Disallow:` allows everything (1994, §4 of the draft), and an
/// empty Allow says nothing.
fn compile(rule: &RuleEntry, text: &str, span: Span, dialect: Dialect, compiled: &mut Vec<CompiledRule>) {
    let value = rule.value.text(text);
    if value.is_empty() {
        return;
    }
    let decided_by = DecidingRule { line: rule.line, span, kind: rule.kind, pattern: Arc::from(value) };
    let normal = match dialect {
        Dialect::Norobots1994 => return compiled.push(literal_rule(decided_by, value.as_bytes().to_vec())),
        Dialect::Draft1996 => {
            return compiled.push(literal_rule(decided_by, encoding::draft_octets(value).into_owned()))
        }
        Dialect::Rfc9309 | Dialect::Google => encoding::rfc9309_normal(value),
    };
    let derived = (dialect == Dialect::Google && rule.kind.allows()).then(|| google_index_pattern(&normal)).flatten();
    let directory_rule = derived.map(|directory| {
        let decided_by = DecidingRule { pattern: Arc::from(directory.as_str()), ..decided_by.clone() };
        (decided_by, directory)
    });
    compiled.push(wildcard_rule(decided_by, normal));
    if let Some((decided_by, directory)) = directory_rule {
        compiled.push(wildcard_rule(decided_by, directory.into()));
    }
}

fn literal_rule(decided_by: DecidingRule, octets: Vec<u8>) -> CompiledRule {
    CompiledRule { decided_by, priority: octets.len(), pattern: Pattern::literal(octets) }
}

fn wildcard_rule(decided_by: DecidingRule, normal: Cow<'_, str>) -> CompiledRule {
    let priority = normal.len();
    CompiledRule { decided_by, pattern: Pattern::wildcard(encoding::rfc9309_pattern_for_matching(normal)), priority }
}

/// Google's parser treats `Allow: /dir/index.htm…` as also allowing `/dir/$`.
fn google_index_pattern(normal: &str) -> Option<String> {
    let slash = normal.rfind('/')?;
    normal[slash..].starts_with("/index.htm").then(|| format!("{}$", &normal[..=slash]))
}

fn normal_url(path: &str, dialect: Dialect) -> Cow<'_, [u8]> {
    match dialect {
        Dialect::Norobots1994 => Cow::Borrowed(path.as_bytes()),
        Dialect::Draft1996 => encoding::draft_octets(path),
        Dialect::Rfc9309 | Dialect::Google => match encoding::rfc9309_url_normal(path) {
            Cow::Borrowed(normal) => Cow::Borrowed(normal.as_bytes()),
            Cow::Owned(normal) => Cow::Owned(normal.into_bytes()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rules with literal starts that begin each other, share runs, and have none at all.
    const PATTERNS: &[&str] = &[
        "/", "/a", "/a", "/ab", "/abc*d", "/abd", "/b*", "*x", "/a*", "/ab$", "/abcd", "/abcde", "/b", "/ba", "/bab*c",
        "/c/d/e", "/c/d", "/c", "/", "/abc",
    ];

    fn compiled(dialect: Dialect) -> Vec<CompiledRule> {
        let mut text = String::from("User-agent: *\n");
        for (at, pattern) in PATTERNS.iter().enumerate() {
            text.push_str(if at % 3 == 0 { "Allow: " } else { "Disallow: " });
            text.push_str(pattern);
            text.push('\n');
        }
        let document = crate::parse::parse_text(&text);
        let groups = groups::groups(&document, &text, dialect);
        let selection = select(&groups, &text, "anybot", dialect).expect("the `*` group");
        RuleSet::new(selection.rules.into_iter(), &document, &text, dialect).rules
    }

    #[test]
    fn the_index_finds_the_first_matching_rule_as_a_scan_of_every_rule_does() {
        let paths = [
            "/", "/a", "/ab", "/abc", "/abcd", "/abcdef", "/abd", "/abx", "/b", "/ba", "/babxc", "/bz", "/c", "/c/d",
            "/c/d/e/f", "/x", "/zx", "", "/a/b",
        ];
        for dialect in Dialect::ALL {
            let rules = compiled(dialect);
            let index = RuleIndex::new(&rules);
            for path in paths {
                let subject = Path::new(path.as_bytes());
                let scanned = rules.iter().position(|rule| rule.pattern.matches(&subject));
                let indexed = index.first_match(&rules, path.as_bytes(), |rule| rule.pattern.matches(&subject));
                assert_eq!(indexed, scanned, "{dialect:?} {path:?}");
            }
        }
    }

    #[test]
    fn a_spent_budget_gives_no_verdict_and_an_ample_one_the_same_verdict() {
        let text = "User-agent: *\nDisallow: /*a*a*a\nAllow: /*b\n";
        let document = crate::parse::parse_text(text);
        let matcher = Matcher::new(&document, text, "anybot", Dialect::Rfc9309);
        let ample = Cell::new(1_000);
        assert_eq!(matcher.allowed_within("/xaxaxa", &ample), Some(matcher.allowed("/xaxaxa")));
        assert!(ample.get() < 1_000);
        let spent = Cell::new(3);
        assert_eq!(matcher.allowed_within("/xaxaxa", &spent), None);
        assert_eq!(spent.get(), 0);
    }
}
