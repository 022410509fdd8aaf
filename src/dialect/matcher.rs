//! What a robot may fetch: a [`Matcher`] is compiled once for one document, robot and
//! dialect, and then answers any number of URLs with a [`Verdict`] that names what decided.

use std::borrow::Cow;
use std::cell::Cell;
use std::sync::{Arc, OnceLock};

use foldhash::{HashMap, HashMapExt};

use crate::containment;
use crate::dialect::encoding;
use crate::dialect::google::{self, GoogleRule, Reading};
use crate::dialect::groups::{self, AgentEntry, Group, RuleEntry, RuleKind};
use crate::dialect::pattern::{self, Path, Pattern};
use crate::dialect::python;
use crate::dialect::url;
use crate::dialect::Dialect;
use crate::model::{Document, LineIndex, Span};

/// The Allow or Disallow line that decided a URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecidingRule {
    /// The line's index in the document.
    pub line: LineIndex,
    /// The whole line, without its line end.
    pub span: Span,
    /// Whether the line is an Allow or a Disallow.
    pub kind: RuleKind,
    /// The path as written on the line; for Google, as its parser escaped it (`%xx` in upper
    /// case, non-ASCII as `%XX`), and for its `index.htm` rule (see [`Matcher`]) the
    /// directory pattern derived from it, such as `/dir/$`. Shared with the matcher,
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
    /// `/robots.txt` itself, which the 1996 draft and RFC 9309 always allow (Google's code
    /// does not).
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

    /// The line that decided, when a line did.
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
    /// Whether the robot may fetch the URL.
    pub allowed: bool,
    /// Why: the deciding line, or why none decided.
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
///
/// Where many rules share one literal start (`/*a*a…`, `/*?sort=`, `/*?page=`), that start
/// tells them apart no longer: such a rule is found by the longest piece of its pattern
/// after the first `*` instead ([`ByPiece`]), which every path it matches holds.
#[derive(Debug, Clone)]
struct RuleIndex {
    /// Positions into `RuleSet::rules`, sorted by (literal start, position), but for the
    /// `crowded` ones.
    by_literal_start: Vec<u32>,
    /// The distinct literal starts, in sorted order.
    starts: Vec<LiteralStart>,
    /// The positions of the rules found by their pieces, ascending.
    crowded: Vec<u32>,
    /// Built when the first URL is asked: most matchers `diff` builds are never asked one.
    by_piece: OnceLock<ByPiece>,
}

/// Rules found by a piece inside the path rather than by their literal start.
#[derive(Debug, Clone)]
struct ByPiece {
    pieces: containment::Pieces,
    /// For each piece, the positions of the rules it was taken from, ascending.
    rules_of_piece: Vec<Vec<u32>>,
}

/// How many rules may share a literal start before they are found by their pieces instead:
/// below it, comparing a URL with each costs less than looking for pieces in the URL.
const CROWDED_LITERAL_START: usize = 32;

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
    /// Its first eight octets as [`ordering_head`] gives them: the binary search for a path
    /// compares these integers and reads the literal start itself only where they are equal.
    head: u64,
}

/// The first eight octets of `text`, zero-padded, as a big-endian integer: where two texts'
/// heads differ, they order as the texts do (a shorter text's padding sorts before any octet
/// but NUL, and a NUL against padding leaves the heads equal).
fn ordering_head(text: &[u8]) -> u64 {
    u64::from_be_bytes(pattern::first_eight(text))
}

impl RuleIndex {
    fn new(rules: &[CompiledRule]) -> RuleIndex {
        RuleIndex::crowded_at(rules, CROWDED_LITERAL_START)
    }

    /// The index where `crowded` rules with one literal start are found by their pieces.
    fn crowded_at(rules: &[CompiledRule], crowded: usize) -> RuleIndex {
        let literal_start = |position: u32| rules[position as usize].pattern.literal_start();
        let mut by_literal_start: Vec<u32> = (0..rules.len() as u32).collect();
        by_literal_start.sort_unstable_by(|&a, &b| literal_start(a).cmp(literal_start(b)).then(a.cmp(&b)));
        let crowded = take_crowded(rules, &mut by_literal_start, crowded);
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
            starts.push(LiteralStart { rules_from: at as u32, parent, first_on_chain, head: ordering_head(start) });
        }
        RuleIndex { by_literal_start, starts, crowded, by_piece: OnceLock::new() }
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
        if self.crowded.is_empty() {
            return best;
        }
        self.by_piece.get_or_init(|| ByPiece::new(rules, &self.crowded)).first_match(rules, path, best, matches)
    }

    /// The longest literal start that begins `path`. Each step looks for the greatest literal
    /// start not above `path[..length]`: when it does not begin the path, no literal start
    /// longer than what it shares with the path does, so `length` shrinks to that.
    fn longest_beginning<'r>(&self, path: &[u8], text_of: impl Fn(&LiteralStart) -> &'r [u8]) -> Option<u32> {
        let mut length = path.len();
        loop {
            let probe = &path[..length];
            let probe_head = ordering_head(probe);
            let end = self.starts.partition_point(|start| match start.head.cmp(&probe_head) {
                std::cmp::Ordering::Equal => text_of(start) <= probe,
                order => order.is_lt(),
            });
            let greatest = text_of(self.starts.get(end.checked_sub(1)?)?);
            let shared = greatest.iter().zip(probe).take_while(|(a, b)| a == b).count();
            if shared == greatest.len() {
                return Some(end as u32 - 1);
            }
            length = shared;
        }
    }
}

