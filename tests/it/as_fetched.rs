//! `check`, `matrix`, `audit` and `diff` on a URL whose robots.txt gives no file (429, 5xx,
//! 4xx) or passes a robot's size limit, over a loopback server, and the size limit over
//! files too: each robot answers as it treats what it was given (`agents/fetching.toml`, an
//! entry's own `[agent.fetching]`, `limits.max-file-bytes`), and says so.

use crate::support::stdout;
use std::fs;
use std::path::PathBuf;
use std::process::Output;

use serde_json::{json, Value};

use robolint::agents::{FetchAnswer, Registry, Treatment};

use crate::support;
use crate::support::http_server;

fn robolint(args: &[&str]) -> Output {
    support::robolint_in(&std::env::temp_dir(), args, b"")
}

/// A server whose robots.txt answers with `status` and nothing else; its site's URL.
fn answering(status: &str) -> String {
    let response = format!("HTTP/1.1 {status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n").into_bytes();
    let port = http_server::serve(move |_| vec![("/robots.txt", response)]);
    format!("http://127.0.0.1:{port}/")
}

/// A server whose robots.txt is `text`; its site's URL.
fn serving(text: String) -> String {
    let port = http_server::serve(move |_| {
        vec![("/robots.txt", http_server::ok(&[("Content-Type", "text/plain")], text.as_bytes()))]
    });
    format!("http://127.0.0.1:{port}/")
}

/// A robots.txt whose only Disallow for every robot comes after Google's 512,000 bytes.
fn past_googlebots_limit() -> String {
    let padding = format!("# {}\n", "x".repeat(97)).repeat(5200);
    format!("User-agent: *\nAllow: /\n{padding}Disallow: /private\n")
}

/// A robots.txt in a scratch folder, which goes when the folder is dropped.
fn temp_file(name: &str, text: &str) -> (support::TestDir, PathBuf) {
    let dir = support::TestDir::new(&format!("as-fetched-{name}"));
    let path = dir.join("robots.txt");
    fs::write(&path, text).expect("robots.txt written");
    (dir, path)
}

/// `check --format json` of one robot and one URL: the robot's own answer, and the status.
fn check_json(site: &str, agent: &str, url: &str) -> (Value, Option<i32>) {
    let output = robolint(&["check", "--no-config", "--format", "json", site, "--agent", agent, url]);
    let answers: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let own = answers.as_array().and_then(|all| all.iter().find(|answer| answer["robot"] == agent)).cloned();
    (own.unwrap_or_else(|| panic!("{agent}'s answer in {answers}")), output.status.code())
}

fn audit_json(site: &str) -> Value {
    let output = robolint(&["audit", "--format", "json", "--no-config", site]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("JSON output")
}

fn audited<'v>(audit: &'v Value, token: &str) -> &'v Value {
    let robots = audit["robots"].as_array().expect("robots");
    robots.iter().find(|robot| robot["token"] == token).unwrap_or_else(|| panic!("{token} in {audit}"))
}

#[test]
fn check_after_a_429_answers_as_each_robot_treats_it_and_exits_on_the_robot_asked() {
    let site = answering("429 Too Many Requests");
    let (googlebot, status) = check_json(&site, "Googlebot", "/x");
    assert_eq!((&googlebot["allowed"], status), (&json!(false), Some(1)), "{googlebot}");
    let note = googlebot["as_fetched"].as_str().unwrap_or_default();
    assert!(note.contains("the 429 answer") && note.contains("disallow-all"), "{googlebot}");
    assert!(googlebot.get("decided_by").is_none() && googlebot.get("group").is_none(), "{googlebot}");
    // RFC 9309 reads a 429 as any other 4xx: the file is unavailable.
    let (gptbot, status) = check_json(&site, "GPTBot", "/x");
    assert_eq!((&gptbot["allowed"], status), (&json!(true), Some(0)), "{gptbot}");

    let human = robolint(&["check", "--no-config", &site, "--agent", "Googlebot", "/x"]);
    let text = stdout(&human);
    let own = text.lines().nth(1).unwrap_or_default();
    assert!(own.contains("disallowed") && own.contains("[as fetched: the 429 answer (GET http://127.0.0.1:"), "{text}");
}

#[test]
fn check_after_a_500_or_503_keeps_robots_out_unless_their_operator_says_otherwise() {
    for status in ["500 Internal Server Error", "503 Service Unavailable"] {
        let site = answering(status);
        let (googlebot, code) = check_json(&site, "Googlebot", "/");
        assert_eq!((&googlebot["allowed"], code), (&json!(false), Some(1)), "{status}: {googlebot}");
        assert!(googlebot["as_fetched"].as_str().is_some_and(|note| note.contains("the 5xx answer")), "{googlebot}");
        // Majestic documents MJ12bot crawling when it cannot retrieve robots.txt.
        let (majestic, code) = check_json(&site, "MJ12bot", "/");
        assert_eq!((&majestic["allowed"], code), (&json!(true), Some(0)), "{status}: {majestic}");
        assert!(majestic["as_fetched"].as_str().is_some_and(|note| note.ends_with("allow-all")), "{majestic}");
    }
}

