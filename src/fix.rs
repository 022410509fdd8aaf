//! Applies fixes: non-overlapping edits, repeated until nothing changes. Safe fixes keep
//! their promise here: each round's set is checked against the verdicts of the promised
//! dialects' robots ([`verdicts`]), and a fix that would change one is held back.

mod suppress;
pub mod verdicts;

use std::collections::BTreeSet;
pub use suppress::{add_suppressions, Added};

use foldhash::HashMap;
use std::path::Path;

use crate::diagnostic::{Applicability, Diagnostic, Edit};
use crate::dialect::witness::Witnesses;
use crate::dialect::Dialect;
use crate::lint::{Linter, Report, Settings};
use crate::model::Span;
use crate::parse::parse_text_on;
use crate::source::Source;
use verdicts::{ChangedVerdict, Stop, PROMISED};

/// At most this many lint-and-fix rounds: a fix that keeps producing new fixes is a bug,
/// and this bound keeps it from looping.
const MAX_ROUNDS: usize = 10;

/// The result of fixing a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fixed {
    /// The text with every fix applied.
    pub text: String,
    /// Fixes applied, over all rounds.
    pub applied: usize,
    /// Safe fixes left undone because, with the others, they would change what some robot
    /// does: their findings remain in the fixed text.
    pub held_back: Vec<HeldBack>,
    /// The dialects whose verdicts the fixes applied are meant to change (their rules'
    /// `fix-changes`), in the order of [`Dialect::ALL`].
    pub changed_on_purpose: Vec<Dialect>,
}

/// A safe fix that failed the verdict check, and the verdict it would change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeldBack {
    /// The code of the rule whose fix it is.
    pub code: &'static str,
    /// What the fix does, as the rule says it: "Delete the repeated rule".
    pub fix: String,
    /// Each edit as the text it replaces and its replacement: the same fix found again in a
    /// later round, wherever the other fixes moved it.
    edits: Vec<(String, String)>,
    /// The verdict the fix would change, which is why it was held back.
    pub change: ChangedVerdict,
}

impl HeldBack {
    fn new(diagnostic: &Diagnostic, text: &str, change: ChangedVerdict) -> HeldBack {
        HeldBack {
            code: diagnostic.code,
            fix: diagnostic.fix.as_ref().map(|fix| fix.message.clone()).unwrap_or_default(),
            edits: edits_as_written(diagnostic, text),
            change,
        }
    }

    fn key(&self) -> FixKey<'_> {
        (self.code, self.fix.as_str(), self.edits.clone())
    }
}

/// What tells a fix from the others in any round: its rule, what it does, and its edits as
/// written (a held-back fix, found again in a later round wherever the other fixes moved it).
type FixKey<'a> = (&'static str, &'a str, Vec<(String, String)>);

/// The key of the fix `diagnostic` (found in `text`) offers, if it offers one.
fn fix_key<'a>(diagnostic: &'a Diagnostic, text: &str) -> Option<FixKey<'a>> {
    let fix = diagnostic.fix.as_ref()?;
    Some((diagnostic.code, fix.message.as_str(), edits_as_written(diagnostic, text)))
}

/// The fixes held back so far, looked up by key: comparing each fix offered with every fix
/// held back was quadratic in a file of many held-back fixes.
fn held_back_keys(held_back: &[HeldBack]) -> HashMap<FixKey<'_>, &HeldBack> {
    held_back.iter().map(|held| (held.key(), held)).collect()
}

fn edits_as_written(diagnostic: &Diagnostic, text: &str) -> Vec<(String, String)> {
    let edits = diagnostic.fix.iter().flat_map(|fix| &fix.edits);
    edits
        .map(|edit| {
            (text.get(edit.span.start()..edit.span.end()).unwrap_or_default().to_string(), edit.replacement.to_string())
        })
        .collect()
}

impl Fixed {
    /// Shows each held-back fix for what it is in `diagnostics`, a lint of the fixed text:
    /// unsafe, with the verdict it would change.
    pub fn mark_held_back(&self, diagnostics: &mut [Diagnostic]) {
        if self.held_back.is_empty() {
            return;
        }
        let held_back = held_back_keys(&self.held_back);
        for diagnostic in diagnostics {
            let Some(&held) = fix_key(diagnostic, &self.text).and_then(|key| held_back.get(&key)) else {
                continue;
            };
            if let Some(fix) = diagnostic.fix.as_deref_mut() {
                fix.applicability = Applicability::Unsafe;
                fix.message = format!("{} ({})", fix.message, held.change.describe());
            }
        }
    }
}

