//! The `google` dialect against Google's own code: Google's robots.txt parser and matcher
//! (`../shared/oracles/google-robotstxt`, built by `tests/oracle/build-google.sh` with g++
//! and Debian's libabsl-dev) answers the same (file, agent, URL) questions as
//! `Matcher::new(…, Dialect::Google)`, and every answer, and every line robolint names as
//! deciding, must be the same.
//!
//! The questions: every corpus case, as written and with every fix applied, every file in
//! `../shared/corpus/protego` with URLs made from its own rules, and generated files of
//! hostile shapes. Where g++, Abseil or `../shared` is missing the test says so and passes;
//! under `CI=true` it fails instead.

use crate::support::case_config;
use crate::support::shared;

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use robolint::dialect::witness::concrete_url;
use robolint::dialect::{Dialect, Matcher, Reason};
use robolint::{parse, Source};

fn project() -> &'static Path {
    Path::new(crate::support::ROOT)
}

/// Google's matcher, built once per test process where g++ and Abseil are installed: the
/// tests run on several threads, and two builds at once would write the same files.
fn oracle() -> Option<PathBuf> {
    static BUILT: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    BUILT.get_or_init(build_oracle).clone()
}

fn build_oracle() -> Option<PathBuf> {
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join("google-oracle");
    let script = project().join("tests/oracle/build-google.sh");
    let sources = shared::root().join("oracles/google-robotstxt");
    let built =
        Command::new("bash").arg(&script).arg(&out).env("GOOGLE_ROBOTSTXT", sources).output().expect("bash runs");
    match built.status.code() {
        Some(0) => Some(out.join("google-harness")),
        Some(3) => {
            shared::missing(&format!(
                "Google's matcher cannot be built: {}",
                String::from_utf8_lossy(&built.stderr).trim()
            ));
            None
        }
        _ => panic!("building Google's matcher failed:\n{}", String::from_utf8_lossy(&built.stderr)),
    }
}

/// Questions about one file.
struct Case {
    name: String,
    bytes: Vec<u8>,
    agents: Vec<String>,
    urls: Vec<String>,
}

/// Google's answer: allowed, and its `matching_line()` (1-based; 0 when no line matched).
type Answer = (bool, usize);

fn push_length_prefixed(batch: &mut Vec<u8>, bytes: &[u8]) {
    let length = u32::try_from(bytes.len()).expect("inputs under 4 GiB");
    batch.extend_from_slice(&length.to_le_bytes());
    batch.extend_from_slice(bytes);
}

