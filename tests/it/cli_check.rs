//! `robolint check` and `robolint matrix` as users run them: the draft's §4 matrix, the
//! per-URL answers in text and JSON, and the exit statuses.

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::{json, Value};

use crate::support;

fn robolint(args: &[&str], stdin: &[u8]) -> Output {
    support::robolint_in(Path::new(env!("CARGO_MANIFEST_DIR")), args, stdin)
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

const FICT_ORG: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/seeds/draft-1996-section-4-fict-org.txt");

/// The draft's §4 matrix: URL, then unhipbot, webcrawler, excite, other.
const FICT_MATRIX: &str = "\
http://www.fict.org/                    No  Yes Yes No
http://www.fict.org/index.html          No  Yes Yes No
http://www.fict.org/robots.txt          Yes Yes Yes Yes
http://www.fict.org/server.html         No  Yes Yes Yes
http://www.fict.org/services/fast.html  No  Yes Yes Yes
http://www.fict.org/services/slow.html  No  Yes Yes Yes
http://www.fict.org/orgo.gif            No  Yes Yes No
http://www.fict.org/org/about.html      No  Yes Yes Yes
http://www.fict.org/org/plans.html      No  Yes Yes No
http://www.fict.org/%7Ejim/jim.html     No  Yes Yes No
http://www.fict.org/%7Emak/mak.html     No  Yes Yes Yes
";

/// A scratch folder holding the fict.org URL list, and the list's path.
fn urls_file(name: &str) -> (support::TestDir, PathBuf) {
    let dir = support::TestDir::new(&format!("cli-check-{name}"));
    let path = dir.join("urls.txt");
    let urls: String =
        FICT_MATRIX.lines().map(|row| format!("{}\n", row.split_whitespace().next().unwrap_or(""))).collect();
    std::fs::write(&path, format!("# the URLs of the draft's §4\n\n{urls}")).expect("writing the URL list");
    (dir, path)
}

fn words(text: &str) -> Vec<Vec<String>> {
    text.lines().map(|line| line.split_whitespace().map(str::to_string).collect()).collect()
}

#[test]
fn matrix_reproduces_the_drafts_section_4() {
    let (_dir, urls) = urls_file("matrix");
    let urls = urls.to_str().expect("UTF-8 temp path");
    let args =
        ["matrix", FICT_ORG, "--agents", "unhipbot,webcrawler,excite,other", "--urls", urls, "--dialect", "draft-1996"];
    let output = robolint(&args, b"");
    assert_eq!(output.status.code(), Some(1), "some robot may not fetch a URL: {}", stderr(&output));
    let text = stdout(&output);
    let (header, rows) = text.split_once('\n').expect("a header line");
    assert_eq!(
        header.split_whitespace().collect::<Vec<_>>(),
        ["draft-1996", "unhipbot", "webcrawler", "excite", "other"]
    );
    assert_eq!(words(rows), words(FICT_MATRIX));
}

/// `matrix --format json` says what the table says: a reading, its robots, and for each URL
/// a boolean per robot.
#[test]
fn matrix_as_json_holds_the_tables_answers() {
    let (_dir, urls) = urls_file("matrix-json");
    let urls = urls.to_str().expect("UTF-8 temp path");
    let agents = "unhipbot,webcrawler,excite,other";
    let args = ["matrix", FICT_ORG, "--agents", agents, "--urls", urls, "--dialect", "draft-1996", "--format", "json"];
    let output = robolint(&args, b"");
    assert_eq!(output.status.code(), Some(1), "some robot may not fetch a URL: {}", stderr(&output));
    let tables: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(tables.as_array().map(Vec::len), Some(1), "{tables:#}");
    assert_eq!(tables[0]["reading"], "draft-1996");
    assert_eq!(tables[0]["robots"], json!(["unhipbot", "webcrawler", "excite", "other"]));
    let rows: Vec<Vec<String>> = tables[0]["urls"]
        .as_array()
        .expect("urls")
        .iter()
        .map(|row| {
            let answers = row["allowed"].as_array().expect("allowed").iter();
            let cells = answers.map(|allowed| if allowed == true { "Yes" } else { "No" }.to_string());
            std::iter::once(row["url"].as_str().unwrap_or_default().to_string()).chain(cells).collect()
        })
        .collect();
    assert_eq!(rows, words(FICT_MATRIX));
}

#[test]
fn matrix_for_every_dialect_prints_five_tables() {
    let (_dir, urls) = urls_file("matrix-all");
    let urls = urls.to_str().expect("UTF-8 temp path");
    let output = robolint(&["matrix", FICT_ORG, "--agents", "unhipbot,other", "--urls", urls], b"");
    assert_eq!(output.status.code(), Some(1), "some robot may not fetch a URL: {}", stderr(&output));
    let text = stdout(&output);
    let tables: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(tables.len(), 5, "{text}");
    let dialects = ["norobots-1994", "draft-1996", "rfc9309", "google", "python-robotparser"];
    for (table, dialect) in tables.iter().zip(dialects) {
        assert!(table.starts_with(dialect), "{table}");
    }
    // 1994 robots read no Allow line and do not exempt /robots.txt.
    assert!(tables[0].contains("http://www.fict.org/robots.txt          No        No"), "{}", tables[0]);
    assert!(tables[1].contains("http://www.fict.org/server.html         No        Yes"), "{}", tables[1]);
    // Nor does Python's urllib.robotparser exempt it.
    assert!(tables[4].contains("http://www.fict.org/robots.txt          No        No"), "{}", tables[4]);
}

#[test]
fn check_names_the_deciding_line() {
    let output = robolint(
        &["check", FICT_ORG, "--agent", "other", "--dialect", "draft-1996", "/org/plans.html", "/org/about.html"],
        b"",
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stdout(&output);
    assert_eq!(
        text,
        "/org/plans.html\n  draft-1996     disallowed  line 12: Disallow: /org/plans.html\n\
         /org/about.html\n  draft-1996     allowed     line 13: Allow: /org/\n"
    );
}

#[test]
fn check_exits_0_when_everything_is_allowed() {
    // Google's matcher compares the name whole: `webcrawler`, not `WebCrawler/3.0`.
    let output =
        robolint(&["check", FICT_ORG, "--agent", "webcrawler", "/", "http://www.fict.org/org/plans.html"], b"");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert_eq!(text.matches("no rule matched").count(), 8, "{text}");
}

#[test]
fn check_exits_on_the_answer_of_the_robot_asked_about() {
    // MJ12bot's own group lets it in; Google's and RFC 9309's readings send it to `*`.
    let robots = b"User-agent: MJ12bot\nAllow: /\n\nUser-agent: *\nDisallow: /\n";
    let output = robolint(&["check", "-", "--agent", "MJ12bot", "/x"], robots);
    let text = stdout(&output);
    assert!(text.contains("  MJ12bot            allowed "), "{text}");
    assert!(text.contains("  google             disallowed  line 5"), "{text}");
    assert_eq!(output.status.code(), Some(0), "{text}");
    let google = robolint(&["check", "-", "--agent", "MJ12bot", "--dialect", "google", "/x"], robots);
    assert_eq!(google.status.code(), Some(1), "{}", stdout(&google));
}

#[test]
fn matrix_exits_on_the_answers_of_the_robots_asked_each_read_its_own_way() {
    let (_dir, urls) = urls_file("matrix-exit");
    let urls = urls.to_str().expect("UTF-8 temp path");
    // MJ12bot's own group lets it in; Google's and RFC 9309's readings send it to `*`.
    let robots = b"User-agent: MJ12bot\nAllow: /\n\nUser-agent: *\nDisallow: /\n";
    let own = robolint(&["matrix", "-", "--no-config", "--agents", "MJ12bot", "--urls", urls], robots);
    let text = stdout(&own);
    assert_eq!(text.split("\n\n").count(), 6, "its own table, then every dialect's: {text}");
    let google_table = text.split("\n\n").find(|table| table.starts_with("google")).unwrap_or_default();
    assert!(google_table.lines().skip(1).all(|row| row.ends_with(" No")), "{text}");
    assert_eq!(own.status.code(), Some(0), "{text}");
    let google = robolint(&["matrix", "-", "--agents", "MJ12bot", "--urls", urls, "--dialect", "google"], robots);
    assert_eq!(google.status.code(), Some(1), "{}", stdout(&google));
    // A robot the registry does not know answers under every dialect shown, as in check.
    let unknown = robolint(&["matrix", "-", "--no-config", "--agents", "MJ12bot,examplebot", "--urls", urls], robots);
    assert_eq!(unknown.status.code(), Some(1), "{}", stdout(&unknown));
    let open = b"User-agent: *\nDisallow:\n";
    let all = robolint(&["matrix", "-", "--agents", "MJ12bot,examplebot", "--urls", urls, "--dialect", "all"], open);
    assert_eq!(all.status.code(), Some(0), "{}", stdout(&all));
}

#[test]
fn googlebot_obeys_no_rule_past_its_500_kib_limit() {
    let padding = format!("# {}\n", "x".repeat(97)).repeat(5200);
    let robots = format!("User-agent: *\nAllow: /\n{padding}Disallow: /private\n");
    let output = robolint(&["check", "-", "--agent", "Googlebot", "--format", "json", "/private"], robots.as_bytes());
    let answers: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let googlebot = &answers[0];
    assert_eq!((&googlebot["robot"], &googlebot["allowed"]), (&json!("Googlebot"), &json!(true)), "{googlebot}");
    assert!(googlebot["as_fetched"].as_str().is_some_and(|note| note.contains("512000 bytes")), "{googlebot}");
    // The google dialect is Google's parser, which reads what it is given.
    let dialect = answers
        .as_array()
        .and_then(|all| all.iter().find(|answer| answer["dialect"] == "google" && answer["robot"].is_null()));
    assert_eq!(dialect.map(|answer| &answer["allowed"]), Some(&json!(false)), "{answers}");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn check_reads_urls_from_a_file_and_robots_txt_from_stdin() {
    let (_dir, urls) = urls_file("check-urls");
    let urls = urls.to_str().expect("UTF-8 temp path");
    let robots = std::fs::read(FICT_ORG).expect("the seed file");
    let output = robolint(&["check", "-", "--agent", "unhipbot", "--dialect", "rfc9309", "--urls", urls], &robots);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stdout(&output);
    assert_eq!(text.matches("disallowed  line 5: Disallow: /").count(), 10, "{text}");
    assert_eq!(text.matches("/robots.txt is always allowed").count(), 1, "{text}");
}

#[test]
fn check_json_for_scripts() {
    let args = [
        "check",
        FICT_ORG,
        "--agent",
        "other",
        "--format",
        "json",
        "--dialect",
        "all",
        "/org/plans.html",
        "/robots.txt",
    ];
    let output = robolint(&args, b"");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("[\n") && text.ends_with("]\n"), "{text}");
    assert_eq!(text.lines().count(), 12, "one answer a line: {text}");
    let answers: Vec<Value> = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(answers.len(), 10, "{text}");
    assert!(answers.contains(&json!({
        "url": "/org/plans.html", "dialect": "rfc9309", "allowed": false,
        "decided_by": {"line": 12, "text": "Disallow: /org/plans.html", "pattern": "/org/plans.html"}
    })));
    assert!(answers.contains(&json!({
        "url": "/robots.txt", "dialect": "rfc9309", "allowed": true, "reason": "/robots.txt is always allowed"
    })));
    // Google's code does not exempt it.
    assert!(answers.contains(&json!({
        "url": "/robots.txt", "dialect": "google", "allowed": false,
        "decided_by": {"line": 16, "text": "Disallow: /", "pattern": "/"}
    })));
    let robots_txt_for_1994 =
        answers.iter().find(|answer| answer["url"] == "/robots.txt" && answer["dialect"] == "norobots-1994");
    assert_eq!(robots_txt_for_1994.map(|answer| answer["decided_by"]["line"].clone()), Some(json!(16)));
    assert!(answers.contains(&json!({
        "url": "/robots.txt", "dialect": "python-robotparser", "allowed": false,
        "decided_by": {"line": 16, "text": "Disallow: /", "pattern": "/"}
    })));
    assert!(
        text.contains("{\"url\":\"/org/plans.html\",\"dialect\":\"norobots-1994\","),
        "fields keep their order: {text}"
    );
}

#[test]
fn check_reports_no_record() {
    let output = robolint(
        &["check", "-", "--agent", "otherbot", "--format", "json", "--dialect", "google", "/x"],
        b"User-agent: somebot\nDisallow: /\n",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "[\n  {\"url\":\"/x\",\"dialect\":\"google\",\"allowed\":true,\"reason\":\"no record applies\"}\n]\n"
    );
}

#[test]
fn check_usage_errors_exit_2() {
    let cases: [&[&str]; 6] = [
        &["check", "/no/such/robots.txt", "--agent", "r", "/"],
        &["check", FICT_ORG, "--agent", "r", "--dialect", "rfc-9309", "/"],
        &["check", FICT_ORG, "--agent", "r", "--dialect", "rfc9309", "www.fict.org/"],
        &["check", FICT_ORG, "--agent", "r"],
        &["check", FICT_ORG, "--agent", " ", "--dialect", "draft-1996", "/"],
        &["check", FICT_ORG, "--agent", "r", "--urls", "/no/such/urls.txt"],
    ];
    for args in cases {
        let output = robolint(args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
        assert!(!stderr(&output).is_empty(), "{args:?}");
        assert!(stdout(&output).is_empty(), "{args:?}");
    }
    let missing = robolint(&["check", "/no/such/robots.txt", "--agent", "r", "/"], b"");
    assert!(stderr(&missing).contains("/no/such/robots.txt"), "{}", stderr(&missing));
}

/// What Google's `OneAgentAllowedByRobots` answers (robots_test.cc asks the empty
/// questions too): an empty agent is named by a User-agent line whose value has no
/// `[a-zA-Z_-]` start, `Foo Bar` by no line, and any text has a path (`""` is `/`).
#[test]
fn check_answers_googles_edge_questions() {
    let robots = b"User-agent: *\nDisallow: /\n\nUser-agent: 1bot\nDisallow: /x\n\nUser-agent: Foo\nAllow: /\n";
    let answers = [
        (&["--agent", "", ""][..], "allowed", "no rule matched"),
        (&["--agent", "", "/xyz"][..], "disallowed", "line 5: Disallow: /x"),
        (&["--agent", "Foo Bar", "/y"][..], "disallowed", "line 2: Disallow: /"),
        (&["--agent", "foo", "example.com/x"][..], "allowed", "line 8: Allow: /"),
    ];
    for (args, verdict, why) in answers {
        let mut command = vec!["check", "-", "--dialect", "google"];
        command.extend(args);
        let output = robolint(&command, robots);
        let out = stdout(&output);
        assert!(out.contains(&format!("google         {verdict:<11} {why}")), "{command:?}: {out}{}", stderr(&output));
    }
    let all = robolint(&["check", "-", "--agent", "", "/xyz"], robots);
    assert_eq!(all.status.code(), Some(1), "{}", stderr(&all));
    assert_eq!(stdout(&all).lines().count(), 6, "the URL, then one answer per dialect: {}", stdout(&all));
}

#[test]
fn matrix_usage_errors_exit_2() {
    let (_dir, urls) = urls_file("matrix-errors");
    let urls = urls.to_str().expect("UTF-8 temp path");
    let cases: [&[&str]; 5] = [
        &["matrix", FICT_ORG, "--agents", "a,b"],
        &["matrix", FICT_ORG, "--agents", "a,b", "--urls", "/no/such/urls.txt"],
        &["matrix", "/no/such/robots.txt", "--agents", "a", "--urls", urls],
        &["matrix", FICT_ORG, "--agents", "a,,b", "--urls", urls],
        &["matrix", FICT_ORG, "--agents", "a", "--urls", urls, "--dialect", "1996"],
    ];
    for args in cases {
        let output = robolint(args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
    }
}