/// Lints `text` and applies every fix at or below `allowed` (safe fixes only, or safe and
/// unsafe), again and again until a round applies nothing. With safe fixes only, each
/// round keeps the promise of [`verdicts`]: a fix that breaks it is held back. Inputs that
/// were not UTF-8 are returned unchanged: their spans do not address the file's bytes.
/// A one-off convenience: a caller that fixes more keeps a [`Linter`] and calls [`Linter::fix`].
pub fn fix_text(text: &str, path: Option<&Path>, settings: &Settings, allowed: Applicability) -> Fixed {
    Linter::new(settings.clone()).fix(text, path, allowed)
}

impl Linter {
    /// [`fix_text`] with this linter's settings.
    pub fn fix(&self, text: &str, path: Option<&Path>, allowed: Applicability) -> Fixed {
        self.fix_and_lint(text, path, allowed).0
    }

    /// [`Linter::fix`], and the report of the fixed text when the last round linted it (it
    /// found nothing more to fix): what `--fix` prints then needs no second lint.
    pub fn fix_and_lint(&self, text: &str, path: Option<&Path>, allowed: Applicability) -> (Fixed, Option<Report>) {
        fix_in_rounds(self, text, path, allowed)
    }
}

fn fix_in_rounds(linter: &Linter, text: &str, path: Option<&Path>, allowed: Applicability) -> (Fixed, Option<Report>) {
    let mut current = text.to_string();
    let mut applied = 0;
    let mut held_back: Vec<HeldBack> = Vec::new();
    let mut changed_on_purpose: Vec<Dialect> = Vec::new();
    let mut final_report = None;
    for _ in 0..MAX_ROUNDS {
        let report = linter.lint(Source::from(current.as_str()), path);
        if !report.source.is_exact() {
            break;
        }
        let held_before = held_back_keys(&held_back);
        let offered = report.diagnostics.iter().filter(|diagnostic| {
            let permitted = diagnostic.fix.as_ref().is_some_and(|fix| allowed.permits(fix.applicability));
            let held = || fix_key(diagnostic, &current).is_some_and(|key| held_before.contains_key(&key));
            permitted && (held_before.is_empty() || !held())
        });
        let mut taken = compatible(offered.map(|diagnostic| (diagnostic, fix_edits(diagnostic))));
        if allowed == Applicability::Safe {
            let (kept, held) = keep_promise(&current, taken, linter.threads());
            taken = kept;
            held_back.extend(held);
        }
        if taken.is_empty() {
            drop(taken);
            final_report = Some(report);
            break;
        }
        applied += taken.len();
        changed_on_purpose.extend(taken.iter().flat_map(|&(diagnostic, _)| verdicts::changed_on_purpose(diagnostic)));
        current = splice(&current, taken.iter().map(|&(_, edits)| edits));
    }
    changed_on_purpose.sort_unstable();
    changed_on_purpose.dedup();
    (Fixed { text: current, applied, held_back, changed_on_purpose }, final_report)
}

fn fix_edits(diagnostic: &Diagnostic) -> &[Edit] {
    diagnostic.fix.as_ref().map_or(&[][..], |fix| fix.edits.as_slice())
}

/// Of `fixes` (diagnostics found in `text`, their edits compatible), those that together
/// change no promised verdict, and the others held back. Each time the set fails, the
/// shortest failing prefix (found by halving) ends with a fix that breaks the promise
/// with those before it: that one is held back, and the rest checked again. The usual
/// round passes at the first check.
fn keep_promise<'a>(
    text: &str,
    mut fixes: Vec<(&'a Diagnostic, &'a [Edit])>,
    threads: usize,
) -> (Vec<(&'a Diagnostic, &'a [Edit])>, Vec<HeldBack>) {
    let mut held_back = Vec::new();
    if fixes.is_empty() {
        return (fixes, held_back);
    }
    let document = parse_text_on(text, threads);
    let before = Witnesses::new(&document, text);
    while let Some(change) = broken_promise(&before, text, &fixes, threads) {
        let (mut passing, mut failing, mut change) = (0, fixes.len(), change);
        while failing - passing > 1 {
            let middle = (passing + failing) / 2;
            match broken_promise(&before, text, &fixes[..middle], threads) {
                Some(found) => (failing, change) = (middle, found),
                None => passing = middle,
            }
        }
        let (culprit, _) = fixes.remove(failing - 1);
        held_back.push(HeldBack::new(culprit, text, change));
    }
    (fixes, held_back)
}

