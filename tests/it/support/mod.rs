//! The built `robolint` binary, run as users run it.
//!
//! Its submodules are the helpers some test modules share.

pub mod case_config;
pub mod child;
pub mod http_server;
pub mod links;
pub mod markers;
pub mod records;
pub mod sarif_schema;
pub mod shared;

use std::io::{ErrorKind, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The workspace's root folder, where the engine's grammar, rules and corpus are. The tests
/// are the `robolint-cli` package's (crates/cli), whose manifest is two folders down.
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// Runs robolint in the checkout with `stdin` on its standard input and waits for it.
pub fn robolint(args: &[&str], stdin: &[u8]) -> Output {
    robolint_in(Path::new(ROOT), args, stdin)
}

/// Every file below `folder`, in path order; only those ending `.extension` when one is
/// given. A folder that cannot be read fails the test that asked.
pub fn files_below(folder: &Path, extension: Option<&str>) -> Vec<std::path::PathBuf> {
    let entries = std::fs::read_dir(folder).unwrap_or_else(|error| panic!("{}: {error}", folder.display()));
    let mut paths: Vec<std::path::PathBuf> = entries.flatten().map(|entry| entry.path()).collect();
    paths.sort();
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            files.extend(files_below(&path, extension));
        } else if extension.is_none_or(|wanted| path.extension().is_some_and(|found| found == wanted)) {
            files.push(path);
        }
    }
    files
}

/// A run's standard output, as text.
pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A run's standard error, as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Runs robolint in `directory` with `stdin` on its standard input and waits for it.
pub fn robolint_in(directory: &Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_robolint"))
        .args(args)
        .current_dir(directory)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("robolint starts");
    let written = child.stdin.take().expect("stdin").write_all(stdin);
    // A usage error ends robolint before it reads its input; the test judges the exit status.
    if let Err(error) = written {
        assert_eq!(error.kind(), ErrorKind::BrokenPipe, "writing robolint's standard input: {error}");
    }
    child.wait_with_output().expect("robolint finishes")
}

/// A scratch folder under the system's temporary folder (`robolint-NAME-XXXXXX`), removed
/// with everything in it when dropped, whether the test passed or failed. It reads as the
/// `Path` of the folder.
pub struct TestDir(tempfile::TempDir);

impl TestDir {
    pub fn new(name: &str) -> TestDir {
        let folder = tempfile::Builder::new().prefix(&format!("robolint-{name}-")).tempdir();
        TestDir(folder.expect("a temporary folder"))
    }
}

impl AsRef<Path> for TestDir {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

impl std::ops::Deref for TestDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        self.0.path()
    }
}

/// One run as the user saw it, for a snapshot: the exit status, then standard output, then
/// standard error, each under a header. Machine-specific text becomes a placeholder:
/// `[ROOT]` for the package's folder, `[TEMP]` for a `TestDir`, `[VERSION]` for the package's
/// version. So a transcript reads the same on every machine.
pub fn transcript(output: &Output) -> String {
    let status = match output.status.code() {
        Some(code) => format!("status: {code}"),
        None => format!("status: {}", output.status),
    };
    let mut transcript = format!("{status}\n");
    for (header, bytes) in [("--- stdout", &output.stdout), ("--- stderr", &output.stderr)] {
        transcript.push_str(header);
        transcript.push('\n');
        transcript.push_str(&String::from_utf8_lossy(bytes));
        // A stream that ends mid-line says so: the next header must not hide it.
        if !bytes.is_empty() && !bytes.ends_with(b"\n") {
            transcript.push_str("\n[no newline at end]\n");
        }
    }
    redact(&transcript)
}

/// A run's transcript under the command that made it (`$ robolint ARGS`), for tests that run
/// several commands into one snapshot.
pub fn command_transcript(args: &[&str], output: &Output) -> String {
    // An empty argument or one with spaces is quoted, as a shell would need it.
    let quoted: Vec<String> = args
        .iter()
        .map(|arg| if arg.is_empty() || arg.contains(' ') { format!("'{arg}'") } else { arg.to_string() })
        .collect();
    let command = redact(&format!("$ robolint {}", quoted.join(" ")));
    format!("{command}\n{}", transcript(output))
}

/// Replaces the package's folder, the test folders and the version with placeholders.
fn redact(text: &str) -> String {
    let text = text.replace(ROOT, "[ROOT]");
    let text = match Path::new(ROOT).canonicalize() {
        Ok(canonical) => text.replace(&*canonical.to_string_lossy(), "[ROOT]"),
        Err(_) => text,
    };
    let temp = std::env::temp_dir();
    let mut prefixes = vec![temp.join("robolint-")];
    // A temporary folder behind a link (macOS's /var) may be printed by either name.
    if let Ok(canonical) = temp.canonicalize() {
        prefixes.push(canonical.join("robolint-"));
    }
    let text = prefixes.iter().fold(text, |text, prefix| replace_test_dirs(&text, &prefix.to_string_lossy()));
    text.replace(env!("CARGO_PKG_VERSION"), "[VERSION]")
}

/// Replaces each `PREFIX<name>-<random>` folder name with `[TEMP]`.
fn replace_test_dirs(text: &str, prefix: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(prefix) {
        out.push_str(&rest[..at]);
        out.push_str("[TEMP]");
        let name = &rest[at + prefix.len()..];
        // `TestDir` names hold letters, digits, `-` and `_`; the folder ends at anything else.
        let end = name.find(|c: char| !(c.is_ascii_alphanumeric() || "-_".contains(c))).unwrap_or(name.len());
        rest = &name[end..];
    }
    out.push_str(rest);
    out
}
