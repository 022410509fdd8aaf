//! Issue 34, "Nothing lost, nothing let in": `--fix` never loses a byte or an ACL, whatever
//! fails; a write error on standard output or error is an exit status, not a panic; the
//! linted text's control characters never reach a terminal raw; a configuration file has a
//! size limit.

use crate::support::stderr;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use tempfile::TempDir;

/// `count` rules, each a `Disallow /pN/` without its colon: `--fix` adds a byte to each.
fn colonless_rules(count: usize) -> String {
    let rules: String = (0..count).map(|n| format!("Disallow /p{n}/\n")).collect();
    format!("User-agent: *\n{rules}")
}

fn robolint(directory: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_robolint"))
        .args(args)
        .current_dir(directory)
        .stdin(Stdio::null())
        .output()
        .expect("robolint runs")
}

/// A test that needs what this machine may not give (root, a tmpfs, ACLs) says why it did
/// not run; under `CI=true`, where the machine gives it, it fails instead.
fn cannot_run(reason: &str) {
    if std::env::var("CI").is_ok_and(|ci| ci == "true") {
        panic!("this test must run under CI=true: {reason}");
    }
    eprintln!("skipped: {reason}");
}

/// A small tmpfs of its own, unmounted (and its folder removed) when dropped.
struct Tmpfs {
    folder: TempDir,
}

impl Tmpfs {
    fn mount(size: &str) -> Result<Tmpfs, String> {
        let folder = tempfile::Builder::new().prefix("robolint-tmpfs-").tempdir().map_err(|e| e.to_string())?;
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(folder.path())
            .stderr(Stdio::piped())
            .output()
            .map_err(|error| format!("mount: {error}"))?;
        if !mounted.status.success() {
            return Err(format!("mount -t tmpfs: {}", stderr(&mounted).trim()));
        }
        Ok(Tmpfs { folder })
    }

    fn path(&self) -> &Path {
        self.folder.path()
    }

    /// Fills the file system with a filler file, then gives back `free` bytes of it.
    fn fill_leaving(&self, free: u64) {
        let filler = self.path().join("filler");
        let chunk = vec![b'x'; 4096];
        let mut file = fs::File::create(&filler).expect("the filler file");
        while std::io::Write::write_all(&mut file, &chunk).is_ok() {}
        let length = file.metadata().expect("its size").len();
        file.set_len(length.saturating_sub(free)).expect("giving space back");
    }

    /// Files robolint may have left beside the target (temporary and backup copies).
    fn leftovers(&self) -> Vec<String> {
        let names = fs::read_dir(self.path()).expect("the folder").map(|entry| entry.expect("an entry").file_name());
        names.map(|name| name.to_string_lossy().into_owned()).filter(|name| name.contains("robolint")).collect()
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.path()).status();
    }
}

/// A robots.txt on a 256 KiB tmpfs with a second hard link, both names returned.
fn linked_robots(disk: &Tmpfs, text: &str) -> (PathBuf, PathBuf) {
    let robots = disk.path().join("robots.txt");
    let other = disk.path().join("other-name.txt");
    fs::write(&robots, text).expect("robots.txt");
    fs::hard_link(&robots, &other).expect("a second hard link");
    (robots, other)
}

/// Checks a `--fix` that the full disk stopped: exit 2, a message that says the file is as
/// it was, both names on every old byte, nothing left behind.
fn assert_not_fixed_and_whole(disk: &Tmpfs, output: &Output, names: &[&Path], original: &str) {
    let message = stderr(output);
    assert_eq!(output.status.code(), Some(2), "{message}");
    assert!(message.contains("not fixed") && message.contains("the file is as it was"), "{message}");
    assert!(message.contains("No space left on device"), "{message}");
    for name in names {
        assert!(fs::read_to_string(name).expect("read") == original, "{} changed", name.display());
    }
    assert_eq!(disk.leftovers(), Vec::<String>::new());
}

/// The case: 9,000 rules on a disk with 4 KiB free. The file was cut at 159,744
/// bytes (its last rule `Disallow: `, allowing everything) and the run said "not fixed".
/// Now there is no room for the backup an in-place write needs, and nothing is touched.
#[test]
#[cfg_attr(not(ci), ignore = "needs root to mount a tmpfs or set an ACL; CI=true runs it")]
fn a_full_disk_leaves_a_hard_linked_file_as_it_was() {
    let disk = match Tmpfs::mount("256k") {
        Ok(disk) => disk,
        Err(reason) => return cannot_run(&reason),
    };
    let original = colonless_rules(9_000);
    let (robots, other) = linked_robots(&disk, &original);
    disk.fill_leaving(4096);
    let output = robolint(disk.path(), &["--no-config", "--fix", "robots.txt"]);
    assert_not_fixed_and_whole(&disk, &output, &[&robots, &other], &original);
}

