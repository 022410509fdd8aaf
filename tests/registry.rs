//! Every rule has its four parts: `src/rules/<module>.rs`, a registry line, `rules/<name>.toml`
//! and `corpus/<name>/` with a case that fires and one that does not. A missing part fails
//! here with the rule and the part named.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use robolint::fetch::recorded;
use robolint::{lint, lint_fetched, rules, Report, Settings, Source};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn names_in(folder: &str, keep: impl Fn(&Path) -> Option<String>) -> BTreeSet<String> {
    fs::read_dir(root().join(folder))
        .unwrap_or_else(|error| panic!("{folder}/ is missing: {error}"))
        .filter_map(|entry| keep(&entry.expect("directory entry").path()))
        .collect()
}

fn stem_with_extension(path: &Path, extension: &str) -> Option<String> {
    (path.extension()? == extension).then(|| path.file_stem()?.to_str().map(str::to_string))?
}

/// Corpus folders that hold whole files rather than one rule's cases: the specifications'
/// examples (which must lint clean) and the README's sample.
const NOT_RULES: &[&str] = &["seeds", "samples"];

#[test]
fn every_rule_has_source_registry_line_metadata_and_corpus() {
    let registered: BTreeSet<String> = rules::all().iter().map(|rule| rule.module.to_string()).collect();
    let sources = names_in("src/rules", |path| stem_with_extension(path, "rs").filter(|stem| stem != "mod"));
    let metadata = names_in("rules", |path| stem_with_extension(path, "toml"));
    let corpus = names_in("corpus", |path| {
        path.is_dir()
            .then(|| path.file_name()?.to_str().map(str::to_string))
            .flatten()
            .filter(|name| !NOT_RULES.contains(&name.as_str()))
    });
    let mut missing = Vec::new();
    for module in sources.difference(&registered) {
        missing.push(format!("src/rules/{module}.rs has no line in the registry (src/rules/mod.rs)"));
    }
    let names: BTreeSet<String> = rules::all().iter().map(|rule| rule.name().to_string()).collect();
    for name in metadata.difference(&names) {
        missing.push(format!("rules/{name}.toml belongs to no registered rule"));
    }
    for name in corpus.difference(&names) {
        missing.push(format!("corpus/{name}/ belongs to no registered rule"));
    }
    for rule in rules::all() {
        let name = rule.name();
        if rule.module != name.replace('-', "_") {
            missing.push(format!(
                "rule `{name}` is implemented in module `{}`; expected `{}`",
                rule.module,
                name.replace('-', "_")
            ));
        }
        if !corpus.contains(name) {
            missing.push(format!("rule `{name}` has no corpus folder corpus/{name}/"));
        }
    }
    assert!(missing.is_empty(), "incomplete rules:\n{}", missing.join("\n"));
}

#[test]
fn codes_and_names_are_unique_and_well_formed() {
    let mut codes = BTreeSet::new();
    let mut names = BTreeSet::new();
    for rule in rules::all() {
        let code = rule.code();
        let name = rule.name();
        assert!(
            code.len() == 5 && code.starts_with("RL") && code[2..].chars().all(|c| c.is_ascii_digit()),
            "{name}: code `{code}` is not RLnnn"
        );
        assert!(
            name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "`{name}` is not kebab-case"
        );
        assert!(codes.insert(code.to_string()), "code {code} is used twice");
        assert!(names.insert(name.to_string()), "name {name} is used twice");
        assert!(!rule.metadata.summary.trim().is_empty(), "{name}: empty summary");
        assert!(!rule.metadata.spec.trim().is_empty(), "{name}: no spec reference");
        assert!(!rule.metadata.docs.why.trim().is_empty(), "{name}: no docs.why");
    }
}

/// Rules of this category judge how a URL was fetched: their corpus cases and documented
/// examples are recorded fetches (raw HTTP answers), not robots.txt files.
const HTTP_CATEGORY: &str = "http";

/// Lints a corpus case or documented example: a recorded fetch when it is one, else a file.
fn lint_input(bytes: &[u8], recorded_fetch: bool, path: Option<&Path>, settings: &Settings) -> Report {
    if recorded_fetch {
        let fetch = recorded::replay(bytes).unwrap_or_else(|error| panic!("a recorded fetch is invalid: {error}"));
        return lint_fetched(&fetch, settings);
    }
    lint(Source::from_bytes(bytes), path, settings)
}

fn corpus_cases(name: &str) -> Vec<PathBuf> {
    let folder = root().join("corpus").join(name);
    let mut cases: Vec<PathBuf> = fs::read_dir(&folder)
        .map(|entries| {
            entries
                .filter_map(|entry| entry.ok().map(|entry| entry.path()))
                .filter(|path| path.extension().is_some_and(|ext| ext == "txt" || ext == "http"))
                .collect()
        })
        .unwrap_or_default();
    cases.sort();
    cases
}

#[test]
fn every_rule_corpus_has_a_finding_and_a_near_miss() {
    let mut problems = Vec::new();
    for rule in rules::all() {
        let name = rule.name();
        // The default rules plus this one, as in tests/corpus.rs: suppressions and
        // strict-failure explanations depend on the other rules being on.
        let settings = Settings { extend_select: vec![name.to_string()], ..Settings::default() };
        let (mut fires, mut quiet, mut fixed) = (false, false, false);
        for case in corpus_cases(name) {
            let bytes = fs::read(&case).expect("case is readable");
            let recorded_fetch = case.extension().is_some_and(|ext| ext == "http");
            let report = lint_input(&bytes, recorded_fetch, Some(&case), &settings);
            if report.diagnostics.iter().any(|d| d.name == name) {
                fires = true;
            } else {
                quiet = true;
            }
            fixed |= case.with_extension("fixed").exists();
        }
        if !fires {
            problems.push(format!("corpus/{name}/ has no case where {name} fires"));
        }
        if !quiet {
            problems.push(format!("corpus/{name}/ has no near-miss case where {name} stays quiet"));
        }
        if rule.metadata.fix != rules::FixAvailability::None && !fixed {
            problems.push(format!("corpus/{name}/ has no .fixed case, though {name} has a fix"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Rules whose bad example cannot be shown in a few lines of TOML text (the bytes
/// themselves are the problem, or it takes more lines than the default limit) document it
/// in words instead.
const DESCRIBED_NOT_SHOWN: &[&str] = &[
    "invalid-utf8",
    "utf16-encoding",
    "file-too-large",
    "binary-content",
    "too-many-rules",
    "long-line",
    "nul-byte",
    "file-name",
    "path-too-long",
];

#[test]
fn documented_examples_behave_as_documented() {
    let mut problems = Vec::new();
    for rule in rules::all() {
        let name = rule.name();
        if DESCRIBED_NOT_SHOWN.contains(&name) {
            continue;
        }
        // The default rules plus this one, as in tests/corpus.rs: suppressions and
        // strict-failure explanations depend on the other rules being on.
        let settings = Settings { extend_select: vec![name.to_string()], ..Settings::default() };
        let recorded_fetch = rule.metadata.category == HTTP_CATEGORY;
        let fires = |text: &str| {
            lint_input(text.as_bytes(), recorded_fetch, None, &settings).diagnostics.iter().any(|d| d.name == name)
        };
        if !fires(&rule.metadata.docs.bad) {
            problems.push(format!("{name}: the `bad` example in rules/{name}.toml does not trigger the rule"));
        }
        if fires(&rule.metadata.docs.good) {
            problems.push(format!("{name}: the `good` example in rules/{name}.toml triggers the rule"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
