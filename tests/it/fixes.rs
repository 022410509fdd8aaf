//! What fixing promises, checked on every corpus case (the `.txt` files in `corpus/`; a
//! recorded fetch cannot be fixed) and on the real-world files in `../shared/corpus/protego`
//! when that folder is present, with safe fixes alone and with unsafe ones too. A case is
//! fixed round by round, the way `fix_text` does it, and every round must keep three
//! promises:
//!
//! - its fixes never overlap, and every byte outside their edits survives: the round's
//!   result is its input with exactly those spans replaced;
//! - every comment survives, wherever the fixes move it, changed only by edits made inside
//!   it;
//! - every fix removes its finding: the next round does not report it again (the same rule,
//!   the same message, where the finding was or in what replaced it).
//!
//! And the rounds together: `fix_text` gives their result, and fixing that result again
//! applies nothing, so fixing twice equals fixing once and no allowed fix is left undone.

use crate::support::shared;

use crate::support::case_config;

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use robolint::diagnostic::{Applicability, Edit, Fix};
use robolint::fix::{apply_fixes, fix_text};
use robolint::model::Span;
use robolint::{lint, Report, Settings, Source};

/// Far more rounds than `fix_text` allows itself, only so that fixes which keep finding work
/// cannot hang the test; `fix_text` stopping at its own bound shows as a different result.
const ROUND_LIMIT: usize = 50;

/// Every tenth real-world file, by name: all 4,231 take minutes in a debug build, a tenth
/// about fifteen seconds. (The whole set kept every promise when this test was written.)
const REAL_WORLD_SAMPLE_STEP: usize = 10;

const APPLICABILITIES: [Applicability; 2] = [Applicability::Safe, Applicability::Unsafe];

/// Settings, with the words that name them in a failure.
struct Selection {
    label: String,
    settings: Settings,
}

impl Selection {
    /// Every rule, pedantic ones included: the most fixes, competing for the same bytes.
    fn all_rules() -> Selection {
        Selection {
            label: "all rules".to_string(),
            settings: Settings { extend_select: vec!["ALL".to_string()], ..Settings::default() },
        }
    }

    /// The defaults plus one rule, as `tests/it/corpus.rs` lints that rule's folder: its fixes
    /// then meet fewer others, so they also run in rounds of their own.
    fn defaults_plus(rule: &str) -> Selection {
        Selection {
            label: format!("the defaults and {rule}"),
            settings: Settings { extend_select: vec![rule.to_string()], ..Settings::default() },
        }
    }
}

/// The text the command line would fix, or `None` for an input it refuses to fix (not
/// UTF-8, or longer than the size cap).
fn fixable_text(bytes: &[u8]) -> Option<String> {
    let source = Source::from_bytes(bytes);
    (source.is_exact() && source.truncation.is_none()).then_some(source.text)
}

/// Fixes `original` round by round, checking each round's promises and then the whole;
/// each broken promise becomes a line in `problems`.
fn check_fixing(name: &str, original: &str, selection: &Selection, allowed: Applicability, problems: &mut Vec<String>) {
    let path = Path::new(name);
    let settings = &selection.settings;
    let context = format!("{name} ({} fixes, {})", allowed.as_str(), selection.label);
    let lint_text = |text: &str| lint(Source::from(text), Some(path), settings);
    let mut current = original.to_string();
    let mut report = lint_text(&current);
    for round in 1..=ROUND_LIMIT {
        if !report.source.is_exact() {
            break;
        }
        let offered: Vec<&[Edit]> = report
            .diagnostics
            .iter()
            .filter_map(|diagnostic| diagnostic.fix.as_ref())
            .filter(|fix| allowed.permits(fix.applicability))
            .map(|fix| fix.edits.as_slice())
            .collect();
        if let Some(problem) = offered.iter().find_map(|edits| invalid_edits(&current, edits)) {
            problems.push(format!("{context}, round {round}: {problem}"));
            return;
        }
        let (next, taken) = apply_fixes(&current, offered.iter().copied());
        if taken.is_empty() {
            break;
        }
        let mut edits: Vec<&Edit> = taken.iter().copied().flatten().collect();
        edits.sort_by_key(|edit| (edit.span.start(), edit.span.end()));
        let next_report = lint_text(&next);
        let round_problems = [
            overlapping_edits(&edits),
            bytes_outside_edits_changed(&current, &next, &edits),
            lost_comments(&report, &next_report, &edits),
            surviving_findings(&report, &next_report, &taken, &edits),
        ];
        let round_problems: Vec<String> = round_problems.into_iter().flatten().collect();
        if !round_problems.is_empty() {
            problems.push(format!("{context}, round {round}:\n  {}", round_problems.join("\n  ")));
            return;
        }
        current = next;
        report = next_report;
    }
    let fixed = fix_text(original, Some(path), settings, allowed);
    if fixed.text != current {
        problems.push(format!("{context}: fix_text gives\n{}\nbut the rounds give\n{current}", fixed.text));
        return;
    }
    if fixed.applied == 0 {
        // Nothing was fixed, so fixing again would be the same call.
        return;
    }
    let again = fix_text(&fixed.text, Some(path), settings, allowed);
    if again.applied > 0 {
        problems.push(format!(
            "{context}: fixing the fixed text applies {} more fix(es):\n{}",
            again.applied,
            robolint::fix::unified_diff(name, &fixed.text, &again.text)
        ));
    }
}