/// Takes out of `by_literal_start` (sorted by literal start) each rule that shares its
/// literal start with at least `crowded` rules and has a piece after a `*`: their positions,
/// ascending.
fn take_crowded(rules: &[CompiledRule], by_literal_start: &mut Vec<u32>, crowded: usize) -> Vec<u32> {
    let literal_start = |position: u32| rules[position as usize].pattern.literal_start();
    let has_piece = |position: u32| !rules[position as usize].pattern.longest_inner_piece().is_empty();
    let mut taken: Vec<u32> = Vec::new();
    let mut kept: Vec<u32> = Vec::with_capacity(by_literal_start.len());
    for run in by_literal_start.chunk_by(|&a, &b| literal_start(a) == literal_start(b)) {
        if run.len() < crowded {
            kept.extend_from_slice(run);
            continue;
        }
        for &position in run {
            if has_piece(position) {
                taken.push(position);
            } else {
                kept.push(position);
            }
        }
    }
    if !taken.is_empty() {
        *by_literal_start = kept;
        taken.sort_unstable();
    }
    taken
}

impl ByPiece {
    /// The pieces of the rules at `crowded` (ascending positions).
    fn new(rules: &[CompiledRule], crowded: &[u32]) -> ByPiece {
        let mut piece_number: HashMap<&[u8], u32> = HashMap::new();
        let mut distinct: Vec<&[u8]> = Vec::new();
        let mut rules_of_piece: Vec<Vec<u32>> = Vec::new();
        for &position in crowded {
            let piece = rules[position as usize].pattern.longest_inner_piece();
            let number = *piece_number.entry(piece).or_insert_with(|| {
                distinct.push(piece);
                rules_of_piece.push(Vec::new());
                distinct.len() as u32 - 1
            });
            rules_of_piece[number as usize].push(position);
        }
        ByPiece { pieces: containment::Pieces::new(&distinct), rules_of_piece }
    }

    /// `best`, or an earlier position whose rule `matches`, among the rules whose piece
    /// `path` holds.
    fn first_match(
        &self,
        rules: &[CompiledRule],
        path: &[u8],
        mut best: Option<usize>,
        matches: impl Fn(&CompiledRule) -> bool,
    ) -> Option<usize> {
        for piece in self.pieces.inside(path) {
            let found = self.rules_of_piece[piece as usize]
                .iter()
                .map(|&position| position as usize)
                .take_while(|&position| best.is_none_or(|best| position < best))
                .find(|&position| matches(&rules[position]));
            best = found.or(best);
        }
        best
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
/// * `rfc9309`, RFC 9309's text (docs/rfc9309.md lists each sentence and its test in
///   tests/it/rfc9309.rs): every group whose User-agent value *is* the robot's product token,
///   compared case-insensitively, merged (§2.2.1); else every group whose value is `*`,
///   merged; else no rules. A value that is not a product token (`FooBot/1.0`) names no
///   robot, though the line still starts a group. Blank lines and other records do not end
///   groups (§2.1, §2.2.4). The matching pattern with the most octets in its normal form
///   wins, and Allow wins a tie (the "SHOULD" of §2.2.2 taken); matching is case-sensitive
///   (the "SHOULD" taken); `*` and a final `$` are wildcards (§2.2.3; a `$` elsewhere, on
///   which the RFC is silent, is an ordinary character, as for Google); %-escapes are
///   normalised as in §2.2.2, and in the query `:/?@[]` compare escaped, as the section's
///   first example has it; the URI `/robots.txt` (without a query) is allowed (§2.2.2).
/// * `google`: Google's open-source parser and matcher, byte for byte, reading the input's
///   bytes (`Document::original` when the text was decoded from something else), as
///   `dialect::google` describes: keys recognised by their start (typos, `Allowed:`),
///   `Disallow /path` without a colon, values escaped but never decoded, URLs never
///   normalised, `/robots.txt` not exempt, the robot's name compared as given (not reduced
///   to a product token), and, when any line names the robot, the global groups never
///   used. The longest pattern in bytes (each `*` and `$` counted) wins and Allow wins a
///   tie; an Allow whose last segment starts with `index.htm` also allows its directory
///   (`Allow: /dir/index.html` allows `/dir/`, as the pattern `/dir/$`).
/// * `python-robotparser`: Python's `urllib.robotparser`, which reads the text its own way
///   (`python.rs`): the first entry whose User-agent value (lower case) is inside the
///   robot's name (cut at the first `/`), else the first `*` entry; rules in file order,
///   the first whose normal form starts the URL's decides; an empty Allow or Disallow
///   allows every URL that reaches it, and an empty User-agent value names every robot;
///   `/robots.txt` gets no special treatment.
///
/// In every dialect but Python's an empty Allow or Disallow matches nothing and an empty
/// User-agent value names no robot; in all, rules that belong to no record are ignored. Not
/// modelled: what happens when fetching robots.txt fails, Google's 500 KiB limit and, for
/// the other dialects, its 16,663-byte line limit (the linter's size rules report those),
/// and Crawl-delay and other extensions.
#[derive(Debug, Clone)]
pub struct Matcher {
    dialect: Dialect,
    robot: String,
    applies: bool,
    /// Shared by the robots that obey the same lines (a thousand robots falling back to
    /// 60,000 `*` lines keep one copy of them).
    agent_lines: Arc<[LineIndex]>,
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
        match dialect {
            Dialect::Google => {
                let reading = Reading::of(document, text);
                return Matcher::for_google(&reading, &mut RuleSets::new(), document, agent);
            }
            Dialect::PythonRobotparser => {
                let reading = python::Reading::new(document, text);
                return Matcher::for_python(&reading, &mut RuleSets::new(), document, agent);
            }
            _ => {}
        }
        let groups = groups::groups(document, dialect);
        let values = AgentValues::new(&groups, text, dialect);
        Matcher::for_groups(&groups, &values, &mut RuleSets::new(), document, text, agent, dialect)
    }

    /// [`Matcher::new`] for each of several robots, in time linear in the document and the
    /// robots' names: the document is grouped once, the groups naming the robots are found
    /// for all of them at once (a hash of tokens, or an automaton of the names for the
    /// dialects that compare substrings), robots with the same name share one matcher, and
    /// those no line names share the one of the `*` groups. Robots that obey the same
    /// groups share one compiled rule set.
    pub fn for_robots<'a>(
        document: &Document,
        text: &str,
        agents: impl IntoIterator<Item = &'a str>,
        dialect: Dialect,
    ) -> Vec<Matcher> {
        let tokens = agents.into_iter().map(|agent| robot_token(agent, dialect)).collect();
        Matcher::for_robot_names(document, text, tokens, dialect)
    }

