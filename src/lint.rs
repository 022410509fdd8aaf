//! Runs the rules over a parsed document and applies the user's rule selection.

mod linter;
mod table;

use std::path::Path;
use std::sync::{Mutex, PoisonError};

use std::collections::BTreeMap;

use foldhash::{HashMap, HashMapExt};

use crate::analysis::Analysis;
use crate::diagnostic::{Applicability, Diagnostic, Evidence, Label, Severity};
use crate::dialect::witness::{Budget, Witnesses};
use crate::dialect::Dialect;
use crate::fetch::FetchOutcome;
use crate::model::{Document, LineIndex, Span};
pub use crate::report::Report;
use crate::rules::suppressions;
use crate::rules::suppressions::Suppression;
use crate::rules::{self, Category, Check, Context, Explained, Findings, Level, Rule};
use crate::source::Source;
use crate::text;
pub use linter::{Linter, Linters};
use table::{Pass, Resolved, RuleTable, Stage};

/// Which rules run, at what severity, with which options.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Settings {
    /// The dialects whose robots the site cares about; empty means today's robots
    /// ([`Dialect::TODAY`]).
    pub targets: Vec<Dialect>,
    /// Selectors (codes, code prefixes, names, categories, `ALL`) that replace the default
    /// rule set; `None` keeps every rule that is on by default.
    pub select: Option<Vec<String>>,
    /// Selectors added to the default (or selected) set: the way to turn on pedantic rules.
    pub extend_select: Vec<String>,
    /// Selectors removed last.
    pub ignore: Vec<String>,
    /// Levels set per rule in robolint.toml; they override the targets' defaults.
    pub levels: BTreeMap<Rule, Level>,
    /// Options set per rule in robolint.toml, already checked against the rule's declared
    /// options.
    pub options: BTreeMap<Rule, rules::RuleOptions>,
    /// Report information about robots outside the targets as any other (`--all-infos`)
    /// instead of marking it [`Diagnostic::beyond_targets`] for people's formats to leave out.
    pub all_infos: bool,
}

impl Settings {
    /// The dialects findings are judged for: `targets`, or today's robots when it is empty.
    pub fn targets(&self) -> &[Dialect] {
        if self.targets.is_empty() {
            &Dialect::TODAY
        } else {
            &self.targets
        }
    }

    /// The usage error for selectors that name no rule, each with the nearest rule name when
    /// one is close: what the command line and the Python package both say.
    pub fn check_selectors(&self) -> Result<(), UnknownSelectors> {
        let unknown: Vec<String> = self
            .unknown_selectors()
            .into_iter()
            .map(|selector| match rules::closest_name(selector) {
                Some(name) => format!("{selector} (did you mean `{name}`?)"),
                None => selector.to_string(),
            })
            .collect();
        if unknown.is_empty() {
            return Ok(());
        }
        Err(UnknownSelectors(unknown))
    }

    /// Selectors that name no rule, for a usage error.
    pub fn unknown_selectors(&self) -> Vec<&str> {
        let all = rules::all();
        self.select
            .iter()
            .flatten()
            .chain(&self.extend_select)
            .chain(&self.ignore)
            .filter(|selector| !all.iter().any(|rule| rule.matches(selector)))
            .map(String::as_str)
            .collect()
    }
}

/// Selectors that name no rule, each with the nearest rule name when one is close.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule selector(s): {} (see `robolint rules`)", .0.join(", "))]
pub struct UnknownSelectors(pub Vec<String>);

/// Parses and lints `source` once. A caller that lints more keeps a [`Linter`] instead:
/// this resolves the settings again on every call.
pub fn lint(source: Source, path: Option<&Path>, settings: &Settings) -> Report {
    Linter::new(settings.clone()).lint(source, path)
}

/// Lints what fetching a robots.txt URL gave, once: [`Linter::lint_fetched`] with these
/// settings.
pub fn lint_fetched(fetch: &FetchOutcome, settings: &Settings) -> Report {
    Linter::new(settings.clone()).lint_fetched(fetch)
}

/// Lints an already parsed document once: [`Linter::lint_document`] with these settings.
pub fn lint_document(
    source: &Source,
    document: &Document,
    path: Option<&Path>,
    settings: &Settings,
) -> Vec<Diagnostic> {
    Linter::new(settings.clone()).lint_document(source, document, path)
}

/// Which findings carry their proof: the witness (a robot and URL on which dialects answer
/// differently) and the note that describes it. Writing a note asks a robot's matcher
/// again, so an output that never shows a proof spares the lint that work; what is
/// reported, and how findings fold, stays the same.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Proofs {
    /// Every finding: machine formats (JSON, SARIF) and editors show them all.
    #[default]
    Every,
    /// The findings people's formats show: not the information about robots outside the
    /// targets ([`Diagnostic::beyond_targets`]), which they leave out.
    Shown,
    /// None: outputs of headlines or counts (concise, statistics, the exit status).
    Omitted,
}

impl Proofs {
    /// Whether `diagnostic`'s proof is shown.
    fn shows(self, diagnostic: &Diagnostic) -> bool {
        match self {
            Proofs::Every => true,
            Proofs::Shown => !diagnostic.beyond_targets,
            Proofs::Omitted => false,
        }
    }
}

/// What the output does with the findings about robots outside the targets
/// ([`Diagnostic::beyond_targets`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum BeyondTargets {
    /// Lists each of them: machine formats, editors, and runs that fix or suppress.
    #[default]
    Listed,
    /// Lists none and counts them once folded: people's formats and the count formats. A
    /// rule that folds file-wide then has to prove one finding of each fold, not every one
    /// ([`Findings::counted_already`]).
    Counted,
}

/// How far a lint goes: to the findings as reported, or to their places before folding.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Output {
    Reported,
    Unfolded,
}

/// Sizes at which the rules of the `Document` stage are shared between two threads: an
/// editor re-lints a large file on every keystroke. Smaller files gain less than a thread
/// costs; on larger ones (beyond what RFC 9309 robots read) each thread's working memory
/// would add up to more than the lint may take.
const SECOND_THREAD_FOR_BYTES: std::ops::RangeInclusive<usize> = 64 * 1024..=1024 * 1024;

/// What one lint's rules share: the input, the rules' table, and what several rules ask of
/// the document.
#[derive(Clone, Copy)]
struct Lint<'l> {
    input: Input<'l>,
    table: &'l RuleTable,
    analysis: &'l Analysis<'l>,
    /// An error page or a failed fetch has no robots.txt to lint, only an exchange to judge.
    body_is_robots_txt: bool,
    /// A rule of the `File` stage found the body is not a robots.txt.
    file_level_only: bool,
    /// The `Document` stage's passes are shared with a helper thread.
    second_thread: bool,
    /// Rules that fold file-wide may stop proving findings once one finding per fold is in.
    counting: bool,
}

