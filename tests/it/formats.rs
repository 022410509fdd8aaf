//! The machine output formats as tools read them: `--format json` (docs/json-format.md),
//! `--format sarif` checked against the official SARIF 2.1.0 schema, and `--format github`.

use crate::support::robolint;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Output;

use serde_json::{json, Value};
use support::robolint_in;

use crate::support;
use crate::support::sarif_schema;

use sarif_schema::{sarif_validator, schema_errors};

fn project() -> &'static Path {
    Path::new(crate::support::ROOT)
}

/// Standard output as exactly one JSON document: anything after it (a summary line) fails.
fn document(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|error| {
        panic!("stdout is not one JSON document ({error}):\n{}", String::from_utf8_lossy(&output.stdout))
    })
}

fn temp_dir(name: &str) -> support::TestDir {
    support::TestDir::new(&format!("formats-{name}"))
}

/// The glob is the 15th character of line 2 but its 16th UTF-16 code unit: `😀` is one
/// character and two units.
const EMOJI_BEFORE_GLOB: &str = "User-agent: *\nDisallow: /é😀/*\nDisallow: /private/\n";

fn finding<'a>(document: &'a Value, code: &str) -> &'a Value {
    let findings = document["diagnostics"].as_array().expect("a diagnostics array");
    findings.iter().find(|finding| finding["code"] == code).unwrap_or_else(|| panic!("no {code} in {document:#}"))
}

#[test]
fn json_gives_character_columns_and_utf16_ranges() {
    let output = robolint(&["--format", "json", "--target", "portable", "-"], EMOJI_BEFORE_GLOB.as_bytes());
    assert_eq!(output.status.code(), Some(1));
    let document = document(&output);
    assert_eq!(document["version"], 1);
    assert_eq!(document["files"], json!(["<stdin>"]));

    let glob = finding(&document, "RL301");
    assert_eq!(glob["file"], "<stdin>");
    assert_eq!(glob["name"], "glob-pattern");
    assert_eq!(glob["severity"], "warning");
    assert!(glob["message"].as_str().expect("a message").starts_with("`*` is a wildcard"), "{glob:#}");
    assert_eq!(
        [&glob["line"], &glob["column"], &glob["end_line"], &glob["end_column"]],
        [&json!(2), &json!(15), &json!(2), &json!(16)]
    );
    assert_eq!(glob["range"], json!({"start": {"line": 1, "character": 15}, "end": {"line": 1, "character": 16}}));
    assert!(glob["help"].as_str().is_some_and(|help| help.contains("plain prefix")), "{glob:#}");
    // The witness in words is a note, not part of the headline.
    assert_eq!(
        glob["notes"],
        json!(["for robot `anybot` and `/é😀/`: RFC 9309 disallows (line 2 `Disallow: /é😀/*`), Python's urllib.robotparser allows (no rule matched)"])
    );
    assert!(!glob["message"].as_str().unwrap_or_default().contains("anybot"), "{glob:#}");
    assert_eq!(glob["affects"], json!(["norobots-1994", "draft-1996", "python-robotparser"]));
    assert_eq!(glob["labels"], json!([]));
    assert_eq!(
        glob["fix"],
        json!({
            "message": "Replace `/é😀/*` with `/é😀/`",
            "applicability": "safe",
            "edits": [{
                "replacement": "/é😀/",
                "line": 2, "column": 11, "end_line": 2, "end_column": 16,
                "range": {"start": {"line": 1, "character": 10}, "end": {"line": 1, "character": 16}},
            }],
        })
    );
    assert_eq!(
        glob["witness"],
        json!({
            "robot": "anybot",
            "url": "/é😀/",
            "claims": [{"dialect": "rfc9309", "allowed": false}, {"dialect": "python-robotparser", "allowed": true}],
        })
    );

    let sensitive = finding(&document, "RL313");
    assert_eq!(sensitive["severity"], "info");
    assert_eq!((&sensitive["fix"], &sensitive["witness"]), (&Value::Null, &Value::Null));
}

