//! `../shared`, the read-only folder beside the project (specifications, the protego
//! real-world files, Google's parser, the SARIF schema). Every test that reads it goes
//! through here, so that its absence is handled one way.
//!
//! A test that needs the folder is ignored unless `CI=true` (`#[cfg_attr(not(ci), ignore)]`,
//! see tests/it/main.rs). When it runs anyway and the folder is missing, it prints why and
//! passes; under `CI=true`, where the folder is always there, it fails.
//!
//! `ROBOLINT_SHARED` points the tests at another folder (or at none, to see both ways
//! of handling its absence). The benches and `src/parse/strict.rs`'s tests include this file
//! by path.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The variable that overrides where `../shared` is.
pub const OVERRIDE: &str = "ROBOLINT_SHARED";

/// Where the shared folder is: `ROBOLINT_SHARED` when set, else `../shared` beside the project.
pub fn root() -> PathBuf {
    match std::env::var_os(OVERRIDE) {
        Some(folder) => PathBuf::from(folder),
        // This file is also a module of the engine's unit tests and of the benches, whose
        // packages sit at different depths: the workspace root is the one with grammar/.
        None => Path::new(env!("CARGO_MANIFEST_DIR"))
            .ancestors()
            .find(|folder| folder.join("grammar").is_dir())
            .unwrap_or(Path::new(env!("CARGO_MANIFEST_DIR")))
            .join("../shared"),
    }
}

/// Says why a test cannot run here: panics under `CI=true` (CI must run it), else prints a
/// skip message for the test to return on.
#[allow(clippy::print_stderr, reason = "a skipped test says so where people look")]
pub fn missing(what: &str) {
    assert!(std::env::var("CI").as_deref() != Ok("true"), "CI=true, but {what}");
    eprintln!("SKIPPED {}: {what}", std::thread::current().name().unwrap_or("a test"));
}

/// `<shared>/<relative>` when it exists; `None` after `missing` where it does not.
pub fn path(relative: &str) -> Option<PathBuf> {
    let path = root().join(relative);
    if path.exists() {
        Some(path)
    } else {
        missing(&format!("{} does not exist (set {OVERRIDE} or put ../shared beside the project)", path.display()));
        None
    }
}

/// The protego real-world files (4,231 sites' robots.txt), sorted, without the folder's
/// LICENSE; `None` after `missing` where the folder is absent or empty.
pub fn protego_files() -> Option<Vec<PathBuf>> {
    let folder = path("corpus/protego")?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .map(|entries| entries.flatten().map(|entry| entry.path()).collect())
        .unwrap_or_default();
    files.retain(|file| file.is_file() && file.file_name().is_some_and(|name| name != "LICENSE"));
    files.sort();
    if files.is_empty() {
        missing(&format!("{} holds no files", folder.display()));
        return None;
    }
    Some(files)
}
