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
