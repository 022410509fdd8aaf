//! Lints every file in a folder, in memory, at default settings, and prints the throughput:
//! a harness for profilers, which need robolint's lint without the peers the corpus bench
//! also runs. Reading the files is done before the clock (and the profiler's interest)
//! starts.
//!
//! ```sh
//! cargo build --release --example lint_corpus
//! valgrind --tool=callgrind target/release/examples/lint_corpus ../shared/corpus/protego 1
//! valgrind --tool=callgrind target/release/examples/lint_corpus ../shared/corpus/protego 1 check
//! ```
//!
//! Arguments: the folder (default `../shared/corpus/protego`), how many passes (default 3),
//! and the work per file: `lint` (default), `check` (what `robolint check` does: the parse
//! robots read and one URL for Googlebot) or `full-parse-check` (the same after the full
//! parse, both grammars, as `check` parsed before it skipped the strict one).

#![allow(clippy::print_stdout, clippy::print_stderr, reason = "an example prints what it finds")]

use std::hint::black_box;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use robolint::dialect::{Dialect, Matcher};
use robolint::{lint, parse, Settings, Source};

const URL: &str = "https://www.example.com/search/results?q=robots";

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let folder = args.next().map_or_else(|| PathBuf::from("../shared/corpus/protego"), PathBuf::from);
    let passes: usize = match args.next().map(|passes| passes.parse()) {
        None => 3,
        Some(Ok(passes)) => passes,
        Some(Err(error)) => {
            eprintln!("lint_corpus: the pass count must be a number: {error}");
            return ExitCode::from(2);
        }
    };
    let work: fn(&[u8], &Settings) -> usize = match args.next().as_deref() {
        None | Some("lint") => |bytes, settings| lint(Source::from_bytes(bytes), None, settings).diagnostics.len(),
        Some("check") => |bytes, _| check(bytes, parse::parse_for_answers),
        Some("full-parse-check") => |bytes, _| check(bytes, parse::parse),
        Some(other) => {
            eprintln!("lint_corpus: the work is lint, check or full-parse-check, not `{other}`");
            return ExitCode::from(2);
        }
    };
    let entries = match std::fs::read_dir(&folder) {
        Ok(entries) => entries,
        Err(error) => {
            eprintln!("lint_corpus: {}: {error}", folder.display());
            return ExitCode::from(2);
        }
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|entry| entry.ok().map(|entry| entry.path())).collect();
    paths.sort();
    let files: Vec<Vec<u8>> = paths.iter().filter_map(|path| std::fs::read(path).ok()).collect();
    let bytes: usize = files.iter().map(Vec::len).sum();
    let settings = Settings::default();
    for pass in 1..=passes {
        let started = Instant::now();
        let findings: usize = files.iter().map(|bytes| work(black_box(bytes), &settings)).sum();
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "pass {pass}: {} files, {:.1} MB, {findings} findings (or URLs allowed), {:.1} MB/s",
            files.len(),
            bytes as f64 / 1e6,
            bytes as f64 / 1e6 / seconds
        );
    }
    ExitCode::SUCCESS
}

/// Whether Googlebot may fetch `URL`, as 1 or 0, after parsing with `parse`.
fn check(bytes: &[u8], parse: fn(&Source) -> robolint::model::Document) -> usize {
    let source = Source::from_bytes(bytes);
    let document = parse(&source);
    usize::from(Matcher::new(&document, &source.text, "Googlebot", Dialect::Google).allowed(URL).allowed)
}
