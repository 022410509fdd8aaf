//! Writing a fixed file back where it came from, as the same file (`--fix`). Unix only, as
//! owner, group, mode, extended attributes and hard links are; the WebAssembly build has no
//! files to write.
//!
//! The promise: a fix lands whole, or the file is left byte for byte as it was, whatever
//! fails (a full disk, a quota, an I/O error, Ctrl-C). The one exception, an in-place write
//! that fails and then cannot be undone either, keeps the old text in a backup file and says
//! where.

use std::ffi::OsString;
use std::fmt;
use std::fs;
use std::io::{self, Read};
use std::os::unix::fs::{self as unix_fs, FileExt, MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use xattr::FileExt as _;

/// Why a fixed file was not written.
#[derive(Debug)]
pub enum NotWritten {
    /// No one may write the file (its mode has no `w` bit): whoever made it so meant it to
    /// stay as it is, so only an explicit request overrides that.
    ReadOnly,
    /// Writing failed, and the file is as it was.
    Unchanged(io::Error),
    /// Writing in place failed part-way and putting the old text back failed too: the file
    /// may be damaged, and its old text is in `backup`.
    Damaged { error: io::Error, restoring: io::Error, backup: PathBuf },
}

impl From<io::Error> for NotWritten {
    fn from(error: io::Error) -> NotWritten {
        NotWritten::Unchanged(error)
    }
}

impl fmt::Display for NotWritten {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotWritten::ReadOnly => write!(f, "it is read-only (--fix-read-only writes it anyway)"),
            NotWritten::Unchanged(error) => write!(f, "cannot write the fixed file: {error}; the file is as it was"),
            NotWritten::Damaged { error, restoring, backup } => write!(
                f,
                "writing the fixed file failed ({error}) and putting the old text back failed too ({restoring}): \
                 the file may be damaged; its old text is in {}",
                backup.display()
            ),
        }
    }
}

/// Writes a fixed file back as the same file: through a symbolic link to the file it names
/// (the link stays a link), keeping owner, group, mode and extended attributes (a POSIX ACL
/// is one). A file with one name is replaced atomically (a temporary file in the same
/// directory, flushed to disk, renamed over it), so there is no moment when it is missing or
/// half written. A file with several hard links, or whose extended attributes cannot all be
/// given to a new file, is overwritten in place instead: a rename would give only this name
/// the fixed text (or drop attributes such as an ACL, widening who may read it), and writing
/// in place keeps the inode. That write is guarded by a backup and undone on failure
/// (`write_in_place`). A read-only file is refused unless `even_read_only`.
pub fn write_fixed(path: &Path, contents: &[u8], even_read_only: bool) -> Result<(), NotWritten> {
    let target = fs::canonicalize(path)?;
    let metadata = fs::metadata(&target)?;
    if !metadata.is_file() {
        return Err(NotWritten::Unchanged(io::Error::other("it is not a regular file")));
    }
    if metadata.permissions().readonly() && !even_read_only {
        return Err(NotWritten::ReadOnly);
    }
    let _held = HeldSignals::hold();
    if metadata.nlink() == 1 {
        match write_atomically(&target, contents, &metadata) {
            Err(Replacement::AttributesNotKept) => {}
            Err(Replacement::Failed(error)) => return Err(NotWritten::Unchanged(error)),
            Ok(()) => return Ok(()),
        }
    }
    write_in_place(&target, contents)
}

/// A name beside `target` for one of robolint's own files (`.robots.txt.robolint-new-41-0`):
/// hidden, and unique to this process and call.
fn sibling(target: &Path, purpose: &str) -> PathBuf {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let directory = target.parent().filter(|parent| !parent.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let file_name = target.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
    let unique = COUNTER.fetch_add(1, Ordering::Relaxed);
    directory.join(format!(".{file_name}.robolint-{purpose}-{}-{unique}", std::process::id()))
}

/// Creates a file of robolint's own beside the target: never through something already at
/// that name, and 0600 so that no one else reads it before it has its owner and mode.
fn create_sibling(path: &Path) -> io::Result<fs::File> {
    fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path)
}

/// Why an atomic replacement did not happen; the target is untouched either way.
enum Replacement {
    /// An extended attribute (such as a `security.` label) could not be given to the new
    /// file; writing in place keeps them all.
    AttributesNotKept,
    Failed(io::Error),
}

impl From<io::Error> for Replacement {
    fn from(error: io::Error) -> Replacement {
        Replacement::Failed(error)
    }
}

