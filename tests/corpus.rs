//! Runs every case in `corpus/`: `<rule>/<case>.txt` is linted with the default rules plus
//! `<rule>` (so pedantic rules are on in their own folder) and the findings must equal
//! `<case>.expected`; where `<case>.fixed` exists, applying every fix (safe and unsafe) must
//! give it. `<rule>/<case>.http` is a recorded fetch (raw HTTP answers, see
//! `robolint::fetch::recorded`), replayed without a network and linted as `robolint URL`
//! would. `corpus/seeds/` holds the examples from the specifications, which must lint clean
//! at default settings.
//!
//! To write new expectations, run with `ROBOLINT_BLESS=1` and then read every changed file:
//! an expectation is only as good as its review.

#[path = "support/case_config.rs"]
mod case_config;

use std::fs;
use std::path::{Path, PathBuf};

use robolint::diagnostic::Applicability;
use robolint::dialect::Dialect;
use robolint::fetch::recorded;
use robolint::fix::fix_text;
use robolint::render::{position, Linted};
use robolint::{lint, lint_fetched, Report, Settings, Severity, Source};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

fn blessing() -> bool {
    std::env::var_os("ROBOLINT_BLESS").is_some()
}

/// Lints a case: a file's bytes, or a recorded fetch replayed.
fn lint_case(case: &Path, bytes: &[u8], settings: &Settings) -> Report {
    if is_recorded_fetch(case) {
        let fetch = recorded::replay(bytes).unwrap_or_else(|error| panic!("{}: {error}", case.display()));
        return lint_fetched(&fetch, settings);
    }
    let name = case.file_name().and_then(|n| n.to_str()).unwrap_or("case");
    lint(Source::from_bytes(bytes), Some(Path::new(name)), settings)
}

fn is_recorded_fetch(case: &Path) -> bool {
    case.extension().is_some_and(|ext| ext == "http")
}

/// Each finding as `line:col-line:col severity[CODE name] message`, then its labels,
/// notes and fix indented below it.
fn describe(name: &str, report: &Report) -> String {
    let linted = Linted { name, report };
    let at = |offset| {
        let p = position(linted.report, offset);
        format!("{}:{}", p.line, p.column)
    };
    let mut out = String::new();
    for d in &report.diagnostics {
        out += &format!(
            "{}-{} {}[{} {}] {}\n",
            at(d.span.start),
            at(d.span.end),
            d.severity.as_str(),
            d.code,
            d.name,
            d.message
        );
        for label in &d.labels {
            out += &format!("    label {}-{}: {}\n", at(label.span.start), at(label.span.end), label.message);
        }
        for note in &d.notes {
            out += &format!("    note: {note}\n");
        }
        if let Some(fix) = &d.fix {
            out += &format!("    fix ({}): {}\n", fix.applicability.as_str(), fix.message);
        }
    }
    out
}

fn check_file(path: &Path, actual: &str, failures: &mut Vec<String>) {
    if blessing() {
        fs::write(path, actual).expect("writing blessed output");
        return;
    }
    let expected = fs::read_to_string(path).unwrap_or_default();
    if expected != actual {
        failures.push(format!("{}:\n--- expected\n{expected}--- actual\n{actual}", path.display()));
    }
}

fn cases(folder: &Path) -> Vec<PathBuf> {
    let mut cases: Vec<PathBuf> = fs::read_dir(folder)
        .expect("corpus folder is readable")
        .map(|entry| entry.expect("corpus entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt" || ext == "http"))
        .collect();
    cases.sort();
    cases
}

#[test]
fn every_rule_case_gives_its_expected_findings_and_fixes() {
    let mut failures = Vec::new();
    for rule in robolint::rules::all() {
        let folder = corpus_dir().join(rule.name());
        // A rule's cases show what it finds for every robot, one finding per line: the
        // portable target, where nothing folds (tests/defaults.rs covers today's default).
        let settings = Settings {
            targets: Dialect::ALL.to_vec(),
            extend_select: vec![rule.name().to_string()],
            ..Settings::default()
        };
        for case in cases(&folder) {
            let bytes = fs::read(&case).expect("case is readable");
            let name = case.file_name().and_then(|n| n.to_str()).unwrap_or("case").to_string();
            let settings = case_config::with_case_config(&case, &settings);
            let report = lint_case(&case, &bytes, &settings);
            check_file(&case.with_extension("expected"), &describe(&name, &report), &mut failures);
            // A fetched file cannot be fixed in place, so recorded fetches have no `.fixed`.
            let fixed_path = case.with_extension("fixed");
            let fixable = !is_recorded_fetch(&case);
            if fixable && (fixed_path.exists() || (blessing() && std::str::from_utf8(&bytes).is_ok())) {
                let text = String::from_utf8_lossy(&bytes);
                let fixed = fix_text(&text, None, &settings, Applicability::Unsafe);
                if fixed.applied > 0 || fixed_path.exists() {
                    check_file(&fixed_path, &fixed.text, &mut failures);
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} corpus mismatches:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn specification_examples_lint_clean_at_default_settings() {
    let folder = corpus_dir().join("seeds");
    let seeds = cases(&folder);
    assert!(seeds.len() >= 5, "expected the spec examples in {}", folder.display());
    for seed in seeds {
        let bytes = fs::read(&seed).expect("seed is readable");
        let report = lint(Source::from_bytes(&bytes), Some(&seed), &Settings::default());
        let serious: Vec<_> = report
            .diagnostics
            .iter()
            .filter(|d| d.severity >= Severity::Warning)
            .map(|d| format!("{} {}: {}", d.code, d.name, d.message))
            .collect();
        assert!(serious.is_empty(), "{} is a specification example but gets: {serious:#?}", seed.display());
    }
}