/// The first promised verdict that `fixes`, made together in `text` (read as `before`),
/// change. A dialect the fixes' rules change on purpose (`fix-changes` in their metadata) is
/// compared with the text those fixes alone give.
fn broken_promise(
    before: &Witnesses<'_>,
    text: &str,
    fixes: &[(&Diagnostic, &[Edit])],
    threads: usize,
) -> Option<ChangedVerdict> {
    let fixed = splice(text, fixes.iter().map(|&(_, edits)| edits));
    if fixed == text {
        return None;
    }
    let fixed_document = parse_text_on(&fixed, threads);
    let after = Witnesses::new(&fixed_document, &fixed);
    PROMISED.into_iter().find_map(|dialect| {
        let meant =
            || fixes.iter().filter(|(diagnostic, _)| verdicts::changed_on_purpose(diagnostic).contains(&dialect));
        if meant().next().is_none() {
            return verdicts::compare(before, &after, &[dialect], Stop::AtFirstChange).changed.pop();
        }
        let reference = splice(text, meant().map(|&(_, edits)| edits));
        if reference == fixed {
            return None;
        }
        let reference_document = parse_text_on(&reference, threads);
        let reference = Witnesses::new(&reference_document, &reference);
        verdicts::compare(&reference, &after, &[dialect], Stop::AtFirstChange).changed.pop()
    })
}

/// Applies whole fixes (each a group of edits) in order, skipping any fix that overlaps one
/// already taken; the skipped ones get their turn in the next round. Returns the text and
/// the fixes taken.
pub fn apply_fixes<'a>(text: &str, fixes: impl Iterator<Item = &'a [Edit]>) -> (String, Vec<&'a [Edit]>) {
    let taken: Vec<&'a [Edit]> =
        compatible(fixes.map(|edits| ((), edits))).into_iter().map(|((), edits)| edits).collect();
    (splice(text, taken.iter().copied()), taken)
}

/// The fixes, in order, that conflict with none taken before them. The edits taken are
/// kept ordered by where they start, so each new edit is compared with its neighbours only:
/// comparing it with every edit taken made a file of one fix per line quadratic (seconds per
/// round at 512 KiB).
fn compatible<'a, T>(fixes: impl Iterator<Item = (T, &'a [Edit])>) -> Vec<(T, &'a [Edit])> {
    let mut taken: Vec<(T, &'a [Edit])> = Vec::new();
    let mut taken_edits = TakenEdits::default();
    for (fix, edits) in fixes {
        if !edits.iter().any(|edit| taken_edits.conflicts_with(edit)) {
            edits.iter().for_each(|edit| taken_edits.insert(edit));
            taken.push((fix, edits));
        }
    }
    taken
}

/// The spans of the edits taken so far, by (start, end). Edits of different fixes taken
/// never conflict, and one fix's edits never overlap (splicing them would fail), so the
/// ends grow with the starts: walking back from the new edit's end, the first span that
/// ends before the new one starts is the last that could conflict with it.
#[derive(Default)]
struct TakenEdits(BTreeSet<Span>);

impl TakenEdits {
    fn conflicts_with(&self, edit: &Edit) -> bool {
        self.neighbours(edit.span).any(|taken| conflict(edit.span, taken))
    }

    /// The taken spans that touch `span` (a conflict needs at least that), nearest first.
    fn neighbours(&self, span: Span) -> impl Iterator<Item = Span> + '_ {
        let last_that_may_touch = Span::new(span.end(), usize::MAX);
        self.0.range(..=last_that_may_touch).rev().copied().take_while(move |taken| taken.end() >= span.start())
    }

    fn insert(&mut self, edit: &Edit) {
        self.0.insert(edit.span);
    }
}

/// `text` with the edits of `fixes` made (they conflict nowhere).
fn splice<'a>(text: &str, fixes: impl Iterator<Item = &'a [Edit]>) -> String {
    let mut edits: Vec<&Edit> = fixes.flatten().collect();
    edits.sort_by_key(|edit| (edit.span.start(), edit.span.end()));
    let mut out = String::with_capacity(text.len());
    let mut cursor = 0;
    for edit in edits {
        out.push_str(&text[cursor..edit.span.start()]);
        out.push_str(&edit.replacement);
        cursor = edit.span.end();
    }
    out.push_str(&text[cursor..]);
    out
}

/// Edits that cannot both apply in one round: they overlap, start at the same place, or one
/// inserts where the other's replaced text ends, so that which comes first is a guess (a colon
/// inserted after a field name that another fix deletes would be left alone on the line).
fn conflict(a: Span, b: Span) -> bool {
    let inserts_at_end = |insert: Span, other: Span| insert.is_empty() && insert.start() == other.end();
    a.start() < b.end() && b.start() < a.end() || a.start() == b.start() || inserts_at_end(a, b) || inserts_at_end(b, a)
}

