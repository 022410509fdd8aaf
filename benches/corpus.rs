//! Throughput against the peers, printed as Markdown tables (not a criterion bench: each
//! figure is the best of a few passes, timed with `Instant`), ending with the goals table of
//! the rule-engine issue, each goal a ratio or figure from this one run. Run with `cargo bench
//! --bench corpus`; an argument (`corpus`, `matcher`, `lsp`, `process`, `memory`) prints one table.
//!
//! * Corpus: every file in `../shared/corpus/protego` (skipped when the folder is absent),
//!   all held in memory, in one process. robolint runs a full lint at default settings, on
//!   one core and once more with its second thread for large files; the peers parse and
//!   answer one URL per file, on one core. `robotstxt` panics on a few files: each peer call
//!   runs under `catch_unwind` and panics are counted. Two peers run in processes of their
//!   own, timing themselves over the same files held in memory: Google's C++ matcher
//!   (`tests/oracle/google_bench.cc`, built from `../shared/oracles/google-robotstxt` where
//!   g++ and Debian's `libabsl-dev` are installed) and Lighthouse's robots.txt audit under
//!   Node (`benches/lighthouse/validate.mjs`, after `npm ci --prefix benches/lighthouse`).
//! * Matcher: 100,000 URLs against one 100-rule file, each library's fastest way to ask
//!   many questions of one file (robolint's compiled `Matcher`, which `robolint check
//!   --urls` asks; fast-robots' compiled `RobotsMatcher`, texting_robots' `Robot`;
//!   `robotstxt` has no compiled form and parses the file again for every URL).
//! * LSP: the language server in this process (`robolint_lsp::serve`), one 500 KiB
//!   document open; the time from sending a didChange that toggles a `*` on a Disallow
//!   line to receiving its publishDiagnostics, median of 21 edits.
//! * Process: the CPU time of a `robolint check` process for one file and one URL.
//! * Memory: the release binary's peak resident memory for a 100 MB file and for the whole
//!   corpus in one command, measured first, while this process is small (a child is charged
//!   its spawner's peak, `tests/it/support/child.rs`).

#![allow(clippy::print_stdout, reason = "a bench prints its report")]

