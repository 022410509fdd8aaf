//! Witnesses: a concrete robot and URL for which two dialects give different answers,
//! computed by the real [`Matcher`]s, never guessed.
//!
//! A rule that is about robots disagreeing (a glob, first vs longest match, merged records, a
//! line only Google reads, %-escapes) proposes candidate URLs and the pair of dialects it is
//! about; [`Witnesses`] compiles each (robot, dialect) matcher once per document and tries the
//! candidates in order. `Diagnostic::attach_witness` adds the first divergence to the
//! finding; once the lint knows which findings it keeps, `Witnesses::shown` describes it
//! in their notes and carries it as a [`Witness`], so tests and machine formats can re-run
//! the matchers on every witness reported.

use std::borrow::Cow;
use std::cell::{Cell, OnceCell, RefCell};
use std::fmt::Write;

use foldhash::HashMap;

pub use super::divergence::{Divergence, Witness};
use crate::dialect::google::Reading;
use crate::dialect::groups::{self, Group};
use crate::dialect::matcher::{AgentValues, RuleSets};
use crate::dialect::python;
use crate::dialect::{Dialect, Matcher, Reason, RuleKind, Verdict};
use crate::model::{Directive, Document, LineIndex, LineKind, Record, Separator};

impl Divergence {
    /// The witness in words, for two dialects: "for robot `googlebot` and
    /// `/org/about.html`: the 1996 draft disallows (line 2 `Disallow: /org/`), RFC 9309
    /// allows (line 3 `Allow: /org/about.html`)". Overlong URLs and lines are elided.
    pub fn describe(&self, document: &Document, text: &str) -> String {
        // Pieces pushed rather than `format!`ed: a lint describes tens of thousands of these.
        let mut out = String::with_capacity(160);
        out.push_str("for robot `");
        out.push_str(&self.robot);
        out.push_str("` and `");
        push_elided(&mut out, &self.url);
        out.push_str("`: ");
        for (index, (dialect, verdict)) in self.verdicts.iter().enumerate() {
            if index > 0 {
                out.push_str(", ");
            }
            out.push_str(label(*dialect));
            out.push_str(if verdict.allowed { " allows (" } else { " disallows (" });
            match &verdict.reason {
                Reason::Rule(rule) => {
                    let line = &document.lines[rule.line];
                    let shown = match &line.kind {
                        LineKind::Field(field) => field.name.to(field.value),
                        _ => line.span,
                    };
                    let _ = write!(out, "line {} `", rule.line + 1);
                    push_elided(&mut out, shown.text(text));
                    out.push('`');
                }
                other => out.push_str(other.describe()),
            }
            out.push(')');
        }
        out
    }
}

/// How messages name a dialect's robots.
pub fn label(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::Norobots1994 => "the 1994 standard",
        Dialect::Draft1996 => "the 1996 draft",
        Dialect::Rfc9309 => "RFC 9309",
        Dialect::Google => "Google",
        Dialect::PythonRobotparser => "Python's urllib.robotparser",
    }
}

/// Pushes `text` as a message shows it: cut to a readable length.
fn push_elided(out: &mut String, text: &str) {
    const SHOWN: usize = 60;
    match text.char_indices().nth(SHOWN) {
        Some((cut, _)) => {
            out.push_str(&text[..cut]);
            out.push('…');
        }
        None => out.push_str(text),
    }
}

/// The matchers of one document, compiled on first use for each robot and dialect and kept
/// for every rule that asks (the lint shares one `Witnesses` among the rules that run on
/// one thread).
pub struct Witnesses<'a> {
    document: &'a Document,
    text: &'a str,
    compiled: RefCell<Compiled>,
    anonymous: OnceCell<String>,
    /// What the running rule may still spend on verdicts (see [`Matcher::allowed_within`]);
    /// past it, its findings carry no witness. Each rule brings its own ([`Witnesses::spending`]),
    /// so what a rule finds does not depend on which rules ran before it on the same thread.
    budget: Cell<usize>,
}

/// What one rule may spend on verdicts: a hundred million pattern octets compared. The
/// corpus tests hold that ordinary files keep every witness within it.
const VERDICT_BUDGET: usize = 100_000_000;

/// What a rule has left of its [`VERDICT_BUDGET`] in one lint.
pub(crate) struct Budget(usize);

impl Default for Budget {
    fn default() -> Budget {
        Budget(VERDICT_BUDGET)
    }
}

