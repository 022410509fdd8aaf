//! 100,000 records, linted in this process: the library takes any size cap, where the
//! binary reads at most `DEFAULT_SIZE_CAP` bytes. A test binary of its own, because holding
//! such a document makes this process large, and `tests/bad_input.rs` measures the peak
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