/// What a run of rules found.
#[derive(Default)]
struct Found {
    /// What the enabled rules reported, at their configured severity.
    diagnostics: Vec<Diagnostic>,
    /// The spans reported by rules that explain strict failures, enabled or not.
    strict_explanations: Vec<Span>,
    /// A rule found the body is not a robots.txt (HTML, binary).
    not_robots_txt: bool,
    /// The rules that left findings unproven because a finding of the same fold was in.
    counted: Vec<Rule>,
}

impl Found {
    fn append(&mut self, mut diagnostics: Vec<Diagnostic>) {
        // Often one rule has nearly every finding: the smaller list is appended to the
        // larger, so those findings are not copied into a second, growing list.
        if diagnostics.len() > self.diagnostics.len() {
            std::mem::swap(&mut self.diagnostics, &mut diagnostics);
        }
        self.diagnostics.append(&mut diagnostics);
    }

    fn merge(&mut self, other: Found) {
        self.append(other.diagnostics);
        self.strict_explanations.extend(other.strict_explanations);
        self.not_robots_txt |= other.not_robots_txt;
        self.counted.extend(other.counted);
    }
}

/// One rule's part of a pass: what it reports into, and what it has left to spend on
/// witnesses.
struct Run<'t> {
    resolved: &'t Resolved,
    findings: Findings,
    budget: Budget,
}

/// One thread's part of a lint: the matchers its rules compiled (a thread's own, so that
/// dropping them when they grow large never pulls them from under a rule on the other
/// thread) and what its rules found.
struct Worker<'w, 's> {
    lint: Lint<'w>,
    suppressions: &'s [Suppression],
    witnesses: Witnesses<'w>,
    found: Found,
}

impl<'w, 's> Worker<'w, 's> {
    fn new(lint: Lint<'w>, suppressions: &'s [Suppression]) -> Worker<'w, 's> {
        let witnesses = Witnesses::new(lint.input.document, &lint.input.source.text);
        Worker { lint, suppressions, witnesses, found: Found::default() }
    }

    fn run(&mut self, passes: impl Iterator<Item = &'w Pass>) {
        for pass in passes {
            self.run_pass(pass);
        }
    }

    /// Runs the rules of one pass that judge this input and keeps what they found. A rule
    /// that is off still runs when it explains strict failures: its spans are kept either way.
    fn run_pass(&mut self, pass: &'w Pass) {
        match pass {
            Pass::One(at) => {
                let Some(mut run) = self.start(*at) else { return };
                let cx = self.context(run.resolved);
                let findings = &mut run.findings;
                self.witnesses.spending(&mut run.budget, || match run.resolved.rule.check() {
                    Check::Document(check) => check(&cx, findings),
                    Check::Fetch(check) => {
                        if let Some(fetch) = self.lint.input.fetch {
                            check(&cx, fetch, findings)
                        }
                    }
                    // The table puts rules of these kinds in shared passes only.
                    Check::Line(_) | Check::Record(_) => {}
                });
                self.finish(run);
            }
            Pass::Lines(rules) => self.walk(rules, &self.lint.input.document.lines, |check| match check {
                Check::Line(check) => Some(move |cx: &Context<'_, 'w>, index, line, findings: &mut Findings| {
                    check(cx, index, line, findings)
                }),
                _ => None,
            }),
            Pass::Records(rules) => self.walk(rules, &self.lint.input.document.records, |check| match check {
                Check::Record(check) => {
                    Some(move |cx: &Context<'_, 'w>, _, record, findings: &mut Findings| check(cx, record, findings))
                }
                _ => None,
            }),
        }
        self.witnesses.forget_if_large();
    }