/// What [`Witnesses`] has compiled so far.
#[derive(Default)]
struct Compiled {
    /// Each dialect's reading of the document (in the order of [`Dialect::ALL`]), shared by
    /// the matchers of every robot; Google's and Python's are not groups but readings of their own.
    groups: [Option<Vec<Group>>; DIALECTS],
    /// The User-agent values of each dialect's groups, as its robots look themselves up.
    agent_values: [Option<AgentValues>; DIALECTS],
    google: Option<Reading>,
    python: Option<python::Reading>,
    /// Each dialect's compiled rule sets, shared by the robots that obey the same groups.
    rule_sets: [RuleSets; DIALECTS],
    /// Where each robot's matchers are in `matchers`.
    robots: HashMap<String, usize>,
    /// Each robot's matchers, one per dialect, in the order of [`Dialect::ALL`].
    matchers: Vec<[Option<Matcher>; DIALECTS]>,
}

const DIALECTS: usize = Dialect::ALL.len();

impl<'a> Witnesses<'a> {
    /// The witnesses of `document`, parsed from `text`, with no matcher compiled yet.
    pub fn new(document: &'a Document, text: &'a str) -> Witnesses<'a> {
        Witnesses {
            document,
            text,
            compiled: RefCell::default(),
            anonymous: OnceCell::new(),
            budget: Cell::new(VERDICT_BUDGET),
        }
    }

    /// Runs `rule` on `budget`, one rule's own: the rules that share a walk over the lines
    /// take turns on the witnesses, and each spends only what it was given.
    pub(crate) fn spending<T>(&self, budget: &mut Budget, rule: impl FnOnce() -> T) -> T {
        let outer = self.budget.replace(budget.0);
        let result = rule();
        budget.0 = self.budget.replace(outer);
        result
    }

    /// Whether the current rule has spent its budget: past that, a search that found no
    /// divergence proves nothing.
    pub(crate) fn budget_spent(&self) -> bool {
        self.budget.get() == 0
    }

    /// Drops the compiled matchers when they are many: the next rule that asks compiles
    /// them again, and the lint's memory stays what one rule needs (the matchers of a large
    /// file, kept for all its rules, were most of it). A file of the size robots read
    /// (500 KiB, some 17,000 rules in one group) keeps its matchers for every rule: an editor
    /// re-lints such files on every keystroke, and recompiling cost a tenth of each lint.
    pub(crate) fn forget_if_large(&self) {
        const KEPT_RULES: usize = 40_000;
        let mut compiled = self.compiled.borrow_mut();
        let rules: usize = compiled.rule_sets.iter().flat_map(|sets| sets.values()).map(|set| set.len()).sum();
        if rules > KEPT_RULES {
            *compiled = Compiled::default();
        }
    }

    /// `dialect`'s verdict for `robot` and `url`, unless the rule's budget is spent.
    pub(crate) fn verdict(&self, robot: &str, url: &str, dialect: Dialect) -> Option<Verdict> {
        self.with_matcher(robot, dialect, |matcher| matcher.allowed_within(url, &self.budget))
    }

    /// Whether `dialect`'s robot `robot` may fetch `url`, whatever it costs: a fix's safety
    /// is never left unproven for want of budget.
    pub(crate) fn allows(&self, robot: &str, url: &str, dialect: Dialect) -> bool {
        self.with_matcher(robot, dialect, |matcher| matcher.allowed(url).allowed)
    }

    /// What `robot` obeys in `dialect`: the User-agent lines that bring it to its groups
    /// (robots with the same lines obey the same rules, so one of them answers for all),
    /// and the rules of those groups, in file order.
    pub(crate) fn obeyed(&self, robot: &str, dialect: Dialect) -> (Vec<LineIndex>, Vec<(RuleKind, Cow<'a, str>)>) {
        let text = self.text;
        if dialect == Dialect::Google {
            // Google reads its own lines (typos, missing colons): each rule is its line's value
            // as the model has it, unless Google reads another pattern there (`Disallow /a:b`
            // is `b` to Google, which splits at the first colon; a line the model reads as
            // no field). The probes are built from these.
            let selection = self.with_google(|reading| reading.select(robot));
            let value = |line: LineIndex| Some(self.document.lines.get(line)?.field()?.value.text(text));
            let rules = selection
                .rules
                .iter()
                .map(|rule| match value(rule.line) {
                    Some(value) if value == &*rule.pattern => (rule.kind, Cow::Borrowed(value)),
                    _ => (rule.kind, Cow::Owned(rule.pattern.to_string())),
                })
                .collect();
            return (selection.agent_lines, rules);
        }
        let agent_lines = self.agent_lines(robot, dialect);
        let rules = self.with_groups(dialect, |groups| {
            let obeyed =
                groups.iter().filter(|group| group.agents.iter().any(|agent| agent_lines.contains(&agent.line)));
            obeyed
                .flat_map(|group| &group.rules)
                .map(|rule| (rule.kind, Cow::Borrowed(rule.value.text(text))))
                .collect()
        });
        (agent_lines, rules)
    }

    /// The User-agent values `dialect` reads in the document (for Google, the lines it reads
    /// as User-agent lines, typos included).
    pub(crate) fn agent_values(&self, dialect: Dialect) -> Vec<&'a str> {
        let text = self.text;
        if dialect == Dialect::Google {
            let lines: Vec<LineIndex> =
                self.with_google(|reading| reading.agent_tokens().map(|(line, _)| line).collect());
            return lines
                .into_iter()
                .filter_map(|line| Some(self.document.lines.get(line)?.field()?.value.text(text)))
                .collect();
        }
        self.with_groups(dialect, |groups| {
            groups.iter().flat_map(|group| &group.agents).map(|agent| agent.value.text(text)).collect()
        })
    }

    /// The User-agent lines that bring `robot` to its rules in `dialect` (none when no
    /// record applies).
    fn agent_lines(&self, robot: &str, dialect: Dialect) -> Vec<LineIndex> {
        self.with_matcher(robot, dialect, |matcher| matcher.agent_lines().to_vec())
    }

    /// The directive Google obeys on line `line`, written out (see `Reading::directive_at`).
    pub fn google_directive_at(&self, line: LineIndex) -> Option<String> {
        self.with_google(|reading| reading.directive_at(line))
    }

    /// Runs `read` on Google's reading of the document, made on first use.
    fn with_google<R>(&self, read: impl FnOnce(&Reading) -> R) -> R {
        let (document, text) = (self.document, self.text);
        let compiled = &mut *self.compiled.borrow_mut();
        read(compiled.google.get_or_insert_with(|| Reading::of(document, text)))
    }

    fn with_groups<R>(&self, dialect: Dialect, read: impl FnOnce(&[Group]) -> R) -> R {
        let document = self.document;
        let at = Dialect::ALL.iter().position(|&known| known == dialect).unwrap_or_default();
        let compiled = &mut *self.compiled.borrow_mut();
        read(compiled.groups[at].get_or_insert_with(|| groups::groups(document, dialect)))
    }

    /// Runs `ask` on `dialect`'s matcher for `robot`, compiled on first use.
    fn with_matcher<R>(&self, robot: &str, dialect: Dialect, ask: impl FnOnce(&Matcher) -> R) -> R {
        let (document, text) = (self.document, self.text);
        let at = Dialect::ALL.iter().position(|&known| known == dialect).unwrap_or_default();
        let compiled = &mut *self.compiled.borrow_mut();
        let robot_at = match compiled.robots.get(robot) {
            Some(&robot_at) => robot_at,
            None => {
                compiled.robots.insert(robot.to_string(), compiled.matchers.len());
                compiled.matchers.push(Default::default());
                compiled.matchers.len() - 1
            }
        };
        let rule_sets = &mut compiled.rule_sets[at];
        let (groups, agent_values) = (&mut compiled.groups[at], &mut compiled.agent_values[at]);
        let (google, python) = (&mut compiled.google, &mut compiled.python);
        let matcher = compiled.matchers[robot_at][at].get_or_insert_with(|| match dialect {
            Dialect::Google => {
                let reading = google.get_or_insert_with(|| Reading::of(document, text));
                Matcher::for_google(reading, rule_sets, document, robot)
            }
            Dialect::PythonRobotparser => {
                let reading = python.get_or_insert_with(|| python::Reading::new(document, text));
                Matcher::for_python(reading, rule_sets, document, robot)
            }
            _ => {
                let groups = groups.get_or_insert_with(|| groups::groups(document, dialect));
                let values = agent_values.get_or_insert_with(|| AgentValues::new(groups, text, dialect));
                Matcher::for_groups(groups, values, rule_sets, document, text, robot, dialect)
            }
        });
        ask(matcher)
    }

    /// The first of `candidates` for which dialects `a` and `b` answer differently for
    /// `robot` and that `accept` takes (a rule checks that the lines that decided are the
    /// ones it is about). Candidates are made as they are tried: the first is usually the
    /// witness, and the rest are never built.
    pub fn find<S: AsRef<str>>(
        &self,
        robot: &str,
        candidates: impl IntoIterator<Item = S>,
        pair: (Dialect, Dialect),
        accept: impl Fn(&Divergence) -> bool,
    ) -> Option<Divergence> {
        self.find_where(robot, candidates, pair, |_| true, accept)
    }

    /// [`Witnesses::find`], where `a`'s verdict alone must pass `first` before `b` is asked:
    /// a search that finds nothing then costs one verdict for most candidates, not two.
    fn find_where<S: AsRef<str>>(
        &self,
        robot: &str,
        candidates: impl IntoIterator<Item = S>,
        (a, b): (Dialect, Dialect),
        first: impl Fn(&Verdict) -> bool,
        accept: impl Fn(&Divergence) -> bool,
    ) -> Option<Divergence> {
        candidates.into_iter().find_map(|url| {
            let url = url.as_ref();
            let verdict_a = self.verdict(robot, url, a).filter(&first)?;
            let verdict_b = self.verdict(robot, url, b)?;
            if verdict_a.allowed == verdict_b.allowed {
                return None;
            }
            let divergence = Divergence {
                robot: robot.to_string(),
                url: url.to_string(),
                verdicts: [(a, verdict_a), (b, verdict_b)],
            };
            accept(&divergence).then_some(divergence)
        })
    }

    /// [`Witnesses::find`] for each robot a record's User-agent lines name, in order. With
    /// `first_decided_by`, only a URL whose verdict in the pair's first dialect that line
    /// decides can be a witness, and the second dialect is asked of no other.
    pub fn find_for_record<S: AsRef<str>>(
        &self,
        agents: &[LineIndex],
        candidates: impl IntoIterator<Item = S> + Clone,
        pair: (Dialect, Dialect),
        first_decided_by: Option<LineIndex>,
        accept: impl Fn(&Divergence) -> bool,
    ) -> Option<Divergence> {
        let first = |verdict: &Verdict| {
            first_decided_by.is_none_or(|line| verdict.reason.rule().is_some_and(|rule| rule.line == line))
        };
        let robots = self.record_robots(agents);
        robots.iter().find_map(|robot| self.find_where(robot, candidates.clone(), pair, first, &accept))
    }

    /// How a finding shows `divergence`: a note that describes it, and the witness it
    /// carries. Where Python's urllib.robotparser answers as the 1996 draft does (the same
    /// verdict, decided by the same line), Python is named instead of the draft: a robot that
    /// exists, which many scrapers use.
    pub(crate) fn shown(&self, divergence: &Divergence) -> (String, Witness) {
        let with_python = self.python_for_draft(divergence);
        let shown = with_python.as_ref().unwrap_or(divergence);
        (shown.describe(self.document, self.text), shown.witness())
    }

    /// `divergence` with Python's verdict in place of the 1996 draft's, when the two agree.
    fn python_for_draft(&self, divergence: &Divergence) -> Option<Divergence> {
        let at = divergence.verdicts.iter().position(|(dialect, _)| *dialect == Dialect::Draft1996)?;
        let python = self.verdict(&divergence.robot, &divergence.url, Dialect::PythonRobotparser)?;
        let draft = &divergence.verdicts[at].1;
        let same_line = match (&draft.reason, &python.reason) {
            (Reason::Rule(draft), Reason::Rule(python)) => draft.line == python.line,
            (draft, python) => draft == python,
        };
        (python.allowed == draft.allowed && same_line).then(|| {
            let mut shown = divergence.clone();
            shown.verdicts[at] = (Dialect::PythonRobotparser, python);
            shown
        })
    }

    /// A robot name that no User-agent value in the document names in any dialect (not a
    /// substring of a value, not a value's product token nor a `-`-prefix of it), so the
    /// robot gets the `*` record: `anybot`, or a variant when the file names that.
    pub fn anonymous_robot(&self) -> String {
        let (document, text) = (self.document, self.text);
        self.anonymous.get_or_init(|| anonymous_robot(document, text)).clone()
    }

    /// The robots a record's User-agent lines name, in order and without repeats: each
    /// value's product token, and for `*` a robot no record names.
    pub fn record_robots(&self, agents: &[LineIndex]) -> Vec<String> {
        let mut robots: Vec<String> = Vec::new();
        for &line in agents {
            let Some(field) = self.document.lines[line].field() else { continue };
            let value = field.value.text(self.text).trim();
            let robot = if value.starts_with('*') { Some(self.anonymous_robot()) } else { robot_of_value(value) };
            if let Some(robot) = robot.filter(|robot| !robots.contains(robot)) {
                robots.push(robot);
            }
        }
        robots
    }

    /// The robots a rule of `record` reaches: those its User-agent lines name, or a robot no
    /// record names where it names none (a rule before any User-agent line).
    fn rule_robots(&self, record: Option<&Record>) -> Vec<String> {
        let mut robots = self.record_robots(record.map_or(&[][..], |record| &record.agents));
        if robots.is_empty() {
            robots.push(self.anonymous_robot());
        }
        robots
    }

    /// A URL on which robots that read the User-agent, Allow or Disallow line `line`
    /// (`directive` is what they take it for) answer otherwise than robots that drop it:
    /// `(reads, drops)` is `LOST_LINE` for a missing colon or a misspelt name, which only
    /// Google reads, and `LOST_FIRST_LINE` for the line a byte-order mark is glued to.
    pub fn lost_line(
        &self,
        line: LineIndex,
        directive: Directive,
        (reads, drops): (Dialect, Dialect),
    ) -> Option<Divergence> {
        let (document, text) = (self.document, self.text);
        let value = document.lines[line].field()?.value.text(text);
        let record = document.record_of(line);
        let (robots, candidates): (Vec<String>, Vec<String>) = match directive {
            Directive::UserAgent => {
                let robot =
                    if value.trim().starts_with('*') { Some(self.anonymous_robot()) } else { robot_of_value(value) };
                let rules = record.map_or(&[][..], |record| &record.rules);
                let later_rules = rules.iter().filter(|&&rule| rule > line);
                let candidates = later_rules
                    .filter_map(|&rule| concrete_url(document.lines[rule].field()?.value.text(text)))
                    .collect();
                (robot.into_iter().collect(), candidates)
            }
            Directive::Allow | Directive::Disallow => {
                let robots = self.rule_robots(record);
                let mut candidates: Vec<String> = concrete_url(value).into_iter().collect();
                // An Allow that opens part of a disallowed folder (`Allow /*.jpeg` beside
                // `Disallow: /assets`) decides URLs inside that folder.
                if directive == Directive::Allow {
                    let rules = record.map_or(&[][..], |record| &record.rules);
                    let within = rules.iter().filter_map(|&rule| {
                        let field = document.lines[rule].field().filter(|field| field.is(Directive::Disallow))?;
                        let folder = concrete_url(field.value.text(text))?;
                        let inside = concrete_url(value)?;
                        Some(format!("{}/{}", folder.trim_end_matches('/'), inside.trim_start_matches('/')))
                    });
                    candidates.extend(within);
                }
                (robots, candidates)
            }
            _ => return None,
        };
        let decided_here = |decided: Option<LineIndex>| {
            decided
                .is_some_and(|decided| decided == line || record.is_some_and(|record| record.rules.contains(&decided)))
        };
        robots.iter().find_map(|robot| {
            self.find(robot, &candidates, (reads, drops), |divergence| decided_here(divergence.deciding_line(reads)))
        })
    }

    /// Whether `url` is allowed for the robots of line `line`'s group, when another line
    /// decides it for every one of them as Google reads the file: however the line itself is
    /// read, their answer stays (`Disallow: /search\?` beside `Disallow: /search?`).
    pub fn decided_elsewhere(&self, line: LineIndex, url: &str) -> Option<bool> {
        let verdicts: Option<Vec<bool>> = self
            .rule_robots(self.document.record_of(line))
            .iter()
            .map(|robot| {
                let verdict = self.verdict(robot, url, Dialect::Google)?;
                verdict.reason.rule().filter(|rule| rule.line != line).map(|_| verdict.allowed)
            })
            .collect();
        let verdicts = verdicts?;
        let first = *verdicts.first()?;
        verdicts.iter().all(|&allowed| allowed == first).then_some(first)
    }

    /// The divergence an unwritten witness stands for: the one found, or the result of its
    /// search, run now on a budget of its own.
    pub(crate) fn divergence_of(&self, unwritten: UnwrittenWitness) -> Option<Divergence> {
        match unwritten {
            UnwrittenWitness::Found(divergence) => Some(*divergence),
            UnwrittenWitness::MergedRecord { record, robot } => {
                let record = self.document.records.get(record)?;
                let robot = robot.unwrap_or_else(|| self.anonymous_robot());
                self.spending(&mut Budget::default(), || self.merged_record(record, &robot))
            }
        }
    }

    /// A URL on which RFC 9309 robots, which merge `record` with an earlier record that
    /// names `robot` too, obey one of `record`'s rules while first-match robots never read
    /// them.
    pub fn merged_record(&self, record: &Record, robot: &str) -> Option<Divergence> {
        let (document, text) = (self.document, self.text);
        let candidates: Vec<String> = record
            .governed_rules()
            .filter_map(|line| concrete_url(document.lines[line].field()?.value.text(text)))
            .collect();
        self.find(robot, &candidates, MERGED, |divergence| {
            divergence.deciding_line(Dialect::Rfc9309).is_some_and(|decided| record.rules.contains(&decided))
        })
    }
}