/// Every question of every case, answered by Google's code in one process.
fn ask_google(harness: &Path, cases: &[Case]) -> Vec<Answer> {
    let mut batch = Vec::new();
    for case in cases {
        batch.push(b'F');
        push_length_prefixed(&mut batch, &case.bytes);
        for agent in &case.agents {
            for url in &case.urls {
                batch.push(b'Q');
                push_length_prefixed(&mut batch, agent.as_bytes());
                push_length_prefixed(&mut batch, url.as_bytes());
            }
        }
    }
    let mut child =
        Command::new(harness).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("Google's matcher starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(&batch));
    let mut output = String::new();
    child.stdout.take().expect("stdout").read_to_string(&mut output).expect("answers are ASCII");
    writer.join().expect("writer thread").expect("Google's matcher reads every question");
    assert!(child.wait().expect("Google's matcher ends").success(), "Google's matcher failed");
    output
        .lines()
        .map(|line| {
            let (allowed, matching_line) = line.split_once(' ').expect("`allowed line`");
            (allowed == "1", matching_line.parse().expect("a line number"))
        })
        .collect()
}

/// Compares robolint's answers with Google's: the number of questions and the differences.
fn compare(cases: &[Case], google: &[Answer]) -> (usize, Vec<String>) {
    let mut answers = google.iter();
    let (mut asked, mut differences) = (0, Vec::new());
    for case in cases {
        let source = Source::from_bytes(&case.bytes);
        let document = parse::parse(&source);
        for agent in &case.agents {
            let matcher = Matcher::new(&document, &source.text, agent, Dialect::Google);
            for url in &case.urls {
                asked += 1;
                let &(allowed, matching_line) = answers.next().expect("an answer for every question");
                let verdict = matcher.allowed(url);
                let same_line = match &verdict.reason {
                    Reason::Rule(rule) => rule.line + 1 == matching_line,
                    _ => true,
                };
                if verdict.allowed != allowed || !same_line {
                    differences.push(format!(
                        "{}: agent {agent:?}, URL {url:?}: Google {} (line {matching_line}), robolint {} ({:?})",
                        case.name,
                        if allowed { "allows" } else { "disallows" },
                        if verdict.allowed { "allows" } else { "disallows" },
                        verdict.reason
                    ));
                }
            }
        }
    }
    assert!(answers.next().is_none(), "Google answered more questions than were asked");
    (asked, differences)
}

fn run(what: &str, cases: &[Case]) {
    let Some(harness) = oracle() else { return };
    let google = ask_google(&harness, cases);
    let (asked, differences) = compare(cases, &google);
    eprintln!("{what}: {asked} (file, agent, URL) questions compared with Google's code, {} differ", differences.len());
    let disallowed = google.iter().filter(|(allowed, _)| !allowed).count();
    assert!(disallowed > 0 && disallowed < asked, "{what}: Google answered every question alike");
    assert!(differences.is_empty(), "{what}: robolint differs from Google's code:\n{}", differences.join("\n"));
}

/// The URLs the rules spread over a file suggest (about `limit`), and a few every file is
/// asked: each rule's path, with `*` filled and `$` dropped, one
/// byte longer and shorter, with its `%xx` escapes in the other case and decoded, and with
/// a query, a fragment and a host before it.
fn urls_from_rules(source: &Source, limit: usize) -> Vec<String> {
    let document = parse::parse(source);
    let rules: Vec<_> = document.access_rules().collect();
    // Nine URLs a rule, from rules spread over the file.
    let wanted = limit.div_ceil(9);
    let mut urls = Vec::new();
    for (_, _, field) in rules.iter().step_by((rules.len() / wanted.max(1)).max(1)).take(wanted) {
        let value = field.value.text(&source.text);
        let Some(path) = concrete_url(value) else { continue };
        let mut shorter = path.clone();
        shorter.pop();
        urls.extend([
            value.to_string(),
            format!("{path}x"),
            shorter,
            path.to_ascii_lowercase(),
            path.to_ascii_uppercase(),
            decoded(&path),
            format!("{path}?q=1#top"),
            format!("http://example.com{path}"),
            path,
        ]);
    }
    urls.extend(["/", "", "/robots.txt", "https://example.com", "/index.html", "/%7Ea", "/~a", "/ä"].map(String::from));
    urls.sort();
    urls.dedup();
    urls
}

/// `%xx` escapes of ASCII decoded (`/%7Ea` → `/~a`).
fn decoded(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while let Some(&byte) = bytes.get(at) {
        let hex = bytes.get(at + 1..at + 3).and_then(|hex| std::str::from_utf8(hex).ok());
        let ascii =
            hex.and_then(|hex| u8::from_str_radix(hex, 16).ok()).filter(|octet| byte == b'%' && octet.is_ascii());
        out.push(ascii.unwrap_or(byte));
        at += if ascii.is_some() { 3 } else { 1 };
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The agents asked about a file: the first two User-agent tokens it writes, as written,
/// Googlebot, a robot it does not name, and one odd agent (empty, versioned, two words, `*`).
fn agents_for(source: &Source, odd: usize) -> Vec<String> {
    let mut agents: Vec<String> = source
        .text
        .lines()
        .filter_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.trim().eq_ignore_ascii_case("user-agent").then(|| value.trim().to_string())
        })
        .filter(|value| !value.is_empty() && value != "*")
        .take(2)
        .collect();
    const ODD: [&str; 6] = ["", "Googlebot/2.1", "Foo Bar", "*", "GOOGLEBOT-news", " googlebot"];
    agents.extend(["Googlebot", "unnamedbot", ODD[odd % ODD.len()]].map(String::from));
    agents
}

/// The questions about a file: at most `budget` bytes of it read by Google's code, which
/// parses the whole file for each question (a large file gets fewer URLs, at least four).
fn case_for(name: String, bytes: Vec<u8>, odd: usize, budget: usize) -> Case {
    let source = Source::from_bytes(&bytes);
    let agents = agents_for(&source, odd);
    let url_limit = (budget / (bytes.len() + 1) / agents.len()).max(4);
    Case { name, agents, urls: urls_from_rules(&source, url_limit), bytes }
}

fn case_for_file(path: &Path, odd: usize, budget: usize) -> Case {
    case_for(path.display().to_string(), std::fs::read(path).expect("readable file"), odd, budget)
}

/// Every corpus file, and each rule's case with every fix applied (every rule's, where its
/// snapshot in tests/it/corpus.rs shows its folder's rule's only): a fixed file is a file robots
/// read too.
#[test]
#[cfg_attr(not(ci), ignore = "needs ../shared and g++ with Abseil to build Google's matcher; CI=true runs it")]
fn corpus_cases_answer_as_googles_code() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(project().join("corpus"))
        .expect("corpus/")
        .flat_map(|rule| std::fs::read_dir(rule.expect("entry").path()).expect("a rule's folder"))
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "txt"))
        .collect();
    files.sort();
    let mut inputs = Vec::new();
    for path in files {
        let bytes = std::fs::read(&path).expect("readable file");
        let rule = path.parent().and_then(Path::file_name).and_then(|name| name.to_str()).unwrap_or_default();
        let is_rule = robolint::rules::all().iter().any(|known| known.name() == rule);
        let fixed =
            is_rule.then(|| case_config::fixed(&bytes, &case_config::rule_case_settings(rule, &path))).flatten();
        // Each fixed text goes before its case, where its `.fixed` file sorted when fixed
        // texts were files: every input keeps the odd agent (`agents_for`) it was asked about.
        if let Some(fixed) = fixed {
            inputs.push((format!("{} with every fix applied", path.display()), fixed.text.into_bytes()));
        }
        inputs.push((path.display().to_string(), bytes));
    }
    let cases: Vec<Case> =
        inputs.into_iter().enumerate().map(|(at, (name, bytes))| case_for(name, bytes, at, 4 << 20)).collect();
    run("corpus", &cases);
}

