//! Each hostile file of `benches/support/worst_cases.rs` at the 2 MiB size cap is linted to
//! the end and gives the findings it should. Each was quadratic somewhere (minutes at the
//! cap); how long they take now is for `cargo bench --bench lint -- worst-case`, not for a
//! test.

use std::collections::BTreeMap;

use robolint::diagnostic::Applicability;
use robolint::dialect::{Dialect, Matcher};
use robolint::source::DEFAULT_SIZE_CAP;
use robolint::{lint, parse, Settings, Source};

#[path = "../../benches/support/worst_cases.rs"]
mod shapes;

fn all_cases() -> impl Iterator<Item = &'static shapes::WorstCase> {
    shapes::WORST_CASES.iter().chain(shapes::ISSUE_34_CASES)
}

/// Every robot's view, where every finding is its own: the most work for the rules.
fn portable() -> Settings {
    Settings { targets: Dialect::ALL.to_vec(), ..Settings::default() }
}

/// How many findings of each rule the case's file at the cap gives, counting those folded
/// into one as they were found.
fn findings(name: &str) -> BTreeMap<&'static str, usize> {
    let case = all_cases().find(|case| case.name == name).expect("a worst case of that name");
    let text = (case.generate)(DEFAULT_SIZE_CAP);
    assert!(text.len() <= DEFAULT_SIZE_CAP && text.len() > DEFAULT_SIZE_CAP - 25_000, "{name}: {} bytes", text.len());
    let report = lint(Source::from(text.as_str()), None, &portable());
    let mut counts = BTreeMap::new();
    for diagnostic in &report.diagnostics {
        let folded = diagnostic
            .labels
            .iter()
            .filter(|label| label.message.render(&report.source.text) == robolint::diagnostic::FOLDED)
            .count();
        *counts.entry(diagnostic.name).or_default() += 1 + folded;
    }
    counts
}

const STAR_RECORDS: usize = 63_886;
const CASE_PAIRS: usize = 51_691;
const NESTED_PAIRS: usize = 9_356;
const NESTED_REDUNDANT: usize = 130;
const WILDCARD_RULES: usize = 21_734;
const PREFIXED_WILDCARDS: usize = 100_374;