/// A finding's witness until the lint writes it out ([`crate::Diagnostic::write_witness`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum UnwrittenWitness {
    /// Found while the rule ran, where the search decided whether there is a finding. Boxed,
    /// so that a search still to run costs a few words.
    Found(Box<Divergence>),
    /// To look for when written ([`Witnesses::merged_record`]): the record at `record`, for
    /// `robot`, or for the file's anonymous robot ([`Witnesses::anonymous_robot`]) when `None`.
    MergedRecord { record: usize, robot: Option<String> },
}

impl UnwrittenWitness {
    /// The search of [`Witnesses::merged_record`] for the record at `at` of `document`, when
    /// there is something to find: a record that governs no rule has no rule to obey.
    pub(crate) fn merged_record(document: &Document, at: usize, robot: Option<String>) -> Option<UnwrittenWitness> {
        let governs_rules = document.records.get(at)?.governed_rules().next().is_some();
        governs_rules.then_some(UnwrittenWitness::MergedRecord { record: at, robot })
    }
}

/// The dialects a lost line is shown with: Google reads it, RFC 9309 robots drop it.
pub const LOST_LINE: (Dialect, Dialect) = (Dialect::Google, Dialect::Rfc9309);
/// The dialects the first line behind a byte-order mark is shown with: RFC 9309 robots skip
/// the mark and read the line, 1996 draft robots read the mark into the line and drop it.
pub const LOST_FIRST_LINE: (Dialect, Dialect) = (Dialect::Rfc9309, Dialect::Draft1996);
/// The dialects merged records are shown with: first-match robots, then merging robots.
pub const MERGED: (Dialect, Dialect) = (Dialect::Draft1996, Dialect::Rfc9309);
/// The dialects first-match and longest-match are shown with.
pub const MATCH_ORDER: (Dialect, Dialect) = (Dialect::Draft1996, Dialect::Rfc9309);