    /// RFC 9309's grouping and precedence for robots whose own crawlers compare a
    /// User-agent value whole, ignoring case, with their name (`MJ12bot`, `Sogou web
    /// spider`): the value is not cut to a product token. What the registry's
    /// `matching = "whole-value"` entries read with (`agents::Matching`); the `rfc9309`
    /// dialect itself still reads such a name as its product token.
    pub fn for_whole_values<'a>(
        document: &Document,
        text: &str,
        names: impl IntoIterator<Item = &'a str>,
    ) -> Vec<Matcher> {
        let names = names.into_iter().map(|name| name.trim().to_ascii_lowercase()).collect();
        Matcher::for_robot_names(document, text, names, Dialect::Rfc9309)
    }

    /// [`Matcher::for_robots`] for names already as the dialect compares them.
    fn for_robot_names(document: &Document, text: &str, tokens: Vec<String>, dialect: Dialect) -> Vec<Matcher> {
        let mut distinct: Vec<&str> = tokens.iter().map(String::as_str).collect();
        distinct.sort_unstable();
        distinct.dedup();
        let mut compiled = RuleSets::new();
        let mut fallback: Option<Matcher> = None;
        let matchers: Vec<Matcher> = match dialect {
            Dialect::Google => {
                let reading = Reading::of(document, text);
                let groups = reading.groups();
                distinct
                    .iter()
                    .map(|&robot| match groups.named(robot) {
                        Some(selection) => Matcher::google_selected(selection, &mut compiled, document, robot),
                        None => fallback
                            .get_or_insert_with(|| {
                                Matcher::google_selected(groups.global(), &mut compiled, document, robot)
                            })
                            .for_robot(robot),
                    })
                    .collect()
            }
            Dialect::PythonRobotparser => {
                let reading = python::Reading::new(document, text);
                let named = reading.entries_naming(&distinct);
                distinct
                    .iter()
                    .zip(named)
                    .map(|(&robot, chosen)| match chosen {
                        Some(chosen) => Matcher::python_chosen(Some(chosen), &mut compiled, document, robot),
                        None => fallback
                            .get_or_insert_with(|| {
                                Matcher::python_chosen(reading.default_entry(), &mut compiled, document, robot)
                            })
                            .for_robot(robot),
                    })
                    .collect()
            }
            _ => {
                let groups = groups::groups(document, dialect);
                let named = groups_naming(&AgentValues::new(&groups, text, dialect), &distinct);
                distinct
                    .iter()
                    .zip(named)
                    .map(|(&robot, chosen)| {
                        if !chosen.is_empty() {
                            let selection = named_selection(&groups, text, chosen, robot, dialect);
                            return Matcher::selected(Some(selection), &mut compiled, document, text, robot, dialect);
                        }
                        fallback
                            .get_or_insert_with(|| {
                                let selection = star_selection(&groups, text, dialect);
                                Matcher::selected(selection, &mut compiled, document, text, robot, dialect)
                            })
                            .for_robot(robot)
                    })
                    .collect()
            }
        };
        // `distinct` is sorted, and holds every token.
        let matcher_of = |token: &String| distinct.binary_search(&token.as_str()).ok().and_then(|at| matchers.get(at));
        tokens.iter().filter_map(matcher_of).cloned().collect()
    }

    /// This matcher for another robot that obeys the same lines.
    fn for_robot(&self, robot: &str) -> Matcher {
        Matcher { robot: robot.to_string(), ..self.clone() }
    }

    /// [`Matcher::new`] for `groups`, the document's groups as `dialect` reads them, taking
    /// the rule set from `compiled` when another robot obeys the same groups, and keeping
    /// it there otherwise: what compiling matchers for several robots does once. (Google's
    /// reading is not groups of the model's lines: see [`Matcher::for_google`].)
    pub(crate) fn for_groups(
        groups: &[Group],
        values: &AgentValues,
        compiled: &mut RuleSets,
        document: &Document,
        text: &str,
        agent: &str,
        dialect: Dialect,
    ) -> Matcher {
        if dialect == Dialect::PythonRobotparser {
            return Matcher::for_python(&python::Reading::new(document, text), compiled, document, agent);
        }
        let robot = robot_token(agent, dialect);
        let selection = select(groups, values, text, &robot, dialect);
        Matcher::selected(selection, compiled, document, text, &robot, dialect)
    }

    /// The matcher of `robot` (as the dialect names it), which obeys `selection`.
    fn selected(
        selection: Option<Selection<'_>>,
        compiled: &mut RuleSets,
        document: &Document,
        text: &str,
        robot: &str,
        dialect: Dialect,
    ) -> Matcher {
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
            agent_lines: selection.map(|selection| selection.agent_lines).unwrap_or_default().into(),
            rules,
            robot: robot.to_string(),
        }
    }

    /// [`Matcher::for_groups`] for Google's reading of the document's bytes. The robots that
    /// obey the same agent lines share a rule set.
    pub(crate) fn for_google(reading: &Reading, compiled: &mut RuleSets, document: &Document, agent: &str) -> Matcher {
        let robot = robot_token(agent, Dialect::Google);
        Matcher::google_selected(reading.select(&robot), compiled, document, &robot)
    }

    fn google_selected(
        selection: google::Selection,
        compiled: &mut RuleSets,
        document: &Document,
        robot: &str,
    ) -> Matcher {
        let rules = compiled
            .entry(selection.agent_lines.clone())
            .or_insert_with(|| Arc::new(RuleSet::google(&selection.rules, document)));
        Matcher {
            dialect: Dialect::Google,
            robot: robot.to_string(),
            applies: !selection.agent_lines.is_empty(),
            rules: Arc::clone(rules),
            agent_lines: selection.agent_lines.into(),
        }
    }

    /// [`Matcher::new`] for Python's reading of a document, keeping the rule set of each
    /// entry in `compiled` as [`Matcher::for_groups`] does (keyed by the entry's position).
    pub(crate) fn for_python(
        reading: &python::Reading,
        compiled: &mut RuleSets,
        document: &Document,
        agent: &str,
    ) -> Matcher {
        let robot = robot_token(agent, Dialect::PythonRobotparser);
        Matcher::python_chosen(reading.entry_for(&robot), compiled, document, &robot)
    }

    fn python_chosen(
        chosen: Option<(usize, &python::Entry, Vec<LineIndex>)>,
        compiled: &mut RuleSets,
        document: &Document,
        robot: &str,
    ) -> Matcher {
        let key = chosen.as_ref().map(|(position, ..)| vec![*position]).unwrap_or_default();
        let entry_rules = chosen.as_ref().map_or(&[][..], |(_, entry, _)| entry.rules());
        let rules = Arc::clone(compiled.entry(key).or_insert_with(|| Arc::new(RuleSet::python(entry_rules, document))));
        Matcher {
            dialect: Dialect::PythonRobotparser,
            applies: chosen.is_some(),
            agent_lines: chosen.map(|(_, _, lines)| lines).unwrap_or_default().into(),
            rules,
            robot: robot.to_string(),
        }
    }

    /// The dialect the matcher reads the file as.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The robot's name as the dialect compares it: lower case, without version (Google:
    /// lower case, as given).
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

    /// The rules the robot obeys, in the order the dialect tries them. A verdict depends
    /// only on the dialect and these rules' kinds and patterns (without rules, every URL is
    /// allowed), so matchers whose rules agree on those answer every URL alike.
    pub fn rules(&self) -> impl Iterator<Item = &DecidingRule> {
        self.rules.rules.iter().map(|rule| &rule.decided_by)
    }

    /// Whether the robot may fetch `url`: a path (`/a/b?c`) or a whole URL
    /// (`https://example.com/a/b?c`), of which the path and query count. Anything else is
    /// compared as given; Google takes the path of anything as its `GetPathParamsQuery` does.
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

    /// The verdict for `url`, comparing the rules `matches` says match: Google takes the path
    /// as its `GetPathParamsQuery` does and compares it as given; Python takes the URL apart
    /// itself (python::url_path); the others compare the path and query in normal form.
    fn decide(&self, url: &str, matches: impl Fn(&CompiledRule, &Path<'_>) -> bool) -> Verdict {
        if self.dialect == Dialect::Google {
            return self.decide_path(&google::path_params_query(url.as_bytes()), matches);
        }
        let path = match self.dialect {
            Dialect::PythonRobotparser => Cow::Borrowed(url),
            _ => url::path_and_query(url).unwrap_or(Cow::Borrowed(url)),
        };
        if self.is_robots_txt(&path) {
            return Verdict::allowed_because(Reason::RobotsTxt);
        }
        self.decide_path(&normal_url(&path, self.dialect), matches)
    }

    /// The verdict for a path in the dialect's normal form.
    fn decide_path(&self, path: &[u8], matches: impl Fn(&CompiledRule, &Path<'_>) -> bool) -> Verdict {
        if !self.applies {
            return Verdict::allowed_because(Reason::NoRecordApplies);
        }
        let subject = Path::new(path);
        let RuleSet { rules, index } = &*self.rules;
        let decisive = index.first_match(rules, path, |rule| matches(rule, &subject)).map(|position| &rules[position]);
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
        // RFC 9309 §2.2.2 allows "the /robots.txt URI", which `/robots.txt?x=1` is not; the
        // draft's §3.2.2 speaks of the file, whatever the query. Google's code exempts nothing.
        let uri = match self.dialect {
            Dialect::Rfc9309 => path,
            _ => url::without_query(path),
        };
        could_be
            && matches!(self.dialect, Dialect::Draft1996 | Dialect::Rfc9309)
            && *normal_url(uri, self.dialect) == *b"/robots.txt"
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
            sort_longest_first(&mut rules);
        }
        RuleSet { index: RuleIndex::new(&rules), rules }
    }

    /// Google's rules, their patterns as Google's parser escaped them, URLs compared as
    /// given. The first match in [`sort_longest_first`]'s order is what Google decides:
    /// the longest Allow and the longest Disallow that match, the Disallow only when
    /// strictly longer. An empty pattern matches with priority 0, which decides nothing.
    fn google(selected: &[GoogleRule], document: &Document) -> RuleSet {
        let mut rules: Vec<CompiledRule> = selected
            .iter()
            .filter(|rule| !rule.pattern.is_empty())
            .map(|rule| {
                let span = document.lines.get(rule.line).map_or_else(Span::default, |line| line.span);
                CompiledRule {
                    decided_by: DecidingRule {
                        line: rule.line,
                        span,
                        kind: rule.kind,
                        pattern: Arc::clone(&rule.pattern),
                    },
                    pattern: Pattern::wildcard(rule.pattern.as_bytes().to_vec()),
                    priority: rule.pattern.len(),
                }
            })
            .collect();
        sort_longest_first(&mut rules);
        RuleSet { index: RuleIndex::new(&rules), rules }
    }

    /// The rules of one of Python's entries, in file order, each path in Python's normal form.
    fn python(entry_rules: &[python::PythonRule], document: &Document) -> RuleSet {
        let rules: Vec<CompiledRule> = entry_rules
            .iter()
            .map(|rule| {
                let span = document.lines[rule.line].span;
                let decided_by = DecidingRule {
                    line: rule.line,
                    span,
                    kind: rule.acts_as,
                    pattern: Arc::from(rule.written.as_str()),
                };
                literal_rule(decided_by, rule.normal.as_bytes().to_vec())
            })
            .collect();
        RuleSet { index: RuleIndex::new(&rules), rules }
    }
}

