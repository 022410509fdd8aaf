//! `robolint check` and `robolint matrix` as users run them: the draft's §4 matrix, the
//! per-URL answers in text and JSON, and the exit statuses.

use crate::support::{robolint, stderr, stdout};
use std::path::PathBuf;

use serde_json::{json, Value};

use crate::support;

const FICT_ORG: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/seeds/draft-1996-section-4-fict-org.txt");

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
    let text = stdout(&output);
    let rows = text.split_once('\n').map(|(_header, rows)| rows).unwrap_or_default();
    assert_eq!(words(rows), words(FICT_MATRIX));
    // Status 1: some robot may not fetch a URL.
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 1
        --- stdout
        draft-1996                              unhipbot  webcrawler  excite  other
        http://www.fict.org/                    No        Yes         Yes     No
        http://www.fict.org/index.html          No        Yes         Yes     No
        http://www.fict.org/robots.txt          Yes       Yes         Yes     Yes
        http://www.fict.org/server.html         No        Yes         Yes     Yes
        http://www.fict.org/services/fast.html  No        Yes         Yes     Yes
        http://www.fict.org/services/slow.html  No        Yes         Yes     Yes
        http://www.fict.org/orgo.gif            No        Yes         Yes     No
        http://www.fict.org/org/about.html      No        Yes         Yes     Yes
        http://www.fict.org/org/plans.html      No        Yes         Yes     No
        http://www.fict.org/%7Ejim/jim.html     No        Yes         Yes     No
        http://www.fict.org/%7Emak/mak.html     No        Yes         Yes     Yes
        --- stderr
        ");
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
    // 1994 robots read no Allow line and do not exempt /robots.txt; nor does Python's
    // urllib.robotparser exempt it.
    insta::assert_snapshot!(support::transcript(&output));
}

#[test]
fn check_names_the_deciding_line() {
    let output = robolint(
        &["check", FICT_ORG, "--agent", "other", "--dialect", "draft-1996", "/org/plans.html", "/org/about.html"],
        b"",
    );
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 1
        --- stdout
        /org/plans.html
          draft-1996     disallowed  line 12: Disallow: /org/plans.html
        /org/about.html
          draft-1996     allowed     line 13: Allow: /org/
        --- stderr
        ");
}

#[test]
fn check_exits_0_when_everything_is_allowed() {
    // Google's matcher compares the name whole: `webcrawler`, not `WebCrawler/3.0`.
    let output =
        robolint(&["check", FICT_ORG, "--agent", "webcrawler", "/", "http://www.fict.org/org/plans.html"], b"");
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 0
        --- stdout
        /
          norobots-1994      allowed     no rule matched
          draft-1996         allowed     no rule matched
          rfc9309            allowed     no rule matched
          google             allowed     no rule matched
          python-robotparser allowed     line 9: Disallow:
        http://www.fict.org/org/plans.html
          norobots-1994      allowed     no rule matched
          draft-1996         allowed     no rule matched
          rfc9309            allowed     no rule matched
          google             allowed     no rule matched
          python-robotparser allowed     line 9: Disallow:
        --- stderr
        ");
}

