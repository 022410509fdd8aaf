//! Runs every case in `corpus/`: `<rule>/<case>.txt` is linted with the default rules plus
//! `<rule>` (so pedantic rules are on in their own folder). Every rule runs, so folding and
//! the strict-syntax catch-all behave as in real use, but a case is about its folder's rule.
//! Its expectation markers state where that rule's findings start (tests/it/support/markers.rs:
//! `# expect: <rule>` above the line, `# expect-file: <rule>`, `# expect-none`, or a sidecar
//! `<case>.expect` for a case whose bytes are the point). The markers are checked first.
//! Then the snapshot beside the case, `<rule>/<case>.txt.snap`, holds that rule's findings in
//! full (with what folded into them, or the finding it folded into) and, where its fixes
//! apply, the text with only its fixes applied (safe and unsafe): another rule's change never
//! churns this folder. `<rule>/<case>.http` is a recorded fetch (raw
//! HTTP answers, see `robolint::fetch::recorded`), replayed without a network and linted as
//! `robolint URL` would; a fetched file cannot be fixed in place, so its snapshot holds
//! findings only. `corpus/seeds/` holds the examples from the specifications, which must lint
//! clean at default settings: they are whole files, not a rule's cases, and carry no markers.
//!
//! A snapshot that is missing or differs fails the test, and is never written over: insta
//! leaves the new one beside it as `<case>.txt.snap.new` (under `CI=true`, not even that).
//! `cargo insta review` shows each one to accept or reject; an expectation is only as good
//! as its review.

use crate::support::{case_config, markers};

use std::fmt::Write;
use std::fs;
use std::path::{Path, PathBuf};

use robolint::diagnostic::{Diagnostic, Evidence};
use robolint::fetch::recorded;
use robolint::model::Span;
use robolint::render::position;
use robolint::{lint, lint_fetched, Report, Settings, Severity, Source};

fn corpus_dir() -> PathBuf {
    Path::new(crate::support::ROOT).join("corpus")
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

/// The snapshot of a case of `rule`: each of its findings as `line:col-line:col
/// severity[CODE name] message` with what it carries indented below it, then the text its
/// fixes give, if any.
fn describe(report: &Report, rule: &str, fixed: Option<&case_config::FixedBy>) -> String {
    let mut out = String::new();
    let findings: Vec<&Diagnostic> =
        report.diagnostics.iter().filter(|finding| markers::holds(report, finding, rule)).collect();
    if findings.is_empty() {
        let _ = writeln!(out, "no findings of {rule}");
    }
    for finding in findings {
        describe_finding(&mut out, report, finding);
    }
    if let Some(fixed) = fixed {
        let fixes = if fixed.applied == 1 { "fix" } else { "fixes" };
        let _ = writeln!(out, "\nwith {rule}'s fixes applied ({} {fixes}):", fixed.applied);
        push_text(&mut out, &fixed.text);
    }
    out
}

/// Lints a case of `rule`'s folder as its snapshot and markers see it.
fn lint_rule_case(rule: &str, case: &Path) -> (Vec<u8>, Settings, Report) {
    let bytes = fs::read(case).expect("case is readable");
    let settings = case_config::rule_case_settings(rule, case);
    let report = lint_case(case, &bytes, &settings);
    (bytes, settings, report)
}

/// Whether `rule`'s findings in `report` start where the markers of `case` say; if not, which
/// are missing and which unexpected.
fn check_markers(rule: &str, case: &Path, bytes: &[u8], report: &Report) -> Result<(), String> {
    let shown = case.strip_prefix(crate::support::ROOT).unwrap_or(case).display();
    let expected = markers::expected(case, bytes).map_err(|error| format!("{shown}: {error}"))?;
    let found = markers::found(report, rule);
    if expected == found {
        return Ok(());
    }
    let list = |places: Vec<&markers::Place>| {
        places.iter().map(|(rule, line)| format!("{rule} on line {line}")).collect::<Vec<_>>().join(", ")
    };
    Err(format!(
        "{shown}: the markers and what {rule} finds differ\n    marked, not found: {}\n    found, not marked: {}",
        list(expected.difference(&found).collect()),
        list(found.difference(&expected).collect()),
    ))
}

/// The rule whose cases a corpus folder holds; `None` for the seeds and samples.
fn folder_rule(case: &Path) -> Option<&'static str> {
    let folder = case.parent().and_then(Path::file_name).and_then(|name| name.to_str())?;
    markers::rule_named(folder).map(|rule| rule.name())
}