/// Longest pattern first, then Allow before Disallow, then file order, so that the first in
/// the file of equals is reported. The key is unique (a line's derived `index.htm` rule is
/// shorter than the line's own), so the unstable sort, which needs no buffer as large as
/// the rules, is as good as a stable one.
fn sort_longest_first(rules: &mut [CompiledRule]) {
    rules.sort_unstable_by_key(|rule| {
        (std::cmp::Reverse(rule.priority), !rule.decided_by.kind.allows(), rule.decided_by.line)
    });
}

/// §3.2.2 of the draft: the first rule in file order whose path starts the URL's decides.
/// RFC 9309 §2.2.2: the matching rule with the longest pattern decides, and Allow wins a tie.
fn takes_longest_match(dialect: Dialect) -> bool {
    matches!(dialect, Dialect::Rfc9309 | Dialect::Google)
}

/// The robot's name as a dialect compares it, in lower case. The 1994 and 1996 texts
/// speak of a name token without version (RFC 1945 `token`: up to the first `/`, space,
/// …); RFC 9309 product tokens are `[a-zA-Z_-]+`. Google's code compares the name it is
/// given, whole.
fn robot_token(agent: &str, dialect: Dialect) -> String {
    let name = match dialect {
        Dialect::Norobots1994 | Dialect::Draft1996 => {
            let agent = agent.trim();
            crate::text::first_non_token_char(agent).map_or(agent, |(at, _)| &agent[..at])
        }
        Dialect::Rfc9309 => product_token(agent.trim()),
        Dialect::Google => agent,
        Dialect::PythonRobotparser => return python::robot_name(agent),
    };
    name.to_ascii_lowercase()
}

