//! Properties over generated input, both arbitrary bytes and robots.txt-like text built from
//! the pieces real files (and real mistakes) are made of, so that the properties meet typos,
//! missing colons, wildcards, escapes, non-ASCII, mixed line ends and suppression comments,
//! not only noise:
//!
//! * the lenient parse gives every byte of the text to exactly one line (the lines and their
//!   ends, after a byte-order mark, concatenate back to the text), and each line's parts lie
//!   in order inside it, on character boundaries;
//! * every span a diagnostic names (primary, labels, fix edits) lies inside the text on
//!   character boundaries, and a fix's edits do not overlap;
//! * linting never panics (with every rule selected), whatever the bytes.
//!
//! The crash sweep over real files is `tests/it/protego.rs`; the fuzz targets in `fuzz/` run the
//! same checks for as long as one likes.

use proptest::prelude::*;
use proptest::test_runner::Config;

use robolint::diagnostic::Diagnostic;
use robolint::model::{Line, LineKind, Separator, Span};
use robolint::parse::{lenient_lines_from_grammar, parse_text};
use robolint::{lint, Settings, Source};

/// Field names as written in real files: each known field in its usual and odd case, the
/// misspellings robolint recognises, and words it must not take for a field.
const NAMES: &[&str] = &[
    "User-agent",
    "user-AGENT",
    "Disallow",
    "Allow",
    "Sitemap",
    "Crawl-delay",
    "Host",
    "Clean-param",
    "Request-rate",
    "Visit-time",
    "Noindex",
    "Content-Signal",
    "Content-Usage",
    "Dissallow",
    "Disalow",
    "User agent",
    "Useragent",
    "User-agents",
    "Site-map",
    "Alow",
    "X-Robots",
    "a.b-c_d",
    "",
    "*",
    "<html>",
    "é",
];

const SEPARATORS: &[&str] = &[":", ": ", " : ", ":\t", "::", " ", ""];

/// Pieces of values: paths with wildcards and escapes (good and bad), non-ASCII, queries,
/// fragments, URLs, agent tokens, numbers, and bytes that have no place in a value.
const VALUE_PIECES: &[&str] = &[
    "/",
    "a",
    "Private",
    "*",
    "$",
    "%",
    "%2F",
    "%2f",
    "%zz",
    "%C3%A9",
    "é",
    "😀",
    "?q=1",
    "#top",
    " ",
    "\t",
    "https://example.com/sitemap.xml",
    "Googlebot/2.1",
    "/robots.txt",
    "10",
    "-1",
    ".*",
    "train-ai=n",
    ",search=y;p",
    "\"q\\\"",
    "(y",
    "\0",
    "\u{FEFF}",
];

const COMMENTS: &[&str] = &[
    "# a comment",
    "#",
    "# robolint: disable=glob-pattern",
    "# robolint: disable=RL3,unknown-rule",
    "# robolint: disable-file=strict-syntax",
];

const LINE_ENDS: &[&str] = &["\n", "\n", "\r\n", "\r", ""];

const INDENTS: &[&str] = &["", "", " ", "\t"];

/// One line: indentation, field name, separator, value, comment and line end, any of them
/// possibly empty (which gives blank lines, lone words, comment lines and more).
fn line() -> impl Strategy<Value = String> {
    (
        prop::sample::select(INDENTS),
        prop::sample::select(NAMES),
        prop::sample::select(SEPARATORS),
        prop::collection::vec(prop::sample::select(VALUE_PIECES), 0..4),
        prop::option::of(prop::sample::select(COMMENTS)),
        prop::sample::select(LINE_ENDS),
    )
        .prop_map(|(indent, name, separator, value, comment, end)| {
            let comment = comment.map(|comment| format!(" {comment}")).unwrap_or_default();
            format!("{indent}{name}{separator}{}{comment}{end}", value.concat())
        })
}

/// A robots.txt-like text: lines, sometimes after a byte-order mark.
fn robots_txt() -> impl Strategy<Value = String> {
    (any::<bool>(), prop::collection::vec(line(), 0..14))
        .prop_map(|(bom, lines)| format!("{}{}", if bom { "\u{FEFF}" } else { "" }, lines.concat()))
}

fn every_rule() -> Settings {
    Settings { select: Some(vec!["ALL".to_string()]), ..Settings::default() }
}

fn is_char_span(text: &str, span: Span) -> bool {
    text.get(span.start()..span.end()).is_some()
}

/// The lines tile the text after the byte-order mark, in order, and each line's parts lie in
/// order inside it.
fn check_lines(text: &str, bom: Option<Span>, lines: &[Line]) -> Result<(), TestCaseError> {
    let mut covered = match bom {
        Some(bom) => {
            prop_assert_eq!(bom, Span::new(0, '\u{FEFF}'.len_utf8()));
            bom.end()
        }
        None => 0,
    };
    for line in lines {
        prop_assert_eq!(line.span.start(), covered, "a gap or overlap before {:?}", line);
        prop_assert_eq!(line.span.end(), line.ending_span.start());
        prop_assert!(is_char_span(text, line.span) && is_char_span(text, line.ending_span));
        prop_assert!(!line.span.is_empty() || !line.ending_span.is_empty(), "an empty line with no end: {:?}", line);
        covered = line.ending_span.end();
        check_parts(text, line)?;
    }
    prop_assert_eq!(covered, text.len(), "the lines end before the text does");
    Ok(())
}

