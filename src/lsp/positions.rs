//! Byte offsets ↔ LSP positions. The mapper lives in [`crate::render::positions`] so that the
//! language server and the command line's renderers (JSON, SARIF) count columns the same way.

pub use crate::render::positions::LineIndex;
