//! What a rule reports. Positions are byte spans; only renderers turn them into lines and
//! columns.

pub mod text;

use std::borrow::Cow;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use crate::dialect::divergence::{Divergence, Witness};
use crate::dialect::witness::{UnwrittenWitness, Witnesses};
use crate::dialect::Dialect;
use crate::model::Span;
use crate::rule::Rule;
pub use text::{Arg, Text};

/// How serious a finding is. Ordered: `Info < Warning < Error`.
/// A level set in robolint.toml wins over the claims below.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The lowest level: worth knowing.
    /// It claims no robot of the targets misreads the file.
    Info,
    /// A robot of the targets reads the file otherwise than it evidently means.
    Warning,
    /// The highest level: a warning's claim, for what the rule counts as worse.
    Error,
}

impl Severity {
    /// The lower-case name used in output and configuration: `info`, `warning` or `error`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// A name that is no severity's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown severity `{0}` (expected info, warning or error)")]
pub struct UnknownSeverity(pub String);

impl std::str::FromStr for Severity {
    type Err = UnknownSeverity;

    fn from_str(text: &str) -> Result<Severity, UnknownSeverity> {
        match text {
            "info" => Ok(Severity::Info),
            "warning" => Ok(Severity::Warning),
            "error" => Ok(Severity::Error),
            other => Err(UnknownSeverity(other.to_string())),
        }
    }
}

/// A secondary location that helps explain the primary one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// The bytes the label points at.
    pub span: Span,
    /// What the label says about those bytes.
    pub message: Text,
}

/// What a label of a place whose finding folded into another says
/// (`crate::lint::fold_findings_of_one_cause`).
pub const FOLDED: &str = "the same here";

/// A finding's labels, in order. The places of findings folded into it that bring no labels
/// of their own all say [`FOLDED`]: those are kept as spans, so a finding that stands for a
/// million lines holds a span per line rather than a label.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Labels {
    labels: Vec<Label>,
    /// The folded places, in the order they were added.
    folded: Vec<Span>,
    /// Where the folded places stand among `labels`: runs of them, each as where it starts in
    /// `folded` and how many of `labels` come before it. A new run starts only where a label
    /// came between, so places added one after another are one run.
    runs: Vec<(u32, u32)>,
}

/// A label as [`Labels`] gives it: where, and its words.
#[derive(Debug, Clone, Copy)]
pub struct LabelRef<'l> {
    /// The bytes the label points at.
    pub span: Span,
    /// What the label says about those bytes.
    pub message: &'l Text,
}

/// A count of labels or places as `Labels` keeps it: a file is at most 4 GiB (spans are
/// 32-bit), so it has fewer of either.
fn count(length: usize) -> u32 {
    u32::try_from(length).unwrap_or(u32::MAX)
}

impl Labels {
    /// Adds a label after the others.
    pub fn push(&mut self, label: Label) {
        self.labels.push(label);
    }

    /// Adds, after the others, a place whose finding folded into this one.
    pub fn push_folded(&mut self, span: Span) {
        self.start_run();
        self.folded.push(span);
    }

    /// Adds, after the others, places whose findings folded into this one. The first places
    /// a finding gets are taken as they are, not copied.
    pub fn push_folded_places(&mut self, places: Vec<Span>) {
        if places.is_empty() {
            return;
        }
        self.start_run();
        if self.folded.is_empty() {
            self.folded = places;
        } else {
            self.folded.extend(places);
        }
    }

    /// Places added next stand after every label so far.
    fn start_run(&mut self) {
        self.add_run(count(self.folded.len()), count(self.labels.len()));
    }

    /// A run of places from `from` on, after `before` labels: one with the run before it
    /// when no label came between.
    fn add_run(&mut self, from: u32, before: u32) {
        if self.runs.last().is_none_or(|&(_, last)| last != before) {
            self.runs.push((from, before));
        }
    }

    /// Adds `other`'s labels after these, in their order.
    pub fn append(&mut self, other: Labels) {
        let (places, labels) = (count(self.folded.len()), count(self.labels.len()));
        for (from, before) in other.runs {
            self.add_run(from.saturating_add(places), before.saturating_add(labels));
        }
        self.folded.extend(other.folded);
        self.labels.extend(other.labels);
    }

    /// How many labels there are, folded places included.
    pub fn len(&self) -> usize {
        self.labels.len() + self.folded.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty() && self.folded.is_empty()
    }

    /// The labels in order, folded places among the others where they were added.
    pub fn iter(&self) -> LabelsIter<'_> {
        LabelsIter { labels: self, next_label: 0, next_place: 0, next_run: 0 }
    }
}

