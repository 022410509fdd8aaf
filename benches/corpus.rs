//! Throughput against the peer crates, printed as Markdown tables (not a criterion bench:
//! each figure is the best of a few passes, timed with `Instant`). Run with
//! `cargo bench --bench corpus`.
//!
//! * Corpus: every file in `../shared/corpus/protego` (skipped when the folder is absent),
//!   all held in memory, in one process. robolint runs a full lint at default settings, on
//!   one core and once more with its second thread for large files; the peers parse and
//!   answer one URL per file, on one core, as the "Speed and robustness" issue measured
//!   them. `robotstxt` panics on a few files: each peer call runs under `catch_unwind` and
//!   panics are counted.
//! * Matcher: 100,000 URLs against one 100-rule file, each library's fastest way to ask
//!   many questions of one file (robolint's compiled `Matcher`, which `robolint check
//!   --urls` asks; fast-robots' compiled `RobotsMatcher`, texting_robots' `Robot`;
//!   `robotstxt` has no compiled form and parses the file again for every URL).
//! * LSP: the language server in this process (`robolint::lsp::serve`), one 500 KiB
//!   document open; the time from sending a didChange that toggles a `*` on a Disallow
//!   line to receiving its publishDiagnostics, median of 21 edits.

use std::hint::black_box;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::time::{Duration, Instant};

use robolint::dialect::{Dialect, Matcher};
use robolint::{lint, parse, Settings, Source};
use serde_json::json;

mod support;

const AGENT: &str = "Googlebot";
const URL: &str = "https://www.example.com/search/results?q=robots";
const PATH: &str = "/search/results?q=robots";

struct Outcome {
    best: Duration,
    panics: usize,
    errors: usize,
}

/// Runs `pass` until `passes` runs are done or `budget` is spent (at least once), keeping
/// the fastest; `pass` returns its panic and error counts.
fn best_of(passes: usize, budget: Duration, mut pass: impl FnMut() -> (usize, usize)) -> Outcome {
    let started = Instant::now();
    let mut outcome = Outcome { best: Duration::MAX, panics: 0, errors: 0 };
    for _ in 0..passes {
        let begun = Instant::now();
        let (panics, errors) = pass();
        outcome.best = outcome.best.min(begun.elapsed());
        (outcome.panics, outcome.errors) = (panics, errors);
        if started.elapsed() > budget {
            break;
        }
    }
    outcome
}

/// Runs `call` on every file under `catch_unwind`; `call` returns false for an error.
fn over_files(files: &[Vec<u8>], call: impl Fn(&[u8]) -> bool) -> (usize, usize) {
    let (mut panics, mut errors) = (0, 0);
    for bytes in files {
        match catch_unwind(AssertUnwindSafe(|| call(bytes))) {
            Ok(true) => {}
            Ok(false) => errors += 1,
            Err(_) => panics += 1,
        }
    }
    (panics, errors)
}