#[test]
fn the_documented_json_example_is_what_robolint_prints() {
    let docs = std::fs::read_to_string(project().join("docs/json-format.md")).expect("docs/json-format.md");
    let example = docs.split("```json\n").nth(1).and_then(|rest| rest.split("```").next()).expect("a JSON example");
    let example: Value = serde_json::from_str(example).expect("the example is JSON");
    let dir = temp_dir("documented");
    std::fs::write(dir.join("robots.txt"), "User-agent: *\nDisallow: /🦀/*\n").expect("robots.txt");
    let output =
        robolint_in(&dir, &["--format", "json", "--target", "portable", "--select", "glob-pattern", "robots.txt"], b"");
    assert_eq!(document(&output), example);
}

#[test]
fn json_labels_carry_their_own_positions() {
    let two_star_records = b"User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n";
    let document = document(&robolint(&["--format", "json", "-"], two_star_records));
    let second = finding(&document, "RL201");
    assert_eq!(second["line"], 4);
    assert_eq!(
        second["labels"],
        json!([{
            "message": "the first `*` record",
            "line": 1, "column": 1, "end_line": 1, "end_column": 14,
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 13}},
        }])
    );
}

#[test]
fn a_directory_is_one_json_document_and_exit_status_follows_fail_on() {
    let dir = temp_dir("walk");
    for (site, text) in [("a", "User-agent: *\nDisallow: /tmp/*\n"), ("b", "User-agent: *\nDisallow: /tmp/\n")] {
        std::fs::create_dir_all(dir.join(site)).expect("site dir");
        std::fs::write(dir.join(site).join("robots.txt"), text).expect("robots.txt");
    }
    let dir_arg = dir.to_str().expect("a UTF-8 temp path");
    let output = robolint(&["--format", "json", "--target", "portable", dir_arg], b"");
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
    let document = document(&output);
    let a = dir.join("a").join("robots.txt").display().to_string();
    let b = dir.join("b").join("robots.txt").display().to_string();
    assert_eq!(document["files"], json!([a, b]));
    let files: BTreeSet<&str> =
        document["diagnostics"].as_array().expect("diagnostics").iter().filter_map(|d| d["file"].as_str()).collect();
    assert_eq!(files, BTreeSet::from([a.as_str()]));

    assert_eq!(
        robolint(&["--format", "json", "--fail-on", "error", "--target", "portable", dir_arg], b"").status.code(),
        Some(0)
    );
    // Information a default run leaves out fails no run; asked for, it counts.
    assert_eq!(robolint(&["--format", "json", "--fail-on", "info", dir_arg], b"").status.code(), Some(0));
    assert_eq!(
        robolint(&["--format", "json", "--fail-on", "info", "--all-infos", dir_arg], b"").status.code(),
        Some(1)
    );
}

#[test]
fn every_format_fails_the_run_on_the_same_findings() {
    for format in ["human", "concise", "json", "sarif", "github"] {
        let status = |extra: &[&str]| {
            let args = [&["--format", format, "--target", "portable"][..], extra, &["-"]].concat();
            robolint(&args, b"User-agent: *\nDisallow: /tmp/*\n").status.code()
        };
        assert_eq!(status(&[]), Some(1), "{format}: a warning fails by default");
        assert_eq!(status(&["--fail-on", "error"]), Some(0), "{format}: --fail-on error");
        assert_eq!(status(&["--fail-on", "never"]), Some(0), "{format}: --fail-on never");
    }
}