/// The robot name a User-agent value gives: its product token in lower case
/// (`Googlebot/2.1` is `googlebot`); `None` for `*`, an empty value or one with no token.
pub fn robot_of_value(value: &str) -> Option<String> {
    let value = value.trim();
    let end = value.find(|c: char| !(c.is_ascii_alphabetic() || c == '-' || c == '_')).unwrap_or(value.len());
    (end > 0).then(|| value[..end].to_ascii_lowercase())
}

fn anonymous_robot(document: &Document, text: &str) -> String {
    let values: Vec<String> = document
        .lines
        .iter()
        .filter_map(|line| {
            // User-agent lines, and the misspelt or colon-less ones some dialects read.
            let field = line.field()?;
            let read_by_some = field.directive.is_none() || !matches!(field.separator, Separator::Colon { .. });
            (field.is(Directive::UserAgent) || read_by_some).then(|| field.value.text(text).to_ascii_lowercase())
        })
        .collect();
    let free = |name: &str| {
        values.iter().all(|value| {
            let token = robot_of_value(value).unwrap_or_default();
            let covers = !token.is_empty() && (name == token || name.starts_with(&format!("{token}-")));
            !value.contains(name) && !covers
        })
    };
    ["anybot", "otherbot", "somebot"]
        .into_iter()
        .map(str::to_string)
        .chain((2..).map(|n| format!("zq{n}bot")))
        .find(|name| free(name))
        .unwrap_or_else(|| "anybot".to_string())
}