    /// One walk over `items` (the lines, the records) that calls each of `rules` on every
    /// item in turn, each rule with its own context, findings and witness budget.
    fn walk<T, C>(&mut self, rules: &[usize], items: &'w [T], check_of: impl Fn(Check) -> Option<C>)
    where
        C: Fn(&Context<'_, 'w>, usize, &'w T, &mut Findings),
    {
        let mut runs: Vec<Run<'w>> = rules.iter().filter_map(|&at| self.start(at)).collect();
        {
            let mut calls: Vec<(C, Context<'_, 'w>, &mut Run<'w>)> = runs
                .iter_mut()
                .filter_map(|run| Some((check_of(run.resolved.rule.check())?, self.context(run.resolved), run)))
                .collect();
            for (index, item) in items.iter().enumerate() {
                for (check, cx, run) in &mut calls {
                    let findings = &mut run.findings;
                    self.witnesses.spending(&mut run.budget, || check(cx, index, item, findings));
                }
            }
        }
        for run in runs {
            self.finish(run);
        }
    }

    /// A rule's run, when the rule judges this input: rules that judge the fetch always do;
    /// the others need a robots.txt body, and once a file-level rule has found the body is
    /// HTML or binary, only file-level ones judge it.
    fn start(&self, at: usize) -> Option<Run<'w>> {
        let resolved = self.lint.table.running(at);
        let judges = match resolved.rule.category() {
            // The rules that judge how a file was fetched run whatever the body.
            Category::Http => true,
            _ if !self.lint.body_is_robots_txt => false,
            Category::File => true,
            _ => !self.lint.file_level_only,
        };
        let counted = self.lint.counting && self.lint.table.counts_findings_of(resolved);
        judges.then(|| Run {
            resolved,
            findings: Findings::new(resolved.rule).counted_once(counted),
            budget: Budget::default(),
        })
    }

    fn context(&self, resolved: &'w Resolved) -> Context<'_, 'w> {
        let lint = self.lint;
        Context {
            source: lint.input.source,
            text: &lint.input.source.text,
            doc: lint.input.document,
            path: lint.input.path,
            strict_explanations: &self.found.strict_explanations,
            metadata: resolved.rule.metadata(),
            options: resolved.options.as_deref(),
            suppressions: self.suppressions,
            analysis: lint.analysis,
            witnesses: &self.witnesses,
        }
    }

    /// Keeps what a rule reported, at its severity, when it is enabled; its spans are kept as
    /// strict explanations whether or not it is.
    fn finish(&mut self, run: Run<'_>) {
        let resolved = run.resolved;
        let metadata = resolved.rule.metadata();
        let (reported, not_robots_txt, left_unproven) = run.findings.into_parts();
        self.found.not_robots_txt |= not_robots_txt;
        if left_unproven {
            self.found.counted.push(resolved.rule);
        }
        if metadata.explains_strict_failures {
            self.found.strict_explanations.extend(reported.iter().flat_map(Diagnostic::spans));
        }
        if resolved.severity.is_none() || reported.is_empty() {
            return;
        }
        let targets = self.lint.table.targets();
        self.found.append(
            reported
                .into_iter()
                .map(|mut diagnostic| {
                    settle(&mut diagnostic, resolved, targets);
                    diagnostic.affects.clone_from(&resolved.affects);
                    diagnostic
                })
                .collect(),
        );
    }

    /// The `Document` stage: with a second thread, this thread takes its passes from the
    /// front of the table and a helper from the back, one at a time, until they meet; this
    /// thread runs them all otherwise. Findings are sorted by position at the end, so either
    /// way the report is the same.
    fn run_document_stage(&mut self) {
        let passes = self.lint.table.passes(Stage::Document);
        if !self.lint.second_thread {
            return self.run(passes.iter());
        }
        // From both ends: neighbours in the registry often ask for the same shared work
        // (the three rules comparing a record's paths), and one thread then does it while
        // the other goes on, instead of the other waiting for it.
        let left = Mutex::new(passes);
        let take = |from_back: bool| {
            let mut left = left.lock().unwrap_or_else(PoisonError::into_inner);
            let (pass, rest) = if from_back { left.split_last()? } else { left.split_first()? };
            *left = rest;
            Some(pass)
        };
        let (lint, suppressions) = (self.lint, self.suppressions);
        let helper_found = std::thread::scope(|scope| {
            let helper = scope.spawn(|| {
                let mut helper = Worker::new(lint, suppressions);
                helper.run(std::iter::from_fn(|| take(true)));
                helper.found
            });
            self.run(std::iter::from_fn(|| take(false)));
            // A rule's panic reaches the caller as it would on one thread.
            helper.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        });
        self.found.merge(helper_found);
    }
}

/// Settles a finding's severity from what its rule proposed and what it proves. The rule
/// proposes a severity: its level under the targets, or one finding raised above its usual
/// severity (merged-group: an error where the rules a robot joins block the whole site) or
/// lowered to information (content-usage-value: a parameter no reader looks at). Its
/// evidence then decides: a warning or an error stands only where a robot of the targets
/// reads the file otherwise than it means ([`Evidence`]). A level set in robolint.toml wins
/// over both. What is left at info and concerns no robot of the targets is marked
/// [`Diagnostic::beyond_targets`].
fn settle(diagnostic: &mut Diagnostic, resolved: &Resolved, targets: &[Dialect]) {
    let Some(level) = resolved.severity else { return };
    let usual = resolved.rule.metadata().severity;
    let proposed = match diagnostic.severity.cmp(&usual) {
        _ if resolved.level_configured => level,
        std::cmp::Ordering::Greater => level.max(diagnostic.severity),
        std::cmp::Ordering::Less => level.min(diagnostic.severity),
        std::cmp::Ordering::Equal => level,
    };
    let (proven, settled) = match &diagnostic.evidence {
        Evidence::Levels => (true, proposed),
        // A robot of the targets proven to misread the line: at least a warning, whatever
        // the rule's usual level for them.
        Evidence::Misread(dialects) if dialects.iter().any(|dialect| targets.contains(dialect)) => {
            (true, proposed.max(Severity::Warning))
        }
        Evidence::Misread(_) | Evidence::NoEffect => (false, Severity::Info),
    };
    diagnostic.severity = if resolved.level_configured { proposed } else { settled };
    diagnostic.beyond_targets = diagnostic.severity == Severity::Info
        && !resolved.level_configured
        && !resolved.all_infos
        && (resolved.beyond_targets_at_info || !proven);
}

/// Whether the rules of a text this long are shared with a second thread, when `threads`
/// allows one.
fn second_thread_for(source: &Source, threads: usize) -> bool {
    SECOND_THREAD_FOR_BYTES.contains(&source.text.len()) && threads > 1
}

/// What one run of the rules reads: the input, and whether a fetch gave it.
#[derive(Clone, Copy)]
struct Input<'i> {
    source: &'i Source,
    document: &'i Document,
    path: Option<&'i Path>,
    fetch: Option<&'i FetchOutcome>,
}

fn run_rules(linter: &Linter, input: Input<'_>, second_thread: bool, output: Output) -> Vec<Diagnostic> {
    let counting = output == Output::Reported && linter.beyond_targets() == BeyondTargets::Counted;
    run_rules_counting(linter, input, second_thread, output, counting)
}

/// [`run_rules`], where, when `counting`, rules that fold file-wide stop proving findings
/// once one finding per fold is in: their other findings would fold into it, out of sight.
/// Where a suppression comment or another rule's explanation could take that one away, they
/// prove every finding.
fn run_rules_counting(
    linter: &Linter,
    input: Input<'_>,
    second_thread: bool,
    output: Output,
    counting: bool,
) -> Vec<Diagnostic> {
    let Input { source, document, fetch, .. } = input;
    let table = linter.table();
    let analysis = Analysis::new(document, &source.text);
    let mut suppressions = suppressions::find(document, &source.text);
    let lint = Lint {
        input,
        table,
        analysis: &analysis,
        body_is_robots_txt: fetch.is_none_or(|fetch| fetch.robots_txt().is_some()),
        file_level_only: false,
        second_thread,
        counting: counting && suppressions.is_empty(),
    };
    let mut worker = Worker::new(lint, &suppressions);
    worker.run(table.passes(Stage::File).iter());
    worker.lint.file_level_only = worker.found.not_robots_txt;
    if worker.found.not_robots_txt && !linter.settings().all_infos {
        // The body is no robots.txt (an HTML page, binary data, an error body), which an error
        // says: its stray bytes, size and line ends change nothing more for any robot.
        for diagnostic in worker.found.diagnostics.iter_mut().filter(|found| found.severity < Severity::Error) {
            diagnostic.severity = Severity::Info;
            diagnostic.beyond_targets = true;
        }
    }
    worker.run_document_stage();
    worker.run(table.passes(Stage::CatchAll).iter());
    let counted = &worker.found.counted;
    let explains_counted = |finding: &Diagnostic| {
        finding.rule.is_some_and(|explaining| counted.iter().any(|&rule| explains(explaining, rule)))
    };
    if !counted.is_empty() && worker.found.diagnostics.iter().any(explains_counted) {
        // The finding a fold kept may be taken in by another rule's: prove them all.
        drop(worker);
        return run_rules_counting(linter, input, second_thread, output, false);
    }
    let file_level_only = worker.lint.file_level_only;
    // The rules' own witnesses, with the matchers they compiled, write the notes below: a
    // note asks the robots and URLs the rules just asked about.
    let Worker { witnesses, found, .. } = worker;
    let mut diagnostics = found.diagnostics;
    suppressions::apply(&mut suppressions, &mut diagnostics, document);
    if output == Output::Unfolded {
        let mut diagnostics: Vec<Diagnostic> = diagnostics.into_iter().flat_map(Diagnostic::expanded).collect();
        sort_by_position(&mut diagnostics);
        return diagnostics;
    }
    sort_by_position(&mut diagnostics);
    let diagnostics = fold_findings_explained_by_others(diagnostics, document);
    let proofs = linter.proofs();
    let mut diagnostics = fold_findings_of_one_cause(diagnostics, table, &source.text, |diagnostic| {
        diagnostic.write_witness(&witnesses);
    });
    for diagnostic in diagnostics.iter_mut().filter(|diagnostic| proofs.shows(diagnostic)) {
        diagnostic.write_witness(&witnesses);
    }
    // Rules about suppressions read which comments silenced something, and what they
    // report obeys suppressions too (`disable=unused-suppression`), which may mark more
    // names used but no longer changes what was reported.
    let mut suppression_worker = Worker::new(Lint { file_level_only, counting: false, ..lint }, &suppressions);
    for pass in table.passes(Stage::Suppression) {
        suppression_worker.run_pass(pass);
        let mut reported = std::mem::take(&mut suppression_worker.found.diagnostics);
        suppressions::apply(&mut suppressions.clone(), &mut reported, document);
        diagnostics.extend(reported.into_iter().flat_map(Diagnostic::expanded));
    }
    sort_by_position(&mut diagnostics);
    diagnostics
}

/// Whether a finding of `explaining` may take in a finding of rule `explained`: the rule
/// names it, or names `*` and `explained` names no `*` of its own (two file-wide causes on one
/// line stay two findings).
fn explains(explaining: Rule, explained: Rule) -> bool {
    let explains_any = |rule: Rule| rule.metadata().explains.contains(&Explained::Any);
    explaining != explained
        && explaining.metadata().explains.iter().any(|named| match *named {
            Explained::Rule(rule) => rule == explained,
            Explained::Any => !explains_any(explained),
        })
}

/// One finding per cause across rules ([`rules::Metadata::explains`]): a finding whose rule another
/// finding on its line explains becomes a label of that finding, named by its rule, unless it
/// is more severe (an error is never hidden under a warning). Its fix goes with it: the
/// explaining finding is about the cause, and fixing the cause is what to do. The registry
/// test keeps the named relation acyclic, so following explanations ends at a finding no
/// other explains.
fn fold_findings_explained_by_others(diagnostics: Vec<Diagnostic>, document: &Document) -> Vec<Diagnostic> {
    let metadata_of = |diagnostic: &Diagnostic| diagnostic.rule.map(Rule::metadata);
    let explains_others =
        |diagnostic: &Diagnostic| metadata_of(diagnostic).is_some_and(|metadata| !metadata.explains.is_empty());
    if !diagnostics.iter().any(explains_others) {
        return diagnostics;
    }
    let mut diagnostics = one_per_place_where_explained(diagnostics, document, explains_others);
    let explaining: Vec<usize> = (0..diagnostics.len()).filter(|&at| explains_others(&diagnostics[at])).collect();
    // The explaining findings by line: a file-wide cause (`*`) on every line it points at, a
    // named one on its own line only (a shadowed Disallow's label points at the Allow above
    // it, whose own findings have another cause).
    let mut on_line: HashMap<LineIndex, Vec<usize>> = HashMap::new();
    for &at in &explaining {
        let diagnostic = &diagnostics[at];
        let file_wide = metadata_of(diagnostic).is_some_and(|metadata| metadata.explains.contains(&Explained::Any));
        let spans = diagnostic.spans().take(if file_wide { usize::MAX } else { 1 });
        for line in spans.filter_map(|span| document.line_at(span.start())) {
            on_line.entry(line).or_default().push(at);
        }
    }
    let explained_by: Vec<Option<usize>> = diagnostics
        .iter()
        .enumerate()
        .map(|(at, diagnostic)| {
            let candidates = on_line.get(&document.line_at(diagnostic.span.start())?)?;
            let rule = diagnostic.rule?;
            candidates.iter().copied().find(|&by| {
                let cause = &diagnostics[by];
                by != at
                    && cause.severity >= diagnostic.severity
                    && cause.rule.is_some_and(|cause| explains(cause, rule))
            })
        })
        .collect();
    let root = |mut at: usize| {
        while let Some(by) = explained_by[at] {
            at = by;
        }
        at
    };
    // Each explained finding becomes a label of its root, in place: the findings are never
    // held twice.
    let folded: Vec<(usize, Label)> = (0..diagnostics.len())
        .filter(|&at| explained_by[at].is_some())
        .map(|at| {
            let diagnostic = &mut diagnostics[at];
            let message = text!("{}: {}", diagnostic.name, std::mem::take(&mut diagnostic.message));
            (root(at), Label { span: diagnostic.span, message })
        })
        .collect();
    for (into, label) in folded {
        diagnostics[into].labels.push(label);
    }
    let mut explained = explained_by.iter();
    diagnostics.retain(|_| explained.next().is_some_and(Option::is_none));
    diagnostics
}

/// The findings that stand for equal ones elsewhere ([`Diagnostic::repeated_at`]) one per
/// place again where an explanation may concern a place: those of explaining rules, and those
/// with a place on a line an explaining finding points at. In position order, as before.
fn one_per_place_where_explained(
    diagnostics: Vec<Diagnostic>,
    document: &Document,
    explains_others: impl Fn(&Diagnostic) -> bool,
) -> Vec<Diagnostic> {
    if diagnostics.iter().all(|diagnostic| diagnostic.repeated_at.is_empty()) {
        return diagnostics;
    }
    let explained_lines: foldhash::HashSet<LineIndex> = diagnostics
        .iter()
        .filter(|diagnostic| explains_others(diagnostic))
        .flat_map(Diagnostic::spans)
        .filter_map(|span| document.line_at(span.start()))
        .collect();
    let mut one_per_place = Vec::with_capacity(diagnostics.len());
    for diagnostic in diagnostics {
        let explained =
            |place: Span| document.line_at(place.start()).is_some_and(|line| explained_lines.contains(&line));
        if !diagnostic.repeated_at.is_empty() && (explains_others(&diagnostic) || diagnostic.places().any(explained)) {
            one_per_place.extend(diagnostic.expanded());
        } else {
            one_per_place.push(diagnostic);
        }
    }
    sort_by_position(&mut one_per_place);
    one_per_place
}

/// What findings fold by: the rule, what it says and what backs that up (unless the rule
/// folds whatever it says), and how safe its fix is. A witness names its own line's rule, so
/// findings with witnesses fold only where the rule folds whatever it says.
#[derive(PartialEq, Eq, Hash)]
struct Cause {
    rule: Option<Rule>,
    /// Findings of one rule settled at different severities, or for different robots, are
    /// different claims.
    severity: Severity,
    beyond_targets: bool,
    message: Option<(String, Vec<String>)>,
    fix: Option<Applicability>,
}

/// How safe a finding's fix is, which findings fold by.
fn fix_of(diagnostic: &Diagnostic) -> Option<Applicability> {
    diagnostic.fix.as_ref().map(|fix| fix.applicability)
}

fn sort_by_position(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by(|a, b| (a.span.start(), a.span.end(), a.code).cmp(&(b.span.start(), b.span.end(), b.code)));
}

/// One finding per cause. Findings of one rule with the same message say the same thing
/// (`Noindex` is read by no robot; `Disallow: /a` above already covers this line), and a
/// rule whose findings only robots outside the targets act on ([`RuleTable::folds_file_wide`])
/// describes a habit of the file, whatever each
/// message says. Either way the findings fold into the first of them, in `diagnostics`
/// order, with the other places (and their own labels) as its labels. The folded finding's
/// fix makes every edit of the folded findings' fixes; findings whose fixes differ in
/// applicability fold apart, so that safe edits stay a safe fix.
fn fold_findings_of_one_cause(
    mut diagnostics: Vec<Diagnostic>,
    table: &RuleTable,
    text: &str,
    mut write_witness: impl FnMut(&mut Diagnostic),
) -> Vec<Diagnostic> {
    // What a finding says is its words, not the spans they quote: the same misspelt name on
    // two lines is one cause. A rule that folds file-wide folds whatever it says.
    let said: Vec<Option<String>> = diagnostics
        .iter()
        .map(|diagnostic| (!table.folds_file_wide(diagnostic)).then(|| diagnostic.message.render(text).into_owned()))
        .collect();
    // A witness's note is part of what a finding says, so it can tell apart findings that
    // say the same otherwise, and only those: theirs are written before they fold (the
    // others' when the output shows them).
    let said_alike: Vec<bool> = {
        fn cause_without_notes<'s>(
            diagnostic: &Diagnostic,
            said: &'s str,
        ) -> (Option<Rule>, Severity, bool, &'s str, Option<Applicability>) {
            (diagnostic.rule, diagnostic.severity, diagnostic.beyond_targets, said, fix_of(diagnostic))
        }
        let mut alike: HashMap<_, usize> = HashMap::new();
        for (diagnostic, said) in diagnostics.iter().zip(&said) {
            if let Some(said) = said {
                *alike.entry(cause_without_notes(diagnostic, said)).or_default() += 1;
            }
        }
        let alike = |diagnostic: &Diagnostic, said: &Option<String>| {
            said.as_deref().is_some_and(|said| alike.get(&cause_without_notes(diagnostic, said)) > Some(&1))
        };
        diagnostics.iter().zip(&said).map(|(diagnostic, said)| alike(diagnostic, said)).collect()
    };
    // Folded in place: a finding that folds gives its places, labels and edits to the first
    // of its cause and is dropped at the end, so the findings are never held twice.
    let mut folded_away = vec![false; diagnostics.len()];
    // For each cause: where its first finding is, and how many folded into it.
    let mut causes: HashMap<Cause, (usize, usize)> = HashMap::new();
    for (at, (said, said_alike)) in said.into_iter().zip(said_alike).enumerate() {
        let (before, from_here) = diagnostics.split_at_mut(at);
        let Some(diagnostic) = from_here.first_mut() else { break };
        if said_alike {
            write_witness(diagnostic);
        }
        let cause = Cause {
            rule: diagnostic.rule,
            severity: diagnostic.severity,
            beyond_targets: diagnostic.beyond_targets,
            message: said.map(|said| (said, diagnostic.notes.clone())),
            fix: fix_of(diagnostic),
        };
        // The places of equal findings a finding stands for fold as those findings would.
        let repeated_at = std::mem::take(&mut diagnostic.repeated_at);
        let places = repeated_at.len();
        let Some((first_at, folded)) = causes.get_mut(&cause) else {
            diagnostic.labels.push_folded_places(repeated_at);
            causes.insert(cause, (at, places));
            continue;
        };
        let Some(first) = before.get_mut(*first_at) else { continue };
        first.labels.push_folded(diagnostic.span);
        first.labels.append(std::mem::take(&mut diagnostic.labels));
        if let (Some(fix), Some(other)) = (first.fix.as_mut(), diagnostic.fix.take()) {
            fix.edits.extend(other.edits);
        }
        first.labels.push_folded_places(repeated_at);
        *folded += 1 + places;
        folded_away[at] = true;
    }
    for &(at, folded) in causes.values().filter(|(_, folded)| *folded > 0) {
        let Some(first) = diagnostics.get_mut(at) else { continue };
        first.message = text!("{} (and {} more like it)", std::mem::take(&mut first.message), folded);
        if let Some(fix) = first.fix.as_mut() {
            fix.message = format!("{} (and {folded} more like it)", fix.message);
        }
    }
    let mut folded_away = folded_away.into_iter();
    diagnostics.retain(|_| !folded_away.next().unwrap_or_default());
    diagnostics
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::parse;
    use crate::rules::Level;