fn expect(name: &str, expected: &[(&'static str, usize)]) {
    let stresses = all_cases().find(|case| case.name == name).map_or("", |case| case.stresses);
    assert_eq!(
        findings(name),
        expected.iter().copied().collect::<BTreeMap<_, _>>(),
        "{name}, the worst case of {stresses}"
    );
}

#[test]
fn star_records() {
    expect(
        "star-records",
        &[("file-too-large", 1), ("multiple-star-records", STAR_RECORDS - 1), ("too-many-rules", 1)],
    );
}

#[test]
fn every_star_record_is_proven_by_a_witness() {
    let text = shapes::star_records(DEFAULT_SIZE_CAP);
    let report = lint(Source::from(text.as_str()), None, &portable());
    let second_records = report.diagnostics.iter().filter(|d| d.name == "multiple-star-records");
    assert!(second_records.clone().all(|diagnostic| diagnostic.witness.is_some()));
    assert_eq!(second_records.count(), STAR_RECORDS - 1);
}

#[test]
fn agents_in_one_record() {
    expect("agents-in-one-record", &[("file-too-large", 1)]);
}

#[test]
fn distinct_agent_records() {
    expect("distinct-agent-records", &[("file-too-large", 1), ("too-many-rules", 1)]);
}

#[test]
fn rules_in_one_group() {
    expect("rules-in-one-group", &[("file-too-large", 1), ("too-many-rules", 1)]);
}

#[test]
fn wildcard_rules() {
    expect("wildcard-rules", &[("file-too-large", 1), ("glob-pattern", WILDCARD_RULES), ("too-many-rules", 1)]);
}

#[test]
fn prefixed_wildcards() {
    expect("prefixed-wildcards", &[("file-too-large", 1), ("glob-pattern", PREFIXED_WILDCARDS), ("too-many-rules", 1)]);
}

#[test]
fn one_long_wildcard() {
    expect("one-long-wildcard", &[("file-too-large", 1), ("glob-pattern", 1), ("long-line", 1), ("path-too-long", 1)]);
}

#[test]
fn long_lines() {
    // Comment lines: what Google cuts off is a comment, so `long-line` has nothing to say.
    expect("long-lines", &[("file-too-large", 1), ("sensitive-path", 1)]);
}

#[test]
fn nested_prefixes() {
    expect(
        "nested-prefixes",
        &[
            // Each Allow's allow-for-1994-robots is a label of its shadowed-rule finding.
            ("duplicate-rule", NESTED_PAIRS - 200),
            ("file-too-large", 1),
            ("redundant-rule", NESTED_REDUNDANT),
            ("shadowed-rule", NESTED_PAIRS),
            ("too-many-rules", 1),
        ],
    );
}

#[test]
fn case_variants() {
    expect("case-variants", &[("file-too-large", 1), ("path-case-variants", CASE_PAIRS), ("too-many-rules", 1)]);
}

#[test]
fn star_disallows_and_an_ai_group() {
    // One finding for GPTBot, naming the `*` paths its group does not repeat.
    expect(
        "star-disallows-and-an-ai-group",
        &[("ai-group-looser-than-star", 1), ("file-too-large", 1), ("sensitive-path", 1), ("too-many-rules", 1)],
    );
}

/// What `check` and `matrix` do: matchers for many robots, compiled once over 2 MiB of
/// `*` records, each asked many URLs, each answered by the right line.
#[test]
fn matchers_over_the_star_records_name_the_deciding_line() {
    let text = shapes::star_records(DEFAULT_SIZE_CAP);
    let document = parse::parse_text(&text);
    let robots: Vec<String> = (0..50).map(|n| format!("bot{n}")).collect();
    for dialect in [Dialect::Google, Dialect::Draft1996] {
        let matchers = Matcher::for_robots(&document, &text, robots.iter().map(String::as_str), dialect);
        for matcher in &matchers {
            for record in (0..STAR_RECORDS).step_by(97) {
                let verdict = matcher.allowed(&format!("/p{record}/page.html"));
                let decided = verdict.reason.rule().map(|rule| rule.line);
                // RFC 9309 robots merge the `*` records and the longest path decides; 1996
                // robots read only the first.
                let expected = match dialect {
                    Dialect::Draft1996 => (record == 0).then_some(1),
                    _ => Some(record * 3 + 1),
                };
                assert_eq!(decided, expected, "{dialect:?} /p{record}");
            }
        }
    }
}

/// Issue 34: a file of misspelt Disallow lines at the cap is fixed whole (each fix was
/// compared with every fix taken before it: 48 s of CPU at the cap).
#[test]
fn misspelt_disallows_are_all_fixed_at_the_cap() {
    let text = shapes::misspelt_disallows(DEFAULT_SIZE_CAP);
    let fixed = robolint::fix::fix_text(&text, None, &Settings::default(), Applicability::Safe);
    // Every typo is fixed; then `/p1` makes `/p10` and the like redundant, and they go.
    let kept: Vec<&str> = fixed.text.lines().collect();
    let expected: Vec<String> =
        std::iter::once("User-agent: *".to_string()).chain((0..10).map(|n| format!("Disallow: /p{n}"))).collect();
    assert_eq!(kept, expected);
}

/// Issue 34's lint shapes: each read the whole file again for every line, or every record
/// (a minute or more at the cap for several), and now is linted to the end with its findings.
#[test]
fn misspelt_disallows() {
    expect("misspelt-disallows", &[("field-typo", 110_412), ("file-too-large", 1), ("record-without-disallow", 1)]);
}

#[test]
fn indented_rules() {
    expect(
        "indented-rules",
        &[("file-too-large", 1), ("line-continuation", 100_374), ("redundant-rule", 100_364), ("too-many-rules", 1)],
    );
}

#[test]
fn unused_suppressions() {
    expect(
        "unused-suppressions",
        &[("file-too-large", 1), ("redundant-rule", 41_328), ("too-many-rules", 1), ("unused-suppression", 41_338)],
    );
}

#[test]
fn suppression_comments() {
    expect("suppression-comments", &[("file-too-large", 1), ("unused-suppression", 63_549)]);
}

#[test]
fn content_signal_lines() {
    expect("content-signal-lines", &[("file-too-large", 1), ("sensitive-path", 1)]);
}

#[test]
fn one_character_lines() {
    expect("one-character-lines", &[("file-too-large", 1), ("invalid-line", 1_048_576)]);
}

#[test]
fn repeated_star_agents() {
    expect(
        "repeated-star-agents",
        &[("file-too-large", 1), ("multiple-star-records", 139_809), ("record-without-disallow", 139_810)],
    );
}

#[test]
fn held_back_globs() {
    expect("held-back-globs", &[("file-too-large", 1), ("glob-pattern", 105_154), ("too-many-rules", 1)]);
}

#[test]
fn one_long_path() {
    expect("one-long-path", &[("file-too-large", 1), ("long-line", 1), ("path-too-long", 1)]);
}

/// `--fix` on glob patterns without their leading `/`: adding it would change what Google
/// does on `/pN/`, so no safe fix applies, and the file is left as it was.
#[test]
fn held_back_globs_are_left_as_written_at_the_cap() {
    let text = shapes::held_back_globs(DEFAULT_SIZE_CAP);
    let fixed = robolint::fix::fix_text(&text, None, &Settings::default(), Applicability::Safe);
    assert_eq!((fixed.applied, fixed.text == text), (0, true));
}

#[test]
fn rules_before_any_agent() {
    expect(
        "rules-before-any-agent",
        &[("file-too-large", 1), ("rule-before-user-agent", 116_224), ("too-many-rules", 1)],
    );
}
