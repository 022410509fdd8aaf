//! What a rule reports. Positions are byte spans; only renderers turn them into lines and
//! columns.

pub mod text;

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::dialect::divergence::{Divergence, Witness};
use crate::dialect::witness::Witnesses;
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
    pub labels: Vec<Label>,
    /// Advice on what to do, when the rule has some.
    pub help: Option<Text>,
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
    /// A divergence a rule found, with the place of its note among the notes: the note and
    /// the witness are written only for the findings a lint keeps ([`crate::dialect::witness::Witnesses::attach`]).
    pub(crate) unwritten_witness: Option<Box<(usize, Divergence)>>,
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
            labels: Vec::new(),
            help: None,
            notes: Vec::new(),
            fix: None,
            affects: Vec::new(),
            witness: None,
            unwritten_witness: None,
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
        self.help = Some(help.into());
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
        self.unwritten_witness = Some(Box::new((self.notes.len(), divergence.clone())));
    }

    /// Writes out what [`Diagnostic::attach_witness`] added: the divergence described in a
    /// note, at the place it was attached, and as the finding's witness.
    pub(crate) fn write_witness(&mut self, witnesses: &Witnesses<'_>) {
        let Some(unwritten) = self.unwritten_witness.take() else { return };
        let (at, divergence) = *unwritten;
        let (note, witness) = witnesses.shown(&divergence);
        self.notes.insert(at.min(self.notes.len()), note);
        self.witness(witness);
    }

    /// Every span the diagnostic points at, primary first.
    pub fn spans(&self) -> impl Iterator<Item = Span> + '_ {
        std::iter::once(self.span).chain(self.labels.iter().map(|label| label.span))
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