    #[test]
    fn an_unknown_selector_is_named_with_the_nearest_rule() {
        let settings = Settings { select: Some(vec!["glob-patern".into(), "RL3".into()]), ..Settings::default() };
        assert_eq!(
            settings.check_selectors().map_err(|error| error.to_string()),
            Err("unknown rule selector(s): glob-patern (did you mean `glob-pattern`?) (see `robolint rules`)".into())
        );
        assert_eq!(Settings::default().check_selectors(), Ok(()));
    }

    fn finding_of(rule: &str, severity: Severity, span: Span) -> Diagnostic {
        let rule = rules::find(rule).expect("a rule");
        Diagnostic { severity, ..Diagnostic::of_rule(rule, span, format!("{rule} says so")) }
    }

    #[test]
    fn a_finding_folds_into_the_one_that_explains_it_unless_it_is_more_severe() {
        let text = "User-agent: *\nDisallow: /shop/\nAllow: /shop/help/\nAllow: /x/\n";
        let document = parse::parse_text(text);
        let allow_line = Span::new(31, 49);
        let other_line = Span::new(50, 60);
        let fold = |explaining: Severity, explained: Severity, explained_span: Span| {
            let diagnostics = vec![
                finding_of("shadowed-rule", explaining, allow_line),
                finding_of("allow-for-1994-robots", explained, explained_span),
            ];
            fold_findings_explained_by_others(diagnostics, &document)
        };
        let folded = fold(Severity::Warning, Severity::Info, allow_line);
        assert_eq!(folded.len(), 1, "{folded:#?}");
        assert_eq!(
            folded[0].labels.iter().next().expect("a label").message.render(text),
            "allow-for-1994-robots: allow-for-1994-robots says so"
        );
        assert_eq!(folded[0].labels.iter().next().expect("a label").span, allow_line);
        // An error is never hidden under a warning, nor a finding on another line.
        assert_eq!(fold(Severity::Warning, Severity::Error, allow_line).len(), 2);
        assert_eq!(fold(Severity::Warning, Severity::Info, other_line).len(), 2);
        // The relation is one-way: shadowed-rule explains allow-for-1994-robots, not back.
        let diagnostics = vec![
            finding_of("allow-for-1994-robots", Severity::Error, allow_line),
            finding_of("shadowed-rule", Severity::Info, allow_line),
        ];
        assert_eq!(fold_findings_explained_by_others(diagnostics, &document).len(), 2);
    }