/// The leading `[a-zA-Z_-]` run of a value: what RFC 9309 and Google compare.
pub(crate) fn product_token(value: &str) -> &str {
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

fn select<'g>(
    groups: &'g [Group],
    values: &AgentValues,
    text: &str,
    robot: &str,
    dialect: Dialect,
) -> Option<Selection<'g>> {
    match groups_naming(values, &[robot]).pop().filter(|chosen| !chosen.is_empty()) {
        Some(chosen) => Some(named_selection(groups, text, chosen, robot, dialect)),
        None => star_selection(groups, text, dialect),
    }
}

/// The User-agent values of one dialect's groups, lower-cased once per document, as the
/// dialect looks robots up in them. A lint compiles a matcher for each robot it asks about
/// (34 of them for a 500 KiB file of groups): lower-casing and hashing every value for each
/// one was a quarter of compiling them.
pub(crate) enum AgentValues {
    /// 1994 and 1996 robots look for their name inside each value, in file order.
    Searched {
        /// Each value's group.
        positions: Vec<usize>,
        lowered: Vec<String>,
    },
    /// RFC 9309's robots look up their product token: the groups of each value, ascending.
    Hashed(HashMap<String, Vec<usize>>),
    /// Google's and Python's readings are not groups: nothing names a robot here.
    NotGroups,
}