/// A URL path a pattern matches for RFC 9309 robots: each `*` replaced by `x`, `$` dropped,
/// and a leading `/` added when missing. `None` for an empty pattern.
pub fn concrete_url(pattern: &str) -> Option<String> {
    let concrete: String = pattern.chars().filter(|&c| c != '$').map(|c| if c == '*' { 'x' } else { c }).collect();
    if concrete.is_empty() {
        return None;
    }
    Some(if concrete.starts_with('/') { concrete } else { format!("/{concrete}") })
}

/// The URLs that show what a rule with `pattern` decides, made one by one as they are asked
/// for: each way of reading its wildcards (a `*` matching nothing, as a trailing `*` does,
/// or one character; `$` dropped), and for each of those the path itself (first, the
/// likeliest witness), one character and one segment further in, one character short of
/// it, and its parent directory. Two rules that compete for a URL (a longer pattern, an
/// Allow against a Disallow) differ on one of these.
pub fn probe_urls(pattern: &str) -> impl Iterator<Item = String> + Clone + '_ {
    ["", "x"].into_iter().flat_map(move |star| {
        let concrete: String = pattern.chars().filter(|&c| c != '$').collect::<String>().replace('*', star);
        let path =
            (!concrete.is_empty()).then(|| if concrete.starts_with('/') { concrete } else { format!("/{concrete}") });
        [Probe::Itself, Probe::OneFurther, Probe::SegmentFurther, Probe::OneShort, Probe::Parent]
            .into_iter()
            .filter_map(move |probe| probe.from(path.as_deref()?))
    })
}