    /// A finding that stands for equal ones elsewhere meets the explanations on its places
    /// as those findings would: the place an explaining finding's line holds becomes its
    /// label, the others stay the rule's.
    #[test]
    fn places_kept_by_a_finding_meet_explanations_as_findings_of_their_own_would() {
        let text = "a\nb\nc\nd\n";
        let document = parse::parse(&Source::from(text));
        let line = |index: usize| document.lines[index].span;
        let mut stands_for_four = finding_of("invalid-line", Severity::Warning, line(0));
        stands_for_four.repeated_at = vec![line(1), line(2), line(3)];
        let explaining = finding_of("escaped-line-breaks", Severity::Warning, line(2));
        let fold = |mut diagnostics: Vec<Diagnostic>| {
            sort_by_position(&mut diagnostics);
            fold_findings_explained_by_others(diagnostics, &document)
        };
        let one_per_place = stands_for_four.clone().expanded().chain([explaining.clone()]).collect();
        let from_places = fold(vec![stands_for_four, explaining]);
        assert_eq!(from_places, fold(one_per_place));
        let explained: Vec<Span> = from_places
            .iter()
            .filter(|finding| finding.name == "escaped-line-breaks")
            .flat_map(|finding| finding.labels.iter().map(|label| label.span))
            .collect();
        assert_eq!(explained, [line(2)]);
    }

