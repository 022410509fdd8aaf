//! 100,000 records, linted in this process: the library takes any size cap, where the
//! binary reads at most `DEFAULT_SIZE_CAP` bytes. A test binary of its own, because holding
//! such a document makes this process large, and `tests/it/bad_input.rs` measures the peak
//! memory of the robolint processes it spawns, which Linux charges with the spawner's own.

use std::io::Write;

use robolint::{lint, Report, Settings, Source};

/// 100,000 records, all read (the library takes any cap): findings about the file's size
/// and rule count, none per record.
#[test]
fn a_hundred_thousand_records_lint_without_a_finding_per_record() {
    let mut bytes = Vec::new();
    let records = 100_000;
    for record in 0..records {
        writeln!(bytes, "User-agent: bot-{record:06}\nDisallow: /catalog/{record:06}/\n").expect("writing to memory");
    }
    let report = lint(Source::from_bytes_capped(&bytes, bytes.len()), None, &Settings::default());
    assert_eq!(report.document.records.len(), records);
    assert_eq!(names(&report), ["too-many-rules", "file-too-large"]);
}

fn names(report: &Report) -> Vec<&'static str> {
    report.diagnostics.iter().map(|diagnostic| diagnostic.name).collect()
}

/// 100,000 rule-less groups, each its own robot: record-without-disallow asks what `*` keeps
/// from each group's robots only where one of them is a robot of today, so the file is not
/// read once per group (it was: minutes for this file).
#[test]
fn a_hundred_thousand_rule_less_groups_are_not_each_compared_with_the_file() {
    let mut bytes = Vec::new();
    for record in 0..100_000 {
        writeln!(bytes, "User-agent: bot-{record:06}\n").expect("writing to memory");
    }
    let report = lint(Source::from_bytes_capped(&bytes, bytes.len()), None, &Settings::default());
    assert!(names(&report).contains(&"record-without-disallow"), "{:?}", names(&report));
}

/// 100,000 `*` records, allowing everything and nothing by turns: allow-all-and-disallow-all
/// finds the earlier opposite group by lookup and whole-site-blocked reads the file-wide
/// facts once, where both compared each record with every other (minutes for this file).
#[test]
fn a_hundred_thousand_alternating_star_groups_are_read_once() {
    let mut bytes = Vec::new();
    for record in 0..100_000 {
        let value = if record % 2 == 1 { " /" } else { "" };
        writeln!(bytes, "User-agent: *\nDisallow:{value}\n").expect("writing to memory");
    }
    let report = lint(Source::from_bytes_capped(&bytes, bytes.len()), None, &Settings::default());
    let names = names(&report);
    assert!(names.contains(&"allow-all-and-disallow-all") && names.contains(&"whole-site-blocked"), "{names:?}");
}
