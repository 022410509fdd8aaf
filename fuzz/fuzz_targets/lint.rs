//! libFuzzer drives the `lint` property, fuzz/properties/lint.rs (tests/it/fuzz_seeds.rs
//! replays corpus/ through it in every `cargo test`).

#![no_main]

#[path = "../properties/lint.rs"]
mod property;

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| property::check(bytes));
