//! libFuzzer drives the `matcher` property, fuzz/properties/matcher.rs (tests/it/fuzz_seeds.rs
//! replays corpus/ through it in every `cargo test`).

#![no_main]

#[path = "../properties/matcher.rs"]
mod property;

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| property::check(bytes));