    /// Both folds work in the findings' own buffer: a file of 100,000 findings held them
    /// twice while folding, a third of the lint's memory.
    #[test]
    fn findings_fold_in_place_and_in_order() {
        let text = "a\nb\nc\nd\n";
        let document = parse::parse(&Source::from(text));
        let line = |index: usize| document.lines[index].span;
        let findings = vec![
            finding_of("shadowed-rule", Severity::Warning, line(0)),
            finding_of("allow-for-1994-robots", Severity::Info, line(0)),
            finding_of("invalid-line", Severity::Warning, line(1)),
            finding_of("invalid-line", Severity::Warning, line(2)),
            finding_of("unknown-field", Severity::Warning, line(3)),
        ];
        let buffer = findings.as_ptr();
        let explained = fold_findings_explained_by_others(findings, &document);
        assert_eq!(explained.as_ptr(), buffer);
        let linter = Linter::new(Settings::default());
        let folded = fold_findings_of_one_cause(explained, linter.table(), text, |_| {});
        assert_eq!(folded.as_ptr(), buffer);
        let names: Vec<&str> = folded.iter().map(|finding| finding.name).collect();
        assert_eq!(names, ["shadowed-rule", "invalid-line", "unknown-field"]);
        let labels = |at: usize| -> Vec<Span> { folded[at].labels.iter().map(|label| label.span).collect() };
        assert_eq!((labels(0), labels(1), labels(2)), (vec![line(0)], vec![line(2)], vec![]));
        assert_eq!(folded[1].message.render(text), "invalid-line says so (and 1 more like it)");
    }

    /// What people's formats show of a lint: each shown finding as the human format writes
    /// it, and the counts (left-out information, fixes) of the closing summary.
    fn as_people_see(report: &Report) -> (String, crate::render::Found) {
        let mut human = Vec::new();
        let linted = crate::render::Linted { name: "robots.txt", report };
        crate::render::human::write(&mut human, &linted, false).expect("writing to memory");
        (String::from_utf8_lossy(&human).into_owned(), crate::render::Found::in_report(report))
    }

    /// A run whose output counts the findings about robots outside the targets proves one
    /// finding of each fold of a rule that folds file-wide (glob-pattern at today's targets),
    /// and people see exactly what a run that proves every finding shows them. Where a
    /// suppression or an explanation could take away the finding a fold kept, it proves all.
    #[test]
    fn a_counted_run_proves_one_finding_of_each_fold_and_shows_the_same() {
        let lint = |text: &str, beyond_targets: BeyondTargets| {
            let linter = Linter::new(Settings::default()).with_threads(1).with_beyond_targets(beyond_targets);
            linter.lint(Source::from(text), None)
        };
        let glob_places = |report: &Report| -> usize {
            report
                .diagnostics
                .iter()
                .filter(|finding| finding.name == "glob-pattern")
                .map(|finding| 1 + finding.labels.len())
                .sum()
        };
        let rules: String = (0..40).map(|n| format!("Disallow: /p{n}/*\nDisallow: /q{n}*.pdf\n")).collect();
        let escaped_first = "User-agent: *\nDisallow: /a*x\\nDisallow: /b\nDisallow: /c*x\nDisallow: /d*x\n";
        let suppressed_first = "User-agent: *\nDisallow: /a*x # robolint: disable=glob-pattern\nDisallow: /c*x\n";
        let cases = [
            (format!("User-agent: *\n{rules}"), true),
            (escaped_first.to_string(), false),
            (suppressed_first.to_string(), false),
        ];
        for (text, skips) in cases {
            let (listed, counted) = (lint(&text, BeyondTargets::Listed), lint(&text, BeyondTargets::Counted));
            assert_eq!(as_people_see(&counted), as_people_see(&listed), "{text}");
            assert!(as_people_see(&listed).1.left_out > 0, "{text}");
            if skips {
                // Two folds (a safe fix, none), of one proven finding each, for 80 places.
                assert_eq!((glob_places(&listed), glob_places(&counted)), (80, 2));
            } else {
                assert_eq!(glob_places(&counted), glob_places(&listed), "{text}");
            }
        }
    }

