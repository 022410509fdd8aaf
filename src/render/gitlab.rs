//! `--format gitlab`: a GitLab Code Quality report (a JSON array of issues in the subset of
//! the Code Climate format GitLab reads: description, check_name, fingerprint, severity,
//! location with path and begin line), for `artifacts: reports: codequality`. GitLab shows
//! it in merge requests, so it holds what people's formats show: information about robots
//! outside the targets is left out.

use std::io::{self, Write};

use serde::Serialize;

use super::json::ArrayItems;
use super::{position, Linted};
use crate::diagnostic::{Diagnostic, Severity};

/// Every input's issues in one array: `[` with the first input, `]` at the end.
#[derive(Debug, Default)]
pub struct Report {
    opened: bool,
    issues: ArrayItems,
}

#[derive(Serialize)]
struct Issue<'a> {
    description: String,
    check_name: String,
    fingerprint: String,
    severity: &'static str,
    location: Location<'a>,
}

#[derive(Serialize)]
struct Location<'a> {
    path: &'a str,
    lines: Lines,
}

#[derive(Serialize)]
struct Lines {
    begin: usize,
    end: usize,
}

impl Report {
    /// Writes an issue for each shown finding of `input`, opening the array first.
    pub fn add(&mut self, out: &mut impl Write, input: &Linted<'_>) -> io::Result<()> {
        self.open(out)?;
        let text = input.report.source.text.as_str();
        for diagnostic in input.shown() {
            let (begin, end) =
                (position(input.report, diagnostic.span.start()), position(input.report, diagnostic.span.end()));
            let description = format!("{} [{}]", diagnostic.message.render(text), diagnostic.name);
            let issue = Issue {
                fingerprint: fingerprint(input.name, diagnostic, &description, begin.line),
                description,
                check_name: format!("{} {}", diagnostic.code, diagnostic.name),
                severity: severity(diagnostic.severity),
                location: Location {
                    path: input.name,
                    lines: Lines { begin: begin.line, end: end.line.max(begin.line) },
                },
            };
            self.issues.write(out, &issue)?;
        }
        Ok(())
    }

    /// Closes the array; with no input added, writes an empty one.
    pub fn finish(mut self, out: &mut impl Write) -> io::Result<()> {
        self.open(out)?;
        out.write_all(b"]\n")
    }

    fn open(&mut self, out: &mut impl Write) -> io::Result<()> {
        if !self.opened {
            out.write_all(b"[")?;
            self.opened = true;
        }
        Ok(())
    }
}

/// GitLab ranks `info`, `minor`, `major`, `critical`, `blocker`; a finding that makes a robot
/// misread the file is `major`.
fn severity(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "major",
        Severity::Warning => "minor",
        Severity::Info => "info",
    }
}

/// What GitLab tells issues apart by, the same from run to run: FNV-1a (64 bits, in hex) over
/// the file, rule, message and line. Two findings of a rule on one line have different
/// messages, so none share one.
fn fingerprint(path: &str, diagnostic: &Diagnostic, description: &str, line: usize) -> String {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0100_0000_01b3;
    let line = line.to_string();
    let parts = [path, diagnostic.code, description, &line];
    let hash = parts
        .iter()
        .flat_map(|part| part.bytes().chain([0]))
        .fold(OFFSET, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(PRIME));
    format!("{hash:016x}")
}
