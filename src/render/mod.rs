//! Diagnostics → text. The only place byte spans become lines and columns.

pub mod concise;
pub mod controls;
pub mod github;
pub mod gitlab;
pub mod human;
pub mod json;
pub mod junit;
pub mod positions;
pub mod sarif;
pub mod statistics;

use std::io::{self, Write};

use crate::diagnostic::{Applicability, Diagnostic, Severity};
use crate::report::Report;

/// The output of a run, input by input. The text formats write each input as it comes (a
/// directory streams) and end with the summary line; JSON and SARIF write every input into
/// the one document tools read, opened with the first input and closed at the end. The
/// machine formats (json, sarif, github) write nothing else to stdout.
pub enum Renderer {
    /// The default format: each finding drawn over the source lines ([`human`]).
    Human {
        /// Whether to colour the output with ANSI escapes.
        color: bool,
    },
    /// `--format concise`: one `path:line:col` line per finding ([`concise`]).
    Concise {
        /// Whether to colour the output with ANSI escapes.
        color: bool,
    },
    /// `--format github`: GitHub Actions workflow commands ([`github`]).
    Github,
    /// `--format json`: one JSON document for the whole run ([`json`]).
    Json(json::Document),
    /// `--format sarif`: a SARIF 2.1.0 log, for code scanning ([`sarif`]).
    Sarif(sarif::Log),
    /// `--format gitlab`: a GitLab Code Quality report ([`gitlab`]).
    Gitlab(gitlab::Report),
    /// `--format junit`: a JUnit XML report, for CI test views ([`junit`]).
    Junit(junit::Report),
    /// `--statistics`: counts per rule instead of the findings, printed at the end.
    Statistics(statistics::Counts),
}

impl Renderer {
    /// Which findings' proofs (witness notes) the format shows: the headline and count
    /// formats none, people's formats those they print, machine formats every one.
    pub fn proofs(&self) -> crate::Proofs {
        match self {
            Renderer::Human { .. } | Renderer::Github => crate::Proofs::Shown,
            Renderer::Json(_) | Renderer::Sarif(_) => crate::Proofs::Every,
            Renderer::Concise { .. } | Renderer::Gitlab(_) | Renderer::Junit(_) | Renderer::Statistics(_) => {
                crate::Proofs::Omitted
            }
        }
    }

    /// What the format does with the findings about robots outside the targets: the machine
    /// formats list them, the others leave them out ([`Linted::shown`]) and at most count them.
    pub fn beyond_targets(&self) -> crate::BeyondTargets {
        match self {
            Renderer::Json(_) | Renderer::Sarif(_) => crate::BeyondTargets::Listed,
            _ => crate::BeyondTargets::Counted,
        }
    }

    /// Whether the format makes one document of every input (json, sarif), which only the
    /// printing thread can write, in order, rather than writing each input by itself, which
    /// any thread can then do on its own.
    pub fn writes_one_document(&self) -> bool {
        matches!(
            self,
            Renderer::Json(_) | Renderer::Sarif(_) | Renderer::Gitlab(_) | Renderer::Junit(_) | Renderer::Statistics(_)
        )
    }

    /// Writes one linted input to `out`, or keeps it for [`Renderer::finish`].
    pub fn add(&mut self, out: &mut impl Write, input: &Linted<'_>) -> io::Result<()> {
        match self {
            Renderer::Human { color } => human::write(out, input, *color),
            Renderer::Concise { color } => concise::write(out, input, *color),
            Renderer::Github => github::write(out, input),
            Renderer::Json(document) => document.add(out, input),
            Renderer::Sarif(log) => log.add(out, input),
            Renderer::Gitlab(report) => report.add(out, input),
            Renderer::Junit(report) => report.add(out, input),
            Renderer::Statistics(counts) => {
                counts.add(input.report);
                Ok(())
            }
        }
    }

    /// Ends the run: the summary line, or the end of the document.
    pub fn finish(self, out: &mut impl Write, tally: &Tally) -> io::Result<()> {
        match self {
            Renderer::Human { .. } | Renderer::Concise { .. } => writeln!(out, "{}", tally.summary()),
            Renderer::Github => Ok(()),
            Renderer::Json(document) => document.finish(out),
            Renderer::Sarif(log) => log.finish(out),
            Renderer::Gitlab(report) => report.finish(out),
            Renderer::Junit(report) => report.finish(out),
            Renderer::Statistics(counts) => counts.finish(out),
        }
    }

    /// Whether the format ends with a summary line for people, which `--quiet` leaves out.
    pub fn ends_with_summary(&self) -> bool {
        matches!(self, Renderer::Human { .. } | Renderer::Concise { .. })
    }
}

/// A 1-based line and a 1-based column counted in characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters from the line's start.
    pub column: usize,
}