    /// Every case of the rule corpus, and many records for the rules that report the same
    /// thing per record: people see the same from a counted run as from a listed one.
    #[test]
    fn people_see_the_same_from_a_counted_run_of_every_corpus_case() {
        let lint = |text: &str, beyond_targets: BeyondTargets| {
            let linter = Linter::new(Settings::default()).with_threads(1).with_beyond_targets(beyond_targets);
            linter.lint(Source::from(text), None)
        };
        let records: String = (0..20).map(|n| format!("User-agent: *\nUser-agent: a\nDisallow: /%7E{n}\n\n")).collect();
        for text in corpus_cases().iter().chain([&records]) {
            let (listed, counted) = (lint(text, BeyondTargets::Listed), lint(text, BeyondTargets::Counted));
            assert_eq!(as_people_see(&counted), as_people_see(&listed), "{text}");
        }
        let places = |report: &Report, rule: &str| -> Vec<usize> {
            let folded =
                |label: &crate::diagnostic::LabelRef<'_>| label.message.render(&records) == crate::diagnostic::FOLDED;
            let of_rule = report.diagnostics.iter().filter(|finding| finding.name == rule);
            of_rule.map(|finding| 1 + finding.labels.iter().filter(folded).count()).collect()
        };
        let (listed, counted) = (lint(&records, BeyondTargets::Listed), lint(&records, BeyondTargets::Counted));
        for (rule, found) in
            [("multiple-star-records", 19), ("duplicate-agent", 19), ("percent-encoding-divergence", 20)]
        {
            assert_eq!((places(&listed, rule), places(&counted, rule)), (vec![found], vec![1]), "{rule}");
        }
    }

    #[test]
    fn equal_settings_share_one_linter_and_changed_ones_make_another() {
        let from_file = || Settings { ignore: vec!["unknown-agent".to_string()], ..Settings::default() };
        let mut linters = Linters::new(1);
        let before = linters.get(&from_file());
        assert!(std::sync::Arc::ptr_eq(&before, &linters.get(&from_file())));
        let changed = Settings { targets: Dialect::ALL.to_vec(), ..from_file() };
        let after = linters.get(&changed);
        assert!(!std::sync::Arc::ptr_eq(&before, &after));
        // At today's targets glob-pattern speaks for older robots only and folds file-wide; at
        // every dialect's it does not.
        assert!(before.folded_file_wide().contains(&Rule::GlobPattern));
        assert!(!after.folded_file_wide().contains(&Rule::GlobPattern));
        // An ignored rule that explains no strict failure does not run at all.
        assert!(!format!("{:?}", before.table()).contains("\"unknown-agent\""), "{before:?}");
        assert!(format!("{:?}", Linter::new(Settings::default()).table()).contains("\"unknown-agent\""));
    }

    /// The texts of the rule corpus's robots.txt cases, in order.
    fn corpus_cases() -> Vec<String> {
        let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
        let mut cases: Vec<_> = std::fs::read_dir(&corpus)
            .into_iter()
            .flatten()
            .flatten()
            .flat_map(|rule| std::fs::read_dir(rule.path()).into_iter().flatten().flatten())
            .map(|case| case.path())
            .filter(|case| case.extension().is_some_and(|extension| extension == "txt"))
            .collect();
        cases.sort();
        cases.iter().filter_map(|case| std::fs::read_to_string(case).ok()).collect()
    }

    /// Every robots.txt case of the rule corpus, one after the other: a large document on
    /// which nearly every rule has something to say, witnesses and suppressions included.
    fn every_corpus_case() -> String {
        corpus_cases().join("\n\n")
    }

    /// A finding of `rule` as its check proposes it, with `evidence`, settled under `settings`.
    fn settled(rule: &str, proposed: Severity, evidence: Evidence, settings: &Settings) -> Diagnostic {
        let linter = Linter::new(settings.clone());
        let table = linter.table();
        let resolved = table.running_named(rule).expect("the rule runs");
        let mut finding = finding_of(rule, proposed, Span::new(0, 1));
        finding.evidence = evidence;
        settle(&mut finding, resolved, table.targets());
        finding
    }

    #[test]
    fn evidence_settles_the_severity_and_the_configured_level_wins() {
        let today = Settings::default();
        let portable = Settings { targets: Dialect::ALL.to_vec(), ..Settings::default() };
        let older = || Evidence::Misread(vec![Dialect::Draft1996]);
        // Robots outside the targets misread it: information, left out of people's formats.
        let outside = settled("agent-pattern", Severity::Warning, older(), &today);
        assert_eq!((outside.severity, outside.beyond_targets), (Severity::Info, true));
        // The same evidence where those robots are targets keeps the warning.
        let inside = settled("agent-pattern", Severity::Warning, older(), &portable);
        assert_eq!((inside.severity, inside.beyond_targets), (Severity::Warning, false));
        // A proven misreading by today's robots raises a rule that is information for them.
        let today_misreads = Evidence::Misread(vec![Dialect::Google]);
        let raised = settled("record-without-disallow", Severity::Warning, today_misreads, &today);
        assert_eq!((raised.severity, raised.beyond_targets), (Severity::Warning, false));
        // No robot affected: information whatever the rule proposed, even an error.
        let moot = settled("merged-group", Severity::Error, Evidence::NoEffect, &today);
        assert_eq!((moot.severity, moot.beyond_targets), (Severity::Info, true));
        // Without evidence beyond its levels a finding keeps them, and a raise stands.
        assert_eq!(settled("merged-group", Severity::Error, Evidence::Levels, &today).severity, Severity::Error);
        // robolint.toml's level wins over the evidence, and shows the finding.
        let levels = BTreeMap::from([(Rule::MergedGroup, Level::Warning)]);
        let configured = Settings { levels, ..Settings::default() };
        let kept = settled("merged-group", Severity::Error, Evidence::NoEffect, &configured);
        assert_eq!((kept.severity, kept.beyond_targets), (Severity::Warning, false));
        // `--all-infos` shows what would be left out.
        let all_infos = Settings { all_infos: true, ..Settings::default() };
        assert!(!settled("merged-group", Severity::Error, Evidence::NoEffect, &all_infos).beyond_targets);
    }

    #[test]
    fn every_finding_whose_evidence_moves_it_comes_from_a_rule_that_says_how() {
        let (mut moved, mut without_effect, mut misread) = (BTreeSet::new(), 0, 0);
        for case in corpus_cases() {
            for finding in lint(Source::from(case.as_str()), None, &Settings::default()).diagnostics {
                match finding.evidence {
                    Evidence::Levels => continue,
                    Evidence::NoEffect => without_effect += 1,
                    Evidence::Misread(_) => misread += 1,
                }
                moved.insert(finding.name);
            }
        }
        assert!(without_effect > 0 && misread > 0, "the corpus shows no evidence at work");
        let silent: Vec<&&str> = moved
            .iter()
            .filter(|name| rules::find(name).is_some_and(|rule| rule.metadata().evidence.is_none()))
            .collect();
        assert!(silent.is_empty(), "rules whose evidence moves a finding without `evidence` in their TOML: {silent:?}");
    }

