//! The `python-robotparser` dialect against Python's own `urllib.robotparser`: the same
//! (robots.txt, robot, URL) questions go to robolint's matcher and, in one python3 process,
//! to `RobotFileParser.can_fetch` after `parse(text.splitlines())`
//! (tests/it/python_robotparser.py), and every answer must agree. The questions come from
//! every corpus case, every file of `../shared/corpus/protego`, and generated hostile files;
//! the URLs from the files' own rules, varied (escapes, case, queries, fragments, whole
//! URLs, non-ASCII), plus the robot and URL of every witness in the corpus that names Python.
//!
//! The one deliberate difference: where `can_fetch` raises (a URL whose host Python's
//! `urlsplit` rejects, such as `http://[x/`), robolint still answers; those questions are
//! counted apart. Where `parse` raises, Python keeps what it had read, and so does robolint.
//!
//! Without python3 (or with a Python whose robotparser is not the modelled one), or without
//! `../shared`, the test says so and passes, except under `CI=true`, where it fails.

use crate::support::shared;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

use robolint::dialect::{Dialect, Matcher};
use robolint::model::Directive;
use robolint::{lint, parse, Settings, Source};
use serde_json::{json, Value};

/// One robots.txt and the questions asked about it.
struct Case {
    name: String,
    text: String,
    questions: Vec<(String, String)>,
}

/// URLs built from a rule's path: the path, longer, in other case, with a query and a
/// fragment, as a whole URL, escaped and unescaped.
fn url_variants(path: &str, out: &mut Vec<String>) {
    let upper = path.to_uppercase();
    out.extend([
        path.to_string(),
        format!("{path}x"),
        upper,
        format!("{path}?q=1&r=%2F"),
        format!("{path}#top"),
        format!("https://example.com{path}"),
        path.replace('/', "%2F"),
        path.replace('%', "%25"),
        format!("{path}é/%C3%A9"),
    ]);
    if let Some(shorter) = path.get(..path.len().saturating_sub(1)) {
        out.push(shorter.to_string());
    }
}

const FIXED_URLS: [&str; 16] = [
    "/",
    "",
    "/robots.txt",
    "https://example.com",
    "https://example.com?x",
    "/%7Ejoe/index.html",
    "/~joe/index.html",
    "/a%2Fb",
    "/café",
    "/caf%C3%A9",
    "/a;b?c",
    "/a?",
    "//host/x",
    "http://[bad/x",
    "/%zz",
    "index.html",
];

/// The questions for one file: its robots (as named, with a version, inside a browser-like
/// agent) and a few of its own, each with URLs from the file's rules.
fn questions(text: &str) -> Vec<(String, String)> {
    let source = Source::from(text);
    let document = parse::parse(&source);
    let text = source.text.as_str();
    let mut agents: Vec<String> = vec!["anybot".into(), "Mozilla/5.0 (compatible; Googlebot/2.1)".into()];
    let mut urls: Vec<String> = FIXED_URLS.iter().map(|url| url.to_string()).collect();
    for line in &document.lines {
        let Some(field) = line.field() else { continue };
        let value = field.value.text(text);
        match field.directive {
            Some(Directive::UserAgent) if agents.len() < 5 => {
                agents.push(value.to_string());
                agents.push(format!("{value}/1.0"));
            }
            Some(Directive::Allow | Directive::Disallow) if urls.len() < 28 => url_variants(value, &mut urls),
            _ => {}
        }
    }
    agents.dedup();
    urls.dedup();
    agents.iter().flat_map(|agent| urls.iter().map(move |url| (agent.clone(), url.clone()))).collect()
}

fn case(name: String, bytes: &[u8]) -> Case {
    let text = Source::from_bytes(bytes).text;
    let questions = questions(&text);
    Case { name, text, questions }
}