/// [`Labels::iter`].
#[derive(Debug, Clone)]
pub struct LabelsIter<'l> {
    labels: &'l Labels,
    next_label: usize,
    next_place: usize,
    /// The first run that starts after `next_place`.
    next_run: usize,
}

impl<'l> Iterator for LabelsIter<'l> {
    type Item = LabelRef<'l>;

    fn next(&mut self) -> Option<LabelRef<'l>> {
        static FOLDED_TEXT: LazyLock<Text> = LazyLock::new(|| Text::from(FOLDED));
        let Labels { labels, folded, runs } = self.labels;
        while runs.get(self.next_run).is_some_and(|&(from, _)| from as usize <= self.next_place) {
            self.next_run += 1;
        }
        // The labels that come before the next place, by its run.
        let labels_before = self.next_run.checked_sub(1).map_or(0, |run| runs[run].1 as usize);
        match folded.get(self.next_place) {
            Some(&span) if labels_before <= self.next_label => {
                self.next_place += 1;
                Some(LabelRef { span, message: &FOLDED_TEXT })
            }
            _ => {
                let label = labels.get(self.next_label)?;
                self.next_label += 1;
                Some(LabelRef { span: label.span, message: &label.message })
            }
        }
    }
}

impl<'l> IntoIterator for &'l Labels {
    type Item = LabelRef<'l>;
    type IntoIter = LabelsIter<'l>;

    fn into_iter(self) -> LabelsIter<'l> {
        self.iter()
    }
}

/// One replacement of the bytes in `span`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// The bytes to replace; empty to insert at its start.
    pub span: Span,
    /// Most replacements are fixed text (a line end, a colon, a canonical name): lent, not
    /// copied per edit (a file's line-end fix has an edit per line).
    pub replacement: Cow<'static, str>,
}

/// Whether a fix keeps what every robot does with the file (safe) or may change it (unsafe).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Applicability {
    /// The fix keeps what every robot does with the file.
    Safe,
    /// The fix may change what some robot does with the file.
    Unsafe,
}

impl Applicability {
    /// The lower-case name used in output and on the command line: `safe` or `unsafe`.
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
        }
    }

    /// Whether a run allowing fixes up to `self` applies a fix of `applicability`: a run
    /// that allows unsafe fixes applies safe ones too.
    pub fn permits(self, applicability: Applicability) -> bool {
        self == Applicability::Unsafe || applicability == Applicability::Safe
    }
}

/// A change to the file that resolves a finding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    /// What the fix does, imperative: "Insert `:` after `Disallow`".
    pub message: String,
    /// The replacements to make, all at once.
    pub edits: Vec<Edit>,
    /// Whether the fix keeps what every robot does.
    pub applicability: Applicability,
}

/// What a finding proves about the robots it concerns. A rule proposes a severity and its
/// evidence; the engine settles the severity from the evidence and the site's targets
/// (docs/targets.md, "Severities are claims"): a warning or an error stands only where a robot of the
/// targets reads the file otherwise than it evidently means.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Evidence {
    /// The rule's levels per dialect are the claim (a path without `/` matches nothing for
    /// every robot that reads it; a glob is literal for 1996 robots only).
    #[default]
    Levels,
    /// Robots of these dialects read the line otherwise than the file evidently means, and
    /// robots of other dialects read it as meant: where one of these dialects is a target the
    /// finding is at least a warning, elsewhere information.
    Misread(Vec<Dialect>),
    /// The rule looked and no robot of today reads anything otherwise than the file means:
    /// the lost line changes no answer, the robot named is retired, the file already does
    /// what the line means. The finding is information, left out of the default output.
    NoEffect,
}

