//! `robolint parse`: the strict grammar's parse tree of a file, production by production with
//! each span, or the production that failed and where, beside the lenient parse's reading of
//! each line. Exit 0 exactly when the draft's grammar accepts the file: a plain validator.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use serde_json::{json, Value};

use super::CliError;
use robolint::model::{Document, LineKind, StrictFailure, SyntaxNode};
use robolint::parse;
use robolint::render::positions::LineIndex;
use robolint::source::DEFAULT_SIZE_CAP;
use robolint::Source;

const EXIT_ACCEPTED: u8 = 0;
const EXIT_REJECTED: u8 = 1;
/// The longest excerpt of a node's text shown in the tree.
const EXCERPT_CHARS: usize = 40;

#[derive(Args)]
pub struct ParseArgs {
    /// The robots.txt file to parse (`-` for standard input).
    #[arg(value_name = "FILE")]
    file: PathBuf,

    /// Output format.
    #[arg(long, value_enum, default_value_t = ParseFormat::Human)]
    format: ParseFormat,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ParseFormat {
    /// The tree indented, one production a line, with line:column spans and text.
    Human,
    /// `{accepted, tree}` or `{accepted, failure, lines}`, positions 1-based.
    Json,
}

pub fn run_parse(args: &ParseArgs) -> Result<u8, CliError> {
    let source = if args.file.as_os_str() == "-" {
        Source::read(std::io::stdin().lock(), DEFAULT_SIZE_CAP, None)
            .map_err(|error| format!("standard input: {error}"))?
    } else {
        let bytes = std::fs::read(&args.file).map_err(|error| format!("{}: {error}", args.file.display()))?;
        Source::from_bytes(&bytes)
    };
    let text = source.text.as_str();
    let index = LineIndex::new(text);
    let place = |offset: usize| {
        let at = index.line_column(text, offset);
        json!({"line": at.line, "column": at.column})
    };
    let (accepted, output) = match parse::syntax_tree(text) {
        Ok(tree) => {
            let output = match args.format {
                ParseFormat::Human => {
                    let mut lines = String::new();
                    write_tree(&mut lines, &tree, 0, text, &index);
                    lines
                }
                ParseFormat::Json => {
                    json!({"accepted": true, "tree": tree_json(&tree, text, &place)}).to_string() + "\n"
                }
            };
            (true, output)
        }
        Err(file_failure) => {
            let document = parse::parse(&source);
            // A line the grammar rejects on its own says more than where the whole-file parse
            // stopped (which is that line's start): name the line's production and column.
            let line_failure = document.lines.iter().find_map(|line| line.strict_failure.as_deref());
            let failure = line_failure.unwrap_or(&file_failure);
            let at = index.line_column(text, failure.offset);
            let why = why_rejected(failure, text);
            let output = match args.format {
                ParseFormat::Human => {
                    let mut lines = format!(
                        "rejected: {} at {}:{}, {why}\n\nThe lenient parse reads the lines as:\n",
                        failure.production, at.line, at.column,
                    );
                    lenient_lines(&document, text).iter().for_each(|line| lines.push_str(&format!("{line}\n")));
                    lines
                }
                ParseFormat::Json => json!({
                    "accepted": false,
                    "failure": {"production": failure.production, "at": place(failure.offset), "expected": failure.expected, "why": why},
                    "lines": lenient_lines(&document, text),
                })
                .to_string()
                    + "\n",
            };
            (false, output)
        }
    };
    std::io::stdout().lock().write_all(output.as_bytes()).map_err(super::cannot_write)?;
    Ok(if accepted { EXIT_ACCEPTED } else { EXIT_REJECTED })
}

/// Why the grammar stopped, in the reader's terms. Two causes surprise people: binary data
/// (no production expects anything there, so pest's list is empty), and a file that lints
/// clean but ends its lines with LF alone, which robots accept and the draft's grammar does
/// not (its every line ends in CRLF).
fn why_rejected(failure: &StrictFailure, text: &str) -> String {
    let found = text[failure.offset.min(text.len())..].chars().next();
    if robolint::rules::is_binary(text) {
        return "this is binary data, not text: the grammar reads lines of US-ASCII text".to_string();
    }
    if failure.expected.contains(&"CRLF") && found == Some('\n') {
        return "expected CRLF: the 1996 draft's grammar ends every line with CR LF, and this line ends \
                with LF alone (robots read either; `robolint` does not report it)"
            .to_string();
    }
    match (failure.expected.is_empty(), found) {
        (false, _) => format!("expected {}", failure.expected.join(" or ")),
        (true, Some(found)) => format!("no production accepts {found:?} here"),
        (true, None) => "the file ends too early".to_string(),
    }
}

fn excerpt(text: &str) -> String {
    let shown: String = text.chars().take(EXCERPT_CHARS).collect();
    let more = if text.chars().nth(EXCERPT_CHARS).is_some() { "…" } else { "" };
    format!("{:?}", format!("{shown}{more}"))
}

fn write_tree(out: &mut String, node: &SyntaxNode, depth: usize, text: &str, index: &LineIndex) {
    let start = index.line_column(text, node.span.start());
    let end = index.line_column(text, node.span.end());
    out.push_str(&format!(
        "{:indent$}{} {}:{}-{}:{} {}\n",
        "",
        node.production,
        start.line,
        start.column,
        end.line,
        end.column,
        excerpt(node.span.text(text)),
        indent = depth * 2
    ));
    for child in &node.children {
        write_tree(out, child, depth + 1, text, index);
    }
}

fn tree_json(node: &SyntaxNode, text: &str, place: &impl Fn(usize) -> Value) -> Value {
    json!({
        "production": node.production,
        "start": place(node.span.start()),
        "end": place(node.span.end()),
        "text": node.span.text(text),
        "children": node.children.iter().map(|child| tree_json(child, text, place)).collect::<Vec<_>>(),
    })
}

/// Each line as the lenient parse reads it, with the strict verdict on the line alone.
fn lenient_lines(document: &Document, text: &str) -> Vec<String> {
    document
        .lines
        .iter()
        .enumerate()
        .map(|(index, line)| {
            let reading = match &line.kind {
                LineKind::Blank => "blank".to_string(),
                LineKind::Comment => "comment".to_string(),
                LineKind::Invalid => format!("not a field: {}", excerpt(line.span.text(text))),
                LineKind::Field(field) => {
                    format!("field {} = {}", excerpt(field.name.text(text)), excerpt(field.value.text(text)))
                }
            };
            let verdict = match &line.strict_failure {
                Some(failure) if failure.expected.is_empty() => format!(" (strict: {} fails)", failure.production),
                Some(failure) => {
                    format!(" (strict: {} fails, expected {})", failure.production, failure.expected.join(" or "))
                }
                None => String::new(),
            };
            format!("line {}: {reading}{verdict}", index + 1)
        })
        .collect()
}