fn corpus() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/protego");
    let Ok(entries) = std::fs::read_dir(&folder) else {
        println!("corpus bench skipped: {} does not exist", folder.display());
        return;
    };
    let mut paths: Vec<_> = entries.filter_map(|entry| entry.ok().map(|entry| entry.path())).collect();
    paths.sort();
    let files: Vec<Vec<u8>> = paths.iter().filter_map(|path| std::fs::read(path).ok()).collect();
    let bytes: usize = files.iter().map(Vec::len).sum();
    let settings = Settings::default();
    // The panics peers print would drown the table.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let budget = Duration::from_secs(20);
    let full_lint = || {
        best_of(3, budget, || {
            over_files(&files, |bytes| {
                black_box(lint(Source::from_bytes(bytes), None, &settings).diagnostics.len());
                true
            })
        })
    };
    // The figures are for one core, as the peers run; robolint's own second thread for
    // large files (its parse and its rules) gets a row of its own.
    let robolint_two_threads = full_lint();
    robolint::parallel::limit_threads(1);
    let robolint = full_lint();
    // The same work the peers do, for a like-for-like figure: both grammars, then the
    // matcher for one robot and one URL.
    let robolint_parse = best_of(5, budget, || {
        over_files(&files, |bytes| {
            black_box(parse::parse(&Source::from_bytes(bytes)).lines.len());
            true
        })
    });
    let robolint_match = best_of(5, budget, || {
        over_files(&files, |bytes| {
            let source = Source::from_bytes(bytes);
            let document = parse::parse(&source);
            black_box(Matcher::new(&document, &source.text, AGENT, Dialect::Google).allowed(URL).allowed);
            true
        })
    });
    let peers = [
        (
            "robotstxt 0.3",
            best_of(5, budget, || {
                over_files(&files, |bytes| {
                    let text = String::from_utf8_lossy(bytes);
                    let mut matcher = robotstxt::DefaultMatcher::default();
                    black_box(matcher.one_agent_allowed_by_robots(&text, AGENT, URL));
                    true
                })
            }),
        ),
        (
            "texting_robots 0.2",
            best_of(5, budget, || {
                over_files(&files, |bytes| match texting_robots::Robot::new(AGENT, bytes) {
                    Ok(robot) => {
                        black_box(robot.allowed(URL));
                        true
                    }
                    Err(_) => false,
                })
            }),
        ),
        (
            "fast-robots 0.1",
            best_of(5, budget, || {
                over_files(&files, |bytes| match fast_robots::RobotsTxt::parse_bytes(bytes) {
                    Ok(robots) => {
                        black_box(robots.is_allowed(AGENT, PATH));
                        true
                    }
                    Err(_) => false,
                })
            }),
        ),
    ];
    robolint::parallel::limit_threads(usize::MAX);
    std::panic::set_hook(hook);
    let mb_per_s = |outcome: &Outcome| bytes as f64 / 1e6 / outcome.best.as_secs_f64();
    println!(
        "\nCorpus: {} files, {:.1} MB, one core (but where a row says), best pass\n",
        files.len(),
        bytes as f64 / 1e6
    );
    println!("| library | work per file | MB/s | files/s | robolint lint / this | panics | errors |");
    println!("|---|---|---:|---:|---:|---:|---:|");
    let ours = [
        ("robolint", "full lint, default settings", &robolint),
        ("robolint", "the same, a second thread for files of 64 KiB to 1 MiB", &robolint_two_threads),
        ("robolint", "parse only (lenient + strict)", &robolint_parse),
        ("robolint", "parse + 1 URL (Google dialect)", &robolint_match),
    ];
    let theirs = peers.iter().map(|(name, outcome)| (*name, "parse + 1 URL", outcome));
    for (name, work, outcome) in ours.into_iter().chain(theirs) {
        println!(
            "| {name} | {work} | {:.1} | {:.0} | {:.2} | {} | {} |",
            mb_per_s(outcome),
            files.len() as f64 / outcome.best.as_secs_f64(),
            mb_per_s(&robolint) / mb_per_s(outcome),
            outcome.panics,
            outcome.errors
        );
    }
    let like_for_like =
        |(name, outcome): &(&str, Outcome)| format!("{name} {:.2}", mb_per_s(&robolint_match) / mb_per_s(outcome));
    println!(
        "\nrobolint parse + 1 URL / peer parse + 1 URL: {}",
        peers.iter().map(like_for_like).collect::<Vec<_>>().join(", ")
    );
}

