//! `robolint audit FILE|URL` through the binary: what each registry robot may fetch, the
//! group that decides, the usage lines, on a file and on a fetched URL.

use std::fs;
use std::path::PathBuf;

use serde_json::Value;

#[path = "support/http_server.rs"]
mod http_server;
mod support;

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
