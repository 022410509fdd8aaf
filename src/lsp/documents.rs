//! The documents the client has open: their text as the client last sent it, and the lint
//! report for that text, computed when first needed. A document's text is kept up to
//! [`KEPT_PER_DOCUMENT`]; past it the server lets the text go and says so.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use lsp_types::{TextDocumentContentChangeEvent, Uri};

use super::positions::{LineIndex, LspPositions};
use super::settings::{file_path, settings_for, SettingsResult};
use crate::config::Resolver;
use crate::lint::{lint, Report, Settings};
use crate::source::{Source, DEFAULT_SIZE_CAP};

/// The most text kept for one document. Text past robolint's size cap is not linted but is
/// kept, so that edits which shrink the document back apply to the right text; without a
/// bound, a client's edits would grow the server's memory without end (each didChange may
/// add as much as a message may carry).
pub const KEPT_PER_DOCUMENT: usize = 8 * DEFAULT_SIZE_CAP;

pub struct OpenDocument {
    pub uri: Uri,
    pub version: i32,
    pub text: String,
    pub lines: LineIndex,
    pub path: Option<PathBuf>,
    pub settings: Settings,
    /// The lint report for `text`, until it changes.
    report: Option<Report>,
    /// The client has not yet been sent diagnostics for this version.
    pub unpublished: bool,
    /// The size the text reached when it went over [`KEPT_PER_DOCUMENT`]: the server then let
    /// the text go (it holds an empty one) and ignores range edits, which mean nothing
    /// without it, until the client sends the whole text again.
    pub let_go_at: Option<usize>,
}

impl OpenDocument {
    pub fn new(uri: Uri, version: i32, text: String, settings: Settings) -> OpenDocument {
        let path = file_path(&uri);
        let lines = LineIndex::new("");
        let mut document = OpenDocument {
            uri,
            version,
            text: String::new(),
            lines,
            path,
            settings,
            report: None,
            unpublished: true,
            let_go_at: None,
        };
        document.hold(text);
        document
    }

    /// Takes `text` as the whole document, or lets it go when it is over the bound.
    fn hold(&mut self, text: String) {
        if text.len() > KEPT_PER_DOCUMENT {
            self.let_go(text.len());
        } else {
            self.lines = LineIndex::new(&text);
            self.text = text;
            self.let_go_at = None;
        }
    }

    fn let_go(&mut self, size: usize) {
        self.text = String::new();
        self.lines = LineIndex::new("");
        self.let_go_at = Some(size);
    }

    /// The document with its lint report, linting it first if it changed.
    pub fn linted(&mut self) -> Linted<'_> {
        let (text, path, settings) = (&self.text, self.path.as_deref(), &self.settings);
        let report = self.report.get_or_insert_with(|| lint(Source::from(text.as_str()), path, settings));
        Linted { uri: &self.uri, text, lines: &self.lines, path, settings, report }
    }

    /// Applies the changes of one didChange notification, in order, each to the text the
    /// previous one left (as LSP specifies).
    pub fn apply_changes(&mut self, version: i32, changes: Vec<TextDocumentContentChangeEvent>) {
        for change in changes {
            match change.range {
                Some(range) if self.let_go_at.is_none() => {
                    let span = self.lines.lsp_span(&self.text, range);
                    let grown = self.text.len() - span.len() + change.text.len();
                    if grown > KEPT_PER_DOCUMENT {
                        self.let_go(grown);
                        continue;
                    }
                    self.text.replace_range(span.start()..span.end(), &change.text);
                    // Only the edited lines are indexed again: a keystroke in a document of
                    // 100,000 lines must not scan all of them.
                    self.lines.splice(&self.text, span.start()..span.end(), change.text.len());
                }
                Some(_) => {}
                None => self.hold(change.text),
            }
        }
        self.version = version;
        self.invalidate();
    }

    pub fn set_settings(&mut self, settings: Settings) {
        self.settings = settings;
        self.invalidate();
    }

    fn invalidate(&mut self) {
        self.report = None;
        self.unpublished = true;
    }
}

/// An open document and its current lint report, borrowed together.
pub struct Linted<'a> {
    pub uri: &'a Uri,
    pub text: &'a str,
    pub lines: &'a LineIndex,
    pub path: Option<&'a Path>,
    pub settings: &'a Settings,
    pub report: &'a Report,
}

#[derive(Default)]
pub struct Documents {
    open: HashMap<Uri, OpenDocument>,
    /// The robolint.toml files read for open documents, each read once.
    configs: Resolver,
}

impl Documents {
    /// Opens (or reopens) a document; returns a configuration problem to tell the user about.
    pub fn open(&mut self, uri: Uri, version: i32, text: String) -> Option<String> {
        let SettingsResult { settings, problem } = settings_for(&uri, &mut self.configs);
        self.open.insert(uri.clone(), OpenDocument::new(uri, version, text, settings));
        problem
    }