/// A corpus case, with the robot and URL of every witness its lint names Python in (what the
/// messages say Python does is asked of Python too), and how many those are.
fn corpus_case(path: &Path) -> (Case, usize) {
    let bytes = std::fs::read(path).expect("a readable file");
    let mut case = case(path.display().to_string(), &bytes);
    // Every robot's view, where the findings about Python's reading are on.
    let portable = Settings { targets: Dialect::ALL.to_vec(), ..Settings::default() };
    let report = lint(Source::from_bytes(&bytes), Some(path), &portable);
    let witnesses = report.diagnostics.iter().filter_map(|diagnostic| diagnostic.witness.as_ref());
    let before = case.questions.len();
    for witness in witnesses.filter(|witness| witness.claims.iter().any(|(dialect, _)| *dialect == PYTHON)) {
        case.questions.push((witness.robot.clone(), witness.url.clone()));
    }
    let witnessed = case.questions.len() - before;
    (case, witnessed)
}

const PYTHON: Dialect = Dialect::PythonRobotparser;

/// A small deterministic generator (a 64-bit LCG), so the hostile files are the same on
/// every run.
struct Lcg(u64);

impl Lcg {
    fn pick<'a>(&mut self, choices: &[&'a str]) -> &'a str {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        choices[(self.0 >> 33) as usize % choices.len()]
    }
}

/// Files that go where Python's reading differs from robolint's lines and from the other
/// dialects: lines split by form feeds and other separators, blank lines in every state,
/// Crawl-delay between agents, repeated `*` entries, escapes, brackets, schemes.
fn hostile_files() -> Vec<Case> {
    let names = [
        "User-agent",
        "user-AGENT",
        " User-agent ",
        "Disallow",
        "disallow ",
        "Allow",
        "ALLOW",
        "Crawl-delay",
        "Request-rate",
        "Sitemap",
        "Disalow",
        "User agent",
    ];
    let separators = [":", " : ", ":\t", "", " "];
    let agents = ["*", "bot", "Bot/1.0", "", "%2A", "googlebot", "googlebot-news", "b*t", "ĸbot", " * ", "BOT"];
    let paths = [
        "/",
        "",
        "/a",
        "/a/",
        "/A",
        "/a%2Fb",
        "/a%2fb",
        "/%7Ejoe",
        "/~joe",
        "/café",
        "/caf%C3%A9",
        "/a?",
        "/a?b=c",
        "/a;p",
        "/a;",
        "//host/x",
        "//[::1]/x",
        "//[bad/x",
        "http:x",
        "HTTP://h/a",
        "mailto:x",
        "*",
        "/a*",
        "/a$",
        "%00/a",
        "/a%09b",
        "/%C3",
        "/a#b",
        "/a%23b",
        "²",
        "5",
        "1/5",
        "/robots.txt",
        "a",
        "/%E2%80%A8",
    ];
    let endings = ["\n", "\r\n", "\r", "\u{c}", "\u{b}", "\u{1c}", "\u{85}", "\u{2028}", "\n\n", "\n \n", "\n#c\n"];
    let mut lcg = Lcg(0x5eed);
    (0..3000)
        .map(|number| {
            let mut text = String::new();
            if number % 17 == 0 {
                text.push('\u{feff}');
            }
            for _ in 0..(number % 9 + 2) {
                let name = lcg.pick(&names);
                let value = if name.trim().eq_ignore_ascii_case("user-agent") || name == "User agent" {
                    lcg.pick(&agents)
                } else {
                    lcg.pick(&paths)
                };
                text.push_str(name);
                text.push_str(lcg.pick(&separators));
                text.push_str(value);
                if number % 5 == 0 {
                    text.push_str(" # note");
                }
                text.push_str(lcg.pick(&endings));
            }
            let mut questions = questions(&text);
            questions.extend(paths.iter().flat_map(|path| {
                ["bot", "googlebot-news/2", "Bot"].map(|agent| (agent.to_string(), path.to_string()))
            }));
            Case { name: format!("hostile #{number}"), text, questions }
        })
        .collect()
}

