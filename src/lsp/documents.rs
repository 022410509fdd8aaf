//! The documents the client has open: their text as the client last sent it, and the lint
//! report for that text, computed when first needed.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use lsp_types::{TextDocumentContentChangeEvent, Uri};

use super::positions::LineIndex;
use super::settings::{file_path, settings_for, SettingsResult};
use crate::lint::{lint, Report, Settings};
use crate::source::Source;

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
}

impl OpenDocument {
    pub fn new(uri: Uri, version: i32, text: String, settings: Settings) -> OpenDocument {
        let lines = LineIndex::new(&text);
        let path = file_path(&uri);
        OpenDocument { uri, version, text, lines, path, settings, report: None, unpublished: true }
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
                Some(range) => {
                    let span = self.lines.span(&self.text, range);
                    self.text.replace_range(span.start..span.end, &change.text);
                    // Only the edited lines are indexed again: a keystroke in a document of
                    // 100,000 lines must not scan all of them.
                    self.lines.splice(&self.text, span.start..span.end, change.text.len());
                }
                None => {
                    self.text = change.text;
                    self.lines = LineIndex::new(&self.text);
                }
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
}

impl Documents {
    /// Opens (or reopens) a document; returns a configuration problem to tell the user about.
    pub fn open(&mut self, uri: Uri, version: i32, text: String) -> Option<String> {
        let SettingsResult { settings, problem } = settings_for(&uri);
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
        let mut problems = Vec::new();
        for document in self.open.values_mut() {
            let SettingsResult { settings, problem } = settings_for(&document.uri);
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
    fn multi_line_deletions_and_insertions() {
        let mut doc = document("a\r\nb\r\nc\r\n");
        doc.apply_changes(2, vec![change(Some(((0, 1), (2, 0))), "")]);
        assert_eq!(doc.text, "ac\r\n");
        doc.apply_changes(3, vec![change(Some(((0, 1), (0, 1))), "\nx\n")]);
        assert_eq!(doc.text, "a\nx\nc\r\n");
        assert_eq!(doc.lines.line_count(), 4);
    }
}