/// One finding of one rule: where, what, and how serious.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The rule's code, as in `RL301`.
    pub code: &'static str,
    /// The rule's kebab-case name, as in `glob-pattern`.
    pub name: &'static str,
    /// The rule that found it, which the engine goes by; `None` for a finding no rule made
    /// (`robolint diff` reports changes with codes of its own).
    pub rule: Option<Rule>,
    /// How serious the finding is, once the engine has settled it from the evidence.
    pub severity: Severity,
    /// The bytes the finding is about: its primary location.
    pub span: Span,
    /// The headline; it and the labels' and help's words are built when a renderer prints
    /// them ([`Text::render`], with the text the spans point into).
    pub message: Text,
    /// Secondary locations that help explain the primary one.
    pub labels: Labels,
    /// Advice on what to do, when the rule has some. Boxed: a text is as large as its inline
    /// arguments, and a file may have a million findings.
    pub help: Option<Box<Text>>,
    /// What backs the headline up, one sentence each (a witness: which robot answers what
    /// on which URL): shown under the finding, never in the one-line formats' headline.
    pub notes: Vec<String>,
    /// Boxed, as the witness is: a diagnostic without them (most) stays small, and a file
    /// may have tens of thousands of diagnostics.
    pub fix: Option<Box<Fix>>,
    /// The dialects whose robots the finding matters to, among the site's targets, when
    /// the rule matters to some robots and not others; empty when it is the same for all.
    pub affects: Vec<Dialect>,
    /// For a finding about robots disagreeing: a robot and URL on which they do.
    pub witness: Option<Box<Witness>>,
    /// A divergence a rule found, or where to look for one, with the place of its note among
    /// the notes: the note and the witness are written only for the findings a lint keeps and
    /// its output shows ([`Diagnostic::write_witness`]).
    pub(crate) unwritten_witness: Option<Box<(usize, UnwrittenWitness)>>,
    /// The places of findings that said exactly this, reported by the same rule right after
    /// it ([`Diagnostic::says_again`]): a million equal findings cost a span each, not a
    /// diagnostic each. The lint folds or expands them before anyone else reads the finding.
    pub(crate) repeated_at: Vec<Span>,
    /// What the finding proves, from which the engine settles its severity.
    pub evidence: Evidence,
    /// Settled by the engine: the finding is information that concerns only robots outside
    /// the site's targets, or none. People's formats leave such findings out by default and
    /// count them in the summary; machine formats keep them, marked.
    pub beyond_targets: bool,
}

impl Diagnostic {
    /// A finding with its headline and nothing else yet: labels, help, notes and a fix are
    /// added by the builder methods below.
    pub fn new(
        code: &'static str,
        name: &'static str,
        severity: Severity,
        span: Span,
        message: impl Into<Text>,
    ) -> Diagnostic {
        Diagnostic {
            code,
            name,
            rule: None,
            severity,
            span,
            message: message.into(),
            labels: Labels::default(),
            help: None,
            notes: Vec::new(),
            fix: None,
            affects: Vec::new(),
            witness: None,
            unwritten_witness: None,
            repeated_at: Vec::new(),
            evidence: Evidence::Levels,
            beyond_targets: false,
        }
    }

    /// A finding of `rule`, at the severity its metadata gives, settled later by the engine.
    pub fn of_rule(rule: Rule, span: Span, message: impl Into<Text>) -> Diagnostic {
        let severity = rule.metadata().severity;
        Diagnostic { rule: Some(rule), ..Diagnostic::new(rule.code(), rule.name(), severity, span, message) }
    }

    /// Adds a secondary location with its words.
    pub fn label(&mut self, span: Span, message: impl Into<Text>) -> &mut Diagnostic {
        self.labels.push(Label { span, message: message.into() });
        self
    }

    /// Sets the advice on what to do.
    pub fn help(&mut self, help: impl Into<Text>) -> &mut Diagnostic {
        self.help = Some(Box::new(help.into()));
        self
    }

    /// Adds a note: one sentence that backs the headline up.
    pub fn note(&mut self, note: impl Into<String>) -> &mut Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// Attaches a fix made of `edits`, described by `message`.
    pub fn fix(
        &mut self,
        applicability: Applicability,
        message: impl Into<String>,
        edits: Vec<Edit>,
    ) -> &mut Diagnostic {
        self.fix = Some(Box::new(Fix { message: message.into(), edits, applicability }));
        self
    }

    /// What the finding proves; see [`Evidence`].
    pub fn evidence(&mut self, evidence: Evidence) -> &mut Diagnostic {
        self.evidence = evidence;
        self
    }

    /// Attaches a robot and a URL on which dialects disagree.
    pub fn witness(&mut self, witness: Witness) -> &mut Diagnostic {
        self.witness = Some(Box::new(witness));
        self
    }

    /// Adds the divergence, to be written out by `Diagnostic::write_witness` if the lint
    /// keeps the finding: most findings of a rule that folds file-wide are labels of the first
    /// in the end, and naming Python's robot costs a reading of the file Python's way.
    pub fn attach_witness(&mut self, divergence: &Divergence) {
        self.unwritten_witness =
            Some(Box::new((self.notes.len(), UnwrittenWitness::Found(Box::new(divergence.clone())))));
    }

    /// Adds where to look for a witness that proves the finding but decides nothing about it:
    /// the search runs only if the lint keeps the finding and the output shows its proof
    /// (of a thousand such findings folded into one, one is searched).
    pub(crate) fn attach_witness_to_find(&mut self, search: UnwrittenWitness) {
        self.unwritten_witness = Some(Box::new((self.notes.len(), search)));
    }