fn describe_finding(out: &mut String, report: &Report, finding: &Diagnostic) {
    let text = report.source.text.as_str();
    let at = |offset| {
        let p = position(report, offset);
        format!("{}:{}", p.line, p.column)
    };
    let range = |span: Span| format!("{}-{}", at(span.start()), at(span.end()));
    let _ = writeln!(
        out,
        "{} {}[{} {}] {}",
        range(finding.span),
        finding.severity.as_str(),
        finding.code,
        finding.name,
        visible(&finding.message.render(text))
    );
    match &finding.evidence {
        Evidence::Levels => {}
        Evidence::Misread(dialects) => {
            let names: Vec<&str> = dialects.iter().map(|dialect| dialect.name()).collect();
            let _ = writeln!(out, "    evidence: misread by {}", names.join(", "));
        }
        Evidence::NoEffect => {
            let _ = writeln!(out, "    evidence: no robot of today reads anything differently");
        }
    }
    if finding.beyond_targets {
        let _ = writeln!(out, "    left out by default: only robots outside the targets are concerned");
    }
    for label in &finding.labels {
        let _ = writeln!(out, "    label {}: {}", range(label.span), visible(&label.message.render(text)));
    }
    for note in &finding.notes {
        let _ = writeln!(out, "    note: {}", visible(note));
    }
    if let Some(help) = &finding.help {
        let _ = writeln!(out, "    help: {}", visible(&help.render(text)));
    }
    if !finding.affects.is_empty() {
        let dialects: Vec<&str> = finding.affects.iter().map(|dialect| dialect.name()).collect();
        let _ = writeln!(out, "    affects: {}", dialects.join(", "));
    }
    if let Some(witness) = &finding.witness {
        let claims: Vec<String> = witness
            .claims
            .iter()
            .map(|(dialect, allowed)| format!("{} {}", dialect.name(), if *allowed { "allows" } else { "disallows" }))
            .collect();
        let _ = writeln!(out, "    witness: robot {:?}, URL {:?}: {}", witness.robot, witness.url, claims.join(", "));
    }
    if let Some(fix) = &finding.fix {
        let _ = writeln!(out, "    fix ({}): {}", fix.applicability.as_str(), visible(&fix.message));
        for edit in &fix.edits {
            let _ = match (edit.span.is_empty(), edit.replacement.is_empty()) {
                (true, _) => writeln!(out, "        insert {:?} at {}", edit.replacement, at(edit.span.start())),
                (false, true) => writeln!(out, "        delete {}", range(edit.span)),
                (false, false) => writeln!(out, "        replace {} with {:?}", range(edit.span), edit.replacement),
            };
        }
    }
}

/// Pushes `text` one line per line behind a `| ` gutter, so that blank lines and the end
/// survive (insta trims a snapshot's end, and reads CRLF as LF), with a missing final line
/// end said as `diff` says it.
fn push_text(out: &mut String, text: &str) {
    let mut lines = text.split_inclusive('\n').peekable();
    if lines.peek().is_none() {
        out.push_str("(empty)\n");
    }
    for line in lines {
        let content = line.strip_suffix('\n').unwrap_or(line);
        out.push('|');
        if !content.is_empty() {
            out.push(' ');
            out.push_str(&visible(content));
        }
        out.push('\n');
        if !line.ends_with('\n') {
            out.push_str("\\ No newline at end of file\n");
        }
    }
}

