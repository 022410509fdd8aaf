//! The integration tests, in one binary: each module below was its own test crate, and each
//! crate linked the whole library again. `cargo test --test it MODULE::` runs one module.
//!
//! Tests that need `../shared` or a program outside Rust (Google's C++ matcher, Python, Node,
//! Chromium) are ignored, with the reason, unless `CI=true` set the `ci` cfg when the package
//! was built (build.rs). CI installs what they need and runs them; elsewhere
//! `cargo test -- --include-ignored` runs them where the pieces are present.
//!
//! Three suites stay binaries of their own (tests/lsp.rs, tests/linear_lint.rs,
//! tests/linear_work.rs): each counts the process's allocations with a global allocator, and
//! other tests running beside them would add to the count.

#![allow(clippy::print_stdout, clippy::print_stderr, reason = "tests print what they measured or skipped")]

mod support;

mod agents;
mod as_fetched;
mod audit;
mod bad_input;
mod cli;
mod cli_check;
mod cli_defects;
mod cli_options;
mod cli_round_two;
mod config_schema;
mod corpus;
mod defaults;
mod dialect;
mod diff;
mod fetch;
mod fixes;
mod format;
mod formats;
mod fuzz_seeds;
mod google_oracle;
mod grammar;
mod layers;
mod many_records;
mod nothing_lost;
mod playground;
mod properties;
mod protego;
mod python_robotparser;
mod registry;
mod rfc9309;
mod scanner;
mod site;
mod warc;
mod witness;
mod worst_cases;
