//! Runs the rules over a parsed document and applies the user's rule selection.

use std::path::Path;

use crate::diagnostic::{Diagnostic, Severity};
use crate::model::{Document, Span};
use crate::parse;
use crate::rules::{self, Context, Findings, Rule};
use crate::source::Source;

/// Which rules run and at what severity.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    /// Selectors (codes, code prefixes, names, categories, `ALL`) that replace the default
    /// rule set; `None` keeps every rule that is on by default.
    pub select: Option<Vec<String>>,
    /// Selectors added to the default (or selected) set: the way to turn on pedantic rules.
    pub extend_select: Vec<String>,
    /// Selectors removed last.
    pub ignore: Vec<String>,
}

impl Settings {
    /// The severity `rule` reports at, or `None` when it is off.
    pub fn severity_of(&self, rule: &Rule) -> Option<Severity> {
        let picked = |selectors: &[String]| selectors.iter().any(|selector| rule.matches(selector));
        let selected = match &self.select {
            Some(selectors) => picked(selectors),
            None => rule.metadata.default_enabled,
        } || picked(&self.extend_select);
        (selected && !picked(&self.ignore)).then_some(rule.metadata.severity)
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

/// The result of linting one input.
#[derive(Debug, Clone)]
pub struct Report {
    pub source: Source,
    pub document: Document,
    /// Sorted by position.
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses and lints `source`.
pub fn lint(source: Source, path: Option<&Path>, settings: &Settings) -> Report {
    let document = parse::parse(&source);
    let diagnostics = lint_document(&source, &document, path, settings);
    Report { source, document, diagnostics }
}

/// Lints an already parsed document. A rule that is off still runs when it explains strict
/// failures, because its finding must keep the strict-syntax catch-all quiet; the selection
/// is applied to what the rules report.
pub fn lint_document(
    source: &Source,
    document: &Document,
    path: Option<&Path>,
    settings: &Settings,
) -> Vec<Diagnostic> {
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    let mut strict_explanations: Vec<Span> = Vec::new();
    let mut file_level_only = false;
    for rule in rules::all() {
        let severity = settings.severity_of(rule);
        let explains = rule.metadata.explains_strict_failures;
        if (severity.is_none() && !explains) || (file_level_only && rule.metadata.category != "file") {
            continue;
        }
        let cx = Context { source, text: &source.text, doc: document, path, strict_explanations: &strict_explanations };
        let mut findings = Findings::new(rule);
        rule.run(&cx, &mut findings);
        let (found, not_robots_txt) = findings.into_parts();
        if explains {
            strict_explanations.extend(found.iter().flat_map(Diagnostic::spans));
        }
        if let Some(severity) = severity {
            diagnostics.extend(found.into_iter().map(|diagnostic| Diagnostic { severity, ..diagnostic }));
        }
        file_level_only |= not_robots_txt;
    }
    diagnostics.sort_by(|a, b| (a.span.start, a.span.end, a.code).cmp(&(b.span.start, b.span.end, b.code)));
    diagnostics
}