/// Room for the backup but not for the longer text: the write fails past the old end,
/// before any old byte changes, and the file is cut back to its old length.
#[test]
#[cfg_attr(not(ci), ignore = "needs root to mount a tmpfs or set an ACL; CI=true runs it")]
fn a_disk_too_full_for_the_longer_text_leaves_it_as_it_was() {
    let disk = match Tmpfs::mount("256k") {
        Ok(disk) => disk,
        Err(reason) => return cannot_run(&reason),
    };
    // 5,000 colons: more than a page of growth.
    let original = colonless_rules(5_000);
    let (robots, other) = linked_robots(&disk, &original);
    let pages = (original.len() as u64).div_ceil(4096);
    disk.fill_leaving(pages * 4096);
    let output = robolint(disk.path(), &["--no-config", "--fix", "robots.txt"]);
    assert_not_fixed_and_whole(&disk, &output, &[&robots, &other], &original);
}

/// With room, the same file is fixed under both names, and no backup is left.
#[test]
#[cfg_attr(not(ci), ignore = "needs root to mount a tmpfs or set an ACL; CI=true runs it")]
fn a_hard_linked_file_with_room_is_fixed_under_both_names() {
    let disk = match Tmpfs::mount("256k") {
        Ok(disk) => disk,
        Err(reason) => return cannot_run(&reason),
    };
    let (robots, other) = linked_robots(&disk, &colonless_rules(5_000));
    let output = robolint(disk.path(), &["--no-config", "--fix", "robots.txt"]);
    // Exit 0: what is left (too-many-rules) is information for today's robots.
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stderr(&output).contains("applied 5000 fixes"), "{}", stderr(&output));
    let fixed = fs::read_to_string(&robots).expect("read");
    assert!(fixed.ends_with("Disallow: /p4999/\n"), "{}", &fixed[fixed.len() - 40..]);
    assert_eq!(fs::read_to_string(&other).expect("read"), fixed);
    assert_eq!(disk.leftovers(), Vec::<String>::new());
}

/// A POSIX ACL in its extended attribute's binary form (what `setfacl` writes): the owner
/// may read and write, user `nobody` too, the owning group nothing; the mask (the mode's
/// group bits) is rw.
fn acl_nobody_may_write() -> Vec<u8> {
    const UNDEFINED: u32 = u32::MAX;
    // (tag, permissions, id): user::rw-, user:nobody:rw-, group::---, mask::rw-, other::---
    let entries: [(u16, u16, u32); 5] =
        [(0x01, 6, UNDEFINED), (0x02, 6, 65534), (0x04, 0, UNDEFINED), (0x10, 6, UNDEFINED), (0x20, 0, UNDEFINED)];
    let mut acl = 2u32.to_le_bytes().to_vec();
    for (tag, permissions, id) in entries {
        acl.extend(tag.to_le_bytes());
        acl.extend(permissions.to_le_bytes());
        acl.extend(id.to_le_bytes());
    }
    acl
}

/// `--fix` replaced the file without its ACL, keeping only the mode, whose group bits were
/// the ACL's mask: the owning group gained the read and write access the ACL denied it.
#[test]
#[cfg_attr(not(ci), ignore = "needs root to mount a tmpfs or set an ACL; CI=true runs it")]
fn a_fix_keeps_the_acl_and_extended_attributes() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let robots = folder.path().join("robots.txt");
    fs::write(&robots, "User-agent: *\nDisallow /private/\n").expect("robots.txt");
    fs::set_permissions(&robots, fs::Permissions::from_mode(0o640)).expect("chmod");
    let acl = acl_nobody_may_write();
    if let Err(error) = xattr::set(&robots, "system.posix_acl_access", &acl) {
        return cannot_run(&format!("this file system keeps no ACL: {error}"));
    }
    xattr::set(&robots, "user.robolint", b"kept").expect("a user attribute");
    let mode = fs::metadata(&robots).expect("metadata").permissions().mode();

    let output = robolint(folder.path(), &["--no-config", "--fix", "robots.txt"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(fs::read_to_string(&robots).expect("read"), "User-agent: *\nDisallow: /private/\n");
    let kept = xattr::get(&robots, "system.posix_acl_access").expect("reading the ACL");
    assert_eq!(kept.as_deref(), Some(&acl[..]), "the ACL");
    assert_eq!(xattr::get(&robots, "user.robolint").expect("reading").as_deref(), Some(&b"kept"[..]));
    assert_eq!(fs::metadata(&robots).expect("metadata").permissions().mode(), mode);
}

fn to_dev_full() -> Stdio {
    Stdio::from(fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full"))
}

/// Standard output on a full device is an error with a message (exit 2); standard error on
/// one panicked (exit 101) as `--fix` reported what it did.
#[test]
fn a_full_device_for_output_or_messages_is_no_panic() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let robots = folder.path().join("robots.txt");
    fs::write(&robots, "User-agent: *\nDisallow /private/\n").expect("robots.txt");
    let run = |args: &[&str], stdout: Stdio, stderr: Stdio| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_robolint"));
        command.args(args).current_dir(folder.path()).stdin(Stdio::null()).stdout(stdout).stderr(stderr);
        command.output().expect("robolint runs")
    };
    let findings = run(&["--no-config", "robots.txt"], to_dev_full(), Stdio::piped());
    assert_eq!(findings.status.code(), Some(2), "{}", stderr(&findings));
    assert!(stderr(&findings).contains("cannot write output: No space left on device"), "{}", stderr(&findings));

    let fixed = run(&["--no-config", "--fix", "robots.txt"], Stdio::piped(), to_dev_full());
    assert_eq!(fixed.status.code(), Some(0), "exit {:?}", fixed.status);
    assert_eq!(fs::read_to_string(&robots).expect("read"), "User-agent: *\nDisallow: /private/\n");
}