#[test]
#[cfg_attr(not(ci), ignore = "needs ../shared beside the clone; CI=true runs it")]
fn a_url_keeps_its_url_as_the_file_name() {
    let closed_port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
        listener.local_addr().expect("address").port()
    };
    let url = format!("http://127.0.0.1:{closed_port}/");
    let robots_txt = format!("{url}robots.txt");

    let json = document(&robolint(&["--format", "json", "--timeout", "5", &url], b""));
    assert_eq!(json["files"], json!([robots_txt]));
    assert_eq!(finding(&json, "RL606")["file"], robots_txt.as_str());

    let sarif = document(&robolint(&["--format", "sarif", "--timeout", "5", &url], b""));
    assert_valid_sarif(&sarif);
    let result = &sarif["runs"][0]["results"][0];
    assert_eq!(result["ruleId"], "RL606");
    assert_eq!(result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], robots_txt.as_str());

    let github = robolint(&["--format", "github", "--timeout", "5", &url], b"");
    let expected_file = format!("file=http%3A//127.0.0.1%3A{closed_port}/robots.txt,line=1,col=1,");
    assert!(String::from_utf8_lossy(&github.stdout).starts_with(&format!("::error {expected_file}")));
}

/// The schema, and what GitHub code scanning requires beyond it.
fn assert_valid_sarif(log: &Value) {
    if let Some(validator) = sarif_validator() {
        let errors = schema_errors(&validator, log);
        assert!(errors.is_empty(), "invalid SARIF:\n{}", errors.join("\n"));
    }
    let run = &log["runs"][0];
    for rule in run["tool"]["driver"]["rules"].as_array().expect("rules") {
        for text in [&rule["shortDescription"]["text"], &rule["fullDescription"]["text"], &rule["help"]["text"]] {
            assert!(text.as_str().is_some_and(|text| !text.is_empty()), "{rule:#}");
        }
    }
    for result in run["results"].as_array().expect("results") {
        assert!(result["locations"][0]["physicalLocation"]["region"]["startLine"].is_u64(), "{result:#}");
    }
}

#[test]
#[cfg_attr(not(ci), ignore = "needs ../shared beside the clone; CI=true runs it")]
fn sarif_is_valid_and_counts_columns_in_utf16_units() {
    let dir = temp_dir("sarif");
    std::fs::write(dir.join("robots.txt"), EMOJI_BEFORE_GLOB).expect("robots.txt");
    let output = robolint_in(&dir, &["--format", "sarif", "--target", "portable", "robots.txt"], b"");
    assert_eq!(output.status.code(), Some(1));
    let log = document(&output);
    assert_valid_sarif(&log);

    let run = &log["runs"][0];
    assert_eq!(run["columnKind"], "utf16CodeUnits");
    let driver = &run["tool"]["driver"];
    assert_eq!((&driver["name"], &driver["version"]), (&json!("robolint"), &json!(env!("CARGO_PKG_VERSION"))));
    let rules = driver["rules"].as_array().expect("rules");
    let rule_files = std::fs::read_dir(project().join("rules")).expect("rules/").count();
    assert_eq!(rules.len(), rule_files, "one descriptor per rules/*.toml");

    let glob_rule = rules.iter().find(|rule| rule["id"] == "RL301").expect("RL301 described");
    let toml: toml::Table = std::fs::read_to_string(project().join("rules/glob-pattern.toml"))
        .expect("rules/glob-pattern.toml")
        .parse()
        .expect("TOML");
    assert_eq!(glob_rule["name"], "glob-pattern");
    assert_eq!(glob_rule["shortDescription"]["text"], toml["summary"].as_str().expect("summary"));
    assert_eq!(glob_rule["defaultConfiguration"]["level"], "warning");
    let markdown = glob_rule["help"]["markdown"].as_str().expect("help markdown");
    assert!(markdown.contains("**Bad**\n```robots.txt\nUser-agent: *\nDisallow: /tmp/*\n"), "{markdown}");
    let home = env!("CARGO_PKG_REPOSITORY");
    assert_eq!(run["tool"]["driver"]["informationUri"], home);
    assert_eq!(glob_rule["helpUri"], "https://robolint.dev/rules/glob-pattern/");

    let results = run["results"].as_array().expect("results");
    for result in results {
        assert_eq!(rules[result["ruleIndex"].as_u64().expect("ruleIndex") as usize]["id"], result["ruleId"]);
    }
    let glob = results.iter().find(|result| result["ruleId"] == "RL301").expect("an RL301 result");
    assert_eq!(glob["level"], "warning");
    let location = &glob["locations"][0]["physicalLocation"];
    assert_eq!(location["artifactLocation"]["uri"], "robots.txt");
    assert_eq!(location["region"], json!({"startLine": 2, "startColumn": 16, "endLine": 2, "endColumn": 17}));
    assert_eq!(
        glob["fixes"][0]["artifactChanges"][0]["replacements"][0],
        json!({
            "deletedRegion": {"startLine": 2, "startColumn": 11, "endLine": 2, "endColumn": 17},
            "insertedContent": {"text": "/é😀/"},
        })
    );
    assert_eq!(glob["fixes"][0]["properties"]["applicability"], "safe");
    assert_eq!(glob["properties"]["witness"]["robot"], "anybot");
    let sensitive = results.iter().find(|result| result["ruleId"] == "RL313").expect("an RL313 result");
    assert_eq!(sensitive["level"], "note");
}

