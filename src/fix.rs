//! Applies fixes: non-overlapping edits, repeated until nothing changes.

use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::{self as unix_fs, MetadataExt, OpenOptionsExt};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

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

/// Why a fixed file was not written.
#[derive(Debug)]
pub enum NotWritten {
    /// No one may write the file (its mode has no `w` bit): whoever made it so meant it to
    /// stay as it is, so only an explicit request overrides that.
    ReadOnly,
    Io(io::Error),
}

impl From<io::Error> for NotWritten {
    fn from(error: io::Error) -> NotWritten {
        NotWritten::Io(error)
    }
}

/// Writes a fixed file back as the same file: through a symbolic link to the file it names
/// (the link stays a link), keeping owner, group and mode. A file with one name is replaced
/// atomically (a temporary file in the same directory, flushed to disk, renamed over it),
/// so there is no moment when it is missing or half written. A file with several hard links
/// is overwritten in place instead: a rename would give only this name the fixed text and
/// leave the others on the old one, silently splitting what was one file; in-place writing
/// keeps every name on the fixed text at the cost of atomicity (a crash mid-write can leave
/// it half written), which is why its data is flushed before robolint reports it written.
/// A read-only file is refused unless `even_read_only`.
pub fn write_fixed(path: &Path, contents: &[u8], even_read_only: bool) -> Result<(), NotWritten> {
    let target = fs::canonicalize(path)?;
    let metadata = fs::metadata(&target)?;
    if !metadata.is_file() {
        return Err(NotWritten::Io(io::Error::other("it is not a regular file")));
    }
    if metadata.permissions().readonly() && !even_read_only {
        return Err(NotWritten::ReadOnly);
    }
    if metadata.nlink() > 1 {
        write_in_place(&target, contents)?;
    } else {
        write_atomically(&target, contents, &metadata)?;
    }
    Ok(())
}

/// Overwrites the file's bytes and cuts what is left of the old text (in that order, so an
/// interrupted write leaves old text after new rather than an empty file), then flushes.
fn write_in_place(target: &Path, contents: &[u8]) -> io::Result<()> {
    let mut file = fs::OpenOptions::new().write(true).open(target)?;
    file.write_all(contents)?;
    file.set_len(contents.len() as u64)?;
    file.sync_all()
}

/// Replaces `target` (a regular file with one name, described by `original`) with a
/// temporary file given its owner, group and mode.
fn write_atomically(target: &Path, contents: &[u8], original: &fs::Metadata) -> io::Result<()> {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let directory = target.parent().filter(|parent| !parent.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let file_name = target.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
    let unique = COUNTER.fetch_add(1, Ordering::Relaxed);
    let temporary = directory.join(format!(".{file_name}.robolint-{}-{unique}", std::process::id()));
    let result = (|| {
        // create_new: never write through something already at the temporary name; 0600
        // until the file has its owner, so no one else reads it in between.
        let mut file = fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(&temporary)?;
        file.write_all(contents)?;
        if (file.metadata()?.uid(), file.metadata()?.gid()) != (original.uid(), original.gid()) {
            unix_fs::fchown(&file, Some(original.uid()), Some(original.gid())).map_err(|error| {
                let owner = format!("{}:{}", original.uid(), original.gid());
                io::Error::new(error.kind(), format!("cannot give the new file its owner {owner}: {error}"))
            })?;
        }
        // After chown, which may clear the set-user-ID and set-group-ID bits.
        file.set_permissions(original.permissions())?;
        file.sync_all()?;
        fs::rename(&temporary, target)?;
        // The rename itself is durable only once the directory is flushed; not every file
        // system can flush a directory, and the file is written either way.
        let _ = fs::File::open(directory).and_then(|directory| directory.sync_all());
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temporary);
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