/// Replaces `target` (a regular file with one name, described by `original`) with a
/// temporary file given its owner, group, mode and extended attributes.
fn write_atomically(target: &Path, contents: &[u8], original: &fs::Metadata) -> Result<(), Replacement> {
    let temporary = sibling(target, "new");
    let result = (|| {
        let file = create_sibling(&temporary)?;
        file.write_all_at(contents, 0)?;
        if (file.metadata()?.uid(), file.metadata()?.gid()) != (original.uid(), original.gid()) {
            unix_fs::fchown(&file, Some(original.uid()), Some(original.gid())).map_err(|error| {
                let owner = format!("{}:{}", original.uid(), original.gid());
                io::Error::new(error.kind(), format!("cannot give the new file its owner {owner}: {error}"))
            })?;
        }
        // After chown, which may clear the set-user-ID and set-group-ID bits.
        file.set_permissions(original.permissions())?;
        // After the mode, which would otherwise rewrite an ACL's mask.
        copy_extended_attributes(target, &file).map_err(|_| Replacement::AttributesNotKept)?;
        file.sync_all()?;
        fs::rename(&temporary, target)?;
        // The rename itself is durable only once the directory is flushed; not every file
        // system can flush a directory, and the file is written either way.
        if let Some(directory) = temporary.parent() {
            let _ = fs::File::open(directory).and_then(|directory| directory.sync_all());
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    result
}

/// Gives `to` every extended attribute of `from`: POSIX ACLs (`system.posix_acl_access`,
/// `system.posix_acl_default`), `user.` attributes, security labels. A file system without
/// extended attributes has none to copy.
fn copy_extended_attributes(from: &Path, to: &fs::File) -> io::Result<()> {
    let names: Vec<OsString> = match xattr::list(from) {
        Ok(names) => names.collect(),
        Err(error) if error.kind() == io::ErrorKind::Unsupported => return Ok(()),
        Err(error) => return Err(error),
    };
    for name in names {
        if let Some(value) = xattr::get(from, &name)? {
            to.set_xattr(&name, &value)?;
        }
    }
    Ok(())
}

/// Overwrites the file where it is, which keeps every hard link on the fixed text, without
/// ever losing the old one: its bytes are first copied to a backup file beside it (flushed,
/// so they outlive a crash or a kill), then the part of the new text past the old end is
/// written first, so a full disk or a quota stops the write before any old byte changes.
/// Any failure puts the old text back; only when that fails too is the backup kept.
fn write_in_place(target: &Path, contents: &[u8]) -> Result<(), NotWritten> {
    let mut file = fs::OpenOptions::new().read(true).write(true).open(target)?;
    let mut original = Vec::new();
    file.read_to_end(&mut original)?;
    let backup = sibling(target, "backup");
    let no_backup = |error: io::Error| {
        let detail = format!("cannot keep a backup copy of the file beside it: {error}");
        NotWritten::Unchanged(io::Error::new(error.kind(), detail))
    };
    let copy = create_sibling(&backup).map_err(no_backup)?;
    if let Err(error) = copy.write_all_at(&original, 0).and_then(|()| copy.sync_all()) {
        let _ = fs::remove_file(&backup);
        return Err(no_backup(error));
    }
    let old_length = original.len();
    let written = (|| {
        if let Some(growth) = contents.get(old_length..) {
            file.write_all_at(growth, old_length as u64)?;
        }
        file.write_all_at(&contents[..contents.len().min(old_length)], 0)?;
        file.set_len(contents.len() as u64)?;
        file.sync_all()
    })();
    let Err(error) = written else {
        let _ = fs::remove_file(&backup);
        return Ok(());
    };
    // Cutting first frees what the new text took past the old end.
    let restored = (|| {
        file.set_len(old_length as u64)?;
        file.write_all_at(&original, 0)?;
        file.sync_all()
    })();
    match restored {
        Ok(()) => {
            let _ = fs::remove_file(&backup);
            Err(NotWritten::Unchanged(error))
        }
        Err(restoring) => Err(NotWritten::Damaged { error, restoring, backup }),
    }
}

/// While a file is being written, Ctrl-C (SIGINT) and SIGTERM wait: the one that arrives
/// takes its usual effect (ending robolint) once the write is done or undone, so neither a
/// half-written file nor a temporary file is left behind. At any other moment they act at
/// once, as without robolint's handlers. SIGHUP is left alone: under `nohup` it is ignored,
/// and a handler of robolint's would make it end the run.
struct HeldSignals;

/// The signals held back, the one of them that arrived, and whether they act at once.
struct SignalState {
    writes: Mutex<usize>,
    act_at_once: Arc<AtomicBool>,
    arrived: Vec<(i32, Arc<AtomicBool>)>,
}

const HELD_SIGNALS: [i32; 2] = [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM];

fn signal_state() -> &'static SignalState {
    static STATE: OnceLock<SignalState> = OnceLock::new();
    STATE.get_or_init(|| {
        let act_at_once = Arc::new(AtomicBool::new(true));
        let arrived = HELD_SIGNALS
            .iter()
            .filter_map(|&signal| {
                let flag = Arc::new(AtomicBool::new(false));
                // A signal whose handlers cannot be set is simply not held back.
                signal_hook::flag::register_conditional_default(signal, Arc::clone(&act_at_once)).ok()?;
                signal_hook::flag::register(signal, Arc::clone(&flag)).ok()?;
                Some((signal, flag))
            })
            .collect();
        SignalState { writes: Mutex::new(0), act_at_once, arrived }
    })
}

impl HeldSignals {
    fn hold() -> HeldSignals {
        let state = signal_state();
        let mut writes = state.writes.lock().unwrap_or_else(PoisonError::into_inner);
        *writes += 1;
        state.act_at_once.store(false, Ordering::SeqCst);
        HeldSignals
    }
}

impl Drop for HeldSignals {
    fn drop(&mut self) {
        let state = signal_state();
        let mut writes = state.writes.lock().unwrap_or_else(PoisonError::into_inner);
        *writes -= 1;
        if *writes > 0 {
            return;
        }
        state.act_at_once.store(true, Ordering::SeqCst);
        for (signal, flag) in &state.arrived {
            if flag.swap(false, Ordering::SeqCst) {
                let _ = signal_hook::low_level::emulate_default_handler(*signal);
            }
        }
    }
}
