//! `robolint audit FILE|URL` through the binary: what each registry robot may fetch, the
//! group that decides, the usage lines, on a file and on a fetched URL.

use std::fs;
use std::path::PathBuf;

use serde_json::Value;

use crate::support;
use crate::support::http_server;

/// The file of the AI-crawler issue: GPTBot's own group has only an Allow, so it no longer
/// reads the `*` group that keeps every other robot out.
const FILE: &str = "User-agent: GPTBot\nAllow: /blog\n\nUser-agent: *\nDisallow: /\n\n\
User-agent: anthropic-ai\nUser-agent: Claude-Web\nDisallow: /\n\n\
User-agent: Googlebot-Extended\nDisallow: /\nContent-Usage: train-ai=n\n";

/// A robots.txt in a scratch folder, which goes when the folder is dropped.
fn temp_file(name: &str, text: &str) -> (support::TestDir, PathBuf) {
    let dir = support::TestDir::new(&format!("audit-{name}"));
    let path = dir.join("robots.txt");
    fs::write(&path, text).expect("robots.txt written");
    (dir, path)
}

fn audit_json(target: &str) -> Value {
    let output =
        support::robolint_in(&std::env::temp_dir(), &["audit", "--format", "json", "--no-config", target], b"");
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("JSON output")
}

fn robot<'v>(audit: &'v Value, token: &str) -> &'v Value {
    let robots = audit["robots"].as_array().expect("robots");
    robots.iter().find(|robot| robot["token"] == token).unwrap_or_else(|| panic!("{token} in {audit}"))
}

fn assert_issue_file(audit: &Value) {
    let gptbot = robot(audit, "GPTBot");
    assert_eq!(gptbot["access"], "all", "{gptbot}");
    assert_eq!(gptbot["obeys"], "own-group");
    assert_eq!(gptbot["group_lines"], serde_json::json!([1]));
    let claudebot = robot(audit, "ClaudeBot");
    assert_eq!(claudebot["access"], "none", "{claudebot}");
    assert_eq!(claudebot["obeys"], "star");
    assert_eq!(claudebot["disallowed_example"]["line"], 5);
    // Retired tokens are not robots any more: the audit lists today's.
    let robots = audit["robots"].as_array().expect("robots");
    assert!(robots.iter().all(|robot| robot["token"] != "anthropic-ai"), "retired token listed");
    let preferences = audit["preferences"].as_array().expect("preferences");
    assert_eq!(preferences.len(), 1, "{preferences:?}");
    assert_eq!(preferences[0]["line"], 13);
    assert_eq!(preferences[0]["group"], "Googlebot-Extended");
}

#[test]
fn a_file_shows_each_robot_its_access_and_the_group_that_decides() {
    let (_dir, path) = temp_file("file", FILE);
    assert_issue_file(&audit_json(path.to_str().expect("UTF-8 path")));

    let output = support::robolint_in(
        &std::env::temp_dir(),
        &["audit", "--purpose", "ai-training", "--color", "never", "--no-config", path.to_str().expect("path")],
        b"",
    );
    let table = String::from_utf8_lossy(&output.stdout);
    let gptbot = table.lines().find(|line| line.contains(" GPTBot ")).expect("a GPTBot row");
    assert!(gptbot.contains(" all ") && gptbot.contains("own group (line 1)"), "{table}");
    assert!(table.lines().all(|line| !line.starts_with("search ")), "--purpose keeps only ai-training: {table}");
    assert!(table.contains("line 13 `Content-Usage: train-ai=n`, for Googlebot-Extended"), "{table}");
}

#[test]
fn a_url_is_audited_from_the_fetched_file() {
    let port = http_server::serve(|_| {
        vec![("/robots.txt", http_server::ok(&[("Content-Type", "text/plain")], FILE.as_bytes()))]
    });
    assert_issue_file(&audit_json(&format!("http://127.0.0.1:{port}/")));
}

