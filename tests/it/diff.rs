//! `robolint diff OLD NEW` through the binary: each kind of side, each source of questions,
//! each format and the gate's exit codes.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

use crate::support;
use crate::support::http_server;
use crate::support::sarif_schema;

use http_server::{ok, serve};

const OLD: &str = "User-agent: *\nDisallow: /admin/\n";
const NEW: &str = "User-agent: *\nDisallow: /admin/\nDisallow: /products/\n";

fn temp_dir(name: &str) -> support::TestDir {
    support::TestDir::new(&format!("diff-{name}"))
}

fn with_files(name: &str) -> support::TestDir {
    let dir = temp_dir(name);
    fs::write(dir.join("old.txt"), OLD).expect("old");
    fs::write(dir.join("new.txt"), NEW).expect("new");
    dir
}

fn run(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    support::robolint_in(dir, args, stdin)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn an_unchanged_file_prints_no_change_and_exits_0() {
    let dir = with_files("unchanged");
    let output = run(&dir, &["diff", "--agents", "Googlebot,Bingbot", "old.txt", "old.txt"], b"");
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 0
        --- stdout
        old.txt → old.txt: 5 URLs asked of 2 robots: no change
        --- stderr
        ");
}

#[test]
fn a_blocked_product_path_is_named_with_its_robots_line_and_urls() {
    let dir = with_files("blocked");
    let output = run(&dir, &["diff", "--agents", "Googlebot,Bingbot", "old.txt", "new.txt"], b"");
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 1
        --- stdout
        old.txt → new.txt: 9 URLs asked of 2 robots: 4 answers change
        listed (Bingbot, Googlebot): blocks 2 URL(s), because of new line 3 `Disallow: /products/`
            /products/
            /products/x
        --- stderr
        ");
}

#[test]
fn the_gate_follows_fail_on() {
    let dir = with_files("gate");
    // Opening a path is a change but blocks nothing. Two robots named keep the snapshots
    // apart from the registry, which grows.
    let commands: [&[&str]; 3] = [
        &["diff", "--agents", "Googlebot,Bingbot", "new.txt", "old.txt"],
        &["diff", "--agents", "Googlebot,Bingbot", "--fail-on", "any", "new.txt", "old.txt"],
        &["diff", "--agents", "Googlebot,Bingbot", "--fail-on", "never", "old.txt", "new.txt"],
    ];
    let runs: Vec<String> =
        commands.iter().map(|args| support::command_transcript(args, &run(&dir, args, b""))).collect();
    insta::assert_snapshot!(runs.join("\n"), @r"
        $ robolint diff --agents Googlebot,Bingbot new.txt old.txt
        status: 0
        --- stdout
        new.txt → old.txt: 9 URLs asked of 2 robots: 4 answers change
        listed (Bingbot, Googlebot): opens 2 URL(s), because of old line 3 `Disallow: /products/` no longer applies
            /products/
            /products/x
        --- stderr

        $ robolint diff --agents Googlebot,Bingbot --fail-on any new.txt old.txt
        status: 1
        --- stdout
        new.txt → old.txt: 9 URLs asked of 2 robots: 4 answers change
        listed (Bingbot, Googlebot): opens 2 URL(s), because of old line 3 `Disallow: /products/` no longer applies
            /products/
            /products/x
        --- stderr

        $ robolint diff --agents Googlebot,Bingbot --fail-on never old.txt new.txt
        status: 0
        --- stdout
        old.txt → new.txt: 9 URLs asked of 2 robots: 4 answers change
        listed (Bingbot, Googlebot): blocks 2 URL(s), because of new line 3 `Disallow: /products/`
            /products/
            /products/x
        --- stderr
        ");
}

#[test]
fn standard_input_is_a_side() {
    let dir = with_files("stdin");
    let output = run(&dir, &["diff", "--agents", "Googlebot,Bingbot", "old.txt", "-"], NEW.as_bytes());
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 1
        --- stdout
        old.txt → <stdin>: 9 URLs asked of 2 robots: 4 answers change
        listed (Bingbot, Googlebot): blocks 2 URL(s), because of new line 3 `Disallow: /products/`
            /products/
            /products/x
        --- stderr
        ");
}

#[test]
fn a_git_revision_is_a_side_and_against_compares_with_it() {
    let dir = with_files("git");
    let git = |args: &[&str]| Command::new("git").args(args).current_dir(&dir).output();
    if git(&["init", "-q"]).is_err() {
        assert!(std::env::var("CI").is_err(), "git is missing on CI");
        eprintln!("skipped: git is not installed");
        return;
    }
    fs::write(dir.join("robots.txt"), OLD).expect("robots.txt");
    let committed = git(&["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "old", "--allow-empty"]);
    git(&["add", "robots.txt"]).expect("add");
    git(&["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "robots"]).expect("commit");
    drop(committed);
    fs::write(dir.join("robots.txt"), NEW).expect("an edit");
    let by_revision = run(&dir, &["diff", "--agents", "Googlebot,Bingbot", "HEAD:robots.txt", "robots.txt"], b"");
    insta::assert_snapshot!(support::transcript(&by_revision), @r"
        status: 1
        --- stdout
        HEAD:robots.txt → robots.txt: 9 URLs asked of 2 robots: 4 answers change
        listed (Bingbot, Googlebot): blocks 2 URL(s), because of new line 3 `Disallow: /products/`
            /products/
            /products/x
        --- stderr
        ");
    let against = run(&dir, &["diff", "--agents", "Googlebot,Bingbot", "--against", "HEAD", "robots.txt"], b"");
    insta::assert_snapshot!(support::transcript(&against), @r"
        status: 1
        --- stdout
        HEAD:robots.txt → robots.txt: 9 URLs asked of 2 robots: 4 answers change
        listed (Bingbot, Googlebot): blocks 2 URL(s), because of new line 3 `Disallow: /products/`
            /products/
            /products/x
        --- stderr
        ");
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).expect("gzip in memory");
    encoder.finish().expect("gzip in memory")
}

/// A sitemap (`urlset`) or sitemap index (`sitemapindex`) of these locations.
fn sitemap(root: &str, locations: &[String]) -> Vec<u8> {
    let entry = if root == "sitemapindex" { "sitemap" } else { "url" };
    let entries: String = locations.iter().map(|loc| format!("<{entry}><loc>{loc}</loc></{entry}>")).collect();
    format!("<?xml version=\"1.0\"?><{root} xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">{entries}</{root}>")
        .into_bytes()
}

/// The JSON output's changed URLs and notes.
fn changed_urls_and_notes(output: &Output) -> (Vec<String>, Vec<String>) {
    let json: Value = serde_json::from_slice(&output.stdout).expect("json");
    let strings = |values: &Value, key: Option<&str>| -> Vec<String> {
        let items = values.as_array().map(Vec::as_slice).unwrap_or_default();
        let item = |value: &Value| key.map_or(value, |key| &value[key]).as_str().map(str::to_string);
        items.iter().filter_map(item).collect()
    };
    (strings(&json["changes"], Some("url")), strings(&json["notes"], None))
}

#[test]
fn a_url_is_a_side_fetched_over_loopback() {
    let port = serve(|_| vec![("/robots.txt", ok(&[("Content-Type", "text/plain")], NEW.as_bytes()))]);
    let dir = with_files("url");
    let output = run(&dir, &["diff", "old.txt", &format!("http://127.0.0.1:{port}/")], b"");
    let out = text(&output.stdout);
    assert!(out.contains(&format!("http://127.0.0.1:{port}/robots.txt")) && out.contains("/products/"), "{out}");
}

#[test]
fn sitemap_urls_are_fetched_plain_or_gzip() {
    let port = serve(|port| {
        let plain = sitemap("urlset", &[format!("http://127.0.0.1:{port}/products/hats")]);
        let coded = sitemap("urlset", &[format!("http://127.0.0.1:{port}/products/coats")]);
        let archive = sitemap("urlset", &[format!("http://127.0.0.1:{port}/products/socks")]);
        vec![
            ("/sitemap.xml", ok(&[("Content-Type", "application/xml")], &plain)),
            ("/coded.xml", ok(&[("Content-Type", "application/xml"), ("Content-Encoding", "gzip")], &gzip(&coded))),
            ("/sitemap.xml.gz", ok(&[("Content-Type", "application/gzip")], &gzip(&archive))),
        ]
    });
    let dir = with_files("sitemap-urls");
    let url = |path: &str| format!("http://127.0.0.1:{port}{path}");
    let (plain, coded, archive) = (url("/sitemap.xml"), url("/coded.xml"), url("/sitemap.xml.gz"));
    let args = ["diff", "--format", "json", "--agents", "Googlebot", "old.txt", "new.txt"];
    let sitemaps = ["--sitemap", plain.as_str(), "--sitemap", coded.as_str(), "--sitemap", archive.as_str()];
    let output = run(&dir, &[&args[..], &sitemaps[..]].concat(), b"");
    let (changed, notes) = changed_urls_and_notes(&output);
    for product in ["hats", "coats", "socks"] {
        assert!(changed.contains(&url(&format!("/products/{product}"))), "{product} not in {changed:?}");
    }
    assert!(notes.is_empty(), "{notes:?}");
    let missing = run(&dir, &["diff", "--sitemap", &url("/none.xml"), "old.txt", "new.txt"], b"");
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("404 Not Found"), "{}", text(&missing.stderr));
}

#[test]
fn a_sitemap_index_url_has_its_sitemaps_read_and_a_missing_one_noted() {
    let port = serve(|port| {
        let url = |path: &str| format!("http://127.0.0.1:{port}{path}");
        let index = sitemap("sitemapindex", &[url("/a.xml"), url("/b.xml.gz"), url("/gone.xml")]);
        vec![
            ("/index.xml", ok(&[("Content-Type", "application/xml")], &index)),
            ("/a.xml", ok(&[], &sitemap("urlset", &[url("/products/hats")]))),
            ("/b.xml.gz", ok(&[], &gzip(&sitemap("urlset", &[url("/products/coats")])))),
        ]
    });
    let dir = with_files("sitemap-index");
    let index = format!("http://127.0.0.1:{port}/index.xml");
    let output = run(
        &dir,
        &["diff", "--format", "json", "--agents", "Googlebot", "--sitemap", &index, "old.txt", "new.txt"],
        b"",
    );
    let (changed, notes) = changed_urls_and_notes(&output);
    for product in ["hats", "coats"] {
        assert!(changed.contains(&format!("http://127.0.0.1:{port}/products/{product}")), "{changed:?}");
    }
    assert!(!changed.iter().any(|url| url.ends_with(".xml") || url.ends_with(".gz")), "{changed:?}");
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(notes[0].contains("/gone.xml is skipped") && notes[0].contains("404"), "{notes:?}");
}

#[test]
fn an_index_with_too_many_sitemaps_is_cut_and_says_so() {
    let port = serve(|port| {
        let children: Vec<String> = (0..101).map(|at| format!("http://127.0.0.1:{port}/{at}.xml")).collect();
        let mut routes = vec![("/index.xml", ok(&[], &sitemap("sitemapindex", &children)))];
        routes.push(("/100.xml", ok(&[], &sitemap("urlset", &[format!("http://127.0.0.1:{port}/products/last")]))));
        routes
    });
    let dir = with_files("sitemap-bound");
    let index = format!("http://127.0.0.1:{port}/index.xml");
    let output = run(&dir, &["diff", "--agents", "Googlebot", "--sitemap", &index, "old.txt", "new.txt"], b"");
    let out = text(&output.stdout);
    assert!(out.starts_with(&format!("note: {index}: only the first 100 of its 101 sitemaps are read\n")), "{out}");
    assert!(!out.contains("/products/last"), "the 101st sitemap is read: {out}");
}

#[test]
#[cfg_attr(not(ci), ignore = "needs ../shared beside the clone; CI=true runs it")]
fn sarif_has_a_valid_result_per_group_on_the_line_that_caused_it() {
    let dir = with_files("sarif");
    // The old file's line is the one to show when the new file has none that decides.
    let sarif = |args: &[&str]| -> Value {
        let output = run(&dir, &[&["diff", "--format", "sarif", "--agents", "Googlebot"], args].concat(), b"");
        let log: Value = serde_json::from_slice(&output.stdout).expect("one JSON document");
        if let Some(validator) = sarif_schema::sarif_validator() {
            let errors = sarif_schema::schema_errors(&validator, &log);
            assert!(errors.is_empty(), "invalid SARIF:\n{}", errors.join("\n"));
        }
        log
    };
    let place = |result: &Value| {
        let location = &result["locations"][0]["physicalLocation"];
        (location["artifactLocation"]["uri"].clone(), location["region"]["startLine"].clone())
    };
    let blocked = sarif(&["old.txt", "new.txt"]);
    let results = blocked["runs"][0]["results"].as_array().expect("results");
    assert_eq!(results.len(), 1, "{results:#?}");
    assert_eq!((results[0]["ruleId"].as_str(), results[0]["level"].as_str()), (Some("diff-blocks"), Some("error")));
    assert_eq!(place(&results[0]), ("new.txt".into(), 3.into()));
    assert!(results[0]["message"]["text"].as_str().is_some_and(|text| text.starts_with("2 URL(s) become disallowed")));
    let ungated = sarif(&["--fail-on", "never", "old.txt", "new.txt"]);
    assert_eq!(ungated["runs"][0]["results"][0]["level"], "warning");
    let opened = sarif(&["new.txt", "old.txt"]);
    let result = &opened["runs"][0]["results"][0];
    assert_eq!((result["ruleId"].as_str(), result["level"].as_str()), (Some("diff-opens"), Some("note")));
    assert_eq!(place(result), ("new.txt".into(), 3.into()), "the old side, new.txt, line 3 no longer applies");
    assert_eq!(sarif(&["--fail-on", "any", "new.txt", "old.txt"])["runs"][0]["results"][0]["level"], "error");
    assert_eq!(sarif(&["old.txt", "old.txt"])["runs"][0]["results"], serde_json::json!([]));
}

#[test]
fn urls_sitemaps_gzip_sitemaps_indexes_and_logs_add_questions() {
    let dir = with_files("questions");
    fs::write(dir.join("urls.txt"), "# a comment\nhttps://example.com/products/shoes?size=42\n").expect("urls");
    let sitemap = "<?xml version=\"1.0\"?><urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>https://example.com/products/hats</loc></url></urlset>";
    fs::write(dir.join("sitemap.xml"), sitemap).expect("sitemap");
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gzip.write_all(sitemap.replace("hats", "coats").as_bytes()).expect("gzip");
    fs::write(dir.join("sitemap.xml.gz"), gzip.finish().expect("gzip")).expect("gz");
    let index = "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><sitemap><loc>https://example.com/products/sitemap-2.xml</loc></sitemap></sitemapindex>";
    fs::write(dir.join("index.xml"), index).expect("index");
    fs::write(
        dir.join("access.log"),
        "1.2.3.4 - - [01/Jan/2026:00:00:00 +0000] \"GET /products/socks HTTP/1.1\" 200 5 \"-\" \"x\"\n",
    )
    .expect("log");
    let args = [
        "diff",
        "--format",
        "json",
        "--agents",
        "Googlebot",
        "--urls",
        "urls.txt",
        "--sitemap",
        "sitemap.xml",
        "--sitemap",
        "sitemap.xml.gz",
        "--sitemap",
        "index.xml",
        "--log",
        "access.log",
        "old.txt",
        "new.txt",
    ];
    let output = run(&dir, &args, b"");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    let changed: Vec<&str> =
        json["changes"].as_array().expect("changes").iter().filter_map(|change| change["url"].as_str()).collect();
    for url in [
        "https://example.com/products/shoes?size=42",
        "https://example.com/products/hats",
        "https://example.com/products/coats",
        "https://example.com/products/sitemap-2.xml",
        "/products/socks",
    ] {
        assert!(changed.contains(&url), "{url} not in {changed:?}");
    }
    assert_eq!(json["changes"][0]["after"]["line"], 3, "{json}");
    assert_eq!(json["changes"][0]["before"]["allowed"], true, "{json}");
    assert!(json["urls_asked"].as_u64().is_some_and(|asked| asked >= 10), "{json}");
}

#[test]
fn github_annotations_point_at_the_line_that_caused_the_change() {
    let dir = with_files("github");
    let output = run(&dir, &["diff", "--format", "github", "--agents", "Googlebot", "old.txt", "new.txt"], b"");
    assert_eq!(
        text(&output.stdout),
        "::error file=new.txt,line=3,title=robolint diff::2 URL(s) become disallowed for Googlebot (e.g. /products/)\n"
    );
}

/// docs/diff.md, the guide to `robolint diff`.
fn readme_diff_section() -> String {
    let readme = fs::read_to_string(Path::new(crate::support::ROOT).join("docs/diff.md")).expect("docs/diff.md");
    let start = readme.find("## What does this change do?").expect("docs/diff.md has the diff section");
    let section = &readme[start..];
    let end = section[3..].find("\n## ").map_or(section.len(), |end| end + 3);
    section[..end].to_string()
}

/// The body of the first block fenced as `language` in `text`.
fn fenced<'a>(text: &'a str, language: &str) -> &'a str {
    let opening = format!("```{language}\n");
    let start = text.find(&opening).map(|at| at + opening.len()).expect("a fenced block");
    let length = text[start..].find("\n```\n").expect("the block's end") + 1;
    &text[start..start + length]
}

#[test]
fn the_readme_example_prints_what_readme_says() {
    let section = readme_diff_section();
    let dir = temp_dir("readme");
    let session = fenced(&section, "text");
    // `$ cat FILE` writes FILE, `$ robolint …` runs it and `$ echo $?` checks its status:
    // each command is followed by what it printed.
    let mut commands: Vec<(&str, String)> = Vec::new();
    for line in session.lines() {
        match line.strip_prefix("$ ") {
            Some(command) => commands.push((command, String::new())),
            None => {
                let (_, printed) = commands.last_mut().expect("the block starts with a command");
                printed.push_str(line);
                printed.push('\n');
            }
        }
    }
    let mut last_status = None;
    for (command, printed) in &commands {
        let words: Vec<&str> = command.split_whitespace().collect();
        match words.as_slice() {
            ["cat", file] => fs::write(dir.join(file), printed).expect("the example's file"),
            ["robolint", args @ ..] => {
                let output = run(&dir, args, b"");
                assert_eq!(&text(&output.stdout), printed, "docs/diff.md: {command}");
                last_status = output.status.code();
            }
            ["echo", "$?"] => assert_eq!(last_status.map(|code| format!("{code}\n")).as_ref(), Some(printed)),
            _ => panic!("README runs a command this test does not know: {command}"),
        }
    }
    assert!(last_status.is_some(), "the README example runs robolint");
}

#[test]
fn the_readme_workflow_is_the_example_file() {
    let file = Path::new(crate::support::ROOT).join("docs/examples/robots-diff.yml");
    let workflow = fs::read_to_string(&file).expect("docs/examples/robots-diff.yml");
    assert_eq!(fenced(&readme_diff_section(), "yaml"), workflow);
    for step in ["robolint diff --against \"origin/$BASE\" robots.txt", "gh pr comment \"$PR\" --body-file comment.md"]
    {
        assert!(workflow.contains(step), "{step}");
    }
}

#[test]
fn each_robot_whose_token_is_no_product_token_is_blocked_by_its_own_group() {
    let is_product_token = |token: &str| token.chars().all(|c| c.is_ascii_alphabetic() || c == '-' || c == '_');
    let registry = robolint::agents::Registry::builtin();
    let tokens: Vec<&str> =
        registry.agents().iter().map(|agent| agent.token.as_ref()).filter(|token| !is_product_token(token)).collect();
    assert!(tokens.len() >= 21, "{tokens:?}");
    let dir = temp_dir("tokens");
    fs::write(dir.join("old.txt"), "").expect("old");
    let new: String = tokens.iter().map(|token| format!("User-agent: {token}\nDisallow: /\n\n")).collect();
    fs::write(dir.join("new.txt"), new).expect("new");
    let output = run(&dir, &["diff", "--format", "json", "--agents", &tokens.join(","), "old.txt", "new.txt"], b"");
    assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
    let answer: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let changes = answer["changes"].as_array().expect("changes");
    for (at, token) in tokens.iter().enumerate() {
        let blocked = |change: &&serde_json::Value| {
            change["robot"] == *token && change["url"] == "/" && change["after"]["line"] == 3 * at + 2
        };
        assert!(changes.iter().any(|change| blocked(&change)), "{token}: {answer}");
    }
}

/// The user's own URLs are what they came to ask about: every format shows them before the
/// probes made from the rules, and counts the two apart.
#[test]
fn the_users_urls_come_first_and_probes_are_counted_apart() {
    let dir = temp_dir("given-first");
    fs::write(dir.join("old.txt"), "User-agent: *\nDisallow: /admin/\n").expect("old");
    fs::write(dir.join("new.txt"), "User-agent: *\nDisallow: /admin/\nDisallow: /prod\n").expect("new");
    fs::write(dir.join("urls.txt"), "/products/shoes/12\n/production-notes\n").expect("urls");
    let base = ["diff", "--agents", "Googlebot", "--urls", "urls.txt"];
    let with = |format: &'static str| [&base[..], &["--format", format, "old.txt", "new.txt"]].concat();

    let human = text(&run(&dir, &with("human"), b"").stdout);
    let listed: Vec<&str> = human.lines().filter_map(|line| line.strip_prefix("    ")).collect();
    assert_eq!(listed[..2], ["/production-notes", "/products/shoes/12"], "{human}");
    assert!(human.contains("blocks 2 of your URL(s) and "), "{human}");
    assert!(human.contains("(2 yours, "), "{human}");

    let json: Value = serde_json::from_slice(&run(&dir, &with("json"), b"").stdout).expect("json");
    let changes = json["changes"].as_array().expect("changes");
    let given: Vec<bool> = changes.iter().map(|change| change["given"] == true).collect();
    assert_eq!(given[..2], [true, true], "{json}");
    assert!(given.iter().skip(2).all(|given| !given), "the user's URLs first: {json}");
    assert_eq!(json["urls_given"], 2, "{json}");

    let github = text(&run(&dir, &with("github"), b"").stdout);
    assert!(github.contains("2 of your URL(s) and ") && github.contains("(e.g. /production-notes)"), "{github}");
    let sarif: Value = serde_json::from_slice(&run(&dir, &with("sarif"), b"").stdout).expect("sarif");
    let message = sarif["runs"][0]["results"][0]["message"]["text"].as_str().unwrap_or_default().to_string();
    assert!(message.contains("2 of your URL(s)") && message.contains("(e.g. /production-notes)"), "{sarif}");
}