    #[test]
    fn a_second_thread_changes_nothing_in_the_report() {
        let text = every_corpus_case();
        assert!(text.len() > 64 * 1024, "the corpus cases make {} bytes", text.len());
        let source = Source::from(text.as_str());
        let document = parse::parse(&source);
        let settings = Settings { extend_select: vec!["ALL".to_string()], ..Settings::default() };
        let (linter, input) =
            (Linter::new(settings), Input { source: &source, document: &document, path: None, fetch: None });
        let on_one_thread = run_rules(&linter, input, false, Output::Reported);
        let on_two_threads = run_rules(&linter, input, true, Output::Reported);
        let codes: BTreeSet<&str> = on_one_thread.iter().map(|diagnostic| diagnostic.code).collect();
        assert!(codes.len() > 40, "the document exercises only {codes:?}");
        assert!(on_one_thread.iter().any(|diagnostic| diagnostic.witness.is_some()), "no witness was computed");
        assert_eq!(on_one_thread, on_two_threads);
    }

    /// A million equal findings are a span each while the lint runs
    /// ([`Diagnostic::repeated_at`]); what it reports is what a finding per place gives:
    /// suppressed places drop out, the first place left leads, the rest fold in order.
    #[test]
    fn equal_findings_kept_as_places_report_as_a_finding_per_place_would() {
        let mut text = String::new();
        let mut lines = Vec::new();
        for line in 0..1000 {
            let suppression = if line == 0 || line == 500 { " # robolint: disable=invalid-line" } else { "" };
            lines.push(Span::new(text.len(), text.len() + 5));
            text.push_str(&format!("stray{suppression}\n"));
        }
        let source = Source::from(text.as_str());
        let document = parse::parse(&source);
        let linter = Linter::new(Settings::default()).with_threads(1);
        let kept: Vec<Span> =
            lines.iter().enumerate().filter(|&(line, _)| line != 0 && line != 500).map(|(_, &span)| span).collect();

        let unfolded = linter.unfolded_findings(&source, &document, None);
        let unfolded_places: Vec<Span> = unfolded.iter().map(|finding| finding.span).collect();
        assert_eq!(unfolded_places, kept);
        assert!(unfolded.iter().all(|finding| finding.repeated_at.is_empty()));

        let reported = linter.lint_document(&source, &document, None);
        let [finding] = reported.as_slice() else { panic!("one finding: {reported:#?}") };
        assert_eq!(finding.code, Rule::InvalidLine.code());
        assert_eq!(finding.span, kept[0]);
        assert!(finding.message.render(&text).ends_with("(and 997 more like it)"), "{}", finding.message.render(&text));
        let labels: Vec<(Span, String)> =
            finding.labels.iter().map(|label| (label.span, label.message.render(&text).into_owned())).collect();
        let folded: Vec<(Span, String)> =
            kept[1..].iter().map(|&span| (span, crate::diagnostic::FOLDED.to_string())).collect();
        assert_eq!(labels, folded);
    }

    #[test]
    fn proofs_left_out_change_no_finding_nor_how_they_fold() {
        let text = every_corpus_case();
        let source = Source::from(text.as_str());
        let document = parse::parse(&source);
        let lint_with = |proofs: Proofs| {
            let settings = Settings { extend_select: vec!["ALL".to_string()], ..Settings::default() };
            Linter::new(settings).with_threads(1).with_proofs(proofs).lint_document(&source, &document, None)
        };
        let every = lint_with(Proofs::Every);
        let witnessed = every.iter().filter(|finding| finding.witness.is_some()).count();
        assert!(witnessed > 10, "the corpus shows only {witnessed} witnesses");
        for proofs in [Proofs::Shown, Proofs::Omitted] {
            let fewer = lint_with(proofs);
            assert_eq!(fewer.len(), every.len(), "{proofs:?}");
            for (full, lean) in every.iter().zip(&fewer) {
                // What a finding is, where, and what folded into it stay; only the proof may go.
                let headline =
                    |finding: &Diagnostic| (finding.code, finding.span, finding.message.render(&text).into_owned());
                assert_eq!(headline(full), headline(lean), "{proofs:?}");
                assert_eq!(full.labels.len(), lean.labels.len(), "{proofs:?}: {}", headline(full).2);
                if proofs.shows(full) {
                    assert_eq!(full, lean, "{proofs:?}");
                } else {
                    assert!(lean.notes.len() <= full.notes.len());
                }
            }
            let witnessed_lean = fewer.iter().filter(|finding| finding.witness.is_some()).count();
            assert!(witnessed_lean < witnessed, "{proofs:?} wrote every proof");
        }
    }

    #[test]
    fn findings_told_apart_only_by_their_witnesses_stay_apart_without_proofs() {
        // With every dialect a target, glob-pattern says the same words on each line and
        // folds by what it says: only the witnesses' notes tell these three apart.
        let text = "User-agent: *\nDisallow: /a*b\nDisallow: /c*d\nDisallow: /e*f\n";
        let settings = Settings { targets: Dialect::ALL.to_vec(), ..Settings::default() };
        let globs = |proofs: Proofs| {
            let linter = Linter::new(settings.clone()).with_proofs(proofs);
            let report = linter.lint(Source::from(text), None);
            report.diagnostics.into_iter().filter(|finding| finding.rule == Some(Rule::GlobPattern)).collect::<Vec<_>>()
        };
        let every = globs(Proofs::Every);
        assert_eq!(every.len(), 3, "{every:#?}");
        let omitted = globs(Proofs::Omitted);
        assert_eq!(omitted.len(), 3, "{omitted:#?}");
        // Written to tell them apart, the proofs are there anyway.
        assert_eq!(omitted, every);
    }

    #[test]
    fn the_finding_a_file_wide_fold_keeps_carries_its_witness_and_the_folded_ones_are_not_written() {
        // At the default targets glob-pattern folds file-wide; the first pattern's finding is
        // suppressed, so the second's is the one kept, and its witness must be written.
        let text = "User-agent: *\nDisallow: /a*b # robolint: disable=glob-pattern\nDisallow: /c*d\nDisallow: /e*f\n";
        let source = Source::from(text);
        let document = parse::parse(&source);
        let linter = Linter::new(Settings::default());
        assert!(linter.folded_file_wide().contains(&Rule::GlobPattern), "glob-pattern folds file-wide");
        let input = Input { source: &source, document: &document, path: None, fetch: None };
        let diagnostics = run_rules(&linter, input, false, Output::Reported);
        let globs: Vec<&Diagnostic> =
            diagnostics.iter().filter(|diagnostic| diagnostic.name == "glob-pattern").collect();
        let [kept] = globs.as_slice() else { panic!("one glob-pattern finding, not {globs:#?}") };
        assert_eq!(kept.span.text(text), "*");
        assert!(text[kept.span.start()..].starts_with("*d"), "{kept:#?}");
        let witness = kept.witness.as_deref().expect("the kept finding's witness");
        assert_eq!(witness.url, "/cd");
        assert!(kept.notes.iter().any(|note| note.contains("`/cd`")), "{:?}", kept.notes);
        assert!(diagnostics.iter().all(|diagnostic| diagnostic.unwritten_witness.is_none()));
    }
}
