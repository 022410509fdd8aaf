//! Runs the rules over a parsed document and applies the user's rule selection.

use std::path::Path;

use std::collections::BTreeMap;

use crate::diagnostic::{Diagnostic, Severity};
use crate::dialect::Dialect;
use crate::fetch::FetchOutcome;
use crate::model::{Document, Span};
use crate::parse;
use crate::rules::{self, Context, Findings, Level, Rule, Shared};
use crate::source::Source;
use crate::suppression;

/// Which rules run, at what severity, with which options.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    /// The dialects whose robots the site cares about; empty means all four ("portable").
    pub targets: Vec<Dialect>,
    /// Selectors (codes, code prefixes, names, categories, `ALL`) that replace the default
    /// rule set; `None` keeps every rule that is on by default.
    pub select: Option<Vec<String>>,
    /// Selectors added to the default (or selected) set: the way to turn on pedantic rules.
    pub extend_select: Vec<String>,
    /// Selectors removed last.
    pub ignore: Vec<String>,
    /// Levels set per rule (by name) in robolint.toml; they override the targets' defaults.
    pub levels: BTreeMap<String, Level>,
    /// Options set per rule (by name) in robolint.toml, already checked against the rule's
    /// declared options.
    pub options: BTreeMap<String, toml::Table>,
}

impl Settings {
    pub fn targets(&self) -> &[Dialect] {
        if self.targets.is_empty() {
            &Dialect::ALL
        } else {
            &self.targets
        }
    }

    /// The severity `rule` reports at, or `None` when it is off.
    pub fn severity_of(&self, rule: &Rule) -> Option<Severity> {
        let metadata = &rule.metadata;
        let picked = |selectors: &[String]| selectors.iter().any(|selector| rule.matches(selector));
        let for_targets = metadata.level_for_targets(self.targets());
        let default = if metadata.default_enabled { for_targets } else { Level::Off };
        let configured = self.levels.get(&metadata.name).copied();
        let on = match &self.select {
            Some(selectors) => picked(selectors),
            None => configured.unwrap_or(default) != Level::Off,
        } || picked(&self.extend_select);
        if !on || picked(&self.ignore) {
            return None;
        }
        // Picked by a selector although off for these targets: the rule's own severity.
        [configured.unwrap_or(Level::Off), default, for_targets, Level::from(metadata.severity)]
            .into_iter()
            .find_map(Level::severity)
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

/// Lints what fetching a robots.txt URL gave: the rules of the `http` category judge the
/// exchange, and when robots read the body (a 2xx answer) every other rule lints it as it
/// would a file. Without such a body the report's source is empty and only `http` rules run.
pub fn lint_fetched(fetch: &FetchOutcome, settings: &Settings) -> Report {
    let source = fetch.source().unwrap_or_else(|| Source::from(""));
    let document = parse::parse(&source);
    let diagnostics = run_rules(&source, &document, None, Some(fetch), settings);
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
    run_rules(source, document, path, None, settings)
}

/// The category of the rules that judge how a file was fetched; they run whatever the body.
const HTTP_CATEGORY: &str = "http";

fn run_rules(
    source: &Source,
    document: &Document,
    path: Option<&Path>,
    fetch: Option<&FetchOutcome>,
    settings: &Settings,
) -> Vec<Diagnostic> {
    // An error page or a failed fetch has no robots.txt to lint, only an exchange to judge.
    let body_is_robots_txt = fetch.is_none_or(|fetch| fetch.robots_txt().is_some());
    let mut diagnostics: Vec<Diagnostic> = Vec::new();
    let mut strict_explanations: Vec<Span> = Vec::new();
    let mut suppressions = suppression::find(document, &source.text);
    let mut suppressions_applied = false;
    let mut file_level_only = false;
    let no_options = toml::Table::new();
    let shared = Shared::new(document, &source.text);
    for rule in rules::all() {
        let severity = settings.severity_of(rule);
        let metadata = &rule.metadata;
        let explains = metadata.explains_strict_failures;
        // Rules that judge the fetch always run. The others need a robots.txt body, and once
        // a file-level rule has found the body is HTML or binary, only file-level ones run.
        let applies = match metadata.category.as_str() {
            HTTP_CATEGORY => true,
            _ if !body_is_robots_txt => false,
            "file" => true,
            _ => !file_level_only,
        };
        if (severity.is_none() && !explains) || !applies {
            continue;
        }
        if metadata.category == "suppression" && !suppressions_applied {
            suppression::apply(&mut suppressions, &mut diagnostics, document);
            suppressions_applied = true;
        }
        let cx = Context {
            source,
            text: &source.text,
            doc: document,
            path,
            strict_explanations: &strict_explanations,
            metadata,
            options: settings.options.get(&metadata.name).unwrap_or(&no_options),
            suppressions: &suppressions,
            fetch,
            shared: &shared,
        };
        let mut findings = Findings::new(rule);
        rule.run(&cx, &mut findings);
        shared.witnesses().forget_if_large();
        let (found, not_robots_txt) = findings.into_parts();
        if explains {
            strict_explanations.extend(found.iter().flat_map(Diagnostic::spans));
        }
        if let Some(severity) = severity.filter(|_| !found.is_empty()) {
            let affects = metadata.affected(settings.targets());
            let mut found: Vec<Diagnostic> = found
                .into_iter()
                .map(|diagnostic| Diagnostic { severity, affects: affects.clone(), ..diagnostic })
                .collect();
            // Findings about suppressions obey suppressions too (`disable=unused-suppression`),
            // which may mark more names used but no longer changes what was reported.
            if suppressions_applied {
                suppression::apply(&mut suppressions.clone(), &mut found, document);
            }
            // Often one rule has nearly every finding: the smaller list is appended to the
            // larger, so those findings are not copied into a second, growing list.
            if found.len() > diagnostics.len() {
                std::mem::swap(&mut diagnostics, &mut found);
            }
            diagnostics.append(&mut found);
        }
        file_level_only |= not_robots_txt;
    }
    if !suppressions_applied {
        suppression::apply(&mut suppressions, &mut diagnostics, document);
    }
    diagnostics.sort_by(|a, b| (a.span.start, a.span.end, a.code).cmp(&(b.span.start, b.span.end, b.code)));
    diagnostics
}
