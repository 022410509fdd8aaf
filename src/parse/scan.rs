//! A hand-written line scanner that produces exactly the lines `grammar/lenient.pest`
//! produces, an order of magnitude faster. The grammar stays the definition; the
//! differential tests in `tests/it/scanner.rs` run both on every corpus file, every real-world
//! file and generated input, and require identical output.

use crate::model::{Directive, Field, Line, LineEnding, LineKind, Separator, Span};

const BOM: &str = "\u{FEFF}";

pub(crate) fn scan_lines(text: &str) -> (Option<Span>, Vec<Line>) {
    let bytes = text.as_bytes();
    let (bom, mut start) = if text.starts_with(BOM) { (Some(Span::new(0, BOM.len())), BOM.len()) } else { (None, 0) };
    // The lines are most of what a document holds: room for exactly them, not for twice.
    let mut lines = Vec::with_capacity(line_ends(bytes) + 1);
    while start < bytes.len() {
        let end = memchr::memchr2(b'\r', b'\n', &bytes[start..]).map_or(bytes.len(), |at| start + at);
        let (ending, ending_len) = match &bytes[end..] {
            [b'\r', b'\n', ..] => (LineEnding::CrLf, 2),
            [b'\n', ..] => (LineEnding::Lf, 1),
            [b'\r', ..] => (LineEnding::Cr, 1),
            _ => (LineEnding::Missing, 0),
        };
        lines.push(scan_line(text, Span::new(start, end), Span::new(end, end + ending_len), ending));
        start = end + ending_len;
    }
    (bom, lines)
}

/// How many line ends (CRLF, LF or CR) `bytes` holds.
fn line_ends(bytes: &[u8]) -> usize {
    let lone_crs = memchr::memchr_iter(b'\r', bytes).filter(|&at| bytes.get(at + 1) != Some(&b'\n')).count();
    memchr::memchr_iter(b'\n', bytes).count() + lone_crs
}

fn is_inline_ws(byte: u8) -> bool {
    byte == b' ' || byte == b'\t'
}

fn is_name_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.')
}

/// The first position at or after `at` (up to `end`) where `keep` is false.
fn skip(bytes: &[u8], mut at: usize, end: usize, keep: impl Fn(u8) -> bool) -> usize {
    while at < end && keep(bytes[at]) {
        at += 1;
    }
    at
}

fn scan_line(text: &str, span: Span, ending_span: Span, ending: LineEnding) -> Line {
    let bytes = text.as_bytes();
    let end = span.end();
    let content_start = skip(bytes, span.start(), end, is_inline_ws);
    let indent = Span::new(span.start(), content_start);
    let mut comment = None;
    let kind = if content_start == end {
        LineKind::Blank
    } else if bytes[content_start] == b'#' {
        comment = Some(Span::new(content_start, end));
        LineKind::Comment
    } else if let Some((field, field_comment)) = scan_field(text, content_start, end) {
        comment = field_comment;
        LineKind::Field(field)
    } else {
        LineKind::Invalid
    };
    let trailing_whitespace = if kind == LineKind::Blank {
        Span::empty_at(end)
    } else {
        let content = span.text(text);
        Span::new(span.start() + content.trim_end_matches([' ', '\t']).len(), end)
    };
    Line { span, ending_span, ending, indent, kind, comment, trailing_whitespace, strict_failure: None }
}

/// `field ~ gap? ~ comment? ~ &(eol | EOI)`, or `None` where the grammar falls back to junk.
fn scan_field(text: &str, start: usize, end: usize) -> Option<(Field, Option<Span>)> {
    let bytes = text.as_bytes();
    let first_word_end = skip(bytes, start, end, is_name_byte);
    if first_word_end == start {
        return None;
    }
    // `name before_colon colon after_colon value`: the name is every word the greedy
    // repetition takes, and a colon must follow it.
    let mut name_end = first_word_end;
    loop {
        let word_start = skip(bytes, name_end, end, is_inline_ws);
        let word_end = skip(bytes, word_start, end, is_name_byte);
        if word_start == name_end || word_end == word_start {
            break;
        }
        name_end = word_end;
    }
    let colon_at = skip(bytes, name_end, end, is_inline_ws);
    // `word://` starts a URL, unless the word is a field robots know (`Disallow://x`).
    let url_scheme =
        bytes.get(colon_at + 1..colon_at + 3) == Some(b"//") && Directive::from_name(&text[start..name_end]).is_none();
    if colon_at < end && bytes[colon_at] == b':' && !url_scheme {
        let value_start = skip(bytes, colon_at + 1, end, is_inline_ws);
        let (value, comment) = scan_value(bytes, value_start, end);
        let name = Span::new(start, name_end);
        let separator =
            Separator::Colon { colon: Span::new(colon_at, colon_at + 1), space_before: Span::new(name_end, colon_at) };
        return Some((field(text, name, separator, value), comment));
    }
    // `name_word (missing_colon value)?`
    let name = Span::new(start, first_word_end);
    let value_start = skip(bytes, first_word_end, end, is_inline_ws);
    if value_start > first_word_end {
        let (value, comment) = scan_value(bytes, value_start, end);
        let separator = if value.is_empty() {
            Separator::Missing
        } else {
            Separator::Whitespace(Span::new(first_word_end, value_start))
        };
        return Some((field(text, name, separator, value), comment));
    }
    // A lone word reaches the end of the line, or a comment; anything else makes it junk.
    let missing = |comment| Some((field(text, name, Separator::Missing, Span::empty_at(first_word_end)), comment));
    if first_word_end == end {
        missing(None)
    } else if bytes[first_word_end] == b'#' {
        missing(Some(Span::new(first_word_end, end)))
    } else {
        None
    }
}

/// `value gap? comment?` up to the end of the line: the value stops before a `#` and
/// leaves its trailing whitespace to the gap.
fn scan_value(bytes: &[u8], start: usize, end: usize) -> (Span, Option<Span>) {
    let hash = memchr::memchr(b'#', &bytes[start..end]).map(|at| start + at);
    let mut value_end = hash.unwrap_or(end);
    while value_end > start && is_inline_ws(bytes[value_end - 1]) {
        value_end -= 1;
    }
    (Span::new(start, value_end), hash.map(|hash| Span::new(hash, end)))
}

fn field(text: &str, name: Span, separator: Separator, value: Span) -> Field {
    Field { name, directive: Directive::from_name(name.text(text)), separator, value }
}
