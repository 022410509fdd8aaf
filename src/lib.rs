//! robolint: a robots.txt validator and linter.
//!
//! Data flows one way: bytes → [`source::Source`] → [`parse`] (strict and lenient grammars)
//! → [`model::Document`] → [`rules`] → [`diagnostic::Diagnostic`] → [`render`].
//!
//! ```
//! use robolint::{lint, Settings, Source};
//!
//! let report = lint(Source::from("User-agent: *\nDisallow: /tmp/*\n"), None, &Settings::default());
//! assert!(report.diagnostics.iter().any(|d| d.name == "glob-pattern"));
//! ```

pub mod diagnostic;
pub mod fix;
pub mod lint;
pub mod model;
pub mod parse;
pub mod render;
pub mod rules;
pub mod source;
pub mod text;

pub use diagnostic::{Diagnostic, Severity};
pub use lint::{lint, lint_document, Report, Settings};
pub use source::Source;