impl AgentValues {
    pub(crate) fn new(groups: &[Group], text: &str, dialect: Dialect) -> AgentValues {
        let values = || {
            groups.iter().enumerate().flat_map(|(position, group)| {
                group.agents.iter().map(move |agent| (position, agent.value.text(text).to_ascii_lowercase()))
            })
        };
        match dialect {
            Dialect::Norobots1994 | Dialect::Draft1996 => {
                let (positions, lowered) = values().unzip();
                AgentValues::Searched { positions, lowered }
            }
            Dialect::Rfc9309 => {
                let mut naming: HashMap<String, Vec<usize>> = HashMap::new();
                for (position, value) in values() {
                    let positions = naming.entry(value).or_default();
                    if positions.last() != Some(&position) {
                        positions.push(position);
                    }
                }
                AgentValues::Hashed(naming)
            }
            // Google's matchers are built by `Matcher::for_google`, and Python's entries are not
            // groups: Matcher::for_python chooses among them.
            Dialect::Google | Dialect::PythonRobotparser => AgentValues::NotGroups,
        }
    }
}

/// For each of `robots` (distinct names as the dialect compares them), the positions of the
/// groups naming it: for 1994 and 1996 robots the first whose User-agent value contains the
/// name (one automaton of all the names reads each value once), for RFC 9309 every group
/// whose value is the product token. Empty when none does.
fn groups_naming(values: &AgentValues, robots: &[&str]) -> Vec<Vec<usize>> {
    match values {
        AgentValues::Searched { positions, lowered } => {
            // An empty name names no robot (`names_by_substring`).
            let named: Vec<&str> = robots.iter().copied().filter(|robot| !robot.is_empty()).collect();
            let mut first = containment::first_texts_containing(&named, lowered).into_iter();
            robots
                .iter()
                .map(|robot| {
                    let found = if robot.is_empty() { None } else { first.next().flatten() };
                    found.and_then(|value| positions.get(value)).map(|&position| vec![position]).unwrap_or_default()
                })
                .collect()
        }
        AgentValues::Hashed(naming) => {
            let named = |robot: &&str| naming.get(*robot).filter(|_| !robot.is_empty()).cloned().unwrap_or_default();
            robots.iter().map(named).collect()
        }
        AgentValues::NotGroups => vec![Vec::new(); robots.len()],
    }
}

/// The selection of the groups `chosen` by [`groups_naming`] for `robot`.
fn named_selection<'g>(
    groups: &'g [Group],
    text: &str,
    chosen: Vec<usize>,
    robot: &str,
    dialect: Dialect,
) -> Selection<'g> {
    let value = |agent: &AgentEntry| agent.value.text(text);
    match dialect {
        Dialect::Norobots1994 | Dialect::Draft1996 => {
            selection_of(groups, chosen, &|agent: &AgentEntry| names_by_substring(value(agent), robot))
        }
        _ => selection_of(groups, chosen, &|agent: &AgentEntry| is_product_token_of(value(agent), robot)),
    }
}

