//! The files a lint run reads: directories walked for robots.txt files, standard input, and
//! the names they are shown by.

use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};

use robolint::source::{Source, DEFAULT_SIZE_CAP};

use super::exclude::Exclusion;

/// Expands directories into the robots.txt files below them (any case, as servers on
/// case-insensitive file systems serve them), in a stable order. The walk skips hidden
/// folders, what `exclude` names (vendored packages by default) and what .gitignore ignores,
/// in a git repository or not (as ruff does), follows symbolic links with loop detection, and
/// names each file once however many links lead to it.
pub(super) fn collect_inputs(path: &Path, inputs: &mut Vec<PathBuf>, exclusion: &Exclusion) -> Result<(), String> {
    if path == Path::new("-") {
        inputs.push(path.to_path_buf());
        return Ok(());
    }
    let metadata = fs::metadata(path).map_err(|error| format!("{}: {error}", path.display()))?;
    if !metadata.is_dir() {
        inputs.push(path.to_path_buf());
        return Ok(());
    }
    // The walk's filter outlives this call (it may run on the walk's threads): it owns a copy.
    let exclusion = exclusion.clone();
    let walk = ignore::WalkBuilder::new(path)
        .follow_links(true)
        .require_git(false)
        .sort_by_file_name(|a, b| a.cmp(b))
        .filter_entry(move |entry| !exclusion.excludes(entry.path()))
        .build();
    let mut seen = std::collections::HashSet::new();
    for entry in walk {
        // A link back to a folder above is reported by the walk as a loop: it is skipped, as
        // is an entry that vanished or cannot be read while walking.
        let Ok(entry) = entry else { continue };
        let is_robots_txt = entry.file_name().to_str().is_some_and(|name| name.eq_ignore_ascii_case("robots.txt"));
        if !is_robots_txt || !entry.file_type().is_some_and(|kind| kind.is_file()) {
            continue;
        }
        let identity = fs::canonicalize(entry.path()).unwrap_or_else(|_| entry.path().to_path_buf());
        if seen.insert(identity) {
            inputs.push(entry.into_path());
        }
    }
    Ok(())
}

pub(super) fn read_source(path: &Path) -> Result<Source, String> {
    if path == Path::new("-") {
        return Source::read(io::stdin().lock(), DEFAULT_SIZE_CAP, None)
            .map_err(|error| format!("standard input: {error}"));
    }
    let file = File::open(path).map_err(|error| format!("{}: {error}", path.display()))?;
    let total = file.metadata().ok().map(|metadata| metadata.len());
    Source::read(file, DEFAULT_SIZE_CAP, total).map_err(|error| format!("{}: {error}", path.display()))
}

pub(super) fn display_name(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}
