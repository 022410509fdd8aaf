//! Applies fixes: non-overlapping edits, repeated until nothing changes.

use std::path::Path;

use crate::diagnostic::{Applicability, Edit};
use crate::lint::{lint, Settings};
use crate::source::Source;

/// At most this many lint-and-fix rounds: a fix that keeps producing new fixes is a bug,
/// and this bound keeps it from looping.
const MAX_ROUNDS: usize = 10;

/// The result of fixing a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fixed {
    pub text: String,
    /// Fixes applied, over all rounds.
    pub applied: usize,
}

/// Lints `text` and applies every fix at or below `allowed` (safe fixes only, or safe and
/// unsafe), again and again until a round applies nothing. Inputs that were not UTF-8 are
/// returned unchanged: their spans do not address the file's bytes.
pub fn fix_text(text: &str, path: Option<&Path>, settings: &Settings, allowed: Applicability) -> Fixed {
    let mut current = text.to_string();
    let mut applied = 0;
    for _ in 0..MAX_ROUNDS {
        let report = lint(Source::from(current.as_str()), path, settings);
        if !report.source.is_exact() {
            break;
        }
        let edits = report
            .diagnostics
            .iter()
            .filter_map(|diagnostic| diagnostic.fix.as_ref())
            .filter(|fix| allowed == Applicability::Unsafe || fix.applicability == Applicability::Safe)
            .map(|fix| fix.edits.as_slice());
        let (next, count) = apply_fixes(&current, edits);
        if count == 0 {
            break;
        }
        applied += count;
        current = next;
    }
    Fixed { text: current, applied }
}

/// Applies whole fixes (each a group of edits) in order, skipping any fix that overlaps one
/// already taken; the skipped ones get their turn in the next round.
pub fn apply_fixes<'a>(text: &str, fixes: impl Iterator<Item = &'a [Edit]>) -> (String, usize) {
    let mut taken: Vec<&Edit> = Vec::new();
    let mut count = 0;
    for edits in fixes {
        let overlaps = edits.iter().any(|edit| {
            taken.iter().any(|other| {
                edit.span.start < other.span.end && other.span.start < edit.span.end
                    || edit.span.start == other.span.start
            })
        });
        if overlaps {
            continue;
        }
        taken.extend(edits);
        count += 1;
    }
    taken.sort_by_key(|edit| (edit.span.start, edit.span.end));
    let mut out = String::with_capacity(text.len());
    let mut cursor = 0;
    for edit in taken {
        out.push_str(&text[cursor..edit.span.start]);
        out.push_str(&edit.replacement);
        cursor = edit.span.end;
    }
    out.push_str(&text[cursor..]);
    (out, count)
}