fn matchers() {
    let text = support::rules_file(100, 2);
    let urls = support::urls(100_000, 3);
    let budget = Duration::from_secs(10);
    let count = |outcome: Outcome| (outcome.best, urls.len());

    let document = parse::parse_text(&text);
    let compiled = Matcher::new(&document, &text, "ExampleBot/1.0", Dialect::Google);
    let robolint = count(best_of(5, budget, || {
        black_box(urls.iter().filter(|url| compiled.allowed(url).allowed).count());
        (0, 0)
    }));
    let fast = fast_robots::RobotsTxt::parse(&text);
    let fast_matcher = fast.matcher();
    let fast_compiled = count(best_of(5, budget, || {
        black_box(urls.iter().filter(|url| fast_matcher.is_allowed("ExampleBot", url)).count());
        (0, 0)
    }));
    let fast_plain = count(best_of(5, budget, || {
        black_box(urls.iter().filter(|url| fast.is_allowed("ExampleBot", url)).count());
        (0, 0)
    }));
    let texting = texting_robots::Robot::new("ExampleBot", text.as_bytes()).expect("generated file parses");
    let texting = count(best_of(5, budget, || {
        black_box(urls.iter().filter(|url| texting.allowed(url)).count());
        (0, 0)
    }));
    // No compiled form: every question parses the file again, so ask a tenth as many.
    let tenth = &urls[..urls.len() / 10];
    let robotstxt = best_of(3, budget, || {
        let allowed = tenth
            .iter()
            .filter(|url| robotstxt::DefaultMatcher::default().one_agent_allowed_by_robots(&text, "ExampleBot", url))
            .count();
        black_box(allowed);
        (0, 0)
    });
    let robotstxt = (robotstxt.best, tenth.len());

    let per_s = |(time, n): (Duration, usize)| n as f64 / time.as_secs_f64();
    println!("\nMatcher: {} URLs against one 100-rule file ({} bytes), one core, best pass\n", urls.len(), text.len());
    println!("| matcher | URLs/s | robolint / peer |");
    println!("|---|---:|---:|");
    println!("| robolint `Matcher` (Google dialect) | {:.0} | 1.00 |", per_s(robolint));
    for (name, result) in [
        ("fast-robots `RobotsMatcher` (compiled)", fast_compiled),
        ("fast-robots `RobotsTxt::is_allowed`", fast_plain),
        ("texting_robots `Robot::allowed`", texting),
        ("robotstxt `one_agent_allowed_by_robots` (re-parses per URL)", robotstxt),
    ] {
        println!("| {name} | {:.0} | {:.2} |", per_s(result), per_s(robolint) / per_s(result));
    }
}

/// The median time from a didChange to its publishDiagnostics, over 21 edits that add and
/// remove a `*` at the end of the first Disallow line of `text`.
fn did_change_to_publish(text: &str) -> Duration {
    let (line, line_text) =
        text.lines().enumerate().find(|(_, line)| line.starts_with("Disallow:")).unwrap_or_default();
    let end = line_text.encode_utf16().count();
    let position = |character: usize| json!({"line": line, "character": character});
    let mut client = support::lsp::Client::open(text);
    let mut times: Vec<Duration> = (0..21)
        .map(|edit| {
            let (range, inserted) = if edit % 2 == 0 {
                (json!({"start": position(end), "end": position(end)}), "*")
            } else {
                (json!({"start": position(end), "end": position(end + 1)}), "")
            };
            client.change(json!([{"range": range, "text": inserted}]))
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

fn lsp() {
    println!("\nLSP: didChange → publishDiagnostics, in process, median of 21 edits\n");
    println!("| document | bytes | findings | median |");
    println!("|---|---:|---:|---:|");
    let pages = support::page_list_file(500 * 1024);
    let documents = [
        ("groups of rules, as the lint benches".to_string(), support::robots_txt(500 * 1024, 1)),
        (format!("one group of {} Disallow lines", pages.lines().count() - 1), pages),
    ];
    for (name, text) in documents {
        let findings = lint(Source::from(text.as_str()), None, &Settings::default()).diagnostics.len();
        let median = did_change_to_publish(&text);
        println!("| {name} | {} | {findings} | {:.2} ms |", text.len(), median.as_secs_f64() * 1e3);
    }
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument names the tables to print.
    let filter = std::env::args().skip(1).find(|arg| !arg.starts_with('-'));
    let wanted = |table: &str| filter.as_deref().is_none_or(|filter| table.contains(filter));
    if wanted("corpus") {
        corpus();
    }
    if wanted("matcher") {
        matchers();
    }
    if wanted("lsp") {
        lsp();
    }
}