/// The `*` group(s) the robots no group names obey: the first for 1994 and 1996 robots, all of
/// them merged for RFC 9309's.
fn star_selection<'g>(groups: &'g [Group], text: &str, dialect: Dialect) -> Option<Selection<'g>> {
    let is_star = |agent: &AgentEntry| agent.value.text(text) == "*";
    match dialect {
        Dialect::Norobots1994 | Dialect::Draft1996 => first_group(groups, is_star),
        Dialect::Rfc9309 => merged_groups(groups, is_star),
        Dialect::Google | Dialect::PythonRobotparser => None,
    }
}

/// §3.2.1 of the draft: the value contains the robot's name, ignoring case.
fn names_by_substring(value: &str, robot: &str) -> bool {
    !robot.is_empty() && value.to_ascii_lowercase().contains(robot)
}

/// RFC 9309 §2.2.1, to the letter: the value is the robot's product token, ignoring case. A
/// value that is not a product token (`FooBot/1.0`, `foo bar`) names no robot.
fn is_product_token_of(value: &str, robot: &str) -> bool {
    !robot.is_empty() && value.eq_ignore_ascii_case(robot)
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

/// One rule in the dialect's normal form. An empty path matches nothing: `Disallow:` allows everything (1994, §4 of the draft), and an
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
        Dialect::Rfc9309 => encoding::rfc9309_query_data_escaped(encoding::rfc9309_normal(value)),
        Dialect::Google => encoding::rfc9309_normal(value),
        // Python's rules are compiled from its own reading (RuleSet::python).
        Dialect::PythonRobotparser => return,
    };
    compiled.push(wildcard_rule(decided_by, normal));
}

fn literal_rule(decided_by: DecidingRule, octets: Vec<u8>) -> CompiledRule {
    CompiledRule { decided_by, priority: octets.len(), pattern: Pattern::literal(octets) }
}

fn wildcard_rule(decided_by: DecidingRule, normal: Cow<'_, str>) -> CompiledRule {
    let priority = normal.len();
    CompiledRule { decided_by, pattern: Pattern::wildcard(encoding::rfc9309_pattern_for_matching(normal)), priority }
}

fn normal_url(path: &str, dialect: Dialect) -> Cow<'_, [u8]> {
    match dialect {
        Dialect::Norobots1994 => Cow::Borrowed(path.as_bytes()),
        Dialect::Draft1996 => encoding::draft_octets(path),
        Dialect::Rfc9309 => bytes_of(encoding::rfc9309_query_data_escaped(encoding::rfc9309_url_normal(path))),
        Dialect::Google => bytes_of(encoding::rfc9309_url_normal(path)),
        Dialect::PythonRobotparser => Cow::Owned(python::url_path(path).into_bytes()),
    }
}