#[test]
fn audit_after_a_5xx_answers_each_robot_with_its_own_treatment() {
    let audit = audit_json(&answering("503 Service Unavailable"));
    let registry = Registry::builtin();
    let robots = audit["robots"].as_array().expect("robots");
    assert!(robots.len() > 100, "{audit}");
    for answer in robots {
        let token = answer["token"].as_str().unwrap_or_default();
        let agent = registry.find(token).unwrap_or_else(|| panic!("{token} in the registry"));
        let expected = match registry.treatment(agent, FetchAnswer::ServerError) {
            Treatment::AllowAll => "all",
            Treatment::DisallowAll => "none",
        };
        assert_eq!((token, &answer["access"]), (token, &json!(expected)), "{answer}");
    }
    for (token, access) in [("Googlebot", "none"), ("GPTBot", "none"), ("MJ12bot", "all"), ("YandexBot", "all")] {
        assert_eq!(audited(&audit, token)["access"], access, "{token}");
    }
}

#[test]
fn googlebot_reads_no_rule_past_its_limit_in_a_fetched_file_or_a_file() {
    let (_dir, path) = temp_file("cap", &past_googlebots_limit());
    let site = serving(past_googlebots_limit());
    for place in [site.as_str(), path.to_str().expect("UTF-8 path")] {
        let (googlebot, status) = check_json(place, "Googlebot", "/private");
        assert_eq!((&googlebot["allowed"], status), (&json!(true), Some(0)), "{place}: {googlebot}");
        assert!(googlebot["as_fetched"].as_str().is_some_and(|note| note.contains("512000 bytes")), "{googlebot}");
        // A robot without a documented limit reads the whole file.
        let (gptbot, status) = check_json(place, "GPTBot", "/private");
        assert_eq!((&gptbot["allowed"], status), (&json!(false), Some(1)), "{place}: {gptbot}");

        let audit = audit_json(place);
        assert_eq!(audited(&audit, "Googlebot")["access"], "all", "{place}");
        assert_eq!(audited(&audit, "GPTBot")["access"], "some", "{place}");
    }
}

#[test]
fn diff_with_a_url_that_gives_no_file_answers_as_each_robot_treats_it() {
    let (_dir, path) = temp_file("diff", "User-agent: *\nDisallow: /\n");
    let old = path.to_str().expect("UTF-8 path");
    let diff = |new: &str, format: &str| {
        robolint(&["diff", "--agents", "Googlebot,GPTBot,MJ12bot", "--format", format, old, new])
    };
    // A 5xx keeps Googlebot and GPTBot out as the file did: only MJ12bot's answers change.
    let site = answering("503 Service Unavailable");
    let output = diff(&site, "json");
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let answer: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let changes = answer["changes"].as_array().expect("changes");
    assert!(!changes.is_empty() && changes.iter().all(|change| change["robot"] == "MJ12bot"), "{answer}");
    let note = changes[0]["after"]["as_fetched"].as_str().unwrap_or_default();
    assert!(note.contains("the 5xx answer") && note.ends_with("allow-all"), "{answer}");
    assert!(answer["notes"][0].as_str().is_some_and(|note| note.starts_with("as fetched: GET ")), "{answer}");

    // A 404 lets every robot in; the human output names the answer as the cause.
    let site = answering("404 Not Found");
    let output = diff(&site, "human");
    let text = stdout(&output);
    assert!(text.contains("GPTBot") && text.contains("Googlebot") && text.contains("MJ12bot"), "{text}");
    assert!(text.contains("because of the new robots.txt as fetched, the 4xx answer"), "{text}");

    // The other way round a 429 blocks Googlebot but not GPTBot, which reads it as a 4xx.
    let site = answering("429 Too Many Requests");
    let output = robolint(&["diff", "--agents", "Googlebot,GPTBot", "--format", "json", &site, old]);
    assert_eq!(output.status.code(), Some(1), "GPTBot is blocked: {}", stdout(&output));
    let answer: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let changes = answer["changes"].as_array().expect("changes");
    assert!(!changes.is_empty() && changes.iter().all(|change| change["robot"] == "GPTBot"), "{answer}");
    assert!(changes[0]["before"]["as_fetched"].as_str().is_some_and(|note| note.contains("429")), "{answer}");

    // GitHub annotations have no line of a file that gave none to point at.
    let output = robolint(&["diff", "--agents", "GPTBot", "--format", "github", old, &answering("404 Not Found")]);
    let text = stdout(&output);
    assert!(text.contains("::notice title=robolint diff::as fetched: GET "), "{text}");
    assert!(text.lines().all(|line| !line.contains(",line=")), "{text}");
}

#[test]
fn matrix_on_a_url_answers_as_each_robot_treats_it_and_exits_on_the_robots_asked() {
    let (_dir, urls) = temp_file("matrix-urls", "/\n/x\n");
    let urls = urls.to_str().expect("UTF-8 path");
    let site = answering("503 Service Unavailable");
    let output = robolint(&["matrix", "--no-config", &site, "--agents", "MJ12bot", "--urls", urls]);
    let text = stdout(&output);
    assert!(text.starts_with("as fetched: GET http://127.0.0.1:"), "{text}");
    let robots_table = text.split("\n\n").next().unwrap_or_default();
    assert!(robots_table.contains("/x      Yes"), "{text}");
    assert_eq!(output.status.code(), Some(0), "MJ12bot crawls after a 5xx: {text}");
    let googlebot = robolint(&["matrix", "--no-config", &site, "--agents", "Googlebot", "--urls", urls]);
    assert_eq!(googlebot.status.code(), Some(1), "{}", stdout(&googlebot));
}
