//! The built `robolint` binary, run as users run it.

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
