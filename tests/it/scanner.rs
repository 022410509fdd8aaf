//! The hand-written scanner (`parse::parse_text`) must produce exactly the lines the lenient
//! pest grammar produces, on every corpus case, every real-world file and generated input.

use crate::support::shared;

use std::path::Path;

use robolint::model::Line;
use robolint::parse::{lenient_lines_from_grammar, parse_text};

fn assert_same_lines(name: &str, text: &str) {
    let (grammar_bom, grammar_lines) = lenient_lines_from_grammar(text);
    let document = parse_text(text);
    let scanned: Vec<Line> = document.lines.iter().cloned().map(|line| Line { strict_failure: None, ..line }).collect();
    assert_eq!(document.bom, grammar_bom, "{name}: byte-order mark differs for {text:?}");
    assert_eq!(scanned.len(), grammar_lines.len(), "{name}: line count differs for {text:?}");
    for (scanned, expected) in scanned.iter().zip(&grammar_lines) {
        assert_eq!(scanned, expected, "{name}: line differs in {text:?}");
    }
}

fn files_in(folder: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(folder) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_in(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
#[cfg_attr(not(ci), ignore = "needs ../shared beside the clone; CI=true runs it")]
fn scanner_matches_grammar_on_corpus_and_real_files() {
    let root = Path::new(crate::support::ROOT);
    let mut files = Vec::new();
    files_in(&root.join("corpus"), &mut files);
    files.extend(shared::protego_files().unwrap_or_default());
    for path in files {
        let bytes = std::fs::read(&path).expect("readable");
        assert_same_lines(&path.display().to_string(), &String::from_utf8_lossy(&bytes));
    }
}

/// Fragments chosen to hit every branch of the grammar: names with inner spaces, colons in
/// and out of place, comments, tabs, every line end, non-ASCII, junk.
const FRAGMENTS: &[&str] = &[
    "User-agent",
    "user agent",
    "Disallow",
    "Allow",
    "Sitemap",
    "x",
    "a.b-c_d",
    ":",
    " : ",
    " ",
    "\t",
    "  ",
    "#",
    "# c",
    "/",
    "/a b",
    "*",
    "$",
    "?",
    "<html>",
    "é",
    "\u{FEFF}",
    "\0",
    "\r",
    "\n",
    "\r\n",
    "http://h/p",
];

#[test]
fn scanner_matches_grammar_on_generated_input() {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for case in 0..20_000 {
        let length = (next() % 12) as usize;
        let text: String = (0..length).map(|_| FRAGMENTS[(next() % FRAGMENTS.len() as u64) as usize]).collect();
        assert_same_lines(&format!("generated case {case}"), &text);
    }
}