#[test]
#[cfg_attr(not(ci), ignore = "needs ../shared beside the clone; CI=true runs it")]
fn sarif_related_locations_are_the_labels() {
    let two_star_records = b"User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n";
    let log = document(&robolint(&["--format", "sarif", "-"], two_star_records));
    assert_valid_sarif(&log);
    let results = log["runs"][0]["results"].as_array().expect("results");
    let second = results.iter().find(|result| result["ruleId"] == "RL201").expect("an RL201 result");
    assert_eq!(
        second["relatedLocations"],
        json!([{
            "id": 1,
            "physicalLocation": {
                "artifactLocation": {"uri": "%3Cstdin%3E"},
                "region": {"startLine": 1, "startColumn": 1, "endLine": 1, "endColumn": 14},
            },
            "message": {"text": "the first `*` record"},
        }])
    );
}

#[test]
#[cfg_attr(not(ci), ignore = "needs ../shared beside the clone; CI=true runs it")]
fn the_schema_check_rejects_broken_logs() {
    let Some(validator) = sarif_validator() else { return };
    let log = document(&robolint(&["--format", "sarif", "-"], EMOJI_BEFORE_GLOB.as_bytes()));
    assert!(schema_errors(&validator, &log).is_empty());
    // Each sets one member to something SARIF 2.1.0 forbids.
    let breakages = [
        ("/version", json!("2.0.0")),
        ("/runs/0/results/0/level", json!("warn")),
        ("/runs/0/results/0/locations/0/physicalLocation/region/startColumn", json!(0)),
        ("/runs/0/tool/driver/informationUri", json!("README.md")),
    ];
    for (pointer, value) in breakages {
        let mut broken = log.clone();
        let (parent, member) = pointer.rsplit_once('/').expect("a member");
        let parent = broken.pointer_mut(parent).and_then(Value::as_object_mut).expect("an object to break");
        parent.insert(member.to_string(), value.clone());
        assert!(!schema_errors(&validator, &broken).is_empty(), "the schema accepted {pointer} = {value}");
    }
}

