//! What the compiler cannot hold a rule to. build.rs checks `rules/*.toml` (keys, codes in
//! their category's band, unique codes, `explains` naming rules) and the registry checks each
//! line against its file as it compiles. Here: every source file is registered, every rule has
//! `corpus/<name>/` with a case that fires and one that does not, its documented examples
//! behave, and what its fixes and options are matches what its metadata declares.

use crate::support::case_config;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use robolint::diagnostic::Applicability;
use robolint::fetch::recorded;
use robolint::rules::{Category, Explained, Rule};
use robolint::{lint, lint_fetched, rules, Report, Settings, Source};

fn root() -> &'static Path {
    Path::new(crate::support::ROOT)
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
fn every_rule_source_is_registered_and_every_rule_has_corpus() {
    // A rule's source is `src/rules/<category>/<module>.rs`, its module its name in
    // snake_case; the registry's build fails for a line whose module is elsewhere.
    let registered: BTreeSet<String> =
        rules::all().iter().map(|rule| format!("{}/{}", rule.category(), rule.name().replace('-', "_"))).collect();
    let folders =
        names_in("src/rules", |path| path.is_dir().then(|| path.file_name()?.to_str().map(str::to_string))?);
    let sources: BTreeSet<String> = folders
        .iter()
        .flat_map(|folder| {
            names_in(&format!("src/rules/{folder}"), |path| {
                stem_with_extension(path, "rs").filter(|stem| stem != "mod")
            })
            .into_iter()
            .map(move |module| format!("{folder}/{module}"))
        })
        .collect();
    let corpus = names_in("corpus", |path| {
        path.is_dir()
            .then(|| path.file_name()?.to_str().map(str::to_string))
            .flatten()
            .filter(|name| !NOT_RULES.contains(&name.as_str()))
    });
    let mut missing = Vec::new();
    for module in sources.difference(&registered) {
        missing.push(format!(
            "src/rules/{module}.rs has no line in the registry (src/rules/mod.rs), or its rule's category is not its folder"
        ));
    }
    let names: BTreeSet<String> = rules::all().iter().map(|rule| rule.name().to_string()).collect();
    for name in corpus.difference(&names) {
        missing.push(format!("corpus/{name}/ belongs to no registered rule"));
    }
    for rule in rules::all() {
        let name = rule.name();
        if !corpus.contains(name) {
            missing.push(format!("rule `{name}` has no corpus folder corpus/{name}/"));
        }
    }
    assert!(missing.is_empty(), "incomplete rules:\n{}", missing.join("\n"));
}

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
        // The default rules plus this one, as in tests/it/corpus.rs: suppressions and
        // strict-failure explanations depend on the other rules being on.
        let settings = Settings { extend_select: vec![name.to_string()], ..Settings::default() };
        let (mut fires, mut quiet, mut fixed) = (false, false, false);
        for case in corpus_cases(name) {
            let bytes = fs::read(&case).expect("case is readable");
            let recorded_fetch = case.extension().is_some_and(|ext| ext == "http");
            let settings = case_config::with_case_config(&case, &settings);
            let report = lint_input(&bytes, recorded_fetch, Some(&case), &settings);
            let own: Vec<_> = report.diagnostics.iter().filter(|d| d.name == name).collect();
            fires |= !own.is_empty();
            quiet |= own.is_empty();
            fixed |= own.iter().any(|d| d.fix.is_some());
        }
        if !fires {
            problems.push(format!("corpus/{name}/ has no case where {name} fires"));
        }
        if !quiet {
            problems.push(format!("corpus/{name}/ has no near-miss case where {name} stays quiet"));
        }
        if rule.metadata().fix != rules::FixAvailability::None && !fixed {
            problems.push(format!(
                "corpus/{name}/ has no case where {name} offers its fix, though rules/{name}.toml declares one"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Rules whose bad example cannot be shown in a few lines of TOML text (the bytes
/// themselves are the problem, it takes more lines than the default limit, or it needs a
/// setting of robolint.toml) document it in words instead.
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
    "crawler-policy",
];

#[test]
fn documented_examples_behave_as_documented() {
    let mut problems = Vec::new();
    for rule in rules::all() {
        let name = rule.name();
        if DESCRIBED_NOT_SHOWN.contains(&name) {
            continue;
        }
        // The default rules plus this one, as in tests/it/corpus.rs: suppressions and
        // strict-failure explanations depend on the other rules being on.
        let settings = Settings { extend_select: vec![name.to_string()], ..Settings::default() };
        // The rules about fetching document recorded fetches (raw HTTP answers), not files.
        let recorded_fetch = rule.category() == Category::Http;
        let fires = |text: &str| {
            lint_input(text.as_bytes(), recorded_fetch, None, &settings).diagnostics.iter().any(|d| d.name == name)
        };
        if !fires(&rule.metadata().docs.bad) {
            problems.push(format!("{name}: the `bad` example in rules/{name}.toml does not trigger the rule"));
        }
        if fires(&rule.metadata().docs.good) {
            problems.push(format!("{name}: the `good` example in rules/{name}.toml triggers the rule"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The engine hands a rule what its kind reads: the rules about fetching, and only they,
/// judge the exchange (a rule of another category run for every fetch would judge files that
/// were never fetched), and the rules that read what other rules found (the strict-syntax
/// catch-all, the suppression rules) read the whole document once those rules are done.
#[test]
fn every_rule_is_of_the_kind_its_category_needs() {
    let mut problems = Vec::new();
    for rule in rules::all() {
        let (name, category) = (rule.name(), rule.category());
        let judges_fetch = matches!(rule.check(), rules::Check::Fetch(_));
        if judges_fetch != (category == Category::Http) {
            problems.push(format!("{name} ({category}) is a {:?} rule", rule.check()));
        }
        let reads_findings = category == Category::Suppression || *rule == Rule::StrictSyntax;
        if reads_findings && !matches!(rule.check(), rules::Check::Document(_)) {
            problems.push(format!("{name} reads other rules' findings, so it must read the whole document"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// docs/rules.md's sentence listing the bands names exactly the bands of `Category`: a band it
/// promises has rules (or may have them), one it leaves out has none.
#[test]
fn readme_lists_the_bands_there_are() {
    let readme = fs::read_to_string(root().join("docs/rules.md")).expect("docs/rules.md");
    let sentence = readme.split("stable code in a band: ").nth(1).expect("docs/rules.md lists the bands");
    let sentence = &sentence[..sentence.find('.').expect("the list ends with a full stop")];
    let listed: Vec<&str> = sentence.split(',').map(str::trim).collect();
    let expected: Vec<String> =
        Category::ALL.iter().map(|band| format!("{}xx {}", band.prefix(), band.about())).collect();
    assert_eq!(listed, expected, "docs/rules.md's bands differ from rules::Category");
}

/// Whether a fix that `declared` promises may come out as `emitted`.
fn fix_allowed(declared: rules::FixAvailability, emitted: Applicability) -> bool {
    use rules::FixAvailability::{Mixed, None, Safe, Unsafe};
    match declared {
        None => false,
        Safe => emitted == Applicability::Safe,
        Unsafe => emitted == Applicability::Unsafe,
        Mixed => true,
    }
}

/// Every corpus case, with its folder's rule on: each fix a rule emits is what its metadata
/// declares (none, safe, unsafe or mixed), and a rule that declares a fix emits one, and
/// a `mixed` one both kinds, somewhere in the corpus.
#[test]
fn declared_fix_safety_matches_what_rules_emit() {
    let mut emitted: BTreeSet<(&'static str, &'static str)> = BTreeSet::new();
    let mut problems = Vec::new();
    for rule in rules::all() {
        let settings = Settings { extend_select: vec![rule.name().to_string()], ..Settings::default() };
        for case in corpus_cases(rule.name()) {
            let bytes = fs::read(&case).expect("case is readable");
            let recorded_fetch = case.extension().is_some_and(|ext| ext == "http");
            let settings = case_config::with_case_config(&case, &settings);
            for diagnostic in lint_input(&bytes, recorded_fetch, Some(&case), &settings).diagnostics {
                let Some(fix) = &diagnostic.fix else { continue };
                let declared = rules::find(diagnostic.name).expect("a finding names a rule").metadata().fix;
                if !fix_allowed(declared, fix.applicability) {
                    problems.push(format!(
                        "{}: emits a {} fix in {}, but rules/{}.toml declares fix = {declared:?}",
                        diagnostic.name,
                        fix.applicability.as_str(),
                        case.display(),
                        diagnostic.name
                    ));
                }
                emitted.insert((diagnostic.name, fix.applicability.as_str()));
            }
        }
    }
    for rule in rules::all() {
        let wanted: &[Applicability] = match rule.metadata().fix {
            rules::FixAvailability::None => &[],
            rules::FixAvailability::Safe => &[Applicability::Safe],
            rules::FixAvailability::Unsafe => &[Applicability::Unsafe],
            rules::FixAvailability::Mixed => &[Applicability::Safe, Applicability::Unsafe],
        };
        for kind in wanted {
            if !emitted.contains(&(rule.name(), kind.as_str())) {
                problems.push(format!(
                    "{}: declares {} fixes but emits none in corpus/{0}/",
                    rule.name(),
                    kind.as_str()
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A rule with options in its metadata reads them into its own `Options` type (its registry
/// line says `with Options`), and the defaults written in the metadata fit that type; a rule
/// without options takes none.
#[test]
fn declared_options_have_a_typed_reader() {
    let mut problems = Vec::new();
    for rule in rules::all() {
        let declared = !rule.metadata().options.is_empty();
        match (declared, rule.parse_options(&toml::Table::new())) {
            (true, Err(error)) => problems.push(format!("{}: options declared but not read: {error}", rule.name())),
            (false, Ok(_)) => problems.push(format!("{}: reads options its metadata does not declare", rule.name())),
            _ => {}
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The rules `explains` names (build.rs checks they exist) form no cycle: folding follows
/// explanations to a finding that nothing explains (`fold_findings_explained_by_others`).
#[test]
fn explanations_form_no_cycle() {
    let explains = |name: &str| -> Vec<&'static str> {
        let rule = rules::find(name).expect("a rule");
        let named = rule.metadata().explains.iter();
        named
            .filter_map(|named| match named {
                Explained::Rule(named) => Some(named.name()),
                Explained::Any => None,
            })
            .collect()
    };
    let mut problems = Vec::new();
    for rule in rules::all() {
        // Depth-first along the named explanations, back to where it started or not at all.
        let mut stack = explains(rule.name());
        let mut seen = BTreeSet::new();
        while let Some(next) = stack.pop() {
            if next == rule.name() {
                problems.push(format!("{} explains itself through other rules", rule.name()));
                break;
            }
            if seen.insert(next) && rules::find(next).is_some() {
                stack.extend(explains(next));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
