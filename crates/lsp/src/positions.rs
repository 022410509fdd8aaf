//! Byte offsets ↔ LSP positions. The mapper lives in [`robolint::render::positions`] so that the
//! language server and the command line's renderers (JSON, SARIF) count columns the same way;
//! this trait speaks the protocol's types on top of it.

use lsp_types::{Position, Range};

use robolint::model::Span;
pub use robolint::render::positions::LineIndex;
use robolint::render::positions::{Utf16Position, Utf16Range};

/// [`LineIndex`] in `lsp_types` terms.
pub trait LspPositions {
    fn lsp_position(&self, text: &str, offset: usize) -> Position;
    fn lsp_range(&self, text: &str, span: Span) -> Range;
    fn lsp_offset(&self, text: &str, position: Position) -> usize;
    fn lsp_span(&self, text: &str, range: Range) -> Span;
}

impl LspPositions for LineIndex {
    fn lsp_position(&self, text: &str, offset: usize) -> Position {
        to_lsp(self.position(text, offset))
    }

    fn lsp_range(&self, text: &str, span: Span) -> Range {
        let Utf16Range { start, end } = self.range(text, span);
        Range::new(to_lsp(start), to_lsp(end))
    }

    fn lsp_offset(&self, text: &str, position: Position) -> usize {
        self.offset(text, from_lsp(position))
    }

    fn lsp_span(&self, text: &str, range: Range) -> Span {
        self.span(text, Utf16Range::new(from_lsp(range.start), from_lsp(range.end)))
    }
}

fn to_lsp(position: Utf16Position) -> Position {
    Position::new(position.line, position.character)
}

fn from_lsp(position: Position) -> Utf16Position {
    Utf16Position::new(position.line, position.character)
}