/// Why one fix's edits cannot be applied to `text` as they stand, if they cannot.
fn invalid_edits(text: &str, edits: &[Edit]) -> Option<String> {
    let outside = edits.iter().find(|edit| {
        let span = edit.span;
        !(span.start() <= span.end()
            && span.end() <= text.len()
            && text.is_char_boundary(span.start())
            && text.is_char_boundary(span.end()))
    });
    if let Some(edit) = outside {
        return Some(format!("an edit at {} is outside the text or splits a character", edit.span));
    }
    let mut sorted: Vec<&Edit> = edits.iter().collect();
    sorted.sort_by_key(|edit| (edit.span.start(), edit.span.end()));
    overlapping_edits(&sorted)
}

/// Two edits (sorted by position) that touch the same bytes, or insert at the same place
/// so that their order would be a guess.
fn overlapping_edits(sorted: &[&Edit]) -> Option<String> {
    sorted
        .windows(2)
        .find(|pair| pair[1].span.start() < pair[0].span.end() || pair[1].span.start() == pair[0].span.start())
        .map(|pair| format!("edits at {} and {} overlap", pair[0].span, pair[1].span))
}

/// The round's result must be its input with exactly `edits` (sorted) replaced.
fn bytes_outside_edits_changed(before: &str, after: &str, edits: &[&Edit]) -> Option<String> {
    let expected = splice(before, edits.iter().copied());
    (expected != after).then(|| format!("bytes outside the edits changed: expected\n{expected}\ngot\n{after}"))
}

/// `text` with each of `sorted_edits` (in order, not overlapping) made.
fn splice<'a>(text: &str, sorted_edits: impl Iterator<Item = &'a Edit>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut cursor = 0;
    for edit in sorted_edits {
        out.push_str(&text[cursor..edit.span.start()]);
        out.push_str(&edit.replacement);
        cursor = edit.span.end();
    }
    out.push_str(&text[cursor..]);
    out
}

/// Comments of `before` that are not in `after`, counting repeats. A fix may edit inside a
/// comment (deleting a NUL byte, say): that comment must then be in `after` with exactly
/// those edits made. An edit that covers the `#` or crosses the comment's end is no
/// exception: the comment must come through it whole.
fn lost_comments(before: &Report, after: &Report, edits: &[&Edit]) -> Option<String> {
    let mut remaining: HashMap<&str, usize> = HashMap::new();
    for comment in comment_spans(after) {
        *remaining.entry(comment.text(&after.source.text)).or_insert(0) += 1;
    }
    let mut lost = Vec::new();
    for comment in comment_spans(before) {
        let inside: Vec<Edit> = edits
            .iter()
            .filter(|edit| {
                comment.start() < edit.span.start()
                    && edit.span.start() < comment.end()
                    && edit.span.end() <= comment.end()
            })
            .map(|edit| {
                let span = Span::new(edit.span.start() - comment.start(), edit.span.end() - comment.start());
                Edit::replace(span, edit.replacement.clone())
            })
            .collect();
        let expected = splice(comment.text(&before.source.text), inside.iter());
        match remaining.get_mut(expected.as_str()) {
            Some(count) if *count > 0 => *count -= 1,
            _ => lost.push(expected),
        }
    }
    (!lost.is_empty()).then(|| format!("comments lost: {lost:?}"))
}

fn comment_spans(report: &Report) -> impl Iterator<Item = Span> + '_ {
    report.document.lines.iter().filter_map(|line| line.comment)
}