/// A file that sets the terminal's title (OSC 0, ended by BEL) and turns its text red, on
/// lines that have findings, so that messages and drawn lines quote them.
const ESCAPES: &str = "User-agent: *\nDisallow /a\x1b]0;title\x07/\nCrawl-delay: 1\x1b[31m\n";

#[test]
fn control_characters_of_the_linted_text_are_shown_escaped() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    fs::write(folder.path().join("robots.txt"), ESCAPES).expect("robots.txt");
    for format in ["human", "concise", "github"] {
        let output = robolint(folder.path(), &["--no-config", "--color", "never", "--format", format, "robots.txt"]);
        let printed = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(1), "{format}: {}", stderr(&output));
        assert!(!printed.contains(['\x1b', '\x07']), "{format} printed a control character: {printed:?}");
        assert!(
            printed.contains("`1\\u{1b}[31m` is not a number"),
            "{format} shows the escape in its message: {printed}"
        );
    }
    let human = robolint(folder.path(), &["--no-config", "--color", "never", "robots.txt"]);
    let drawn = String::from_utf8_lossy(&human.stdout);
    assert!(drawn.contains("Disallow /a␛]0;title␇/"), "the drawn line shows each control as its picture: {drawn}");
    // With colour, robolint's own SGR sequences are there, the file's are not.
    let coloured = robolint(folder.path(), &["--no-config", "--color", "always", "robots.txt"]);
    let coloured = String::from_utf8_lossy(&coloured.stdout);
    assert!(!coloured.contains("\x1b]") && !coloured.contains('\x07'), "{coloured:?}");
    assert!(!coloured.contains("1\x1b[31m"), "{coloured:?}");
}

/// A 300 MB sparse robolint.toml took 621 MB and over a minute; it is refused unread.
#[test]
fn a_configuration_past_the_size_limit_is_refused() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    fs::write(folder.path().join("robots.txt"), "User-agent: *\nDisallow: /\n").expect("robots.txt");
    let config = fs::File::create(folder.path().join("robolint.toml")).expect("robolint.toml");
    config.set_len(300 * 1000 * 1000).expect("a sparse file");
    let output = robolint(folder.path(), &["robots.txt"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let message = stderr(&output);
    assert!(message.contains("larger than 1048576 bytes"), "{message}");
}

/// Tests made their folders at names of their own under the system's temporary folder
/// (`robolint-agents-check-<pid>` and dozens like it) and left them behind after every run.
/// Each now holds a `tempfile` guard (`support::TestDir`), which removes its folder when the
/// test ends, passed or failed; this keeps a new test from going back to the old way.
#[test]
fn no_test_names_its_own_folder_in_the_temporary_folder() {
    let tests = Path::new(crate::support::ROOT).join("tests");
    let mut sources: Vec<PathBuf> = Vec::new();
    for folder in [tests.clone(), tests.join("it"), tests.join("it/support")] {
        let entries = fs::read_dir(&folder).expect("the tests folder").map(|entry| entry.expect("an entry").path());
        sources.extend(entries.filter(|path| path.extension().is_some_and(|extension| extension == "rs")));
    }
    // Split so that this file does not find itself.
    let old_way = ["temp_dir()", ".join("].concat();
    let offenders: Vec<String> = sources
        .iter()
        .filter(|path| fs::read_to_string(path).expect("a test source").contains(&old_way))
        .map(|path| path.display().to_string())
        .collect();
    assert!(offenders.is_empty(), "use support::TestDir or tempfile instead: {offenders:?}");
}
