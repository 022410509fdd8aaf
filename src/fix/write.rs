//! Writing a fixed file back where it came from, as the same file (`--fix`). Unix only, as
//! owner, group, mode and hard links are; the WebAssembly build has no files to write.

use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::{self as unix_fs, MetadataExt, OpenOptionsExt};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

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
