//! `--format json`: one document for the whole run, whatever the number of inputs, because
//! tools parse one document. Its schema is documented in docs/json-format.md; a change that
//! could break a reader raises [`VERSION`].

use std::borrow::Cow;
use std::io::{self, Write};

use serde::Serialize;

use super::positions::{LineIndex, Utf16Range};
use super::Linted;
use crate::diagnostic::{Applicability, Diagnostic, Severity};
use crate::dialect::witness::Witness;
use crate::model::Span;
use crate::rules;

/// The schema version, written as the document's `version`.
pub const VERSION: u32 = 1;

/// Every input of a run: [`Document::add`] each linted input, then [`Document::finish`].
/// Findings are written as each input comes, so memory holds one input's findings at a time
/// (the protego corpus's 106,000 findings took 100 MB when gathered); the list of inputs,
/// which is small, follows them. JSON readers do not depend on the order of an object's keys.
#[derive(Debug, Default)]
pub struct Document {
    /// Every input linted, in order, findings or not.
    files: Vec<String>,
    /// Whether `{"version":…,"diagnostics":[` has been written.
    opened: bool,
    findings: ArrayItems,
}

/// The items of a JSON array written one at a time, with commas between them.
#[derive(Debug, Default)]
pub(super) struct ArrayItems {
    written: usize,
}

impl ArrayItems {
    pub(super) fn write(&mut self, out: &mut impl Write, item: &impl Serialize) -> io::Result<()> {
        if self.written > 0 {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut *out, item).map_err(io::Error::from)?;
        self.written += 1;
        Ok(())
    }
}

impl Document {
    /// Writes the findings of `input`, opening the document first, and notes its name.
    pub fn add(&mut self, out: &mut impl Write, input: &Linted<'_>) -> io::Result<()> {
        self.open(out)?;
        self.files.push(input.name.to_string());
        for finding in findings(input) {
            self.findings.write(out, &finding)?;
        }
        Ok(())
    }

    /// Ends the document (the list of inputs, then a line end); it is one line of JSON.
    pub fn finish(mut self, out: &mut impl Write) -> io::Result<()> {
        self.open(out)?;
        out.write_all(b"],\"files\":")?;
        serde_json::to_writer(&mut *out, &self.files).map_err(io::Error::from)?;
        out.write_all(b"}\n")
    }

    fn open(&mut self, out: &mut impl Write) -> io::Result<()> {
        if !self.opened {
            write!(out, "{{\"version\":{VERSION},\"diagnostics\":[")?;
            self.opened = true;
        }
        Ok(())
    }
}

/// Each finding of one input in the document's shape: what `--format json` writes in its
/// `diagnostics`, and what the playground's API answers (`playground`).
pub fn findings<'a>(input: &Linted<'a>) -> impl Iterator<Item = Finding<'a>> + 'a {
    let name = input.name;
    let text = input.report.source.text.as_str();
    let lines = LineIndex::new(text);
    input.report.diagnostics.iter().map(move |diagnostic| {
        let place = |span| Place::new(&lines, text, span);
        Finding {
            file: name,
            code: diagnostic.code,
            name: diagnostic.name,
            url: rules::docs_url(diagnostic.name),
            severity: diagnostic.severity,
            message: diagnostic.message.render(text),
            place: place(diagnostic.span),
            labels: diagnostic
                .labels
                .iter()
                .map(|label| LabelOut { message: label.message.render(text), place: place(label.span) })
                .collect(),
            help: diagnostic.help.as_ref().map(|help| help.render(text)),
            notes: &diagnostic.notes,
            affects: diagnostic.affects.iter().map(|dialect| dialect.name()).collect(),
            fix: diagnostic.fix.as_ref().map(|fix| FixOut {
                message: &fix.message,
                applicability: fix.applicability,
                edits: fix
                    .edits
                    .iter()
                    .map(|edit| EditOut { replacement: &edit.replacement, place: place(edit.span) })
                    .collect(),
            }),
            witness: witness(diagnostic),
            beyond_targets: diagnostic.beyond_targets,
        }
    })
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
    range: Utf16Range,
}

impl Place {
    fn new(lines: &LineIndex, text: &str, span: Span) -> Place {
        let start = lines.line_column(text, span.start());
        let end = lines.line_column(text, span.end());
        Place {
            line: start.line,
            column: start.column,
            end_line: end.line,
            end_column: end.column,
            range: lines.range(text, span),
        }
    }
}

/// One finding as JSON readers get it (docs/json-format.md).
#[derive(Debug, Serialize)]
pub struct Finding<'a> {
    file: &'a str,
    code: &'static str,
    name: &'static str,
    /// The rule's page on the documentation site.
    url: String,
    severity: Severity,
    message: Cow<'a, str>,
    #[serde(flatten)]
    place: Place,
    labels: Vec<LabelOut<'a>>,
    help: Option<Cow<'a, str>>,
    notes: &'a [String],
    affects: Vec<&'static str>,
    fix: Option<FixOut<'a>>,
    witness: Option<WitnessOut>,
    /// Information about robots outside the targets only, which people's formats leave out.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    beyond_targets: bool,
}

#[derive(Debug, Serialize)]
struct LabelOut<'a> {
    message: Cow<'a, str>,
    #[serde(flatten)]
    place: Place,
}

#[derive(Debug, Serialize)]
struct FixOut<'a> {
    message: &'a str,
    applicability: Applicability,
    edits: Vec<EditOut<'a>>,
}

#[derive(Debug, Serialize)]
struct EditOut<'a> {
    replacement: &'a str,
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
    diagnostic.witness.as_deref().map(|Witness { robot, url, claims }| WitnessOut {
        robot: robot.clone(),
        url: url.clone(),
        claims: claims.iter().map(|&(dialect, allowed)| Claim { dialect: dialect.name(), allowed }).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_with_no_input_is_a_whole_document() {
        let mut written = Vec::new();
        Document::default().finish(&mut written).expect("writing to memory");
        let document: serde_json::Value = serde_json::from_slice(&written).expect("one JSON document");
        assert_eq!(document, serde_json::json!({"version": VERSION, "diagnostics": [], "files": []}));
        assert!(written.ends_with(b"}\n"));
    }
}
