//! A [`Linter`]: settings resolved once into the rules they run, kept by its caller.

use std::path::Path;
use std::sync::Arc;

use super::table::RuleTable;
use super::{run_rules, second_thread_for, BeyondTargets, Input, Output, Proofs, Report, Settings};
use crate::diagnostic::Diagnostic;
use crate::fetch::FetchOutcome;
use crate::model::Document;
use crate::rules::Rule;
use crate::source::Source;
use crate::{parallel, parse};

/// Lints inputs under one set of settings. The rules are resolved when it is made, so a
/// caller that lints many inputs makes one and keeps it.
#[derive(Debug)]
pub struct Linter {
    settings: Settings,
    table: RuleTable,
    /// The most threads one lint may use (its parse and its rules).
    threads: usize,
    /// Which findings carry their proof.
    proofs: Proofs,
    /// Whether the output lists the findings about robots outside the targets.
    beyond_targets: BeyondTargets,
}

impl Linter {
    /// A linter for `settings`, whose lints may use every thread the system offers.
    pub fn new(settings: Settings) -> Linter {
        let table = RuleTable::new(&settings);
        Linter {
            settings,
            table,
            threads: parallel::available_threads(),
            proofs: Proofs::Every,
            beyond_targets: BeyondTargets::Listed,
        }
    }

    /// The same linter with each lint held to at most `threads` threads (at least one).
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Linter {
        self.threads = threads.max(1);
        self
    }

    /// The same linter with proofs written for `proofs`' findings only (every finding's by
    /// default).
    #[must_use]
    pub fn with_proofs(mut self, proofs: Proofs) -> Linter {
        self.proofs = proofs;
        self
    }

    /// Which findings carry their proof.
    pub fn proofs(&self) -> Proofs {
        self.proofs
    }

    /// The same linter for an output that does `beyond_targets` with the findings about
    /// robots outside the targets (lists them, by default).
    #[must_use]
    pub fn with_beyond_targets(mut self, beyond_targets: BeyondTargets) -> Linter {
        self.beyond_targets = beyond_targets;
        self
    }

    /// What the output does with the findings about robots outside the targets.
    pub fn beyond_targets(&self) -> BeyondTargets {
        self.beyond_targets
    }

    /// The settings the linter was made with.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub(crate) fn table(&self) -> &RuleTable {
        &self.table
    }

    /// The most threads one lint may use.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Parses and lints `source`. The report's document holds the draft grammar's verdicts
    /// (`Line::strict_failure`, `Document::structure_failures`) only when strict-syntax ran:
    /// no other rule reads them, and checking every line against the grammar is a tenth of
    /// a lint.
    pub fn lint(&self, source: Source, path: Option<&Path>) -> Report {
        let document = self.parse(&source);
        let diagnostics = self.lint_document(&source, &document, path);
        Report { source, document, diagnostics }
    }

    /// Lints what fetching a robots.txt URL gave: the rules of the `http` category judge the
    /// exchange, and when robots read the body (a 2xx answer) every other rule lints it as it
    /// would a file. Without such a body the report's source is empty and only `http` rules run.
    pub fn lint_fetched(&self, fetch: &FetchOutcome) -> Report {
        let source = fetch.source().unwrap_or_else(|| Source::from(""));
        let document = self.parse(&source);
        let input = Input { source: &source, document: &document, path: None, fetch: Some(fetch) };
        let diagnostics = run_rules(self, input, second_thread_for(&source, self.threads), Output::Reported);
        Report { source, document, diagnostics }
    }

    /// The document of `source`, with the grammar's verdicts when a rule reads them.
    fn parse(&self, source: &Source) -> Document {
        if self.table.reads_strict_verdicts() {
            parse::parse_on(source, self.threads)
        } else {
            parse::parse_for_answers(source)
        }
    }

    /// Lints an already parsed document. A rule that is off still runs when it explains strict
    /// failures, because its finding must keep the strict-syntax catch-all quiet; the selection
    /// is applied to what the rules report.
    pub fn lint_document(&self, source: &Source, document: &Document, path: Option<&Path>) -> Vec<Diagnostic> {
        let input = Input { source, document, path, fetch: None };
        run_rules(self, input, second_thread_for(source, self.threads), Output::Reported)
    }

    /// Every finding the rules keep after suppressions, one per place: nothing folded, no
    /// witness notes, and none of the suppression rules' own findings. `--add-suppressions`
    /// silences these places; a folded finding stands for several of them.
    pub fn unfolded_findings(&self, source: &Source, document: &Document, path: Option<&Path>) -> Vec<Diagnostic> {
        let input = Input { source, document, path, fetch: None };
        run_rules(self, input, second_thread_for(source, self.threads), Output::Unfolded)
    }

    /// The rules whose findings fold into one per file (a habit of the file rather than of
    /// a line: only robots outside the targets act on them).
    pub fn folded_file_wide(&self) -> &[Rule] {
        self.table.folded_file_wide()
    }

    /// Whether `finding` is one of a rule that folds file-wide under these settings.
    pub fn folds_file_wide(&self, finding: &Diagnostic) -> bool {
        self.table.folds_file_wide(finding)
    }
}

/// The linters of a caller that lints under a few configurations (a workspace's
/// robolint.toml files, a server's targets), each made at its first use.
#[derive(Debug)]
pub struct Linters {
    made: Vec<Arc<Linter>>,
    threads: usize,
    proofs: Proofs,
    beyond_targets: BeyondTargets,
}

/// How many linters [`Linters`] keeps: a workspace's few robolint.toml files, with the
/// command line's targets and selectors on top.
const KEPT_LINTERS: usize = 16;

impl Default for Linters {
    fn default() -> Linters {
        Linters::new(parallel::available_threads())
    }
}

impl Linters {
    /// Linters whose lints may use at most `threads` threads each.
    pub fn new(threads: usize) -> Linters {
        Linters {
            made: Vec::new(),
            threads: threads.max(1),
            proofs: Proofs::Every,
            beyond_targets: BeyondTargets::Listed,
        }
    }

    /// The same, their findings carrying proofs for `proofs`' findings only.
    #[must_use]
    pub fn with_proofs(mut self, proofs: Proofs) -> Linters {
        self.proofs = proofs;
        self
    }

    /// The same, for an output that does `beyond_targets` with the findings about robots
    /// outside the targets.
    #[must_use]
    pub fn with_beyond_targets(mut self, beyond_targets: BeyondTargets) -> Linters {
        self.beyond_targets = beyond_targets;
        self
    }

    /// The linter for `settings`: the one made for equal settings, else a new one. Past
    /// `KEPT_LINTERS` the oldest is let go.
    pub fn get(&mut self, settings: &Settings) -> Arc<Linter> {
        if let Some(linter) = self.made.iter().find(|linter| linter.settings() == settings) {
            return Arc::clone(linter);
        }
        let linter = Linter::new(settings.clone()).with_threads(self.threads).with_proofs(self.proofs);
        let linter = Arc::new(linter.with_beyond_targets(self.beyond_targets));
        if self.made.len() == KEPT_LINTERS {
            self.made.remove(0);
        }
        self.made.push(Arc::clone(&linter));
        linter
    }
}
