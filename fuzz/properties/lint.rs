//! Any bytes through the whole lint with every rule selected, plus both pest grammars: no
//! panic, every span a diagnostic or its fix points at lies inside the text on character
//! boundaries, every span renders to a line and column, and the fast line scanner agrees
//! with the lenient grammar it stands in for.

use std::path::Path;

use robolint::model::Line;
use robolint::{lint, parse, render, Settings, Source};

/// Panics where the property fails for `bytes`.
pub fn check(bytes: &[u8]) {
    let settings = Settings { select: Some(vec!["ALL".to_string()]), ..Settings::default() };
    let report = lint(Source::from_bytes(bytes), Some(Path::new("robots.txt")), &settings);
    let text = &report.source.text;
    for diagnostic in &report.diagnostics {
        let edits = diagnostic.fix.iter().flat_map(|fix| &fix.edits).map(|edit| edit.span);
        for span in diagnostic.spans().chain(edits) {
            assert!(text.get(span.start()..span.end()).is_some(), "{} points at {span} in {text:?}", diagnostic.name);
            let (start, end) = (render::position(&report, span.start()), render::position(&report, span.end()));
            assert!((start.line, start.column) <= (end.line, end.column), "{} at {span}", diagnostic.name);
        }
    }

    let _ = parse::parse_strict(text);
    let (bom, grammar_lines) = parse::lenient_lines_from_grammar(text);
    let scanned: Vec<Line> =
        report.document.lines.iter().map(|line| Line { strict_failure: None, ..line.clone() }).collect();
    assert_eq!(bom, report.document.bom, "byte-order mark of {text:?}");
    assert_eq!(scanned, grammar_lines, "lines of {text:?}");
}