#[test]
fn colour_marks_the_access_only_when_asked() {
    let (_dir, path) = temp_file("colour", FILE);
    let path = path.to_str().expect("path");
    let run = |color: &str| {
        let output =
            support::robolint_in(&std::env::temp_dir(), &["audit", "--color", color, "--no-config", path], b"");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    assert!(run("always").contains("\x1b[32mall\x1b[0m"));
    assert!(!run("never").contains('\x1b'));
}

/// A server whose robots.txt answers with `status` and nothing else.
fn answering(status: &str) -> u16 {
    let response = format!("HTTP/1.1 {status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n").into_bytes();
    http_server::serve(move |_| vec![("/robots.txt", response)])
}

#[test]
fn after_a_429_google_robots_are_kept_out_and_rfc9309_robots_may_fetch_everything() {
    let port = answering("429 Too Many Requests");
    let audit = audit_json(&format!("http://127.0.0.1:{port}/"));
    assert!(audit["as_fetched"].as_str().is_some_and(|note| note.contains("429")), "{audit}");
    let googlebot = robot(&audit, "Googlebot");
    assert_eq!((&googlebot["access"], &googlebot["fetch_answer"]), (&"none".into(), &"too-many-requests".into()));
    // RFC 9309 reads a 429 as any other 4xx: the file is unavailable.
    assert_eq!(robot(&audit, "GPTBot")["access"], "all");
}

#[test]
fn after_a_500_or_503_every_robot_may_fetch_nothing_unless_its_operator_says_otherwise() {
    let registry = robolint::agents::Registry::builtin();
    let own_way = |robot: &Value| {
        let token = robot["token"].as_str().unwrap_or_default();
        registry.find(token).is_some_and(|agent| agent.fetching.is_some())
    };
    for status in ["500 Internal Server Error", "503 Service Unavailable"] {
        let port = answering(status);
        let audit = audit_json(&format!("http://127.0.0.1:{port}/"));
        let robots = audit["robots"].as_array().expect("robots");
        assert!(!robots.is_empty());
        assert!(robots.iter().filter(|robot| !own_way(robot)).all(|robot| robot["access"] == "none"), "{status}");
        // Majestic's and Yandex's pages say their robots crawl when robots.txt cannot be read.
        assert!(robots.iter().filter(|robot| own_way(robot)).all(|robot| robot["access"] == "all"), "{status}");
    }
    let port = answering("503 Service Unavailable");
    let output = support::robolint_in(
        &std::env::temp_dir(),
        &["audit", "--purpose", "search", "--color", "never", "--no-config", &format!("http://127.0.0.1:{port}/")],
        b"",
    );
    let table = String::from_utf8_lossy(&output.stdout);
    assert!(table.starts_with("as fetched: GET http://127.0.0.1:"), "{table}");
    let googlebot = table.lines().find(|line| line.contains(" Googlebot ")).expect("a Googlebot row");
    assert!(googlebot.contains(" none ") && googlebot.contains("the 5xx answer"), "{table}");
}

#[test]
fn googlebot_reads_no_rule_past_its_500_kib_limit() {
    let (_dir, path) = temp_file("cap", &past_googlebots_limit());
    let audit = audit_json(path.to_str().expect("UTF-8 path"));
    assert_eq!(robot(&audit, "Googlebot")["access"], "all", "{}", robot(&audit, "Googlebot"));
    // A robot without a documented limit reads the whole file.
    assert_eq!(robot(&audit, "GPTBot")["access"], "some");
}

/// A robots.txt whose only Disallow for every robot comes after Google's 512,000 bytes.
fn past_googlebots_limit() -> String {
    let padding = format!("# {}\n", "x".repeat(97)).repeat(5200);
    format!("User-agent: *\nAllow: /\n{padding}Disallow: /private\n")
}

#[test]
fn each_robot_whose_token_is_no_product_token_is_kept_out_by_its_own_group() {
    let is_product_token = |token: &str| token.chars().all(|c| c.is_ascii_alphabetic() || c == '-' || c == '_');
    let registry = robolint::agents::Registry::builtin();
    let tokens: Vec<&str> = registry
        .agents()
        .iter()
        .filter(|agent| !agent.is_retired() && !is_product_token(&agent.token))
        .map(|agent| agent.token.as_ref())
        .collect();
    assert!(tokens.len() >= 21, "{tokens:?}");
    let file: String = tokens.iter().map(|token| format!("User-agent: {token}\nDisallow: /\n\n")).collect();
    let (_dir, path) = temp_file("tokens", &file);
    let audit = audit_json(path.to_str().expect("UTF-8 path"));
    for (at, token) in tokens.iter().enumerate() {
        let answer = robot(&audit, token);
        assert_eq!(answer["access"], "none", "{answer}");
        assert_eq!(answer["obeys"], "own-group", "{answer}");
        assert_eq!(answer["group_lines"], serde_json::json!([3 * at + 1]), "{answer}");
    }
}
