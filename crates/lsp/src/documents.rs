//! The documents the client has open: their text as the client last sent it, and the lint
//! report for that text, computed when first needed. A document's text is kept up to
//! [`KEPT_PER_DOCUMENT`](crate::documents::KEPT_PER_DOCUMENT), and all documents' texts together up to [`KEPT_ACROSS_DOCUMENTS`](crate::documents::KEPT_ACROSS_DOCUMENTS);
//! past either the server lets the text go and says so. Lint reports are kept for
//! [`LINTED_ACROSS_DOCUMENTS`](crate::documents::LINTED_ACROSS_DOCUMENTS) bytes of text, and worked out again when next needed.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use lsp_types::{TextDocumentContentChangeEvent, Uri};

use super::positions::{LineIndex, LspPositions};
use super::settings::{file_path, settings_for, SettingsResult};
use robolint::config::Resolver;
use robolint::lint::{Linter, Linters, Report};
use robolint::source::{Source, DEFAULT_SIZE_CAP};

/// The most text kept for one document. Text past robolint's size cap is not linted but is
/// kept, so that edits which shrink the document back apply to the right text; without a
/// bound, a client's edits would grow the server's memory without end (each didChange may
/// add as much as a message may carry).
pub const KEPT_PER_DOCUMENT: usize = 8 * DEFAULT_SIZE_CAP;

/// The most text kept over all open documents: each under its own bound, a dozen large
/// documents held 1.27 GB with their reports.
pub const KEPT_ACROSS_DOCUMENTS: usize = 2 * KEPT_PER_DOCUMENT;

/// Lint reports are kept for documents whose texts total at most this; past it, the reports
/// of the other documents go (the one in use keeps its own). A report takes many times the
/// bytes of its text.
pub const LINTED_ACROSS_DOCUMENTS: usize = 2 * DEFAULT_SIZE_CAP;

/// Why the server let a document's text go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LetGo {
    /// The document grew to this many bytes, over [`KEPT_PER_DOCUMENT`].
    TooLarge(usize),
    /// The open documents' texts grew to this many bytes together, over
    /// [`KEPT_ACROSS_DOCUMENTS`], when this one was opened or changed.
    TooMuchOpen(usize),
}

pub struct OpenDocument {
    pub uri: Uri,
    pub version: i32,
    pub text: String,
    pub lines: LineIndex,
    pub path: Option<PathBuf>,
    /// The linter of the document's settings, shared with the documents of equal ones.
    pub linter: Arc<Linter>,
    /// The lint report for `text`, until it changes.
    report: Option<Report>,
    /// The client has not yet been sent diagnostics for this version.
    pub unpublished: bool,
    /// Why the server let the text go (it holds an empty one); it then ignores range edits,
    /// which mean nothing without the text, until the client sends the whole text again.
    pub let_go_because: Option<LetGo>,
}

impl OpenDocument {
    pub fn new(uri: Uri, version: i32, text: String, linter: Arc<Linter>) -> OpenDocument {
        let path = file_path(&uri);
        let lines = LineIndex::new("");
        let mut document = OpenDocument {
            uri,
            version,
            text: String::new(),
            lines,
            path,
            linter,
            report: None,
            unpublished: true,
            let_go_because: None,
        };
        document.hold(text);
        document
    }

    /// Takes `text` as the whole document, or lets it go when it is over the bound.
    fn hold(&mut self, text: String) {
        if text.len() > KEPT_PER_DOCUMENT {
            self.let_go(LetGo::TooLarge(text.len()));
        } else {
            self.lines = LineIndex::new(&text);
            self.text = text;
            self.let_go_because = None;
        }
    }

    fn let_go(&mut self, why: LetGo) {
        self.text = String::new();
        self.lines = LineIndex::new("");
        self.let_go_because = Some(why);
        self.invalidate();
    }