/// Spans that must follow each other (each may be empty) inside the line.
fn in_order(line: &Line, spans: &[Span]) -> bool {
    let inside = spans.iter().all(|span| line.span.start() <= span.start() && span.end() <= line.span.end());
    inside
        && spans.iter().all(|span| span.start() <= span.end())
        && spans.windows(2).all(|pair| pair[0].end() <= pair[1].start())
}

fn check_parts(text: &str, line: &Line) -> Result<(), TestCaseError> {
    prop_assert_eq!(line.indent.start(), line.span.start());
    prop_assert!(line.indent.text(text).chars().all(|c| c == ' ' || c == '\t'));
    prop_assert_eq!(line.trailing_whitespace.end(), line.span.end());
    prop_assert!(in_order(line, &[line.indent, line.trailing_whitespace]));
    if let Some(comment) = line.comment {
        prop_assert!(comment.text(text).starts_with('#') && comment.end() == line.span.end(), "comment {:?}", line);
    }
    let comment_start = line.comment.map_or(line.span.end(), |comment| comment.start());
    let rest = Span::empty_at(comment_start);
    match &line.kind {
        LineKind::Blank => prop_assert_eq!(line.indent, line.span),
        LineKind::Comment => prop_assert_eq!(Some(line.indent.end()), line.comment.map(|comment| comment.start())),
        LineKind::Invalid => prop_assert!(line.indent.end() < line.span.end()),
        LineKind::Field(field) => {
            prop_assert_eq!(field.name.start(), line.indent.end());
            prop_assert!(!field.name.is_empty());
            let middle = match field.separator {
                Separator::Colon { colon, space_before } => {
                    prop_assert_eq!(colon.text(text), ":");
                    prop_assert_eq!(space_before.start(), field.name.end());
                    vec![space_before, colon]
                }
                Separator::Whitespace(gap) => {
                    prop_assert_eq!((gap.start(), gap.end()), (field.name.end(), field.value.start()));
                    vec![gap]
                }
                Separator::Missing => vec![],
            };
            let spans: Vec<Span> =
                [line.indent, field.name].into_iter().chain(middle).chain([field.value, rest]).collect();
            prop_assert!(in_order(line, &spans), "parts out of order in {:?}", line);
            prop_assert!(spans.iter().all(|&span| is_char_span(text, span)));
        }
    }
    Ok(())
}

fn check_diagnostics(text: &str, diagnostics: &[Diagnostic]) -> Result<(), TestCaseError> {
    for diagnostic in diagnostics {
        for span in diagnostic.spans() {
            prop_assert!(is_char_span(text, span), "{} points at {} in {:?}", diagnostic.name, span, text);
        }
        let Some(fix) = &diagnostic.fix else { continue };
        let mut edits: Vec<Span> = fix.edits.iter().map(|edit| edit.span).collect();
        prop_assert!(
            edits.iter().all(|&span| is_char_span(text, span)),
            "{} edits {:?} in {:?}",
            diagnostic.name,
            edits,
            text
        );
        edits.sort();
        prop_assert!(
            edits.windows(2).all(|pair| pair[0].end() <= pair[1].start()),
            "{} edits overlap: {:?}",
            diagnostic.name,
            edits
        );
    }
    Ok(())
}

fn check_text(text: &str) -> Result<(), TestCaseError> {
    let document = parse_text(text);
    check_lines(text, document.bom, &document.lines)?;
    let (bom, grammar_lines) = lenient_lines_from_grammar(text);
    check_lines(text, bom, &grammar_lines)?;
    let report = lint(Source::from(text), None, &every_rule());
    check_diagnostics(&report.source.text, &report.diagnostics)
}

proptest! {
    // About two seconds in a debug build.
    #![proptest_config(Config { cases: 1500, ..Config::default() })]

    #[test]
    fn robots_txt_like_text_parses_into_tiling_lines_and_lints_with_valid_spans(text in robots_txt()) {
        check_text(&text)?;
    }

    #[test]
    fn any_text_parses_into_tiling_lines_and_lints_with_valid_spans(text in "(?s).{0,200}") {
        check_text(&text)?;
    }

    /// Bytes go through decoding first (UTF-16 by zero bytes, invalid UTF-8, a byte-order
    /// mark); the spans then address the decoded text.
    #[test]
    fn any_bytes_lint_without_panicking_and_with_valid_spans(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let report = lint(Source::from_bytes(&bytes), None, &every_rule());
        let text = &report.source.text;
        check_lines(text, report.document.bom, &report.document.lines)?;
        check_diagnostics(text, &report.diagnostics)?;
    }

    /// Bytes with zero bytes between ASCII letters, which robolint reads as UTF-16.
    #[test]
    fn utf16_looking_bytes_lint_with_valid_spans(text in robots_txt(), big_endian in any::<bool>()) {
        let bytes: Vec<u8> = text
            .encode_utf16()
            .flat_map(|unit| if big_endian { unit.to_be_bytes() } else { unit.to_le_bytes() })
            .collect();
        let report = lint(Source::from_bytes(&bytes), None, &every_rule());
        check_diagnostics(&report.source.text, &report.diagnostics)?;
    }
}