use std::hint::black_box;
use std::io::{BufWriter, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use robolint::dialect::{Dialect, Matcher};
use robolint::{lint, parse, BeyondTargets, Linter, Proofs, Settings, Source};
use serde_json::json;

#[path = "../tests/it/support/child.rs"]
mod child;
#[path = "../tests/it/support/records.rs"]
mod records;
#[path = "../tests/it/support/shared.rs"]
mod shared;
mod support;
// The LSP client only this bench uses: it needs robolint-lsp, which the other benches do not.
#[path = "support/lsp.rs"]
mod lsp_client;

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

/// Throughputs in MB/s that the goals table compares.
#[derive(Default)]
struct Goals {
    full_lint: Option<f64>,
    /// The full lint as `robolint robots.txt` runs it, its proofs written for the findings
    /// it shows.
    default_lint: Option<f64>,
    /// A `robolint check` process for one file and one URL: its CPU time, median of runs.
    check_process: Option<Duration>,
    check: Option<f64>,
    google: Option<f64>,
    fast_robots: Option<f64>,
    lighthouse: Option<f64>,
    lsp: Vec<(String, Duration)>,
    memory: Vec<(String, i64)>,
}

/// A peer that runs in a process of its own and times itself over the files: its best pass,
/// and what it says of the files (allowed answers, failing files).
struct Timed {
    best: Duration,
    tally: String,
}

/// The files as one stream on standard input, `'F' <u32 LE length> <bytes>` each, the
/// format `google_bench.cc` and `validate.mjs` read.
fn file_stream(files: &[Vec<u8>]) -> Vec<u8> {
    let mut stream = Vec::with_capacity(files.iter().map(|file| file.len() + 5).sum());
    for file in files {
        let length = u32::try_from(file.len()).expect("a robots.txt under 4 GB");
        stream.push(b'F');
        stream.extend_from_slice(&length.to_le_bytes());
        stream.extend_from_slice(file);
    }
    stream
}

/// Runs a self-timing peer with `stream` on its standard input; it prints `<files>
/// <nanoseconds> <tally>`. `None`, after saying why, when it cannot run.
fn run_timed(name: &str, command: &mut Command, stream: &[u8], files: usize) -> Option<Timed> {
    let mut child = match command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn() {
        Ok(child) => child,
        Err(error) => {
            println!("{name}: skipped, it does not start: {error}");
            return None;
        }
    };
    let mut stdin = child.stdin.take().expect("stdin");
    let written = std::thread::scope(|scope| {
        let writer = scope.spawn(move || stdin.write_all(stream));
        let output = child.wait_with_output();
        (writer.join(), output)
    });
    let output = match written {
        (Ok(Ok(())), Ok(output)) if output.status.success() => output,
        (_, Ok(output)) => {
            println!("{name}: skipped, it failed: {}", String::from_utf8_lossy(&output.stderr).trim());
            return None;
        }
        (_, Err(error)) => {
            println!("{name}: skipped: {error}");
            return None;
        }
    };
    let text = String::from_utf8_lossy(&output.stdout);
    let fields: Vec<&str> = text.split_whitespace().collect();
    match fields[..] {
        [counted, nanos, tally] if counted.parse() == Ok(files) => {
            Some(Timed { best: Duration::from_nanos(nanos.parse().ok()?), tally: tally.to_string() })
        }
        _ => {
            println!("{name}: skipped, it answered `{}`", text.trim());
            None
        }
    }
}

/// Google's matcher timing itself, built as `tests/it/google_oracle.rs` builds its oracle.
fn google_cpp(stream: &[u8], files: usize) -> Option<Timed> {
    let project = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("google-oracle");
    let built = Command::new("bash")
        .arg(project.join("tests/oracle/build-google.sh"))
        .arg(&out)
        .env("GOOGLE_ROBOTSTXT", shared::root().join("oracles/google-robotstxt"))
        .output();
    match built {
        Ok(built) if built.status.success() => {}
        Ok(built) => {
            println!("Google's C++ matcher: skipped, {}", String::from_utf8_lossy(&built.stderr).trim());
            return None;
        }
        Err(error) => {
            println!("Google's C++ matcher: skipped, no bash: {error}");
            return None;
        }
    }
    run_timed("Google's C++ matcher", Command::new(out.join("google-bench")).args([AGENT, URL, "5"]), stream, files)
}

/// Lighthouse's robots.txt audit under Node, where `npm ci --prefix benches/lighthouse` ran.
fn lighthouse(stream: &[u8], files: usize) -> Option<Timed> {
    let folder = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("benches/lighthouse");
    if !folder.join("node_modules/lighthouse").is_dir() {
        println!("Lighthouse: skipped, run `npm ci --prefix benches/lighthouse` first (needs Node 20+)");
        return None;
    }
    run_timed("Lighthouse", Command::new("node").arg(folder.join("validate.mjs")).arg("3"), stream, files)
}

fn corpus(goals: &mut Goals) {
    let Some(paths) = shared::protego_files() else { return };
    let files: Vec<Vec<u8>> = paths.iter().filter_map(|path| std::fs::read(path).ok()).collect();
    let bytes: usize = files.iter().map(Vec::len).sum();
    let settings = Settings::default();
    // The panics peers print would drown the table.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let budget = Duration::from_secs(20);
    let full_lint = |linter: &Linter| {
        best_of(3, budget, || {
            over_files(&files, |bytes| {
                black_box(linter.lint(Source::from_bytes(bytes), None).diagnostics.len());
                true
            })
        })
    };
    // The figures are for one core, as the peers run; robolint's own second thread for
    // large files (its parse and its rules) gets a row of its own.
    let robolint_two_threads = full_lint(&Linter::new(settings.clone()));
    // What `robolint FILE` asks: proofs for the findings it shows, those beyond the targets counted.
    let as_run = Linter::new(settings.clone()).with_threads(1).with_proofs(Proofs::Shown);
    let robolint_default = full_lint(&as_run.with_beyond_targets(BeyondTargets::Counted));
    let robolint = full_lint(&Linter::new(settings).with_threads(1));
    let robolint_parse = best_of(5, budget, || {
        over_files(&files, |bytes| {
            black_box(parse::parse_on(&Source::from_bytes(bytes), 1).lines.len());
            true
        })
    });
    // The peers' work, done as `robolint check` does it: the parse robots read (no strict
    // grammar, no rules), then the matcher for one robot and one URL.
    let robolint_check = best_of(5, budget, || {
        over_files(&files, |bytes| {
            let source = Source::from_bytes(bytes);
            let document = parse::parse_for_answers(&source);
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
    std::panic::set_hook(hook);
    let stream = file_stream(&files);
    let google = google_cpp(&stream, files.len());
    let lighthouse = lighthouse(&stream, files.len());

    let mb_per_s = |best: Duration| bytes as f64 / 1e6 / best.as_secs_f64();
    println!(
        "\nCorpus: {} files, {:.1} MB, one core (but where a row says), best pass\n",
        files.len(),
        bytes as f64 / 1e6
    );
    println!("| library | work per file | MB/s | files/s | robolint lint / this | panics | errors |");
    println!("|---|---|---:|---:|---:|---:|---:|");
    let row = |name: &str, work: &str, best: Duration, panics: &str, errors: &str| {
        println!(
            "| {name} | {work} | {:.1} | {:.0} | {:.2} | {panics} | {errors} |",
            mb_per_s(best),
            files.len() as f64 / best.as_secs_f64(),
            mb_per_s(robolint.best) / mb_per_s(best),
        );
    };
    let ours = [
        ("full lint, default settings, every proof written (as JSON needs)", &robolint),
        ("the same as `robolint FILE` runs it: proofs of the findings shown", &robolint_default),
        ("the same, a second thread for files of 64 KiB to 1 MiB", &robolint_two_threads),
        ("parse only (lenient + strict)", &robolint_parse),
        ("check: parse for answers + 1 URL (Google dialect)", &robolint_check),
    ];
    for (work, outcome) in ours {
        row("robolint", work, outcome.best, &outcome.panics.to_string(), &outcome.errors.to_string());
    }
    for (name, outcome) in &peers {
        row(name, "parse + 1 URL", outcome.best, &outcome.panics.to_string(), &outcome.errors.to_string());
    }
    if let Some(google) = &google {
        row("Google's C++ matcher", "parse + 1 URL (own process)", google.best, "-", "-");
        println!("|  | ({} of the URL's answers were allowed) | | | | | |", google.tally);
    }
    if let Some(lighthouse) = &lighthouse {
        row("Lighthouse 13 (Node)", "robots.txt audit (own process)", lighthouse.best, "-", "-");
        println!("|  | ({} files failed the audit) | | | | | |", lighthouse.tally);
    }
    goals.full_lint = Some(mb_per_s(robolint.best));
    goals.default_lint = Some(mb_per_s(robolint_default.best));
    goals.check = Some(mb_per_s(robolint_check.best));
    goals.fast_robots = Some(mb_per_s(peers[2].1.best));
    goals.google = google.map(|timed| mb_per_s(timed.best));
    goals.lighthouse = lighthouse.map(|timed| mb_per_s(timed.best));
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
    let mut client = lsp_client::Client::open(text);
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

fn lsp(goals: &mut Goals) {
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
        goals.lsp.push((format!("{} KiB, {findings} findings", text.len() / 1024), median));
    }
}

/// A file of `bytes` (records, `tests/it/support/records.rs`) in `folder`.
fn hundred_mb_file(folder: &Path, bytes: u64) -> PathBuf {
    let path = folder.join("robots.txt");
    let mut out = BufWriter::new(std::fs::File::create(&path).expect("a scratch file"));
    records::write_records(&mut out, bytes).and_then(|()| out.flush()).expect("writing the scratch file");
    path
}

/// Peak resident memory of the release binary, run before this process holds anything large.
fn memory(goals: &mut Goals) {
    let robolint = env!("CARGO_BIN_EXE_robolint");
    let peak = |args: &[&std::ffi::OsStr]| {
        child::run(Command::new(robolint).args(["--no-config", "--format", "concise"]).args(args)).peak_rss_kib
    };
    let folder = std::env::temp_dir().join(format!("robolint-bench-memory-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a scratch folder");
    let big = hundred_mb_file(&folder, 100_000_000);
    let startup = child::run(Command::new(robolint).arg("--version")).peak_rss_kib;
    let mut runs = vec![("a 100 MB file".to_string(), peak(&[big.as_os_str()]))];
    std::fs::remove_dir_all(&folder).ok();
    if let Some(files) = shared::protego_files() {
        let arguments: Vec<&std::ffi::OsStr> = files.iter().map(|path| path.as_os_str()).collect();
        runs.push((format!("the corpus, {} files in one command", files.len()), peak(&arguments)));
    }
    println!("\nMemory: the release binary's peak resident set (`ru_maxrss`)\n");
    println!("| input | peak | of which at start-up |");
    println!("|---|---:|---:|");
    for (input, kib) in &runs {
        println!("| {input} | {:.1} MiB | {:.1} MiB |", *kib as f64 / 1024.0, startup as f64 / 1024.0);
    }
    goals.memory = runs;
}

/// The CPU time of a `robolint check` process asking one URL of one file, the corpus's
/// file of median size: what a script that checks a file at a time pays, start-up and
/// reading the registry included. Median of 21 runs.
fn check_process(goals: &mut Goals) {
    let Some(paths) = shared::protego_files() else { return };
    let mut sized: Vec<(u64, &PathBuf)> =
        paths.iter().filter_map(|path| Some((std::fs::metadata(path).ok()?.len(), path))).collect();
    sized.sort();
    let Some(&(bytes, file)) = sized.get(sized.len() / 2) else { return };
    let robolint = env!("CARGO_BIN_EXE_robolint");
    let mut runs: Vec<Duration> = (0..21)
        .map(|_| child::run(Command::new(robolint).args(["check", "--agent", AGENT]).arg(file).arg(URL)).cpu)
        .collect();
    runs.sort();
    let median = runs[runs.len() / 2];
    println!("\nA one-file `robolint check` process: CPU time (user + system), median of 21 runs\n");
    println!("| file | bytes | median | fastest |");
    println!("|---|---:|---:|---:|");
    let name = file.file_name().map(|name| name.to_string_lossy()).unwrap_or_default();
    println!("| {name} | {bytes} | {:.2} ms | {:.2} ms |", median.as_secs_f64() * 1e3, runs[0].as_secs_f64() * 1e3);
    goals.check_process = Some(median);
}

/// The goals of the rule-engine issue, each from this run's figures.
fn print_goals(goals: &Goals) {
    let mut rows: Vec<(String, String, &str, bool)> = Vec::new();
    // Each target is the bar; where it names a further goal, that is in brackets.
    let mut ratio = |goal: &str, ours: Option<f64>, theirs: Option<f64>, (target, bar): (&'static str, f64)| {
        if let (Some(ours), Some(theirs)) = (ours, theirs) {
            let ratio = ours / theirs;
            rows.push((goal.to_string(), format!("{ratio:.2}×"), target, ratio >= bar));
        }
    };
    let half_of_google = ("≥ 0.50× (goal 1.00×)", 0.5);
    ratio("full lint, default settings / Google's C++ parse + 1 URL", goals.full_lint, goals.google, half_of_google);
    ratio(
        "the same as `robolint FILE` runs it / Google's C++ parse + 1 URL",
        goals.default_lint,
        goals.google,
        half_of_google,
    );
    ratio(
        "check (parse for answers + 1 URL) / fast-robots parse + 1 URL",
        goals.check,
        goals.fast_robots,
        ("≥ 1.00×", 1.0),
    );
    for (document, median) in &goals.lsp {
        let ms = median.as_secs_f64() * 1e3;
        rows.push((format!("LSP edit → publish, {document}"), format!("{ms:.1} ms"), "< 20 ms (goal 10)", ms < 20.0));
    }
    if let Some(cpu) = goals.check_process {
        let ms = cpu.as_secs_f64() * 1e3;
        rows.push(("a one-file `check` process, CPU".to_string(), format!("{ms:.2} ms"), "< 1 ms", ms < 1.0));
    }
    for (input, kib) in &goals.memory {
        let mib = *kib as f64 / 1024.0;
        rows.push((format!("peak memory, {input}"), format!("{mib:.1} MiB"), "< 64 MiB", mib < 64.0));
    }
    if rows.is_empty() {
        return;
    }
    println!("\nGoals (this run)\n");
    println!("| goal | measured | target | met |");
    println!("|---|---:|---:|---|");
    for (goal, measured, target, met) in rows {
        println!("| {goal} | {measured} | {target} | {} |", if met { "yes" } else { "no" });
    }
    if let (Some(ours), Some(lighthouse)) = (goals.full_lint, goals.lighthouse) {
        println!(
            "| full lint / Lighthouse's robots.txt audit (linter to linter) | {:.2}× | (no goal) | |",
            ours / lighthouse
        );
    }
}

fn main() {
    // `cargo bench` passes `--bench`; a filter argument names the tables to print.
    let filter = std::env::args().skip(1).find(|arg| !arg.starts_with('-'));
    let wanted = |table: &str| filter.as_deref().is_none_or(|filter| table.contains(filter));
    let mut goals = Goals::default();
    if wanted("memory") {
        memory(&mut goals);
    }
    if wanted("corpus") {
        corpus(&mut goals);
    }
    if wanted("matcher") {
        matchers();
    }
    if wanted("lsp") {
        lsp(&mut goals);
    }
    if wanted("process") {
        check_process(&mut goals);
    }
    print_goals(&goals);
}
