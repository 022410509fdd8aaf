//! What the question-answering subcommands (check, matrix, diff, audit) print: one value,
//! written for people or serialized as JSON for scripts, so the two cannot say different
//! things.

use std::fmt::Write as _;
use std::io::{self, Write};

use clap::ValueEnum;
use serde::Serialize;

use super::cannot_write;

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Text for people.
    Human,
    /// JSON for scripts.
    Json,
}

/// A subcommand's answer: the value is what the JSON says; `write_human` says it for people.
pub trait Answer: Serialize {
    fn write_human(&self, out: &mut dyn Write, color: bool) -> io::Result<()>;
}

/// Prints `answer` to standard output in `format` (pretty JSON ends with a newline).
pub fn print(format: OutputFormat, answer: &impl Answer, color: bool) -> Result<(), String> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = match format {
        OutputFormat::Human => answer.write_human(&mut out, color),
        OutputFormat::Json => {
            serde_json::to_writer_pretty(&mut out, answer).map_err(io::Error::from).and_then(|()| writeln!(out))
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
