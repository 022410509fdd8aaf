//! Criterion benches: full lint (default settings) of a 1 KB, a 50 KB and a 500 KiB file,
//! parse only, and the compiled matcher (100,000 URLs against a 100-rule file); each hostile
//! file of `support/worst_cases.rs` at the 2 MiB cap, and matchers over 2 MiB of records.
//! The language server's document code on a 2 MiB document (one-character edits, with and
//! without linting), formatting each worst case at the cap, and ai-group-looser-than-star
//! alone on thousands of `*` paths. The files are generated, not committed. Run with
//! `cargo bench --bench lint`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use lsp_types::{Position, Range, TextDocumentContentChangeEvent};
use robolint::diagnostic::Applicability;
use robolint::dialect::{Dialect, Matcher};
use robolint::{parse, Linter, Settings, Source};
use robolint_lsp::documents::OpenDocument;
use robolint_lsp::positions::LineIndex;

mod support;

const SIZES: [(&str, usize); 3] = [("1KB", 1_000), ("50KB", 50_000), ("500KiB", 500 * 1024)];

fn lint_and_parse(c: &mut Criterion) {
    let linter = Linter::new(Settings::default());
    for (label, size) in SIZES {
        let text = support::robots_txt(size, 1);
        let mut group = c.benchmark_group(format!("file-{label}"));
        group.throughput(Throughput::Bytes(text.len() as u64));
        if size > 100_000 {
            group.sample_size(10).measurement_time(Duration::from_secs(4));
        } else {
            group.sample_size(30).measurement_time(Duration::from_secs(3));
        }
        group.warm_up_time(Duration::from_millis(500));
        group.bench_function("lint", |b| {
            b.iter(|| linter.lint(Source::from(black_box(text.as_str())), None).diagnostics.len())
        });
        group.bench_function("parse", |b| b.iter(|| parse::parse_text(black_box(&text)).lines.len()));
        group.finish();
    }
}