/// Findings with a fix taken this round that the next round still reports: the same rule
/// saying the same thing, starting in the finding's span or in what replaced it. (A rule
/// may say something else at the same place once its fix is in: `*.gif` fixed to `/*.gif`
/// no longer starts with `*` but is still a wildcard, which is another finding.)
fn surviving_findings(before: &Report, after: &Report, taken: &[&[Edit]], edits: &[&Edit]) -> Option<String> {
    // `apply_fixes` hands back the very slices it was offered, so identity tells which.
    let was_taken = |fix: &Fix| taken.iter().any(|edits| std::ptr::eq(*edits, fix.edits.as_slice()));
    let survivors: Vec<String> = before
        .diagnostics
        .iter()
        .filter(|fixed| fixed.fix.as_deref().is_some_and(was_taken))
        .filter(|fixed| {
            after.diagnostics.iter().any(|later| {
                later.code == fixed.code
                    && later.message.render(&after.source.text) == fixed.message.render(&before.source.text)
                    && meets(origin(later.span.start(), edits), fixed.span)
            })
        })
        .map(|fixed| {
            let message = fixed.message.render(&before.source.text);
            format!("{} {} at {} survives its fix: {message}", fixed.code, fixed.name, fixed.span)
        })
        .collect();
    (!survivors.is_empty()).then(|| survivors.join("\n  "))
}

/// Whether two spans share a byte, or an empty one lies at or inside the other.
fn meets(a: Span, b: Span) -> bool {
    let inside = |point: usize, span: Span| point == span.start() || (span.start() < point && point < span.end());
    match (a.is_empty(), b.is_empty()) {
        (false, false) => a.start() < b.end() && b.start() < a.end(),
        (true, _) => inside(a.start(), b),
        (false, true) => inside(b.start(), a),
    }
}

/// Where a byte of a round's result came from in the round's input: the whole span an edit
/// replaced, for a byte of its replacement, else the byte itself, shifted by the edits
/// before it.
fn origin(offset: usize, sorted_edits: &[&Edit]) -> Span {
    let mut grown: isize = 0;
    for edit in sorted_edits {
        let start = edit.span.start().checked_add_signed(grown).expect("edits stay inside the text");
        if offset < start {
            break;
        }
        if offset < start + edit.replacement.len() {
            return edit.span;
        }
        grown += edit.replacement.len() as isize - edit.span.len() as isize;
    }
    Span::empty_at(offset.checked_add_signed(-grown).expect("an offset after the edits"))
}

fn sorted_entries(folder: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = fs::read_dir(folder)
        .unwrap_or_else(|error| panic!("{}: {error}", folder.display()))
        .map(|entry| entry.expect("directory entry").path())
        .collect();
    entries.sort();
    entries
}

fn name_of(path: &Path) -> &str {
    path.file_name().and_then(|name| name.to_str()).expect("a UTF-8 file name")
}