#[test]
#[cfg_attr(not(ci), ignore = "needs ../shared beside the clone; CI=true runs it")]
fn sarif_for_the_whole_corpus_is_valid_and_agrees_with_json() {
    let mut cases: Vec<String> = Vec::new();
    for folder in std::fs::read_dir(project().join("corpus")).expect("corpus/") {
        let folder = folder.expect("a corpus entry").path();
        for file in std::fs::read_dir(&folder).expect("a rule's cases") {
            let file = file.expect("a case").path();
            if file.extension().is_some_and(|extension| extension == "txt") {
                cases.push(file.strip_prefix(project()).expect("below the project").display().to_string());
            }
        }
    }
    cases.sort();
    assert!(cases.len() > 300, "{} corpus cases", cases.len());
    let args = |format| {
        let mut args = vec!["--format", format, "--select", "ALL", "--no-config", "--fail-on", "never"];
        args.extend(cases.iter().map(String::as_str));
        args
    };

    let sarif = robolint(&args("sarif"), b"");
    assert_eq!(sarif.status.code(), Some(0), "{}", String::from_utf8_lossy(&sarif.stderr));
    let log = document(&sarif);
    assert_valid_sarif(&log);
    let from_sarif: BTreeSet<(String, String, u64)> = log["runs"][0]["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|result| {
            let location = &result["locations"][0]["physicalLocation"];
            (
                location["artifactLocation"]["uri"].as_str().expect("uri").to_string(),
                result["ruleId"].as_str().expect("ruleId").to_string(),
                location["region"]["startLine"].as_u64().expect("startLine"),
            )
        })
        .collect();

    let json = document(&robolint(&args("json"), b""));
    assert_eq!(json["files"].as_array().map(Vec::len), Some(cases.len()));
    let from_json: BTreeSet<(String, String, u64)> = json["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|finding| {
            (
                finding["file"].as_str().expect("file").to_string(),
                finding["code"].as_str().expect("code").to_string(),
                finding["line"].as_u64().expect("line"),
            )
        })
        .collect();
    // The corpus paths need no %-encoding, so SARIF's URIs are JSON's file names.
    assert!(from_json.len() > 300, "{} findings", from_json.len());
    assert_eq!(from_sarif, from_json);
}

#[test]
fn github_annotations_escape_names_and_messages() {
    let dir = temp_dir("github");
    let site = dir.join("a,b:c");
    std::fs::create_dir_all(&site).expect("site dir");
    std::fs::write(site.join("robots.txt"), "User-agent: *\nDisallow: /a%zz\nDisallow: /private/\n")
        .expect("robots.txt");
    // Every robot a target and every information shown: a stray `%` is a warning for the
    // robots that decode escapes.
    let output =
        robolint_in(&dir, &["--format", "github", "--target", "portable", "--all-infos", "a,b:c/robots.txt"], b"");
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 1
        --- stdout
        ::warning file=a%2Cb%3Ac/robots.txt,line=2,col=13,endLine=2,endColumn=16,title=RL108 invalid-percent-encoding::`%25zz` is not a percent-escape: `%25` must be followed by two hex digits
        ::notice file=a%2Cb%3Ac/robots.txt,line=3,col=11,endLine=3,endColumn=19,title=RL313 sensitive-path::`/private/` tells every reader where something sensitive lives (it matches `/private` on the sensitive-path list), and anyone can read robots.txt
        --- stderr
        ");
}

/// A witness is a note in every format: under the finding in human output, its own field
/// in JSON and SARIF, its own line of a GitHub annotation, and never in the concise headline.
#[test]
fn every_format_carries_the_witness_as_a_note_beside_the_headline() {
    let file = b"User-agent: *\nDisallow /private/\n";
    let note = "for robot `anybot` and `/private/`: Google disallows (line 2 `Disallow /private/`)";
    let run = |format: &str| {
        let output = robolint(&["--no-config", "--format", format, "--color", "never", "-"], file);
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    assert!(run("human").contains(&format!("Note 1: {note}")), "{}", run("human"));
    let concise = run("concise");
    assert!(concise.contains("`Disallow` is not followed by a colon") && !concise.contains(note), "{concise}");
    let json = document(&robolint(&["--no-config", "--format", "json", "-"], file));
    assert!(finding(&json, "RL101")["notes"][0].as_str().is_some_and(|text| text.starts_with(note)), "{json:#}");
    let sarif = document(&robolint(&["--no-config", "--format", "sarif", "-"], file));
    let result = &sarif["runs"][0]["results"][0];
    assert!(result["properties"]["notes"][0].as_str().is_some_and(|text| text.starts_with(note)), "{result:#}");
    assert!(!result["message"]["text"].as_str().unwrap_or_default().contains(note), "{result:#}");
    let github = run("github");
    assert!(github.contains(&format!("other robots drop it%0A{note}")), "{github}");
}
