//! What the question-answering subcommands (check, matrix, diff, audit) print: one value,
//! written for people or serialized as JSON for scripts, so the two cannot say different
//! things.

use std::fmt::Write as _;
use std::io::{self, Write};

use clap::ValueEnum;
use serde::Serialize;

use super::{cannot_write, CliError};

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Text for people.
    Human,
    /// JSON for scripts.
    Json,
}

/// How an answer's JSON is laid out.
pub enum JsonLayout {
    /// Indented, for one document a person may also read.
    Pretty,
    /// On one line, for a stream of documents read one a line (JSON Lines).
    Compact,
}

/// A JSON array written an element at a time, one a line, for answers that stream (`check`,
/// and `matrix` over a list of files): nothing of it is held but the count.
#[derive(Default)]
pub struct JsonArray {
    written: usize,
}

impl JsonArray {
    pub fn open(out: &mut impl Write) -> io::Result<JsonArray> {
        out.write_all(b"[")?;
        Ok(JsonArray::default())
    }

    pub fn element(&mut self, out: &mut impl Write, value: &impl Serialize) -> io::Result<()> {
        out.write_all(if self.written == 0 { b"\n  " } else { b",\n  " })?;
        self.written += 1;
        serde_json::to_writer(out, value).map_err(io::Error::from)
    }

    pub fn close(self, out: &mut impl Write) -> io::Result<()> {
        out.write_all(b"\n]\n")
    }
}

/// A subcommand's answer: the value is what the JSON says; `write_human` says it for people.
pub trait Answer: Serialize {
    /// Pretty, unless the subcommand may print several answers in one run: then each is
    /// compact, one a line, so that a script can read them apart.
    const JSON_LAYOUT: JsonLayout = JsonLayout::Pretty;

    fn write_human(&self, out: &mut dyn Write, color: bool) -> io::Result<()>;
}

/// Prints `answer` to standard output in `format` (the JSON ends with a newline).
pub fn print<A: Answer>(format: OutputFormat, answer: &A, color: bool) -> Result<(), CliError> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = match format {
        OutputFormat::Human => answer.write_human(&mut out, color),
        OutputFormat::Json => {
            let serialized = match A::JSON_LAYOUT {
                JsonLayout::Pretty => serde_json::to_writer_pretty(&mut out, answer),
                JsonLayout::Compact => serde_json::to_writer(&mut out, answer),
            };
            serialized.map_err(io::Error::from).and_then(|()| writeln!(out))
        }
    };
    written.and_then(|()| out.flush()).map_err(cannot_write)
}

/// Rows of cells in left-aligned columns two spaces apart.
pub fn aligned(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|column| rows.iter().filter_map(|row| row.get(column)).map(|cell| cell.chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in rows {
        let cells: Vec<String> = row.iter().zip(&widths).map(|(cell, &width)| format!("{cell:<width$}")).collect();
        let _ = writeln!(out, "{}", cells.join("  ").trim_end());
    }
    out
}