/// `text` with what a reviewer could not see escaped as Rust escapes it (`\r`, `\t`,
/// `\u{feff}`, other control and invisible characters), whitespace other than the space as
/// `\u{a0}` and the like, and trailing spaces as `\u{20}`: a fix that changes only those
/// must show in the snapshot's diff. Quotes and backslashes stay as they are, for reading.
fn visible(text: &str) -> String {
    let kept = text.trim_end_matches(' ');
    let mut out = String::with_capacity(text.len());
    for c in kept.chars() {
        match c {
            '\\' | '\'' | '"' => out.push(c),
            c if c.is_whitespace() && !c.is_ascii() => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            _ => out.extend(c.escape_debug()),
        }
    }
    for _ in kept.len()..text.len() {
        out.push_str("\\u{20}");
    }
    out
}

/// Every case's markers at once: the snapshot test stops at the first case whose markers differ.
#[test]
fn every_case_finds_what_its_markers_state() {
    let mut problems = Vec::new();
    for folder in fs::read_dir(corpus_dir()).expect("corpus/ is readable") {
        for case in cases(&folder.expect("corpus entry").path()) {
            let Some(rule) = folder_rule(&case) else { continue };
            let (bytes, _, report) = lint_rule_case(rule, &case);
            problems.extend(check_markers(rule, &case, &bytes, &report).err());
        }
    }
    problems.sort();
    assert!(problems.is_empty(), "{} cases differ from their markers:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn every_rule_case_matches_its_snapshot() {
    insta::glob!("../../corpus", "*/*.{txt,http}", |case| {
        // Seeds and samples are whole files, not a rule's cases: linted below and elsewhere.
        let Some(rule) = folder_rule(case) else { return };
        let (bytes, settings, report) = lint_rule_case(rule, case);
        if let Err(problem) = check_markers(rule, case, &bytes, &report) {
            panic!("{problem}\n(the markers come first: a snapshot is compared once they hold)");
        }
        let fixed = (!is_recorded_fetch(case)).then(|| case_config::fixed_by(rule, &bytes, &settings)).flatten();
        let snapshot = describe(&report, rule, fixed.as_ref());
        let name = case.file_name().and_then(|name| name.to_str()).expect("a UTF-8 case name");
        let mut beside_the_case = insta::Settings::clone_current();
        beside_the_case.set_snapshot_path(case.parent().expect("a case is in a folder"));
        beside_the_case.set_prepend_module_to_snapshot(false);
        beside_the_case.remove_snapshot_suffix();
        beside_the_case.set_omit_expression(true);
        beside_the_case.bind(|| insta::assert_snapshot!(name, snapshot));
    });
}

/// A snapshot or a sidecar of markers outlives its case when the case is renamed or
/// removed; nothing reads it again, so it would be left to mislead.
#[test]
fn every_snapshot_and_sidecar_has_its_case() {
    let mut orphans = Vec::new();
    for folder in fs::read_dir(corpus_dir()).expect("corpus/ is readable") {
        for file in fs::read_dir(folder.expect("corpus entry").path()).into_iter().flatten() {
            let file = file.expect("corpus entry").path();
            let has_case = match file.extension().and_then(|ext| ext.to_str()) {
                Some("snap") => file.with_extension("").is_file(),
                Some("expect") => ["txt", "http"].iter().any(|ext| file.with_extension(ext).is_file()),
                _ => true,
            };
            if !has_case {
                orphans.push(file.display().to_string());
            }
        }
    }
    orphans.sort();
    assert!(orphans.is_empty(), "snapshots or sidecars without their case:\n{}", orphans.join("\n"));
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

/// Specification examples that today's robots read otherwise than their authors meant, with
/// the one rule that says so. robotstxt.org's "allow a single robot" names its robot
/// `Google`, a name no robot sends: copied as written, it keeps Googlebot off the whole site.
const EXAMPLES_WRONG_FOR_TODAYS_ROBOTS: &[(&str, &str)] = &[("robotstxt-org-allow-single-robot.txt", "RL213")];

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
            .filter(|d| {
                let name = seed.file_name().and_then(|name| name.to_str()).unwrap_or_default();
                !EXAMPLES_WRONG_FOR_TODAYS_ROBOTS.contains(&(name, d.code))
            })
            .map(|d| format!("{} {}: {}", d.code, d.name, d.message.render(&report.source.text)))
            .collect();
        assert!(serious.is_empty(), "{} is a specification example but gets: {serious:#?}", seed.display());
    }
}