#[test]
fn check_exits_on_the_answer_of_the_robot_asked_about() {
    // MJ12bot's own group lets it in; Google's and RFC 9309's readings send it to `*`.
    let robots = b"User-agent: MJ12bot\nAllow: /\n\nUser-agent: *\nDisallow: /\n";
    let output = robolint(&["check", "-", "--agent", "MJ12bot", "/x"], robots);
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 0
        --- stdout
        /x
          MJ12bot            allowed     line 2: Allow: / (as rfc9309 reads it, comparing whole User-agent values; its group: line 1 `User-agent: MJ12bot`)
          norobots-1994      allowed     no rule matched
          draft-1996         allowed     line 2: Allow: /
          rfc9309            disallowed  line 5: Disallow: /
          google             disallowed  line 5: Disallow: /
          python-robotparser allowed     line 2: Allow: /
        --- stderr
        ");
    let google = robolint(&["check", "-", "--agent", "MJ12bot", "--dialect", "google", "/x"], robots);
    insta::assert_snapshot!(support::transcript(&google), @r"
        status: 1
        --- stdout
        /x
          google         disallowed  line 5: Disallow: /
        --- stderr
        ");
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
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 1
        --- stdout
        http://www.fict.org/
          rfc9309        disallowed  line 5: Disallow: /
        http://www.fict.org/index.html
          rfc9309        disallowed  line 5: Disallow: /
        http://www.fict.org/robots.txt
          rfc9309        allowed     /robots.txt is always allowed
        http://www.fict.org/server.html
          rfc9309        disallowed  line 5: Disallow: /
        http://www.fict.org/services/fast.html
          rfc9309        disallowed  line 5: Disallow: /
        http://www.fict.org/services/slow.html
          rfc9309        disallowed  line 5: Disallow: /
        http://www.fict.org/orgo.gif
          rfc9309        disallowed  line 5: Disallow: /
        http://www.fict.org/org/about.html
          rfc9309        disallowed  line 5: Disallow: /
        http://www.fict.org/org/plans.html
          rfc9309        disallowed  line 5: Disallow: /
        http://www.fict.org/%7Ejim/jim.html
          rfc9309        disallowed  line 5: Disallow: /
        http://www.fict.org/%7Emak/mak.html
          rfc9309        disallowed  line 5: Disallow: /
        --- stderr
        ");
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
    serde_json::from_slice::<Value>(&output.stdout).expect("valid JSON");
    // One answer a line, fields in a fixed order; Google's code and Python's do not exempt
    // /robots.txt.
    insta::assert_snapshot!(support::transcript(&output), @r#"
        status: 1
        --- stdout
        [
          {"url":"/org/plans.html","dialect":"norobots-1994","allowed":false,"decided_by":{"line":12,"text":"Disallow: /org/plans.html","pattern":"/org/plans.html"}},
          {"url":"/org/plans.html","dialect":"draft-1996","allowed":false,"decided_by":{"line":12,"text":"Disallow: /org/plans.html","pattern":"/org/plans.html"}},
          {"url":"/org/plans.html","dialect":"rfc9309","allowed":false,"decided_by":{"line":12,"text":"Disallow: /org/plans.html","pattern":"/org/plans.html"}},
          {"url":"/org/plans.html","dialect":"google","allowed":false,"decided_by":{"line":12,"text":"Disallow: /org/plans.html","pattern":"/org/plans.html"}},
          {"url":"/org/plans.html","dialect":"python-robotparser","allowed":false,"decided_by":{"line":12,"text":"Disallow: /org/plans.html","pattern":"/org/plans.html"}},
          {"url":"/robots.txt","dialect":"norobots-1994","allowed":false,"decided_by":{"line":16,"text":"Disallow: /","pattern":"/"}},
          {"url":"/robots.txt","dialect":"draft-1996","allowed":true,"reason":"/robots.txt is always allowed"},
          {"url":"/robots.txt","dialect":"rfc9309","allowed":true,"reason":"/robots.txt is always allowed"},
          {"url":"/robots.txt","dialect":"google","allowed":false,"decided_by":{"line":16,"text":"Disallow: /","pattern":"/"}},
          {"url":"/robots.txt","dialect":"python-robotparser","allowed":false,"decided_by":{"line":16,"text":"Disallow: /","pattern":"/"}}
        ]
        --- stderr
        "#);
}

#[test]
fn check_reports_no_record() {
    let output = robolint(
        &["check", "-", "--agent", "otherbot", "--format", "json", "--dialect", "google", "/x"],
        b"User-agent: somebot\nDisallow: /\n",
    );
    insta::assert_snapshot!(support::transcript(&output), @r#"
        status: 0
        --- stdout
        [
          {"url":"/x","dialect":"google","allowed":true,"reason":"no record applies"}
        ]
        --- stderr
        "#);
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
    let runs: Vec<String> = cases.iter().map(|args| support::command_transcript(args, &robolint(args, b""))).collect();
    insta::assert_snapshot!(runs.join("\n"), @r"
        $ robolint check /no/such/robots.txt --agent r /
        status: 2
        --- stdout
        --- stderr
        robolint: /no/such/robots.txt: No such file or directory (os error 2)

        $ robolint check [ROOT]/corpus/seeds/draft-1996-section-4-fict-org.txt --agent r --dialect rfc-9309 /
        status: 2
        --- stdout
        --- stderr
        error: invalid value 'rfc-9309' for '--dialect <D>': unknown dialect `rfc-9309` (expected norobots-1994, draft-1996, rfc9309, google or python-robotparser), or all

        For more information, try '--help'.

        $ robolint check [ROOT]/corpus/seeds/draft-1996-section-4-fict-org.txt --agent r --dialect rfc9309 www.fict.org/
        status: 2
        --- stdout
        --- stderr
        robolint: `www.fict.org/` is neither a URL (https://host/path) nor a path starting with `/`

        $ robolint check [ROOT]/corpus/seeds/draft-1996-section-4-fict-org.txt --agent r
        status: 2
        --- stdout
        --- stderr
        robolint: no URL to check: give URLs or paths, or --urls FILE

        $ robolint check [ROOT]/corpus/seeds/draft-1996-section-4-fict-org.txt --agent ' ' --dialect draft-1996 /
        status: 2
        --- stdout
        --- stderr
        robolint: --agent: give the robot's name, such as googlebot

        $ robolint check [ROOT]/corpus/seeds/draft-1996-section-4-fict-org.txt --agent r --urls /no/such/urls.txt
        status: 2
        --- stdout
        --- stderr
        robolint: /no/such/urls.txt: No such file or directory (os error 2)
        ");
}

/// What Google's `OneAgentAllowedByRobots` answers (robots_test.cc asks the empty
/// questions too): an empty agent is named by a User-agent line whose value has no
/// `[a-zA-Z_-]` start, `Foo Bar` by no line, and any text has a path (`""` is `/`).
#[test]
fn check_answers_googles_edge_questions() {
    let robots = b"User-agent: *\nDisallow: /\n\nUser-agent: 1bot\nDisallow: /x\n\nUser-agent: Foo\nAllow: /\n";
    let questions: [&[&str]; 4] = [
        &["--agent", "", ""],
        &["--agent", "", "/xyz"],
        &["--agent", "Foo Bar", "/y"],
        &["--agent", "foo", "example.com/x"],
    ];
    let runs: Vec<String> = questions
        .iter()
        .map(|question| {
            let command = [&["check", "-", "--dialect", "google"][..], *question].concat();
            support::command_transcript(&command, &robolint(&command, robots))
        })
        .collect();
    insta::assert_snapshot!(runs.join("\n"), @r"
        $ robolint check - --dialect google --agent '' ''
        status: 0
        --- stdout

          google         allowed     no rule matched
        --- stderr

        $ robolint check - --dialect google --agent '' /xyz
        status: 1
        --- stdout
        /xyz
          google         disallowed  line 5: Disallow: /x
        --- stderr

        $ robolint check - --dialect google --agent 'Foo Bar' /y
        status: 1
        --- stdout
        /y
          google         disallowed  line 2: Disallow: /
        --- stderr

        $ robolint check - --dialect google --agent foo example.com/x
        status: 0
        --- stdout
        example.com/x
          google         allowed     line 8: Allow: /
        --- stderr
        ");
    // The URL, then one answer per dialect.
    let all = robolint(&["check", "-", "--agent", "", "/xyz"], robots);
    insta::assert_snapshot!(support::transcript(&all), @r"
        status: 1
        --- stdout
        /xyz
          norobots-1994      disallowed  line 2: Disallow: /
          draft-1996         disallowed  line 2: Disallow: /
          rfc9309            disallowed  line 2: Disallow: /
          google             disallowed  line 5: Disallow: /x
          python-robotparser disallowed  line 2: Disallow: /
        --- stderr
        ");
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
    let runs: Vec<String> = cases.iter().map(|args| support::command_transcript(args, &robolint(args, b""))).collect();
    insta::assert_snapshot!(runs.join("\n"), @r"
        $ robolint matrix [ROOT]/corpus/seeds/draft-1996-section-4-fict-org.txt --agents a,b
        status: 2
        --- stdout
        --- stderr
        error: the following required arguments were not provided:
          --urls <FILE>

        Usage: robolint matrix --agents <A,B,C> --urls <FILE> <FILE|URL>

        For more information, try '--help'.

        $ robolint matrix [ROOT]/corpus/seeds/draft-1996-section-4-fict-org.txt --agents a,b --urls /no/such/urls.txt
        status: 2
        --- stdout
        --- stderr
        robolint: /no/such/urls.txt: No such file or directory (os error 2)

        $ robolint matrix /no/such/robots.txt --agents a --urls [TEMP]/urls.txt
        status: 2
        --- stdout
        --- stderr
        robolint: /no/such/robots.txt: No such file or directory (os error 2)

        $ robolint matrix [ROOT]/corpus/seeds/draft-1996-section-4-fict-org.txt --agents a,,b --urls [TEMP]/urls.txt
        status: 2
        --- stdout
        --- stderr
        robolint: --agents: a robot name is empty in `a,,b`

        $ robolint matrix [ROOT]/corpus/seeds/draft-1996-section-4-fict-org.txt --agents a --urls [TEMP]/urls.txt --dialect 1996
        status: 2
        --- stdout
        --- stderr
        error: invalid value '1996' for '--dialect <D>': unknown dialect `1996` (expected norobots-1994, draft-1996, rfc9309, google or python-robotparser), or all

        For more information, try '--help'.
        ");
}

#[test]
fn check_answers_for_every_file_a_list_names_in_one_process() {
    let dir = support::TestDir::new("cli-check-files-from");
    let blocking = dir.join("robots.txt");
    std::fs::write(&blocking, "User-agent: *\nDisallow: /org/\n").expect("writing a robots.txt");
    let blocking = blocking.to_str().expect("UTF-8 temp path");
    let urls = ["/org/about.html", "/index.html"];
    let one_file = |file: &str| {
        let output =
            robolint(&[&["check", file, "--agent", "excite", "--format", "json"][..], &urls[..]].concat(), b"");
        serde_json::from_str::<Value>(&stdout(&output)).expect("check's JSON")
    };
    // The list read from standard input, blank lines skipped; the first positional
    // argument is a URL like the others.
    let list = format!("{FICT_ORG}\n\n{blocking}\n");
    let args = [&["check", "--agent", "excite", "--format", "json", "--files-from", "-"][..], &urls[..]].concat();
    let output = robolint(&args, list.as_bytes());
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let answers: Value = serde_json::from_str(&stdout(&output)).expect("check's JSON");
    let answers = answers.as_array().expect("an array of answers");
    for file in [FICT_ORG, blocking] {
        // Each file's answers are those `check FILE` gives, each naming its file.
        let of_file: Vec<Value> = answers
            .iter()
            .filter(|answer| answer["file"] == file)
            .map(|answer| {
                let mut answer = answer.clone();
                answer.as_object_mut().map(|fields| fields.remove("file"));
                answer
            })
            .collect();
        assert_eq!(Value::Array(of_file), one_file(file), "{file}");
    }
    // People's format heads each file's answers with its name.
    let human = robolint(
        &["check", "--agent", "excite", "--dialect", "rfc9309", "--files-from", "-", "/org/"],
        list.as_bytes(),
    );
    assert_eq!(
        stdout(&human),
        format!(
            "==> {FICT_ORG} <==\n/org/\n  rfc9309        allowed     no rule matched\n\
             ==> {blocking} <==\n/org/\n  rfc9309        disallowed  line 2: Disallow: /org/\n"
        )
    );
    // A file that cannot be read is named, the others still answered, and the run fails.
    let with_missing = format!("{}\n{FICT_ORG}\n", dir.join("missing.txt").display());
    let output = robolint(&["check", "--agent", "excite", "--files-from", "-", "/"], with_missing.as_bytes());
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("missing.txt"), "{}", stderr(&output));
    assert!(stdout(&output).contains(&format!("==> {FICT_ORG} <==")), "{}", stdout(&output));
}

#[test]
fn matrix_answers_for_every_file_a_list_names_in_one_process() {
    let (dir, urls) = urls_file("matrix-files-from");
    let urls = urls.to_str().expect("UTF-8 temp path");
    let open = dir.join("robots.txt");
    std::fs::write(&open, "User-agent: *\nDisallow:\n").expect("writing a robots.txt");
    let open = open.to_str().expect("UTF-8 temp path");
    let agents = "unhipbot,webcrawler,excite,other";
    let tables_of = |args: &[&str], list: &str| {
        let base = ["matrix", "--agents", agents, "--urls", urls, "--dialect", "draft-1996", "--format", "json"];
        let output = robolint(&[&base[..], args].concat(), list.as_bytes());
        (output.status.code(), serde_json::from_slice::<Value>(&output.stdout).expect("JSON"))
    };
    let list = format!("{FICT_ORG}\n{open}\n");
    let (status, tables) = tables_of(&["--files-from", "-"], &list);
    assert_eq!(status, Some(1), "the draft's robots may not fetch some of fict.org");
    let tables = tables.as_array().expect("an array of tables").clone();
    assert_eq!(tables.len(), 2, "{tables:#?}");
    for (table, file) in tables.into_iter().zip([FICT_ORG, open]) {
        // Each file's table is the one `matrix FILE` gives, naming its file.
        let mut table = table;
        assert_eq!(table["file"], file);
        table.as_object_mut().map(|fields| fields.remove("file"));
        let (_, alone) = tables_of(&[file], "");
        assert_eq!(json!([table]), alone, "{file}");
    }
    // The open file alone: every robot may fetch every URL.
    let (status, _) = tables_of(&["--files-from", "-"], &format!("{open}\n"));
    assert_eq!(status, Some(0));
    // People's format heads each file's tables with its name; a missing file is named and fails the run.
    let missing = format!("{}\n{open}\n", dir.join("missing.txt").display());
    let output = robolint(
        &["matrix", "--agents", "other", "--urls", urls, "--dialect", "rfc9309", "--files-from", "-"],
        missing.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("missing.txt"), "{}", stderr(&output));
    assert!(stdout(&output).starts_with(&format!("==> {open} <==\nrfc9309 ")), "{}", stdout(&output));
}
