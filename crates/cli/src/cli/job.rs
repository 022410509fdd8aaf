//! One input of a lint run as a worker thread takes it (a [`Job`]) and what processing it
//! gave (an [`Outcome`]), for the printing thread.

use std::io;
use std::sync::Arc;

use robolint::lint::Linter;
use robolint::render::{Found, Linted};
use robolint::rules::Level;
use robolint::Report;

use super::lint_args::{Input, LintArgs};

/// One input with the settings its configuration gives it.
pub(super) struct Job {
    pub(super) input: Input,
    /// The linter of the input's settings, shared with the inputs of equal ones.
    pub(super) linter: Arc<Linter>,
    pub(super) fail_on: Option<Level>,
    /// `input_weight`: how much of the lint threads' window this input takes.
    pub(super) weight: u64,
}

/// What processing one input produced, for the main thread to print in input order.
pub(super) struct Outcome {
    /// `--diff` output.
    pub(super) diff: String,
    /// Lines for standard error: what was fixed, what could not be, read errors.
    pub(super) messages: Vec<String>,
    /// `--fix` had fixes for this file but could not write them (the run then exits 2; the
    /// file is linted as it is, so its findings still show).
    pub(super) fix_not_written: bool,
    pub(super) result: Processed,
}

pub(super) enum Processed {
    Linted {
        name: String,
        report: Box<Report>,
        fail_on: Option<Level>,
    },
    /// Linted and already rendered (`Outcome::render_alone`), so that only the output and
    /// the counts travel to the printing thread.
    Rendered {
        name: String,
        output: io::Result<Vec<u8>>,
        found: Found,
        fail_on: Option<Level>,
    },
    /// `--diff` printed the fixes (or had none to print); nothing is linted.
    Diffed {
        changed: bool,
    },
    /// `--fix -`: the fixed text went to standard output in place of findings; the run fails
    /// when what is left fails it.
    FixedToStdout {
        fails: bool,
    },
    Unreadable,
}

impl Outcome {
    /// Renders a linted input here, on the thread that linted it, when the format writes
    /// each input by itself: the printing thread then has only bytes to copy.
    pub(super) fn render_alone(&mut self, args: &LintArgs, color: bool) {
        let mut renderer = args.renderer(color);
        if renderer.writes_one_document() {
            return;
        }
        self.result = match std::mem::replace(&mut self.result, Processed::Unreadable) {
            Processed::Linted { name, report, fail_on } => {
                let mut output = Vec::new();
                let rendered = renderer.add(&mut output, &Linted { name: &name, report: &report });
                let found = Found::in_report(&report);
                Processed::Rendered { name, output: rendered.map(|()| output), found, fail_on }
            }
            other => other,
        };
    }
}