fn bytes_of(text: Cow<'_, str>) -> Cow<'_, [u8]> {
    match text {
        Cow::Borrowed(text) => Cow::Borrowed(text.as_bytes()),
        Cow::Owned(text) => Cow::Owned(text.into_bytes()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heads_that_differ_order_as_their_texts_do() {
        // Texts on either side of eight octets, with NUL, a letter and 0xFF after them.
        let tails = crate::text::every_string(&[0x00, b'a', 0xff], 3);
        let texts: Vec<Vec<u8>> = [&b""[..], b"abcdef", b"abcdefg", b"abcdefgh"]
            .into_iter()
            .flat_map(|prefix| tails.iter().map(move |tail| [prefix, tail.as_slice()].concat()))
            .collect();
        let mut compared = 0;
        for a in &texts {
            for b in &texts {
                let (head_a, head_b) = (ordering_head(a), ordering_head(b));
                if head_a != head_b {
                    assert_eq!(head_a.cmp(&head_b), a.cmp(b), "{a:?} against {b:?}");
                    compared += 1;
                }
            }
        }
        assert!(compared > 10_000, "only {compared} pairs had different heads");
    }

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
        match dialect {
            Dialect::Google => RuleSet::google(&Reading::of(&document, &text).select("anybot").rules, &document).rules,
            Dialect::PythonRobotparser => {
                let reading = python::Reading::new(&document, &text);
                let (_, entry, _) = reading.entry_for("anybot").expect("the `*` entry");
                RuleSet::python(entry.rules(), &document).rules
            }
            _ => {
                let groups = groups::groups(&document, dialect);
                let selection = select(&groups, &AgentValues::new(&groups, &text, dialect), &text, "anybot", dialect)
                    .expect("the `*` group");
                RuleSet::new(selection.rules.into_iter(), &document, &text, dialect).rules
            }
        }
    }

    #[test]
    fn the_index_finds_the_first_matching_rule_as_a_scan_of_every_rule_does() {
        let paths = [
            "/", "/a", "/ab", "/abc", "/abcd", "/abcdef", "/abd", "/abx", "/b", "/ba", "/babxc", "/bz", "/c", "/c/d",
            "/c/d/e/f", "/x", "/zx", "", "/a/b",
        ];
        for dialect in Dialect::ALL {
            let rules = compiled(dialect);
            // At 1, every rule with a piece after a `*` is found by it (the 1994, 1996 and
            // Python readings have no wildcards); at 2, `/abc*d` beside `/abc` is crowded.
            for crowded in [usize::MAX, 1, 2] {
                let index = RuleIndex::crowded_at(&rules, crowded);
                let wildcards = matches!(dialect, Dialect::Rfc9309 | Dialect::Google);
                assert_eq!(!index.crowded.is_empty(), crowded != usize::MAX && wildcards, "{dialect:?} {crowded}");
                for path in paths {
                    let subject = Path::new(path.as_bytes());
                    let scanned = rules.iter().position(|rule| rule.pattern.matches(&subject));
                    let indexed = index.first_match(&rules, path.as_bytes(), |rule| rule.pattern.matches(&subject));
                    assert_eq!(indexed, scanned, "{dialect:?} {path:?} crowded at {crowded}");
                }
            }
        }
    }

    #[test]
    fn crowded_wildcard_rules_are_found_by_their_pieces() {
        let mut text = String::from("User-agent: *\n");
        for n in 0..200 {
            text.push_str(&format!("Disallow: /*a*a{n}*z\nAllow: /*?page={n}$\n"));
        }
        text.push_str("Disallow: /*\n");
        let document = crate::parse::parse_text(&text);
        for dialect in [Dialect::Rfc9309, Dialect::Google] {
            let matcher = Matcher::new(&document, &text, "anybot", dialect);
            assert!(!matcher.rules.index.crowded.is_empty(), "{dialect:?}");
            let urls = ["/x/a/a17/z", "/a/a170z", "/p?page=17", "/p?page=170", "/p?page=17&x", "/none", "/a/a1/y"];
            for url in urls {
                let path = google::path_params_query(url.as_bytes());
                let subject = Path::new(&path);
                let scanned = matcher.rules.rules.iter().position(|rule| rule.pattern.matches(&subject));
                let indexed =
                    matcher.rules.index.first_match(&matcher.rules.rules, &path, |rule| rule.pattern.matches(&subject));
                assert_eq!(indexed, scanned, "{dialect:?} {url}");
                assert!(indexed.is_some(), "`/*` matches every path: {dialect:?} {url}");
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

    /// A step count, not a timing: a URL asked of 20,000 rules that share the literal start
    /// `/` is compared with the few whose piece it holds (before the piece index: all of them).
    #[test]
    fn a_url_is_compared_only_with_the_crowded_rules_whose_piece_it_holds() {
        let mut text = String::from("User-agent: *\n");
        for n in 0..20_000 {
            text.push_str(&format!("Disallow: /{}{n}\n", "*a".repeat(10)));
        }
        let document = crate::parse::parse_text(&text);
        for dialect in [Dialect::Rfc9309, Dialect::Google] {
            let matcher = Matcher::new(&document, &text, "anybot", dialect);
            for url in ["/a/a/a/a/a/a/a/a/a/a12345", "/a/a/a/a/a/a/a/a/a/x", "/b", "/a1/a2/a3/a4/a5/a6/a7/a8/a9/a10"] {
                let budget = Cell::new(usize::MAX);
                let verdict = matcher.allowed_within(url, &budget).expect("an ample budget");
                assert_eq!(verdict, matcher.allowed(url), "{dialect:?} {url}");
                let compared = usize::MAX - budget.get();
                // Each rule compared costs one plus its pattern's length (about 26 octets).
                assert!(compared < 100 * 27, "{dialect:?} {url}: {compared}");
            }
        }
    }

    #[test]
    fn matchers_for_many_robots_are_those_for_each_robot() {
        let text = "User-agent: *\nDisallow: /star\n\nUser-agent: FooBot\nUser-agent: bar\nDisallow: /foo\n\n\
                    User-agent: foobot\nAllow: /foo/ok\nuser-agent: BarBot/2.0\nDisallow: /bar\n\n\
                    User-agent: *\nAllow: /star/ok\nUser-agent:\nDisallow: /empty\n";
        let document = crate::parse::parse_text(text);
        let robots = ["foobot", "FooBot/1.0", "bar", "barbot", "bazbot", "", "bazbot", "ba", "o"];
        let urls = ["/star", "/star/ok", "/foo", "/foo/ok", "/bar", "/empty", "/"];
        for dialect in Dialect::ALL {
            let together = Matcher::for_robots(&document, text, robots, dialect);
            assert_eq!(together.len(), robots.len());
            for (robot, matcher) in robots.iter().zip(&together) {
                let alone = Matcher::new(&document, text, robot, dialect);
                assert_eq!(
                    (matcher.robot(), matcher.agent_lines()),
                    (alone.robot(), alone.agent_lines()),
                    "{dialect} {robot}"
                );
                for url in urls {
                    assert_eq!(matcher.allowed(url), alone.allowed(url), "{dialect} {robot} {url}");
                }
            }
        }
    }
}
