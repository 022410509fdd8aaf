//! A lint's result: what the linter made and the renderers read, below both of them.

use crate::diagnostic::Diagnostic;
use crate::model::Document;
use crate::source::Source;

/// The result of linting one input.
#[derive(Debug, Clone)]
pub struct Report {
    /// The input as linted: its text and the facts about its bytes.
    pub source: Source,
    /// The document parsed from the source's text.
    pub document: Document,
    /// Sorted by position.
    pub diagnostics: Vec<Diagnostic>,
}
