//! What the `robolint` command needs from the operating system, beside the engine
//! ([`robolint`]): the network client and its redirect guard ([`fetch`]), the playground's
//! loopback server ([`serve`]), and writing a fixed file back in place ([`write`](mod@write)). The
//! commands themselves are the binary's (`src/main.rs` and `src/cli/`).

pub mod fetch;
pub mod serve;
pub mod write;