/// One of the URLs [`probe_urls`] makes from a path.
#[derive(Clone, Copy)]
enum Probe {
    Itself,
    OneFurther,
    SegmentFurther,
    OneShort,
    Parent,
}

impl Probe {
    fn from(self, path: &str) -> Option<String> {
        match self {
            Probe::Itself => Some(path.to_string()),
            Probe::OneFurther => Some(format!("{path}x")),
            Probe::SegmentFurther => Some(format!("{path}/x")),
            Probe::OneShort => {
                let (last, _) = path.char_indices().last().filter(|&(last, _)| last > 0)?;
                Some(path[..last].to_string())
            }
            Probe::Parent => {
                let slash = path.rfind('/').filter(|&slash| slash + 1 < path.len())?;
                Some(path[..=slash].to_string())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;
    use crate::source::Source;

    #[test]
    fn rules_taking_turns_each_spend_only_their_own_budget() {
        let source = Source::from("User-agent: *\nDisallow: /a\n");
        let document = parse::parse(&source);
        let witnesses = Witnesses::new(&document, &source.text);
        let (mut spent, mut untouched) = (Budget(10), Budget(20));
        witnesses.spending(&mut spent, || {
            assert_eq!(witnesses.budget.get(), 10);
            witnesses.budget.set(0);
            assert!(witnesses.budget_spent());
        });
        witnesses.spending(&mut untouched, || assert!(!witnesses.budget_spent()));
        assert_eq!((spent.0, untouched.0), (0, 20));
        witnesses.spending(&mut spent, || assert!(witnesses.budget_spent()));
    }

    #[test]
    fn first_match_and_longest_match_disagree_on_the_draft_example() {
        let source = Source::from("User-agent: *\nDisallow: /org/\nAllow: /org/about.html\n");
        let document = parse::parse(&source);
        let divergence = Witnesses::new(&document, &source.text)
            .find("anybot", ["/org/", "/org/about.html"], MATCH_ORDER, |_| true)
            .expect("a divergence");
        assert_eq!(divergence.url, "/org/about.html");
        let message = divergence.describe(&document, &source.text);
        assert_eq!(
            message,
            "for robot `anybot` and `/org/about.html`: the 1996 draft disallows (line 2 `Disallow: /org/`), RFC 9309 \
             allows (line 3 `Allow: /org/about.html`)"
        );
        let witness = divergence.witness();
        assert_eq!(witness.claims, vec![(Dialect::Draft1996, false), (Dialect::Rfc9309, true)]);
    }

    /// A search for a URL a given line decides asks the second dialect only of the URLs the
    /// line decides in the first: the same witness, and on a search that finds none, about
    /// half the verdicts' cost.
    #[test]
    fn a_search_for_the_line_that_decides_asks_the_second_dialect_only_where_it_does() {
        let source = Source::from("User-agent: *\nDisallow: /org/\nAllow: /org/about.html\nDisallow: /tmp/\n");
        let document = parse::parse(&source);
        let witnesses = Witnesses::new(&document, &source.text);
        let record = document.records.first().expect("a record");
        let (shadowing, shadowed) = (1, 2);
        let search = |first_decided_by: Option<LineIndex>, urls: &[&str]| {
            let mut budget = Budget::default();
            let found = witnesses.spending(&mut budget, || {
                witnesses.find_for_record(&record.agents, urls, MATCH_ORDER, first_decided_by, |divergence| {
                    divergence.deciding_line(MATCH_ORDER.0) == first_decided_by.or(Some(shadowing))
                        && divergence.deciding_line(MATCH_ORDER.1) == Some(shadowed)
                })
            });
            (found.map(|divergence| divergence.url), VERDICT_BUDGET - budget.0)
        };
        let urls = ["/tmp/a", "/org/", "/org/about.html"];
        let (witness, _) = search(Some(shadowing), &urls);
        assert_eq!(
            (witness.as_deref(), search(None, &urls).0.as_deref()),
            (Some("/org/about.html"), witness.as_deref())
        );
        // No URL here is decided by the Allow line in the draft: only the draft is asked.
        let nowhere = ["/tmp/a", "/tmp/b", "/org/x"];
        let (none, narrowed) = search(Some(shadowed), &nowhere);
        let (also_none, every_verdict) = search(None, &nowhere);
        assert_eq!((none, also_none), (None, None));
        assert!(narrowed < every_verdict, "{narrowed} octets compared, against {every_verdict}");
    }

    /// A witness left to find when written is the one the search finds then, and a record
    /// that governs no rule leaves nothing to find.
    #[test]
    fn a_witness_to_find_is_what_the_search_finds_when_it_is_written() {
        let source = Source::from("User-agent: *\nDisallow: /a\n\nUser-agent: *\n\nUser-agent: *\nDisallow: /b\n");
        let document = parse::parse(&source);
        let witnesses = Witnesses::new(&document, &source.text);
        let record = |at: usize| UnwrittenWitness::merged_record(&document, at, None);
        let last = document.records.len() - 1;
        let found = witnesses.divergence_of(record(last).expect("a record with a rule"));
        let searched = witnesses.merged_record(&document.records[last], &witnesses.anonymous_robot());
        assert_eq!((found.as_ref().map(|divergence| divergence.url.as_str()), found.clone()), (Some("/b"), searched));
        let without_rules = document.records.iter().position(|record| record.governed_rules().next().is_none());
        assert_eq!(without_rules.map(record), Some(None));
    }

    #[test]
    fn probes_read_each_wildcard_both_ways_and_step_around_the_path() {
        let probes: Vec<String> = probe_urls("*/node/").collect();
        for expected in ["/node/", "/node/x", "/x/node/", "/node", "/x/node"] {
            assert!(probes.iter().any(|probe| probe == expected), "{expected} missing from {probes:?}");
        }
        let probes: Vec<String> = probe_urls("/page*").collect();
        assert!(probes.iter().any(|probe| probe == "/pagex"), "{probes:?}");
        let probes: Vec<String> = probe_urls("/a.php$").collect();
        assert!(probes.iter().all(|probe| !probe.contains('$')), "{probes:?}");
        assert!(probes.iter().any(|probe| probe == "/a.php"), "{probes:?}");
    }

    #[test]
    fn anonymous_robot_avoids_named_robots() {
        let source = Source::from("User-agent: anybot\nDisallow: /\n\nUser-agent: *\nDisallow: /x\n");
        let document = parse::parse(&source);
        assert_eq!(Witnesses::new(&document, &source.text).anonymous_robot(), "otherbot");
    }

    #[test]
    fn long_urls_are_elided_in_messages() {
        let elided = |text: &str| {
            let mut shown = String::new();
            push_elided(&mut shown, text);
            shown
        };
        let shown = elided(&format!("/{}", "d".repeat(500)));
        assert_eq!(shown.chars().count(), 61);
        assert!(shown.ends_with('…'));
        assert_eq!(elided("/short"), "/short");
    }
}
