//! The fuzz targets' properties (fuzz/properties/) on every file of corpus/, as each `cargo
//! test` runs them: CI's fuzz smoke. libFuzzer runs the same properties on new inputs
//! (`bash fuzz/run.sh`, docs/development.md); the `google` target needs Google's matcher
//! linked in, and tests/it/google_oracle.rs asks that matcher about the same files.

use std::path::{Path, PathBuf};

#[path = "../../fuzz/properties/fix.rs"]
mod fix;
#[path = "../../fuzz/properties/lint.rs"]
mod lint;
#[path = "../../fuzz/properties/lsp.rs"]
mod lsp;
#[path = "../../fuzz/properties/matcher.rs"]
mod matcher;

/// Every `.txt` under corpus/ (cases, seeds and samples), as `fuzz/run.sh seeds` gives them.
fn seeds() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![Path::new(crate::support::ROOT).join("corpus")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("corpus/ is readable").flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|extension| extension == "txt") {
                files.push(path);
            }
        }
    }
    assert!(files.len() > 400, "expected corpus/'s cases, found {} files", files.len());
    files
}

/// Runs `property` on each seed; a panic names the seed.
fn replay(property: fn(&[u8])) {
    for seed in seeds() {
        let bytes = std::fs::read(&seed).expect("a seed is readable");
        let outcome = std::panic::catch_unwind(|| property(&bytes));
        assert!(outcome.is_ok(), "the property fails on {}", seed.display());
    }
}

#[test]
fn every_seed_keeps_the_lint_property() {
    replay(lint::check);
}

#[test]
fn every_seed_keeps_the_fix_property() {
    replay(fix::check);
}

#[test]
fn every_seed_keeps_the_matcher_property() {
    replay(matcher::check);
}

#[test]
fn every_seed_keeps_the_lsp_property() {
    replay(lsp::check);
}