    /// Writes out what [`Diagnostic::attach_witness`] added: the divergence described in a
    /// note, at the place it was attached, and as the finding's witness.
    pub(crate) fn write_witness(&mut self, witnesses: &Witnesses<'_>) {
        let Some(unwritten) = self.unwritten_witness.take() else { return };
        let (at, unwritten) = *unwritten;
        let Some(divergence) = witnesses.divergence_of(unwritten) else { return };
        let (note, witness) = witnesses.shown(&divergence);
        self.notes.insert(at.min(self.notes.len()), note);
        self.witness(witness);
    }

    /// Every span the diagnostic points at, primary first.
    pub fn spans(&self) -> impl Iterator<Item = Span> + '_ {
        self.places().chain(self.labels.iter().map(|label| label.span))
    }

    /// Where the finding is: its primary span, then the places of the equal findings it
    /// stands for until the lint folds or expands them.
    pub(crate) fn places(&self) -> impl Iterator<Item = Span> + '_ {
        std::iter::once(self.span).chain(self.repeated_at.iter().copied())
    }

    /// Whether `later`, reported by the same rule right after this finding, says exactly
    /// what it says at a later place: then it is kept as a place of this one. Only findings
    /// with nothing that points elsewhere or may differ per place (labels, notes, a fix, a
    /// witness) are alike this way.
    pub(crate) fn says_again(&self, later: &Diagnostic) -> bool {
        let bare = |diagnostic: &Diagnostic| {
            diagnostic.labels.is_empty()
                && diagnostic.notes.is_empty()
                && diagnostic.fix.is_none()
                && diagnostic.witness.is_none()
                && diagnostic.unwritten_witness.is_none()
        };
        later.span.start() > self.last_place().start()
            && later.repeated_at.is_empty()
            && bare(self)
            && bare(later)
            && self.rule == later.rule
            && self.severity == later.severity
            && self.message == later.message
            && self.help == later.help
            && self.evidence == later.evidence
            && self.affects == later.affects
            && self.beyond_targets == later.beyond_targets
    }

    /// The last of [`Diagnostic::places`].
    pub(crate) fn last_place(&self) -> Span {
        self.repeated_at.last().copied().unwrap_or(self.span)
    }

    /// This finding once per place, in place order, when it stands for several
    /// ([`Diagnostic::repeated_at`]).
    pub(crate) fn expanded(mut self) -> impl Iterator<Item = Diagnostic> {
        let repeated_at = std::mem::take(&mut self.repeated_at);
        let template = (!repeated_at.is_empty()).then(|| self.clone());
        let copies = repeated_at.into_iter().filter_map(move |span| Some(Diagnostic { span, ..template.clone()? }));
        std::iter::once(self).chain(copies)
    }
}

impl Edit {
    /// An edit that replaces the bytes of `span` with `replacement`.
    pub fn replace(span: Span, replacement: impl Into<Cow<'static, str>>) -> Edit {
        Edit { span, replacement: replacement.into() }
    }

    /// An edit that inserts `text` at byte `offset`.
    pub fn insert(offset: usize, text: impl Into<Cow<'static, str>>) -> Edit {
        Edit::replace(Span::empty_at(offset), text)
    }

    /// An edit that deletes the bytes of `span`.
    pub fn delete(span: Span) -> Edit {
        Edit::replace(span, "")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Folded places are given among the labels where they were added, also after appending.
    #[test]
    fn labels_keep_folded_places_in_the_order_they_were_added() {
        let span = |at: usize| Span::new(at, at + 1);
        let label = |at: usize| Label { span: span(at), message: Text::from("own") };
        let mut labels = Labels::default();
        labels.push_folded(span(1));
        labels.push(label(2));
        labels.push_folded(span(3));
        let mut other = Labels::default();
        other.push(label(4));
        other.push_folded_places(vec![span(5), span(6)]);
        other.push(label(7));
        labels.append(other);
        labels.push_folded(span(8));
        labels.push_folded_places(vec![span(9)]);
        let text = "0123456789";
        let given: Vec<(usize, String)> =
            labels.iter().map(|label| (label.span.start(), label.message.render(text).into_owned())).collect();
        let said = |at: usize, words: &str| (at, words.to_string());
        assert_eq!(
            given,
            [
                said(1, FOLDED),
                said(2, "own"),
                said(3, FOLDED),
                said(4, "own"),
                said(5, FOLDED),
                said(6, FOLDED),
                said(7, "own"),
                said(8, FOLDED),
                said(9, FOLDED)
            ]
        );
        assert_eq!(labels.len(), 9);
    }
}
