//! `robolint lsp`: a Language Server over standard input and output.
//!
//! Diagnostics are published when a document opens and after changes (once the client has
//! no more messages queued, so a burst of keystrokes is linted once); code actions, hover,
//! completion, document symbols and formatting answer from the same lint report. Positions
//! are UTF-16 code units, converted from the model's byte spans in [`positions`] only.

mod code_actions;
mod completion;
mod diagnostics;
/// Public for the benches and tests/linear_work.rs, which time and count an edit without a
/// client.
pub mod documents;
mod handlers;
mod hover;
pub mod positions;
mod server;
mod settings;
mod symbols;
mod transport;

pub use server::{serve, serve_in_lockstep};
pub use settings::settings_for;

/// Serves one client over stdin and stdout until it sends `exit`; returns the exit status
/// (0 after a `shutdown` request, 1 otherwise, as LSP specifies).
pub fn run_stdio() -> std::io::Result<u8> {
    // The reader thread owns stdin; a lock on it could not move there.
    serve(std::io::BufReader::new(std::io::stdin()), std::io::stdout().lock())
}

/// Writes a line to the server's log: standard error, which editors show in their output
/// panel (standard output carries the protocol).
#[allow(clippy::print_stderr, reason = "a stdio language server logs to standard error")]
fn log(line: std::fmt::Arguments<'_>) {
    eprintln!("robolint lsp: {line}");
}