#[test]
#[cfg_attr(not(ci), ignore = "needs ../shared and g++ with Abseil to build Google's matcher; CI=true runs it")]
fn real_world_files_answer_as_googles_code() {
    let Some(files) = shared::protego_files() else { return };
    let cases: Vec<Case> = files.iter().enumerate().map(|(at, path)| case_for_file(path, at, 256 * 1024)).collect();
    run("protego", &cases);
}

/// A small deterministic generator (xorshift64*), so that a failure replays.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const KEYS: [&str; 20] = [
    "User-agent",
    "user-agent",
    "USER-AGENT",
    "useragent",
    "User agent",
    "User-agents",
    "Allow",
    "allowed",
    "Alow",
    "Disallow",
    "DISALLOW",
    "dissallow",
    "dissalow",
    "Disalow",
    "diasllow",
    "disallaw",
    "Disallow http",
    "Sitemap",
    "Crawl-delay",
    "",
];
const SEPARATORS: [&str; 8] = [":", ": ", " : ", "\t:\t", " ", "\t", "", "::"];
const VALUES: [&str; 34] = [
    "/",
    "/a",
    "/a/b",
    "/a/",
    "/a*",
    "/*.php$",
    "/a$",
    "$",
    "*",
    "",
    "/index.html",
    "/dir/index.htm",
    "/dir/index.html?x",
    "/%2f",
    "/%2F",
    "/%62",
    "/%e3%83%84",
    "/ä",
    "/ツ",
    "/a b",
    "/a#b",
    "* x",
    "*x",
    "FooBot",
    "foobot",
    "foo-bar_baz",
    "Foo Bar",
    "FooBot/1.0",
    "googlebot",
    "/a\0/b",
    "/a?b",
    "/a;b",
    "/$x",
    "/**",
];
const ENDINGS: [&str; 5] = ["\n", "\r\n", "\r", "\n\r", "\n\n"];
const MARKS: [&[u8]; 6] = [b"", b"\xEF\xBB\xBF", b"\xEF\xBB", b"\xEF", b"\xEF\xBB\xBF\xEF\xBB\xBF", b"\xBB\xBF"];

/// A file of hostile shapes: byte-order marks and parts of them, every line end, NUL,
/// missing colons, typos, prefix keys, `#` in values, white space Google strips, and lines
/// longer than Google keeps.
fn hostile_file(rng: &mut Rng) -> (Vec<u8>, Vec<String>) {
    let mut bytes = MARKS[rng.below(MARKS.len())].to_vec();
    let mut values = Vec::new();
    for _ in 0..1 + rng.below(12) {
        let indent = rng.pick(&["", " ", "\t", "\x0B", "\x0C "]);
        let key = rng.pick(&KEYS);
        let mut value = rng.pick(&VALUES).to_string();
        if rng.below(25) == 0 {
            // Past Google's 16,663 bytes: the cut falls inside the value.
            value = format!("/{}{}", "a".repeat(16_650 + rng.below(30)), rng.pick(&["", "$", "b", "*"]));
        }
        let comment = rng.pick(&["", "", " # note", "#x", " #"]);
        let trailing = rng.pick(&["", " ", "\t", "\x0B"]);
        bytes.extend_from_slice(format!("{indent}{key}{}{value}{comment}{trailing}", rng.pick(&SEPARATORS)).as_bytes());
        bytes.extend_from_slice(rng.pick(&ENDINGS).as_bytes());
        if rng.below(10) == 0 {
            bytes.push(0xFF);
        }
        values.push(value);
    }
    (bytes, values)
}

#[test]
#[cfg_attr(not(ci), ignore = "needs ../shared and g++ with Abseil to build Google's matcher; CI=true runs it")]
fn generated_hostile_files_answer_as_googles_code() {
    let mut rng = Rng(0x9309_1996);
    let agents: Vec<String> =
        ["FooBot", "foobot", "googlebot", "foo", "foo-bar_baz", "", "Foo Bar", "FooBot/1.0", "*", "x"]
            .map(String::from)
            .to_vec();
    let cases: Vec<Case> = (0..3_000)
        .map(|at| {
            let (bytes, values) = hostile_file(&mut rng);
            let mut urls: Vec<String> =
                ["/", "", "/a", "/a/b", "/dir/", "/dir/index.html", "/%62", "/b", "/ツ", "/%E3%83%84"]
                    .map(String::from)
                    .to_vec();
            for value in values.iter().take(6) {
                urls.extend(concrete_url(value));
                urls.push(format!("http://example.com{value}"));
                urls.push(format!("{value}x"));
            }
            Case {
                name: format!("generated file {at}: {:?}", String::from_utf8_lossy(&bytes)),
                bytes,
                agents: agents.clone(),
                urls,
            }
        })
        .collect();
    run("generated", &cases);
}