/// Where `offset` lies, counting lines as the lenient parse split them (CR, LF and CRLF all
/// end a line).
pub fn position(report: &Report, offset: usize) -> Position {
    let lines = &report.document.lines;
    let text = &report.source.text;
    let index = lines.partition_point(|line| line.span.start() <= offset).saturating_sub(1);
    let line_start = lines.get(index).map_or(0, |line| line.span.start().min(offset));
    let offset = offset.min(text.len());
    let column = text.get(line_start..offset).map_or(offset - line_start, |before| before.chars().count()) + 1;
    Position { line: index + 1, column }
}

/// How many findings of each severity one input has.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Found {
    /// Errors, not counting those in `left_out`.
    pub errors: usize,
    /// Warnings, not counting those in `left_out`.
    pub warnings: usize,
    /// Information, not counting that in `left_out`.
    pub infos: usize,
    /// Findings `--fix` would fix: those with a safe fix, left-out ones included.
    pub safe_fixes: usize,
    /// Findings only `--unsafe-fixes` would fix: those with an unsafe fix.
    pub unsafe_fixes: usize,
    /// Information about robots outside the targets, which people's formats leave out.
    pub left_out: usize,
}

impl Found {
    /// Counts the findings of one linted input.
    pub fn in_report(report: &Report) -> Found {
        let mut found = Found::default();
        for diagnostic in &report.diagnostics {
            // `--fix` mends what it left out too: its fixes count.
            match diagnostic.severity {
                _ if diagnostic.beyond_targets => found.left_out += 1,
                Severity::Error => found.errors += 1,
                Severity::Warning => found.warnings += 1,
                Severity::Info => found.infos += 1,
            }
            match diagnostic.fix.as_ref().map(|fix| fix.applicability) {
                Some(Applicability::Safe) => found.safe_fixes += 1,
                Some(Applicability::Unsafe) => found.unsafe_fixes += 1,
                None => {}
            }
        }
        found
    }

    /// The most severe finding.
    pub fn worst(&self) -> Option<Severity> {
        [(self.errors, Severity::Error), (self.warnings, Severity::Warning), (self.infos, Severity::Info)]
            .into_iter()
            .find(|&(count, _)| count > 0)
            .map(|(_, severity)| severity)
    }
}

/// One linted input, as the renderers see it.
pub struct Linted<'a> {
    /// The name to show: the path as the user gave it, or `-` / `<stdin>`.
    pub name: &'a str,
    /// The input's lint: its source, document and findings.
    pub report: &'a Report,
}

impl Linted<'_> {
    /// The findings people's formats print: all but the information that concerns only
    /// robots outside the targets ([`Diagnostic::beyond_targets`]), which the summary counts.
    pub fn shown(&self) -> impl Iterator<Item = &Diagnostic> {
        self.report.diagnostics.iter().filter(|diagnostic| !diagnostic.beyond_targets)
    }
}

/// Counts over every input linted so far, for the closing summary line and the exit status.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    files: usize,
    /// The name of the only input, while there is one.
    only_name: Option<String>,
    errors: usize,
    warnings: usize,
    infos: usize,
    safe_fixes: usize,
    unsafe_fixes: usize,
    left_out: usize,
}

impl Tally {
    /// Counts one more input, named `name`, with `found` findings.
    pub fn add(&mut self, name: &str, found: &Found) {
        self.files += 1;
        self.only_name = (self.files == 1).then(|| name.to_string());
        self.errors += found.errors;
        self.warnings += found.warnings;
        self.infos += found.infos;
        self.safe_fixes += found.safe_fixes;
        self.unsafe_fixes += found.unsafe_fixes;
        self.left_out += found.left_out;
    }

    /// "robots.txt: 3 problems (1 error, 2 warnings)", "4 files: no problems".
    pub fn summary(&self) -> String {
        let files = match &self.only_name {
            Some(name) => name.clone(),
            None => format!("{} files", self.files),
        };
        let counts = [(self.errors, "error"), (self.warnings, "warning"), (self.infos, "info")];
        let total: usize = counts.iter().map(|(count, _)| count).sum();
        let left_out = match self.left_out {
            0 => String::new(),
            1 => "\n1 info about robots outside the targets left out (`--all-infos` prints it)".to_string(),
            many => format!("\n{many} infos about robots outside the targets left out (`--all-infos` prints them)"),
        };
        if total == 0 {
            return format!("{files}: no problems{left_out}");
        }
        let plural = |count: usize| if count == 1 { "" } else { "s" };
        let parts: Vec<String> = counts
            .iter()
            .filter(|(count, _)| *count > 0)
            .map(|&(count, word)| format!("{count} {word}{}", plural(count)))
            .collect();
        let summary = format!("{files}: {total} problem{} ({}){left_out}", plural(total), parts.join(", "));
        match (self.safe_fixes, self.unsafe_fixes) {
            (0, 0) => summary,
            (0, unsafe_only) => format!("{summary}\n{unsafe_only} fixable with `--fix --unsafe-fixes`"),
            (safe, 0) => format!("{summary}\n{safe} fixable with `--fix`"),
            (safe, more) => format!("{summary}\n{safe} fixable with `--fix` ({more} more with `--unsafe-fixes`)"),
        }
    }
}