    pub fn close(&mut self, uri: &Uri) -> Option<OpenDocument> {
        self.open.remove(uri)
    }

    pub fn get_mut(&mut self, uri: &Uri) -> Option<&mut OpenDocument> {
        self.open.get_mut(uri)
    }

    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut OpenDocument> {
        self.open.values_mut()
    }

    /// Reloads every document's settings (a robolint.toml changed); returns the problems.
    pub fn reload_settings(&mut self) -> Vec<String> {
        self.configs.forget();
        let mut problems = Vec::new();
        for document in self.open.values_mut() {
            let SettingsResult { settings, problem } = settings_for(&document.uri, &mut self.configs);
            document.set_settings(settings);
            problems.extend(problem);
        }
        problems.sort();
        problems.dedup();
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lsp_types::{Position, Range};

    fn document(text: &str) -> OpenDocument {
        let uri: Uri = "file:///tmp/robots.txt".parse().expect("a URI");
        OpenDocument::new(uri, 1, text.to_string(), Settings::default())
    }

    fn change(range: Option<((u32, u32), (u32, u32))>, text: &str) -> TextDocumentContentChangeEvent {
        TextDocumentContentChangeEvent {
            range: range.map(|((l1, c1), (l2, c2))| Range::new(Position::new(l1, c1), Position::new(l2, c2))),
            range_length: None,
            text: text.to_string(),
        }
    }

    #[test]
    fn range_edits_apply_in_order_after_non_ascii_text() {
        let mut doc = document("# é😀\nDisallow: /a\n");
        // Replace `/a` (line 1, units 10..12), then insert at line 0 after the emoji
        // (units: `#`, ` `, `é` = 3, emoji = 2 → 5).
        doc.apply_changes(2, vec![change(Some(((1, 10), (1, 12))), "/b/*"), change(Some(((0, 5), (0, 5))), "!")]);
        assert_eq!(doc.text, "# é😀!\nDisallow: /b/*\n");
        assert_eq!(doc.version, 2);
        assert!(doc.unpublished);
    }

    #[test]
    fn a_change_without_a_range_replaces_the_text_and_the_report_follows() {
        let mut doc = document("User-agent: *\nDisallow: /tmp/\n");
        assert!(!doc.linted().report.diagnostics.iter().any(|diagnostic| diagnostic.code == "RL301"));
        doc.apply_changes(2, vec![change(None, "User-agent: *\nDisallow: /tmp/*\n")]);
        assert!(doc.linted().report.diagnostics.iter().any(|diagnostic| diagnostic.code == "RL301"));
    }

    #[test]
    fn a_document_grown_past_the_bound_is_let_go_until_it_is_sent_whole_again() {
        let mut doc = document("User-agent: *\nDisallow: /tmp/*\n");
        let half = "#".repeat(KEPT_PER_DOCUMENT / 2);
        doc.apply_changes(2, vec![change(Some(((2, 0), (2, 0))), &half)]);
        assert_eq!(doc.let_go_at, None, "under the bound the text is kept");
        let grown = doc.text.len() + half.len();
        doc.apply_changes(3, vec![change(Some(((2, 0), (2, 0))), &half), change(Some(((0, 0), (0, 0))), "x")]);
        assert_eq!(doc.let_go_at, Some(grown));
        assert_eq!((doc.text.as_str(), doc.lines.line_count()), ("", 1), "the text is let go");
        assert!(doc.linted().report.source.text.is_empty(), "nothing of the old text is linted");
        doc.apply_changes(4, vec![change(Some(((0, 0), (0, 0))), "User-agent: *\n")]);
        assert_eq!((doc.let_go_at, doc.text.as_str()), (Some(grown), ""), "range edits mean nothing without the text");
        doc.apply_changes(5, vec![change(None, "User-agent: *\nDisallow: /tmp/*\n")]);
        assert_eq!(doc.let_go_at, None, "the whole text is held again");
        assert!(doc.linted().report.diagnostics.iter().any(|diagnostic| diagnostic.code == "RL301"));
        let opened_too_large = document(&"#".repeat(KEPT_PER_DOCUMENT + 1));
        assert_eq!(opened_too_large.let_go_at, Some(KEPT_PER_DOCUMENT + 1));
    }

    #[test]
    fn multi_line_deletions_and_insertions() {
        let mut doc = document("a\r\nb\r\nc\r\n");
        doc.apply_changes(2, vec![change(Some(((0, 1), (2, 0))), "")]);
        assert_eq!(doc.text, "ac\r\n");
        doc.apply_changes(3, vec![change(Some(((0, 1), (0, 1))), "\nx\n")]);
        assert_eq!(doc.text, "a\nx\nc\r\n");
        assert_eq!(doc.lines.line_count(), 4);
    }
}