fn report(problems: &[String], checked: usize) {
    assert!(problems.is_empty(), "{} of {checked} fix runs broke a promise:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn fixing_every_corpus_case_keeps_its_promises() {
    let corpus = Path::new(crate::support::ROOT).join("corpus");
    let rules = robolint::rules::all();
    let mut problems = Vec::new();
    let mut checked = 0;
    for folder in sorted_entries(&corpus).into_iter().filter(|path| path.is_dir()) {
        let folder_name = name_of(&folder);
        // `samples` and `seeds` are linted at the defaults elsewhere.
        let own = if rules.iter().any(|rule| rule.name() == folder_name) {
            Selection::defaults_plus(folder_name)
        } else {
            Selection { label: "the defaults".to_string(), settings: Settings::default() }
        };
        let cases = sorted_entries(&folder).into_iter().filter(|path| path.extension().is_some_and(|ext| ext == "txt"));
        for case in cases {
            let Some(text) = fixable_text(&fs::read(&case).expect("case is readable")) else { continue };
            let name = format!("{folder_name}/{}", name_of(&case));
            let with_case_config = |selection: &Selection| Selection {
                label: selection.label.clone(),
                settings: case_config::with_case_config(&case, &selection.settings),
            };
            for selection in &[with_case_config(&Selection::all_rules()), with_case_config(&own)] {
                for allowed in APPLICABILITIES {
                    check_fixing(&name, &text, selection, allowed, &mut problems);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 1000, "expected the whole corpus, ran {checked} fixes");
    report(&problems, checked);
}

#[test]
#[cfg_attr(not(ci), ignore = "needs ../shared beside the clone; CI=true runs it")]
fn fixing_real_world_files_keeps_its_promises() {
    let Some(files) = shared::protego_files() else { return };
    let selection = Selection::all_rules();
    let mut problems = Vec::new();
    let mut checked = 0;
    for file in files.into_iter().step_by(REAL_WORLD_SAMPLE_STEP) {
        let Some(text) = fixable_text(&fs::read(&file).expect("readable file")) else { continue };
        for allowed in APPLICABILITIES {
            check_fixing(name_of(&file), &text, &selection, allowed, &mut problems);
            checked += 1;
        }
    }
    assert!(checked > 800, "expected a tenth of the corpus, ran {checked} fixes");
    report(&problems, checked);
}

/// The safe-fix promise on every real-world file: fixing with safe fixes alone changes no
/// verdict of the promised dialects for any robot and URL the check asks, except in the
/// dialects the fixes applied are meant to change (their rules' `fix-changes`), which are
/// counted apart. Prints how many (file, robot, URL) verdicts were compared and how many differ.
/// Needs `../shared/corpus/protego`: skipped without it, and failing under `CI=true`. CI
/// sweeps every file (minutes in a debug build); elsewhere every tenth, as above.
#[test]
#[cfg_attr(not(ci), ignore = "needs ../shared beside the clone; CI=true runs it")]
fn safe_fixes_keep_every_promised_verdict_on_real_world_files() {
    let Some(all) = shared::protego_files() else { return };
    let in_ci = std::env::var("CI").as_deref() == Ok("true");
    let step = if in_ci { 1 } else { REAL_WORLD_SAMPLE_STEP };
    let files: Vec<PathBuf> = all.iter().step_by(step).cloned().collect();
    let settings = Settings::default();
    let sweeps: Vec<Sweep> = std::thread::scope(|scope| {
        let threads: Vec<_> = files
            .chunks(files.len().div_ceil(2).max(1))
            .map(|chunk| scope.spawn(|| sweep_safe_fixes(chunk, &settings)))
            .collect();
        threads.into_iter().map(|thread| thread.join().expect("a sweep thread")).collect()
    });
    let mut total = Sweep::default();
    for sweep in sweeps {
        total.fixed_files += sweep.fixed_files;
        total.compared += sweep.compared;
        total.changed_on_purpose += sweep.changed_on_purpose;
        total.broken.extend(sweep.broken);
    }
    let broken_verdicts: usize = total.broken.iter().map(|(_, count, _)| count).sum();
    println!(
        "safe fixes over {} fixed real-world files (one in {step} of {}): {} (file, robot, URL) verdicts compared, \
         {broken_verdicts} differ in {} files ({} more differ in dialects the fixes change on purpose)",
        total.fixed_files,
        all.len(),
        total.compared,
        total.broken.len(),
        total.changed_on_purpose,
    );
    let shown: Vec<String> =
        total.broken.iter().take(20).map(|(name, count, first)| format!("{name}: {count}, first: {first}")).collect();
    assert!(total.broken.is_empty(), "safe fixes changed verdicts:\n{}", shown.join("\n"));
    let expected = 1000 / step;
    assert!(
        total.fixed_files > expected,
        "expected over {expected} files with safe fixes, fixed {}",
        total.fixed_files
    );
}

#[derive(Default)]
struct Sweep {
    fixed_files: usize,
    compared: usize,
    changed_on_purpose: usize,
    /// Each file whose promised verdicts changed: its name, how many, the first.
    broken: Vec<(String, usize, String)>,
}

fn sweep_safe_fixes(files: &[PathBuf], settings: &Settings) -> Sweep {
    use robolint::fix::verdicts::{compare_texts, PROMISED};
    let mut sweep = Sweep::default();
    for file in files {
        let Some(text) = fixable_text(&fs::read(file).expect("readable file")) else { continue };
        let path = Path::new(name_of(file));
        let fixed = fix_text(&text, Some(path), settings, Applicability::Safe);
        if fixed.applied == 0 {
            continue;
        }
        sweep.fixed_files += 1;
        let (kept, meant): (Vec<_>, Vec<_>) =
            PROMISED.iter().partition(|dialect| !fixed.changed_on_purpose.contains(dialect));
        let comparison = compare_texts(&text, &fixed.text, &kept);
        sweep.compared += comparison.compared;
        sweep.changed_on_purpose += compare_texts(&text, &fixed.text, &meant).changed.len();
        if let Some(first) = comparison.changed.first() {
            sweep.broken.push((name_of(file).to_string(), comparison.changed.len(), first.describe()));
        }
    }
    sweep
}
