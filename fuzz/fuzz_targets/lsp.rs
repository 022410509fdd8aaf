//! libFuzzer drives the `lsp` property, fuzz/properties/lsp.rs (tests/it/fuzz_seeds.rs
//! replays corpus/ through it in every `cargo test`).

#![no_main]

#[path = "../properties/lsp.rs"]
mod property;

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| property::check(bytes));
