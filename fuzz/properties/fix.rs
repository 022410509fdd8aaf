//! Fixing with every rule selected and unsafe fixes allowed, then again: no panic, the second
//! fix changes nothing (the fixer reached a fixed point, so no fixable finding is left), and
//! no fix leaves more lines unreadable (neither a field, a comment nor a blank line) than
//! there were. Fixing with safe fixes alone keeps the safe-fix promise: no verdict of a
//! promised dialect changes on the URLs the check asks, but in the dialects that the fixes
//! applied are meant to change.
//!
//! Fixes may reveal problems, so findings are not compared: once a NUL byte is deleted, the
//! `Disallow` line it hid can be found outside any record; once `User-agnet:` is corrected,
//! its empty value is an empty-user-agent error (which Google, reading the misspelling, already
//! had); once a blank line inside a record is removed, a strict-syntax finding that the blank
//! line's finding had covered shows.

use robolint::diagnostic::Applicability;
use robolint::fix::fix_text;
use robolint::fix::verdicts::{compare_texts, PROMISED};
use robolint::model::LineKind;
use robolint::{parse, Settings};

/// Panics where the property fails for `bytes`.
pub fn check(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let settings = Settings { select: Some(vec!["ALL".to_string()]), ..Settings::default() };
    let fixed = fix_text(&text, None, &settings, Applicability::Unsafe);
    let again = fix_text(&fixed.text, None, &settings, Applicability::Unsafe);
    assert_eq!(again.text, fixed.text, "fixing {text:?} again changed it");

    let unreadable = |text: &str| {
        let document = parse::parse_text(text);
        document.lines.iter().filter(|line| line.kind == LineKind::Invalid).count()
    };
    assert!(
        unreadable(&fixed.text) <= unreadable(&text),
        "fixing {text:?} into {:?} left more lines that are no field, comment or blank line",
        fixed.text
    );

    let safe = fix_text(&text, None, &settings, Applicability::Safe);
    let kept: Vec<_> = PROMISED.into_iter().filter(|dialect| !safe.changed_on_purpose.contains(dialect)).collect();
    let changed = compare_texts(&text, &safe.text, &kept).changed;
    assert!(changed.is_empty(), "safe fixes turned {text:?} into {:?}, which {}", safe.text, changed[0].describe());
}
