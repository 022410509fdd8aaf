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
//!
//! Parse once, lint, and ask what a robot may fetch: a [`dialect::Matcher`] is compiled once
//! per document, robot and [`dialect::Dialect`], and names the line that decided each URL.
//!
//! ```
//! use robolint::dialect::{Dialect, Matcher, Reason};
//! use robolint::{lint_document, parse, Settings, Source};
//!
//! let source = Source::from("User-agent: *\nDisallow: /tmp/\nAllow: /tmp/public/\n");
//! let document = parse::parse(&source);
//! for finding in lint_document(&source, &document, None, &Settings::default()) {
//!     // A finding's words are built when asked for, quoting the text its spans point into.
//!     println!("{} {}: {}", finding.code, finding.name, finding.message.render(&source.text));
//! }
//!
//! let rfc9309 = Matcher::new(&document, &source.text, "ExampleBot/1.0", Dialect::Rfc9309);
//! let verdict = rfc9309.allowed("https://example.com/tmp/private.html");
//! assert!(!verdict.allowed);
//! assert!(matches!(verdict.reason, Reason::Rule(ref rule) if rule.line == 1));
//! // RFC 9309 robots take the longest match; 1996 robots take the first.
//! assert!(rfc9309.allowed("/tmp/public/a.html").allowed);
//! let draft = Matcher::new(&document, &source.text, "ExampleBot/1.0", Dialect::Draft1996);
//! assert!(!draft.allowed("/tmp/public/a.html").allowed);
//! assert_eq!(draft.allowed("/robots.txt").reason, Reason::RobotsTxt);
//! ```
//!
//! Findings about robots disagreeing carry a [`dialect::witness::Witness`]: a robot and a URL
//! on which two dialects' matchers were run and answered differently.
//!
//! ```
//! use robolint::dialect::{Dialect, Matcher};
//! use robolint::{lint, parse, Settings, Source};
//!
//! let text = "User-agent: *\nDisallow: /org/\nAllow: /org/about.html\n";
//! // Every robot's view: today's robots take the longest match, so only older ones differ.
//! let portable = Settings { targets: Dialect::ALL.to_vec(), ..Settings::default() };
//! let report = lint(Source::from(text), None, &portable);
//! let shadowed = report.diagnostics.iter().find(|d| d.name == "shadowed-rule").unwrap();
//! let witness = shadowed.witness.as_ref().unwrap();
//! let source = Source::from(text);
//! let document = parse::parse(&source);
//! for &(dialect, allowed) in &witness.claims {
//!     let matcher = Matcher::new(&document, &source.text, &witness.robot, dialect);
//!     assert_eq!(matcher.allowed(&witness.url).allowed, allowed);
//! }
//! // Python's urllib.robotparser answers as the 1996 draft does here, so the witness names it.
//! assert_eq!(witness.claims, [(Dialect::PythonRobotparser, false), (Dialect::Rfc9309, true)]);
//! ```

//! A site's robots.txt is linted from the answer to fetching it: the command line's client
//! (the `robolint-cli` crate) records the exchange (redirects, status, headers, body) as a [`fetch::FetchOutcome`], and
//! [`lint_fetched`] lints the body like a file and judges the exchange for each dialect. A
//! recorded answer goes through the same code without a network:
//!
//! ```
//! use robolint::fetch::recorded;
//! use robolint::{lint_fetched, Settings};
//!
//! let fetch = recorded::replay(b"GET https://example.com/robots.txt\n\nHTTP/1.1 403 Forbidden\n\n")
//!     .expect("a well-formed recording");
//! let report = lint_fetched(&fetch, &Settings::default());
//! // The 1996 draft's robots stay off the whole site; RFC 9309 robots crawl all of it.
//! assert!(report.diagnostics.iter().any(|d| d.name == "robots-txt-forbidden"));
//! ```

// The engine is the library others build on: every public item says what it is.
#![deny(missing_docs)]

pub mod agents;
mod analysis;
pub mod audit;
pub mod config;
mod containment;
pub mod diagnostic;
pub mod dialect;
pub mod diff;
pub mod docs_html;
pub mod fetch;
pub mod fix;
pub mod format;
pub mod lint;
pub mod model;
pub mod parallel;
pub mod parse;
pub mod playground;
mod preferences;
pub mod render;
mod report;
pub mod rule;
pub mod rules;
pub mod source;
pub mod text;
pub mod warc;

pub use diagnostic::{Diagnostic, Severity};
pub use lint::{lint, lint_document, lint_fetched, BeyondTargets, Linter, Linters, Proofs, Report, Settings};
pub use source::Source;