/// Python's answers for `cases`, one list per case, from one python3 process; `None` when
/// python3 or the modelled robotparser is missing.
fn python_answers(cases: &[Case]) -> Option<Vec<Value>> {
    let script = Path::new(crate::support::ROOT).join("tests/it/python_robotparser.py");
    let spawned = Command::new("python3").arg(&script).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn();
    let Ok(mut child) = spawned else {
        shared::missing("python3 is not installed");
        return None;
    };
    let mut stdin = child.stdin.take().expect("python3's standard input");
    let lines: Vec<String> =
        cases.iter().map(|case| json!({"text": case.text, "questions": case.questions}).to_string()).collect();
    let writer = std::thread::spawn(move || {
        for line in lines {
            if writeln!(stdin, "{line}").is_err() {
                break;
            }
        }
    });
    let mut replies = BufReader::new(child.stdout.take().expect("python3's standard output")).lines();
    let header: Value = serde_json::from_str(&replies.next()?.ok()?).ok()?;
    println!("Python {} (robotparser modelled: {})", header["python"], header["modelled"]);
    if header["modelled"] != json!(true) {
        shared::missing(&format!(
            "Python {}'s urllib.robotparser is not the modelled one (3.8-3.13)",
            header["python"]
        ));
        let _ = child.kill();
        return None;
    }
    let answers: Vec<Value> =
        replies.map(|line| serde_json::from_str(&line.expect("a line from python3")).expect("JSON")).collect();
    writer.join().expect("the writer thread");
    assert!(child.wait().expect("python3 ends").success(), "python3 failed");
    Some(answers)
}

#[test]
#[cfg_attr(not(ci), ignore = "needs ../shared and python3 (3.8-3.13); CI=true runs it")]
fn python_robotparser_answers_as_the_standard_library() {
    let root = Path::new(crate::support::ROOT);
    let corpus = crate::support::files_below(&root.join("corpus"), Some("txt"));
    let (mut cases, witnessed): (Vec<Case>, Vec<usize>) = corpus.iter().map(|path| corpus_case(path)).unzip();
    let paths = shared::protego_files().unwrap_or_default();
    cases.extend(
        paths.iter().map(|path| case(path.display().to_string(), &std::fs::read(path).expect("a readable file"))),
    );
    cases.extend(hostile_files());

    let Some(python) = python_answers(&cases) else { return };
    assert_eq!(python.len(), cases.len(), "python3 answered every file");
    let (mut compared, mut disallowed, mut python_raised, mut parse_raised) = (0, 0, 0, 0);
    let mut differences = Vec::new();
    for (case, reply) in cases.iter().zip(&python) {
        let source = Source::from(case.text.as_str());
        let document = parse::parse(&source);
        parse_raised += usize::from(!reply["raised"].is_null());
        let answers = reply["answers"].as_array().expect("answers");
        let mut matchers: Vec<(&str, Matcher)> = Vec::new();
        for ((agent, url), answer) in case.questions.iter().zip(answers) {
            if !matchers.iter().any(|(known, _)| known == agent) {
                let matcher = Matcher::new(&document, &source.text, agent, PYTHON);
                matchers.push((agent, matcher));
            }
            let Some((_, matcher)) = matchers.iter().find(|(known, _)| known == agent) else { continue };
            let Some(expected) = answer.as_bool() else {
                python_raised += 1;
                continue;
            };
            compared += 1;
            disallowed += usize::from(!expected);
            let verdict = matcher.allowed(url);
            if verdict.allowed != expected {
                differences.push(format!(
                    "{}: robot {agent:?}, URL {url:?}: Python says {expected}, robolint {verdict:?}\n{:?}",
                    case.name, case.text
                ));
            }
        }
    }
    println!(
        "{} files, {compared} questions compared ({disallowed} disallowed by Python), {} different; {python_raised} \
         where can_fetch raised; {parse_raised} files where parse raised; {} of the questions from corpus \
         witnesses naming Python",
        cases.len(),
        differences.len(),
        witnessed.iter().sum::<usize>()
    );
    let shown: Vec<&String> = differences.iter().take(20).collect();
    assert!(differences.is_empty(), "{} differences, the first:\n{shown:#?}", differences.len());
    assert!(compared > 100_000, "too few questions compared: {compared}");
}