/// A unified diff of a fix, for `--diff`.
pub fn unified_diff(name: &str, before: &str, after: &str) -> String {
    similar::TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{name}"), &format!("b/{name}"))
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Severity;

    /// A finding of duplicate-rule (whose fix changes no dialect on purpose) offering `edit`.
    fn offering(edit: Edit) -> Diagnostic {
        let mut diagnostic = Diagnostic::new("RL304", "duplicate-rule", Severity::Info, edit.span, String::new());
        diagnostic.fix(Applicability::Safe, "Delete the repeated rule", vec![edit]);
        diagnostic
    }

    /// Issue 34: each fix offered was compared with every fix taken, so a file of one fix
    /// per line was quadratic to fix. A new edit is compared with the few it touches.
    #[test]
    fn a_new_edit_is_compared_with_the_edits_it_touches_only() {
        let mut taken = TakenEdits::default();
        let lines = 100_000;
        for line in 0..lines {
            taken.insert(&Edit::replace(Span::new(line * 10, line * 10 + 9), "Disallow"));
        }
        let in_the_middle = Span::new(lines / 2 * 10 + 2, lines / 2 * 10 + 5);
        assert_eq!(taken.neighbours(in_the_middle).count(), 1);
        let across_a_line_end = Span::new(lines / 2 * 10 + 8, lines / 2 * 10 + 11);
        assert_eq!(taken.neighbours(across_a_line_end).count(), 2);
        assert_eq!(taken.neighbours(Span::empty_at(lines * 10 + 5)).count(), 0);
    }

    /// The same fixes are taken as when each is compared with every fix taken before it.
    #[test]
    fn fixes_are_taken_as_when_compared_with_every_fix_taken() {
        let spans = [(0, 4), (4, 4), (3, 6), (6, 6), (6, 9), (9, 9), (9, 12), (2, 2), (12, 12), (20, 25), (25, 25)];
        let fixes: Vec<Vec<Edit>> = spans
            .iter()
            .map(|&(start, end)| vec![Edit::replace(Span::new(start, end), "x")])
            .chain([vec![Edit::insert(13, "a"), Edit::insert(14, "b")], vec![Edit::insert(14, "c")]])
            .collect();
        let mut expected: Vec<&[Edit]> = Vec::new();
        for edits in &fixes {
            let clashes = edits.iter().any(|edit| {
                expected.iter().flat_map(|taken| taken.iter()).any(|other| conflict(edit.span, other.span))
            });
            if !clashes {
                expected.push(edits);
            }
        }
        let taken: Vec<&[Edit]> =
            compatible(fixes.iter().map(|edits| ((), edits.as_slice()))).into_iter().map(|((), edits)| edits).collect();
        assert_eq!(taken, expected);
        assert_eq!(taken.len(), 6, "{taken:?}");
    }

    #[test]
    fn the_fix_that_changes_a_verdict_is_held_back_and_the_others_kept() {
        let text = "User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /b\n";
        let harmless = offering(Edit::delete(Span::new(40, 53)));
        let harmful = offering(Edit::delete(Span::new(14, 27)));
        let offered = vec![(&harmless, fix_edits(&harmless)), (&harmful, fix_edits(&harmful))];
        let (kept, held_back) = keep_promise(text, offered, 1);
        assert_eq!(kept.len(), 1);
        assert!(std::ptr::eq(kept[0].0, &harmless));
        assert_eq!(held_back.len(), 1);
        let change = &held_back[0].change;
        assert_eq!((change.url.as_str(), change.allowed_before), ("/a", false));
        assert_eq!(held_back[0].edits, vec![("Disallow: /a\n".to_string(), String::new())]);
    }

    #[test]
    fn a_held_back_fix_is_shown_unsafe_with_the_verdict_it_would_change() {
        let text = "User-agent: *\nDisallow: /a\n";
        let harmful = offering(Edit::delete(Span::new(14, 27)));
        let change = ChangedVerdict {
            dialect: Dialect::Google,
            robot: "anybot".to_string(),
            url: "/a".to_string(),
            allowed_before: false,
        };
        let held_back = vec![HeldBack::new(&harmful, text, change)];
        let fixed = Fixed { text: text.to_string(), applied: 0, held_back, changed_on_purpose: Vec::new() };
        let mut relinted = [offering(Edit::delete(Span::new(14, 27))), offering(Edit::delete(Span::new(0, 14)))];
        fixed.mark_held_back(&mut relinted);
        let shown = relinted[0].fix.as_deref().expect("a fix");
        assert_eq!(shown.applicability, Applicability::Unsafe);
        assert_eq!(
            shown.message,
            "Delete the repeated rule (would change what Google does: robot `anybot` may not fetch `/a` now, and may \
             after the fix)"
        );
        assert_eq!(relinted[1].fix.as_deref().map(|fix| fix.applicability), Some(Applicability::Safe));
    }
}