fn matcher(c: &mut Criterion) {
    let text = support::rules_file(100, 2);
    let document = parse::parse_text(&text);
    let urls = support::urls(100_000, 3);
    let mut group = c.benchmark_group("matcher-100-rules");
    group.sample_size(10).measurement_time(Duration::from_secs(5)).warm_up_time(Duration::from_millis(500));
    group.throughput(Throughput::Elements(urls.len() as u64));
    for dialect in [Dialect::Google, Dialect::Draft1996] {
        let compiled = Matcher::new(&document, &text, "ExampleBot/1.0", dialect);
        group.bench_function(format!("100k-urls-{dialect:?}"), |b| {
            b.iter(|| urls.iter().filter(|url| compiled.allowed(url).allowed).count())
        });
    }
    // One compiled matcher per iteration, not 100,000 URLs.
    group.throughput(Throughput::Elements(1));
    group.bench_function("compile", |b| {
        b.iter_batched(
            || (),
            |()| Matcher::new(&document, &text, "ExampleBot/1.0", Dialect::Google).applies(),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

/// Each hostile file of `support::worst_cases` at the 2 MiB size cap, linted in full.
fn worst_cases(c: &mut Criterion) {
    let linter = Linter::new(Settings::default());
    let mut group = c.benchmark_group("worst-case-2MiB");
    group.sample_size(10).measurement_time(Duration::from_secs(10)).warm_up_time(Duration::from_millis(500));
    for case in support::worst_cases::WORST_CASES {
        let text = (case.generate)(robolint::source::DEFAULT_SIZE_CAP);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(case.name, |b| {
            b.iter(|| linter.lint(Source::from(black_box(text.as_str())), None).diagnostics.len())
        });
    }
    group.finish();
}

/// `check` and `matrix`'s work on a file of 2 MiB of records: matchers compiled once, then
/// asked each URL.
fn many_records_matcher(c: &mut Criterion) {
    let text = support::worst_cases::star_records(robolint::source::DEFAULT_SIZE_CAP);
    let document = parse::parse_text(&text);
    let urls: Vec<String> = (0..10_000).map(|n| format!("/p{}/page.html", n * 7)).collect();
    let agents: Vec<String> = (0..100).map(|n| format!("bot{n}")).collect();
    let mut group = c.benchmark_group("matcher-2MiB-of-star-records");
    group.sample_size(10).measurement_time(Duration::from_secs(5)).warm_up_time(Duration::from_millis(500));
    group.throughput(Throughput::Elements((urls.len() * agents.len()) as u64));
    group.bench_function("100-robots-x-10k-urls", |b| {
        b.iter(|| {
            let matchers = Matcher::for_robots(&document, &text, agents.iter().map(String::as_str), Dialect::Google);
            matchers.iter().map(|matcher| urls.iter().filter(|url| matcher.allowed(url).allowed).count()).sum::<usize>()
        })
    });
    group.finish();
}

/// `matrix`'s work on 2 MiB of records each naming its own robot: 1,000 robots (half named
/// by a record, half falling back) × 1,000 URLs under each dialect. Choosing each robot's
/// record used to read every record: 45.8 s for the `matrix` command.
fn matrix_over_distinct_records(c: &mut Criterion) {
    let text = support::worst_cases::distinct_agent_records(robolint::source::DEFAULT_SIZE_CAP);
    let document = parse::parse_text(&text);
    let urls: Vec<String> = (0..1_000).map(|n| format!("/p{}", n * 37)).collect();
    let agents: Vec<String> = (0..1_000).map(|n| format!("bot{}", n * 97)).collect();
    let mut group = c.benchmark_group("matrix-2MiB-of-distinct-records");
    group.sample_size(10).measurement_time(Duration::from_secs(10)).warm_up_time(Duration::from_millis(500));
    group.bench_function("1000-robots-x-1000-urls-all-dialects", |b| {
        b.iter(|| {
            let cells = Dialect::ALL.iter().flat_map(|&dialect| {
                let matchers = Matcher::for_robots(&document, &text, agents.iter().map(String::as_str), dialect);
                let urls = &urls;
                matchers.into_iter().map(move |matcher| urls.iter().filter(|url| matcher.allowed(url).allowed).count())
            });
            cells.sum::<usize>()
        })
    });
    group.finish();
}

/// One character typed, then deleted, by turns, in the middle of 2 MiB of `*` records,
/// through the LSP's document code: the edit with its line index update, and the edit with
/// the lint that publishing needs. Re-indexing the whole document took 81 ms per keystroke
/// on a 50 MB document.
fn lsp_edit(c: &mut Criterion) {
    let text = support::worst_cases::star_records(robolint::source::DEFAULT_SIZE_CAP);
    let middle = (text.lines().count() / 2) as u32;
    let uri: lsp_types::Uri = "file:///nonexistent/robots.txt".parse().expect("a URI");
    let mut document = OpenDocument::new(uri, 1, text, std::sync::Arc::new(Linter::new(Settings::default())));
    let mut typed = false;
    let mut version = 1;
    let mut type_or_delete = move |document: &mut OpenDocument| {
        let end = Position::new(middle, u32::from(typed));
        let change = TextDocumentContentChangeEvent {
            range: Some(Range::new(Position::new(middle, 0), end)),
            range_length: None,
            text: if typed { String::new() } else { "#".to_string() },
        };
        (typed, version) = (!typed, version + 1);
        document.apply_changes(version, vec![change]);
    };
    let mut group = c.benchmark_group("lsp-edit-2MiB");
    group.sample_size(10).measurement_time(Duration::from_secs(5)).warm_up_time(Duration::from_millis(500));
    group.bench_function("one-character-edit", |b| {
        b.iter(|| {
            type_or_delete(&mut document);
            document.lines.line_count()
        })
    });
    // What each edit also cost before `LineIndex::splice`: indexing the whole text again.
    group.bench_function("full-line-index", |b| b.iter(|| LineIndex::new(black_box(&document.text)).line_count()));
    group.bench_function("one-character-edit-and-lint", |b| {
        b.iter(|| {
            type_or_delete(&mut document);
            document.linted().report.diagnostics.len()
        })
    });
    group.finish();
}

/// `--fix` (every safe fix, as the LSP's fix-all) on the shapes of issue 34 at the 2 MiB cap.
fn fix_issue_34_cases(c: &mut Criterion) {
    let linter = Linter::new(Settings::default());
    let mut group = c.benchmark_group("fix-2MiB");
    group.sample_size(10).measurement_time(Duration::from_secs(10)).warm_up_time(Duration::from_millis(500));
    for case in support::worst_cases::ISSUE_34_CASES {
        let text = (case.generate)(robolint::source::DEFAULT_SIZE_CAP);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(case.name, |b| b.iter(|| linter.fix(black_box(&text), None, Applicability::Safe).applied));
    }
    group.finish();
}

/// `textDocument/formatting`'s work on each worst case at the 2 MiB cap.
fn format_worst_cases(c: &mut Criterion) {
    let mut group = c.benchmark_group("format-2MiB");
    group.sample_size(10).measurement_time(Duration::from_secs(5)).warm_up_time(Duration::from_millis(500));
    for case in support::worst_cases::WORST_CASES {
        let text = (case.generate)(robolint::source::DEFAULT_SIZE_CAP);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(case.name, |b| b.iter(|| robolint::format::format(black_box(&text)).len()));
    }
    group.finish();
}

/// ai-group-looser-than-star alone (the other rules off) on 2 MiB of `*` Disallow paths and
/// a GPTBot group that repeats none of them.
fn ai_group_looser_than_star(c: &mut Criterion) {
    let text = support::worst_cases::star_disallows_and_an_ai_group(robolint::source::DEFAULT_SIZE_CAP);
    let only_it =
        Linter::new(Settings { select: Some(vec!["ai-group-looser-than-star".into()]), ..Settings::default() });
    let mut group = c.benchmark_group("ai-group-looser-than-star-2MiB");
    group.sample_size(10).measurement_time(Duration::from_secs(5)).warm_up_time(Duration::from_millis(500));
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("selected-alone", |b| {
        b.iter(|| only_it.lint(Source::from(black_box(text.as_str())), None).diagnostics.len())
    });
    group.finish();
}

criterion_group!(
    benches,
    lint_and_parse,
    matcher,
    worst_cases,
    many_records_matcher,
    matrix_over_distinct_records,
    lsp_edit,
    format_worst_cases,
    ai_group_looser_than_star,
    fix_issue_34_cases
);
criterion_main!(benches);
