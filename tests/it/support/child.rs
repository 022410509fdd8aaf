//! A child process run to its end with its peak memory: what `tests/it/bad_input.rs` asserts
//! and `benches/corpus.rs` reports. Each includes this file (`#[path] mod child;`).
//!
//! Linux charges a child the peak memory of the process that spawned it (`ru_maxrss`
//! carries the spawner's high-water mark across `exec`): a figure is only the child's own
//! while the spawning process is smaller than the child.
#![allow(dead_code)]

use std::io::{self, Read};
use std::process::{Command, Stdio};
use std::thread;

/// One run of a program.
pub struct Run {
    pub status: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    /// The most memory the process had resident at once, in KiB.
    pub peak_rss_kib: i64,
    /// The processor time it took, user and system.
    pub cpu: std::time::Duration,
}

/// Runs `command` with no input, its output gathered, and waits for it with `wait4`, which
/// also tells how much memory it used at its peak (`ru_maxrss`, in KiB on Linux).
#[allow(clippy::zombie_processes, reason = "wait4 reaps the child, where `Child::wait` would lose its rusage")]
pub fn run(command: &mut Command) -> Run {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("{command:?} starts: {error}"));
    let drain = |mut pipe: Box<dyn Read + Send>| {
        thread::spawn(move || {
            let mut bytes = Vec::new();
            pipe.read_to_end(&mut bytes).expect("reading the child's output");
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("stdout")));
    let stderr = drain(Box::new(child.stderr.take().expect("stderr")));
    let pid = libc::pid_t::try_from(child.id()).expect("a process id");
    let mut status = 0;
    // SAFETY: rusage is plain data, for which all zeroes is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is this process's child and not yet waited for (`child` is never waited
    // on: dropping a `Child` neither waits nor kills); `status` and `usage` are writable.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "waiting for {command:?}: {}", io::Error::last_os_error());
    Run {
        status: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
        stdout: stdout.join().expect("stdout reader"),
        stderr: stderr.join().expect("stderr reader"),
        peak_rss_kib: usage.ru_maxrss,
        cpu: [usage.ru_utime, usage.ru_stime].iter().map(duration_of).sum(),
    }
}

fn duration_of(time: &libc::timeval) -> std::time::Duration {
    let micros = u64::try_from(time.tv_sec).unwrap_or(0) * 1_000_000 + u64::try_from(time.tv_usec).unwrap_or(0);
    std::time::Duration::from_micros(micros)
}