    /// The document with its lint report, linting it first if it changed.
    pub fn linted(&mut self) -> Linted<'_> {
        let (text, path, linter) = (&self.text, self.path.as_deref(), &*self.linter);
        let report = self.report.get_or_insert_with(|| linter.lint(Source::from(text.as_str()), path));
        Linted { uri: &self.uri, text, lines: &self.lines, path, linter, report }
    }

    /// Applies the changes of one didChange notification, in order, each to the text the
    /// previous one left (as LSP specifies).
    pub fn apply_changes(&mut self, version: i32, changes: Vec<TextDocumentContentChangeEvent>) {
        for change in changes {
            match change.range {
                Some(range) if self.let_go_because.is_none() => {
                    let span = self.lines.lsp_span(&self.text, range);
                    let grown = self.text.len() - span.len() + change.text.len();
                    if grown > KEPT_PER_DOCUMENT {
                        self.let_go(LetGo::TooLarge(grown));
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

    pub fn set_linter(&mut self, linter: Arc<Linter>) {
        self.linter = linter;
        self.invalidate();
    }

    fn invalidate(&mut self) {
        self.report = None;
        self.unpublished = true;
    }

    /// The bytes of text the report kept for this document was made from.
    fn linted_bytes(&self) -> usize {
        self.report.as_ref().map_or(0, |_| self.text.len())
    }
}

/// An open document and its current lint report, borrowed together.
pub struct Linted<'a> {
    pub uri: &'a Uri,
    pub text: &'a str,
    pub lines: &'a LineIndex,
    pub path: Option<&'a Path>,
    pub linter: &'a Linter,
    pub report: &'a Report,
}

#[derive(Default)]
pub struct Documents {
    open: HashMap<Uri, OpenDocument>,
    /// The robolint.toml files read for open documents, each read once.
    configs: Resolver,
    /// The linters of the settings those files give.
    linters: Linters,
}

impl Documents {
    /// Opens (or reopens) a document; returns a configuration problem to tell the user about.
    pub fn open(&mut self, uri: Uri, version: i32, text: String) -> Option<String> {
        let SettingsResult { settings, problem } = settings_for(&uri, &mut self.configs);
        let linter = self.linters.get(&settings);
        self.open.insert(uri.clone(), OpenDocument::new(uri.clone(), version, text, linter));
        self.keep_within_bound(&uri);
        problem
    }

    /// Applies one didChange notification's changes; false when the document is not open.
    pub fn change(&mut self, uri: &Uri, version: i32, changes: Vec<TextDocumentContentChangeEvent>) -> bool {
        let Some(document) = self.open.get_mut(uri) else { return false };
        document.apply_changes(version, changes);
        self.keep_within_bound(uri);
        true
    }

    /// Lets the text of `changed` go when the open documents' texts together are over
    /// [`KEPT_ACROSS_DOCUMENTS`]: the document that took them past the bound is the one the
    /// user is told about, and the others stay as they were.
    fn keep_within_bound(&mut self, changed: &Uri) {
        let kept: usize = self.open.values().map(|document| document.text.len()).sum();
        if kept > KEPT_ACROSS_DOCUMENTS {
            if let Some(document) = self.open.get_mut(changed) {
                document.let_go(LetGo::TooMuchOpen(kept));
            }
        }
    }

    pub fn close(&mut self, uri: &Uri) -> Option<OpenDocument> {
        self.open.remove(uri)
    }

    /// The document, about to be used: other documents' reports go first when, with its
    /// text, the reports kept would be over [`LINTED_ACROSS_DOCUMENTS`].
    pub fn get_mut(&mut self, uri: &Uri) -> Option<&mut OpenDocument> {
        let in_use = self.open.get(uri)?.text.len();
        let linted: usize = self.open.iter().filter(|(other, _)| *other != uri).map(|(_, d)| d.linted_bytes()).sum();
        if linted + in_use > LINTED_ACROSS_DOCUMENTS {
            self.open.iter_mut().filter(|(other, _)| *other != uri).for_each(|(_, document)| document.report = None);
        }
        self.open.get_mut(uri)
    }

    /// The documents changed since their diagnostics were last published.
    pub fn unpublished(&self) -> Vec<Uri> {
        self.open.values().filter(|document| document.unpublished).map(|document| document.uri.clone()).collect()
    }

    /// Reloads every document's settings (a robolint.toml changed); returns the problems.
    pub fn reload_settings(&mut self) -> Vec<String> {
        self.configs.forget();
        let mut problems = Vec::new();
        for document in self.open.values_mut() {
            let SettingsResult { settings, problem } = settings_for(&document.uri, &mut self.configs);
            document.set_linter(self.linters.get(&settings));
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
        OpenDocument::new(uri, 1, text.to_string(), Arc::new(Linter::new(robolint::Settings::default())))
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
        assert_eq!(doc.let_go_because, None, "under the bound the text is kept");
        let grown = doc.text.len() + half.len();
        doc.apply_changes(3, vec![change(Some(((2, 0), (2, 0))), &half), change(Some(((0, 0), (0, 0))), "x")]);
        assert_eq!(doc.let_go_because, Some(LetGo::TooLarge(grown)));
        assert_eq!((doc.text.as_str(), doc.lines.line_count()), ("", 1), "the text is let go");
        assert!(doc.linted().report.source.text.is_empty(), "nothing of the old text is linted");
        doc.apply_changes(4, vec![change(Some(((0, 0), (0, 0))), "User-agent: *\n")]);
        let let_go = (doc.let_go_because, doc.text.as_str());
        assert_eq!(let_go, (Some(LetGo::TooLarge(grown)), ""), "range edits mean nothing without the text");
        doc.apply_changes(5, vec![change(None, "User-agent: *\nDisallow: /tmp/*\n")]);
        assert_eq!(doc.let_go_because, None, "the whole text is held again");
        assert!(doc.linted().report.diagnostics.iter().any(|diagnostic| diagnostic.code == "RL301"));
        let opened_too_large = document(&"#".repeat(KEPT_PER_DOCUMENT + 1));
        assert_eq!(opened_too_large.let_go_because, Some(LetGo::TooLarge(KEPT_PER_DOCUMENT + 1)));
    }

    fn uri(name: &str) -> Uri {
        format!("file:///nonexistent/{name}/robots.txt").parse().expect("a URI")
    }

    /// Issue 34: each document was bounded, the server was not (a dozen large documents held
    /// 1.27 GB). The document that takes the texts past the bound is let go, and says so.
    #[test]
    fn the_open_documents_texts_are_bounded_together() {
        let mut documents = Documents::default();
        let large = "#".repeat(KEPT_PER_DOCUMENT);
        for name in ["first", "second"] {
            documents.open(uri(name), 1, large.clone());
        }
        let kept = |documents: &mut Documents, name: &str| documents.get_mut(&uri(name)).map(|d| d.let_go_because);
        assert_eq!((kept(&mut documents, "first"), kept(&mut documents, "second")), (Some(None), Some(None)));
        documents.open(uri("third"), 1, "User-agent: *\n".to_string());
        let over = 2 * KEPT_PER_DOCUMENT + "User-agent: *\n".len();
        assert_eq!(kept(&mut documents, "third"), Some(Some(LetGo::TooMuchOpen(over))));
        documents.close(&uri("first"));
        assert!(documents.change(&uri("third"), 2, vec![change(None, "User-agent: *\nDisallow: /x\n")]));
        assert_eq!(kept(&mut documents, "third"), Some(None), "sent whole once there is room, it is kept");
        documents.open(uri("first"), 2, large);
        let over = 2 * KEPT_PER_DOCUMENT + "User-agent: *\nDisallow: /x\n".len();
        assert_eq!(kept(&mut documents, "first"), Some(Some(LetGo::TooMuchOpen(over))));
        assert_eq!(kept(&mut documents, "third"), Some(None), "the others stay as they were");
    }

    /// Lint reports take many times their text: using one document lets the others' go.
    #[test]
    fn the_reports_kept_are_bounded_together() {
        let mut documents = Documents::default();
        let half_of_the_bound = format!("User-agent: *\n{}", "#".repeat(LINTED_ACROSS_DOCUMENTS / 2));
        for name in ["first", "second", "third"] {
            documents.open(uri(name), 1, half_of_the_bound.clone());
            documents.get_mut(&uri(name)).map(|document| document.linted().report.diagnostics.len());
        }
        let reports = |documents: &Documents| {
            ["first", "second", "third"].map(|name| documents.open.get(&uri(name)).is_some_and(|d| d.report.is_some()))
        };
        assert_eq!(reports(&documents), [false, false, true]);
        documents.get_mut(&uri("first")).map(|document| document.linted().report.diagnostics.len());
        assert_eq!(reports(&documents), [true, false, false]);
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
