//! A lint's result: what the linter made and the renderers read, below both of them.

use crate::diagnostic::Diagnostic;
use crate::model::Document;
use crate::source::Source;

/// The result of linting one input.
#[derive(Debug, Clone)]
pub struct Report {
    pub source: Source,
    pub document: Document,
    /// Sorted by position.
    pub diagnostics: Vec<Diagnostic>,
}
