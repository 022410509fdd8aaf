//! Applies fixes: non-overlapping edits, repeated until nothing changes.

use std::path::Path;

use crate::diagnostic::{Applicability, Edit};
use crate::lint::{lint, Settings};
use crate::source::Source;

/// At most this many lint-and-fix rounds: a fix that keeps producing new fixes is a bug,
/// and this bound keeps it from looping.
const MAX_ROUNDS: usize = 10;

/// The result of fixing a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fixed {
    pub text: String,
    /// Fixes applied, over all rounds.
    pub applied: usize,
}

/// Lints `text` and applies every fix at or below `allowed` (safe fixes only, or safe and
/// unsafe), again and again until a round applies nothing. Inputs that were not UTF-8 are
/// returned unchanged: their spans do not address the file's bytes.
pub fn fix_text(text: &str, path: Option<&Path>, settings: &Settings, allowed: Applicability) -> Fixed {
    let mut current = text.to_string();
    let mut applied = 0;
    for _ in 0..MAX_ROUNDS {
        let report = lint(Source::from(current.as_str()), path, settings);
        if !report.source.is_exact() {
            break;
        }
        let edits = report
            .diagnostics
            .iter()
            .filter_map(|diagnostic| diagnostic.fix.as_ref())
            .filter(|fix| allowed.permits(fix.applicability))
            .map(|fix| fix.edits.as_slice());
        let (next, taken) = apply_fixes(&current, edits);
        if taken.is_empty() {
            break;
        }
        applied += taken.len();
        current = next;
    }
    Fixed { text: current, applied }
}

/// Applies whole fixes (each a group of edits) in order, skipping any fix that overlaps one
/// already taken; the skipped ones get their turn in the next round. Returns the text and
/// the fixes taken.
pub fn apply_fixes<'a>(text: &str, fixes: impl Iterator<Item = &'a [Edit]>) -> (String, Vec<&'a [Edit]>) {
    let mut taken: Vec<&'a [Edit]> = Vec::new();
    for edits in fixes {
        let overlaps = edits.iter().any(|edit| taken.iter().copied().flatten().any(|other| conflict(edit, other)));
        if !overlaps {
            taken.push(edits);
        }
    }
    let mut edits: Vec<&Edit> = taken.iter().copied().flatten().collect();
    edits.sort_by_key(|edit| (edit.span.start, edit.span.end));
    let mut out = String::with_capacity(text.len());
    let mut cursor = 0;
    for edit in edits {
        out.push_str(&text[cursor..edit.span.start]);
        out.push_str(&edit.replacement);
        cursor = edit.span.end;
    }
    out.push_str(&text[cursor..]);
    (out, taken)
}

/// Edits that cannot both apply in one round: they overlap, start at the same place, or one
/// inserts where the other's replaced text ends, so that which comes first is a guess (a colon
/// inserted after a field name that another fix deletes would be left alone on the line).
fn conflict(a: &Edit, b: &Edit) -> bool {
    let inserts_at_end = |insert: &Edit, other: &Edit| insert.span.is_empty() && insert.span.start == other.span.end;
    a.span.start < b.span.end && b.span.start < a.span.end
        || a.span.start == b.span.start
        || inserts_at_end(a, b)
        || inserts_at_end(b, a)
}

/// Replaces the file at `path` with `contents` without a moment where it is missing or half
/// written: a temporary file in the same directory, flushed to disk, given the original's
/// permissions, then renamed over it.
pub fn write_atomically(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let directory = path.parent().filter(|parent| !parent.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let file_name = path.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
    let temporary = directory.join(format!(".{file_name}.robolint-{}", std::process::id()));
    let result = (|| {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(contents)?;
        file.sync_all()?;
        std::fs::set_permissions(&temporary, std::fs::metadata(path)?.permissions())?;
        std::fs::rename(&temporary, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    result
}

/// A unified diff of a fix, for `--diff`.
pub fn unified_diff(name: &str, before: &str, after: &str) -> String {
    similar::TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{name}"), &format!("b/{name}"))
        .to_string()
}
