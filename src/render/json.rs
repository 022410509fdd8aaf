//! `--format json`: one document for the whole run, whatever the number of inputs, because
//! tools parse one document. Its schema is documented in docs/json-format.md; a change that
//! could break a reader raises [`VERSION`].

use std::borrow::Cow;
use std::io::{self, Write};

use lsp_types::Range;
use serde::Serialize;

use super::positions::LineIndex;
use super::Linted;
use crate::diagnostic::{Applicability, Diagnostic, Severity};
use crate::dialect::witness::Witness;
use crate::model::Span;

/// The schema version, written as the document's `version`.
pub const VERSION: u32 = 1;

/// Every input of a run: [`Document::add`] each linted input, then [`Document::finish`].
/// Inputs are gathered as owned data, so a file's text need not outlive its turn.
#[derive(Debug, Serialize)]
pub struct Document {
    version: u32,
    /// Every input linted, in order, findings or not.
    files: Vec<String>,
    diagnostics: Vec<Finding>,
}

impl Default for Document {
    fn default() -> Document {
        Document { version: VERSION, files: Vec::new(), diagnostics: Vec::new() }
    }
}

impl Document {
    pub fn add(&mut self, input: &Linted<'_>) {
        let text = input.report.source.text.as_str();
        let lines = LineIndex::new(text);
        let place = |span| Place::new(&lines, text, span);
        self.files.push(input.name.to_string());
        self.diagnostics.extend(input.report.diagnostics.iter().map(|diagnostic| {
            Finding {
                file: input.name.to_string(),
                code: diagnostic.code,
                name: diagnostic.name,
                severity: diagnostic.severity,
                message: diagnostic.message.clone(),
                place: place(diagnostic.span),
                labels: diagnostic
                    .labels
                    .iter()
                    .map(|label| LabelOut { message: label.message.clone(), place: place(label.span) })
                    .collect(),
                help: diagnostic.help.clone(),
                affects: diagnostic.affects.iter().map(|dialect| dialect.name()).collect(),
                fix: diagnostic.fix.as_ref().map(|fix| FixOut {
                    message: fix.message.clone(),
                    applicability: fix.applicability,
                    edits: fix
                        .edits
                        .iter()
                        .map(|edit| EditOut { replacement: edit.replacement.clone(), place: place(edit.span) })
                        .collect(),
                }),
                witness: witness(diagnostic),
            }
        }));
    }

    /// Writes the document, one line of JSON and a line end.
    pub fn finish(self, out: &mut impl Write) -> io::Result<()> {
        serde_json::to_writer(&mut *out, &self).map_err(io::Error::from)?;
        writeln!(out)
    }
}

/// Where a span lies, for every kind of reader: 1-based line and column counted in
/// characters (as the text formats print them; the end is the column just past the span),
/// and the LSP range (0-based line, UTF-16 code units), which editors and SARIF use.
#[derive(Debug, Serialize)]
struct Place {
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    range: Range,
}

impl Place {
    fn new(lines: &LineIndex, text: &str, span: Span) -> Place {
        let start = lines.line_column(text, span.start);
        let end = lines.line_column(text, span.end);
        Place {
            line: start.line,
            column: start.column,
            end_line: end.line,
            end_column: end.column,
            range: lines.range(text, span),
        }
    }
}

#[derive(Debug, Serialize)]
struct Finding {
    file: String,
    code: &'static str,
    name: &'static str,
    severity: Severity,
    message: String,
    #[serde(flatten)]
    place: Place,
    labels: Vec<LabelOut>,
    help: Option<Cow<'static, str>>,
    affects: Vec<&'static str>,
    fix: Option<FixOut>,
    witness: Option<WitnessOut>,
}

#[derive(Debug, Serialize)]
struct LabelOut {
    message: String,
    #[serde(flatten)]
    place: Place,
}

#[derive(Debug, Serialize)]
struct FixOut {
    message: String,
    applicability: Applicability,
    edits: Vec<EditOut>,
}

#[derive(Debug, Serialize)]
struct EditOut {
    replacement: String,
    #[serde(flatten)]
    place: Place,
}

/// A robot and URL on which dialects disagree, as JSON and SARIF carry it.
#[derive(Debug, Serialize)]
pub(super) struct WitnessOut {
    robot: String,
    url: String,
    claims: Vec<Claim>,
}

#[derive(Debug, Serialize)]
struct Claim {
    dialect: &'static str,
    allowed: bool,
}

pub(super) fn witness(diagnostic: &Diagnostic) -> Option<WitnessOut> {
    diagnostic.witness.as_ref().map(|Witness { robot, url, claims }| WitnessOut {
        robot: robot.clone(),
        url: url.clone(),
        claims: claims.iter().map(|&(dialect, allowed)| Claim { dialect: dialect.name(), allowed }).collect(),
    })
}
