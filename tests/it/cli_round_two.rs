//! The command line as users of ruff-class tools expect it (issue 40): subcommand
//! suggestions, configuration errors that do not hide each other, `parse` explaining its
//! rejections, a registry table that fits a terminal, hooks with concise output, and every
//! command README shows run as written.

use std::fs;
use std::path::Path;
use std::process::Output;

use crate::support;
use crate::support::http_server;

fn manifest() -> &'static Path {
    Path::new(crate::support::ROOT)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn run(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    support::robolint_in(dir, args, stdin)
}

#[test]
fn a_mistyped_subcommand_is_named_and_a_file_of_that_name_is_still_linted() {
    let dir = support::TestDir::new("round-two-suggest");
    let output = run(&dir, &["rulez"], b"");
    assert_eq!(output.status.code(), Some(2));
    let errors = text(&output.stderr);
    assert!(errors.contains("`rulez` is neither a file nor a subcommand; did you mean `robolint rules`?"), "{errors}");
    assert!(!errors.contains("No such file"), "{errors}");

    fs::write(dir.join("rulez"), "User-agent: *\nDisallow: /private/\n").expect("write");
    let output = run(&dir, &["rulez"], b"");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(text(&output.stdout).starts_with("rulez: no problems\n"), "{}", text(&output.stdout));
    // A word like no subcommand stays a missing file.
    let output = run(&dir, &["sitemap"], b"");
    assert!(text(&output.stderr).contains("sitemap: "), "{}", text(&output.stderr));
    assert!(!text(&output.stderr).contains("did you mean"), "{}", text(&output.stderr));
}

#[test]
fn a_bad_fail_on_lists_the_values_it_takes() {
    let dir = support::TestDir::new("round-two-fail-on");
    for (value, wanted) in [
        ("sometimes", "`fail-on` takes info, warning, error or never, not `sometimes`"),
        ("off", "`fail-on` takes info, warning, error or never (`never`, not `off`)"),
    ] {
        fs::write(dir.join("robolint.toml"), format!("fail-on = \"{value}\"\n")).expect("write");
        let output = run(&dir, &["--color", "never", "-"], b"User-agent: *\nDisallow: /a\n");
        assert_eq!(output.status.code(), Some(2));
        assert!(text(&output.stderr).contains(wanted), "{}", text(&output.stderr));
    }
    fs::write(dir.join("robolint.toml"), "fail-on = \"never\"\n").expect("write");
    assert_eq!(run(&dir, &["-"], b"User-agent: *\nDisallow /a\n").status.code(), Some(0));
}

#[test]
fn an_unknown_top_level_key_hides_no_other_mistake() {
    let dir = support::TestDir::new("round-two-unknown-key");
    let config = "targets = \"today\"\nfail-on = \"sometimes\"\n[rules]\nglob-patern = \"off\"\n";
    fs::write(dir.join("robolint.toml"), config).expect("write");
    let output = run(&dir, &["--color", "never", "-"], b"User-agent: *\n");
    let errors = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{errors}");
    for mistake in ["unknown field `targets`", "not `sometimes`", "unknown rule `glob-patern`"] {
        assert!(errors.contains(mistake), "{mistake} missing from {errors}");
    }
}

#[test]
fn parse_says_the_draft_wants_crlf_and_that_binary_data_is_no_text() {
    let dir = support::TestDir::new("round-two-parse");
    let output = run(&dir, &["parse", "-"], b"User-agent: *\nDisallow: /a\n");
    assert_eq!(output.status.code(), Some(1));
    let said = text(&output.stdout);
    assert!(said.contains("expected CRLF: the 1996 draft's grammar ends every line with CR LF"), "{said}");
    // The same file is clean to the linter: the rejection is the grammar's alone.
    assert_eq!(run(&dir, &["--all-infos", "-"], b"User-agent: *\nDisallow: /a\n").status.code(), Some(0));

    let mut binary = b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0\x01\0\0\0".to_vec();
    binary.extend((0u8..=255).cycle().take(400));
    let output = run(&dir, &["parse", "-"], &binary);
    assert_eq!(output.status.code(), Some(1));
    let said = text(&output.stdout);
    assert!(said.contains("this is binary data, not text"), "{said}");
    assert!(!said.contains("expected \n") && !said.contains("expected )"), "{said}");
    let output = run(&dir, &["parse", "--format", "json", "-"], &binary);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert!(json["failure"]["why"].as_str().is_some_and(|why| why.contains("binary")), "{json}");
}

#[test]
fn the_agents_table_fits_100_columns_and_wide_shows_everything() {
    let dir = support::TestDir::new("round-two-agents");
    let narrow = text(&run(&dir, &["agents", "--no-config"], b"").stdout);
    assert!(narrow.lines().count() > 100, "{narrow}");
    for line in narrow.lines() {
        assert!(line.chars().count() <= 100, "{} columns: {line}", line.chars().count());
    }
    let wide = text(&run(&dir, &["agents", "--no-config", "--wide"], b"").stdout);
    assert!(wide.starts_with("TOKEN") && wide.lines().next().is_some_and(|header| header.contains("NOTES")));
    assert!(wide.contains("ROIS (Research Organization of Information and Systems)"), "{wide}");
}

/// The hooks' entries, as pre-commit runs them: a bad file gives one line per finding.
#[test]
fn the_lint_hooks_print_a_line_per_finding() {
    let hooks = fs::read_to_string(manifest().join(".pre-commit-hooks.yaml")).expect(".pre-commit-hooks.yaml");
    let entries: Vec<&str> = hooks.lines().filter_map(|line| line.trim().strip_prefix("entry: ")).collect();
    assert!(entries.len() >= 2, "{hooks}");
    let dir = support::TestDir::new("round-two-hooks");
    let sample = fs::read(manifest().join("corpus/samples/robots.txt")).expect("sample");
    // Each entry is crates/cli/pre-commit.sh and robolint's arguments: run as the binary here.
    for entry in entries.iter().filter(|entry| !entry.contains(" diff ")) {
        fs::write(dir.join("robots.txt"), &sample).expect("write");
        let mut words: Vec<&str> = entry.split_whitespace().skip(1).collect();
        words.push("robots.txt");
        let output = run(&dir, &words, b"");
        let printed = text(&output.stdout);
        // The fixing hook fixes what it can and passes; the other reports and fails.
        assert!(matches!(output.status.code(), Some(0 | 1)), "{entry}: {printed}");
        assert!(printed.lines().all(|line| !line.starts_with(' ')), "{entry}: {printed}");
        if !entry.contains("--fix") {
            assert_eq!(output.status.code(), Some(1), "{entry}: {printed}");
            assert!(printed.lines().any(|line| line.starts_with("robots.txt:4:1: error[RL101")), "{printed}");
        }
        assert!(!printed.contains("Note 1:") && !printed.contains("╭─"), "{entry} prints excerpts: {printed}");
    }
    // A hook's `args` come after its entry and win: the human format is one flag away.
    fs::write(dir.join("robots.txt"), &sample).expect("write");
    let output = run(&dir, &["--format", "concise", "--format", "human", "--color", "never", "robots.txt"], b"");
    assert!(text(&output.stdout).contains("╭─"), "{}", text(&output.stdout));
}

#[test]
fn the_precommit_test_installs_pre_commit_in_a_virtual_environment() {
    let script = fs::read_to_string(manifest().join("tests/precommit/run.sh")).expect("run.sh");
    assert!(script.contains("python3 -m venv"), "run.sh makes a virtual environment");
    assert!(!script.contains("python3 -m pip"), "the system Python's pip refuses on Debian 12 (PEP 668)");
}

fn readme() -> String {
    fs::read_to_string(manifest().join("README.md")).expect("README.md")
}

/// README's first example is the sample's output, byte for byte (human, then concise).
#[test]
fn the_readme_first_example_is_what_the_sample_prints() {
    let readme = readme();
    let section = &readme[readme.find("## What it looks like").expect("the section")..];
    let blocks: Vec<&str> =
        section.split("```text\n").skip(1).take(2).map(|block| block.split("```").next().unwrap_or_default()).collect();
    for (args, block) in [(&["--color", "never"][..], blocks[0]), (&["--format", "concise"][..], blocks[1])] {
        let mut args = args.to_vec();
        args.push("corpus/samples/robots.txt");
        let output = run(manifest(), &args, b"");
        assert_eq!(output.status.code(), Some(1), "the sample exits 1 on purpose, as README says");
        assert_eq!(text(&output.stdout), block, "README's example for {args:?}");
    }
    assert!(readme.contains("cargo install --locked --path crates/cli"), "README installs at Cargo.lock's versions");
    assert!(readme.contains("exits with status 1 on purpose"), "README says the sample fails on purpose");
}

/// One WARC response record (uncompressed, which `robolint warc` reads too) holding `body` as
/// the robots.txt of example.com.
fn warc_of(body: &[u8]) -> Vec<u8> {
    let mut http = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n".to_vec();
    http.extend_from_slice(body);
    let mut record = format!(
        "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: https://example.com/robots.txt\r\n\
         WARC-Date: 2026-11-28T00:00:00Z\r\nContent-Type: application/http;msgtype=response\r\n\
         Content-Length: {}\r\n\r\n",
        http.len()
    )
    .into_bytes();
    record.extend_from_slice(&http);
    record.extend_from_slice(b"\r\n\r\n");
    record
}

/// The guides README links to, whose commands run as README's do.
const USER_GUIDES: [&str; 8] = [
    "docs/rules.md",
    "docs/targets.md",
    "docs/registry.md",
    "docs/diff.md",
    "docs/integrations.md",
    "docs/editors.md",
    "docs/playground.md",
    "docs/development.md",
];

/// Every `robolint …` line of the shell blocks of README and its guides, run as written in a folder that holds
/// the files they name (a robots.txt with findings, a sites/ folder, a URL list), each
/// http(s) URL served from loopback: none may be refused as a usage error.
#[test]
fn every_command_in_readme_runs() {
    let sample = fs::read(manifest().join("corpus/samples/robots.txt")).expect("sample");
    let port = http_server::serve(|_| {
        vec![("/robots.txt", http_server::ok(&[("Content-Type", "text/plain")], b"User-agent: *\nDisallow: /a\n"))]
    });
    let mut commands = Vec::new();
    let guides = USER_GUIDES.iter().map(|guide| fs::read_to_string(manifest().join(guide)).expect("a guide"));
    let guides: Vec<String> = std::iter::once(readme()).chain(guides).collect();
    for block in guides.iter().flat_map(|guide| guide.split("```sh\n").skip(1)) {
        let body = block.split("```").next().unwrap_or_default();
        commands.extend(body.lines().filter_map(|line| line.strip_prefix("robolint ")));
    }
    assert!(commands.len() > 40, "{commands:?}");
    for command in commands {
        let command = command.split(" # ").next().unwrap_or_default().trim();
        // The playground server runs until stopped; tests/it/playground.rs starts it.
        if command.starts_with("serve") {
            continue;
        }
        let dir = support::TestDir::new("round-two-readme");
        fs::create_dir_all(dir.join("sites/a")).expect("sites");
        for file in ["robots.txt", "sites/a/robots.txt", "buffer"] {
            fs::write(dir.join(file), &sample).expect("write");
        }
        fs::write(dir.join("urls.txt"), "/private/a.html\n/drafts/\n").expect("urls");
        fs::write(dir.join("files.txt"), "robots.txt\nsites/a/robots.txt\n").expect("a list of files");
        fs::create_dir_all(dir.join("crawl")).expect("crawl");
        for file in ["CC-MAIN-robotstxt-00000.warc.gz", "crawl/1.warc.gz", "crawl/2.warc.gz"] {
            fs::write(dir.join(file), warc_of(&sample)).expect("write");
        }
        let local = format!("http://127.0.0.1:{port}/");
        let command = command.replace("https://example.com/", &local).replace("http://example.org/", &local);
        let (command, output_file) = match command.split_once(" > ") {
            Some((command, file)) => {
                (command.to_string(), Some(file.trim().rsplit('/').next().unwrap_or("out").to_string()))
            }
            None => (command, None),
        };
        let (command, input_file) = match command.split_once(" < ") {
            Some((command, file)) => (command.to_string(), Some(file.trim().to_string())),
            None => (command, None),
        };
        let stdin = input_file.map(|file| fs::read(dir.join(file)).expect("input")).unwrap_or_default();
        let words: Vec<String> = split_words(&command);
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let output = run(&dir, &words, &stdin);
        let errors = text(&output.stderr);
        assert!(
            matches!(output.status.code(), Some(0 | 1)),
            "README: robolint {command}: {:?}\n{errors}",
            output.status
        );
        if let Some(file) = output_file {
            assert!(!output.stdout.is_empty(), "README: robolint {command} > {file} writes something");
        }
    }
}

/// Words as a shell splits them, for README's commands: spaces, and double or single quotes
/// around a word.
fn split_words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    for c in command.chars() {
        match c {
            '"' | '\'' if quote.is_none() => quote = Some(c),
            c if quote == Some(c) => quote = None,
            ' ' if quote.is_none() => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// The published package: the licenses Cargo.toml names are files in it, `include` names
/// paths from the package root only (unanchored, `README.md` took every README under
/// web/node_modules), and crates.io has what it shows and searches by.
#[test]
fn the_package_has_its_licenses_anchored_includes_and_crates_io_metadata() {
    let manifest_text = fs::read_to_string(manifest().join("Cargo.toml")).expect("Cargo.toml");
    let cargo: toml::Table = toml::from_str(&manifest_text).expect("Cargo.toml is TOML");
    let package = cargo["package"].as_table().expect("[package]");
    assert_eq!(package["license"].as_str(), Some("MIT OR Apache-2.0"));
    let include: Vec<&str> =
        package["include"].as_array().expect("include").iter().filter_map(toml::Value::as_str).collect();
    for pattern in &include {
        assert!(pattern.starts_with('/'), "`{pattern}` matches at any depth, node_modules too");
    }
    for license in ["LICENSE-MIT", "LICENSE-APACHE"] {
        let text = fs::read_to_string(manifest().join(license)).expect(license);
        let wanted = if license == "LICENSE-MIT" { "Permission is hereby granted" } else { "Apache License" };
        assert!(text.contains(wanted), "{license} holds its license");
        assert!(include.contains(&format!("/{license}").as_str()), "{license} is packaged");
    }
    for key in ["keywords", "categories", "homepage", "documentation"] {
        assert!(package.contains_key(key), "Cargo.toml's [package] has {key}");
    }
    assert!(package["keywords"].as_array().is_some_and(|keywords| keywords.len() <= 5), "crates.io takes five");
}

/// An internationalised host name is fetched by its ASCII form, as browsers send it; before,
/// the URL was refused as a usage error. (`.example` names never resolve: the fetch fails as
/// a finding, robots-txt-unreachable, naming the ASCII form.)
#[test]
fn an_internationalised_host_name_is_fetched_by_its_ascii_form() {
    let dir = support::TestDir::new("round-two-idn");
    let output = run(&dir, &["--format", "concise", "https://bücher.example/"], b"");
    let (printed, errors) = (text(&output.stdout), text(&output.stderr));
    assert_ne!(output.status.code(), Some(2), "{printed}{errors}");
    assert!(!errors.contains("punycode"), "{errors}");
    assert!(printed.starts_with("https://xn--bcher-kva.example/robots.txt:"), "{printed}");
}

/// `robolint format` with ruff format's exit statuses: --check and --diff change nothing and
/// exit 1 when a file would change; writing exits 0; formatting twice changes nothing.
#[test]
fn format_checks_diffs_and_writes_with_ruffs_exit_statuses() {
    let dir = support::TestDir::new("round-two-format");
    let messy = "user-agent:*\n  disallow:/a   # keep me\nUser-agent: b\nDisallow: /c\n";
    let tidy = "User-agent: *\nDisallow: /a # keep me\n\nUser-agent: b\nDisallow: /c\n";
    fs::create_dir_all(dir.join("site")).expect("site");
    fs::write(dir.join("site/robots.txt"), messy).expect("write");
    fs::write(dir.join("robots.txt"), tidy).expect("write");

    let check = run(&dir, &["format", "--check", "."], b"");
    assert_eq!(check.status.code(), Some(1));
    let said = text(&check.stdout);
    assert!(said.contains("Would reformat: ./site/robots.txt\n"), "{said}");
    assert!(said.contains("1 file would be reformatted, 1 file already formatted"), "{said}");
    let diff = run(&dir, &["format", "--diff", "site/robots.txt"], b"");
    assert_eq!(diff.status.code(), Some(1));
    assert!(text(&diff.stdout).starts_with("--- a/site/robots.txt\n+++ b/site/robots.txt\n"), "{}", text(&diff.stdout));
    assert!(text(&diff.stdout).contains("+User-agent: *\n"), "{}", text(&diff.stdout));
    assert_eq!(
        fs::read_to_string(dir.join("site/robots.txt")).expect("read"),
        messy,
        "--check and --diff write nothing"
    );

    let stdin = run(&dir, &["format", "-"], messy.as_bytes());
    assert_eq!((stdin.status.code(), text(&stdin.stdout)), (Some(0), tidy.to_string()));

    let write = run(&dir, &["format", "."], b"");
    assert_eq!(write.status.code(), Some(0));
    assert!(text(&write.stdout).contains("1 file reformatted, 1 file left unchanged"), "{}", text(&write.stdout));
    assert_eq!(fs::read_to_string(dir.join("site/robots.txt")).expect("read"), tidy);
    assert_eq!(run(&dir, &["format", "--check", "."], b"").status.code(), Some(0));

    fs::write(dir.join("binary.txt"), b"\xff\xfe\x00garbage").expect("write");
    let error = run(&dir, &["format", "binary.txt"], b"");
    assert_eq!(error.status.code(), Some(2));
    assert!(text(&error.stderr).contains("binary.txt: not formatted: it is not UTF-8 text"), "{}", text(&error.stderr));
}

/// The files a concise run names.
fn linted_files(output: &Output) -> Vec<String> {
    let mut files: Vec<String> = text(&output.stdout)
        .lines()
        .filter_map(|line| line.split_once(": ").map(|(name, _)| name.split(':').next().unwrap_or(name).to_string()))
        .filter(|name| name.ends_with("robots.txt"))
        .collect();
    files.dedup();
    files
}

/// `exclude`, `extend-exclude` and `per-file-ignores` in robolint.toml and on the command
/// line, `--force-exclude` for files named directly, and .gitignore outside a git repository.
#[test]
fn exclusion_and_per_file_ignores_work_as_ruffs() {
    let dir = support::TestDir::new("round-two-exclude");
    let bad = "User-agent: *\nDisallow /private/\n";
    for folder in ["live", "old", "drafts", "ignored", "node_modules/pkg"] {
        fs::create_dir_all(dir.join(folder)).expect("folder");
        fs::write(dir.join(folder).join("robots.txt"), bad).expect("write");
    }
    // No git repository here: .gitignore is read all the same.
    fs::write(dir.join(".gitignore"), "ignored/\n").expect(".gitignore");
    let lint = |args: &[&str]| {
        let mut all = vec!["--format", "concise", "--no-config"];
        all.extend_from_slice(args);
        linted_files(&run(&dir, &all, b""))
    };
    let every = lint(&["."]);
    assert!(every.iter().any(|file| file.contains("live")), "{every:?}");
    assert!(!every.iter().any(|file| file.contains("ignored") || file.contains("node_modules")), "{every:?}");
    assert_eq!(lint(&["--extend-exclude", "old,drafts", "."]), ["./live/robots.txt"]);
    // --exclude replaces the default: node_modules is walked again.
    let replaced = lint(&["--exclude", "old", "."]);
    assert!(replaced.iter().any(|file| file.contains("node_modules")) && !replaced.iter().any(|f| f.contains("old")));
    // A file named on the command line is linted unless --force-exclude.
    assert_eq!(lint(&["--extend-exclude", "old", "old/robots.txt"]), ["old/robots.txt"]);
    let forced = run(
        &dir,
        &["--format", "concise", "--no-config", "--extend-exclude", "old", "--force-exclude", "old/robots.txt"],
        b"",
    );
    assert!(linted_files(&forced).is_empty(), "{}", text(&forced.stdout));
    assert_eq!(forced.status.code(), Some(0), "{}", text(&forced.stderr));
    // --per-file-ignores: the missing colon is not reported in drafts/.
    let ignoring =
        run(&dir, &["--format", "concise", "--no-config", "--per-file-ignores", "drafts/*:missing-colon", "."], b"");
    let said = text(&ignoring.stdout);
    assert!(said.contains("./live/robots.txt:2:1") && !said.contains("./drafts/robots.txt:2:1"), "{said}");

    // The same from robolint.toml.
    let config = "extend-exclude = [\"old\"]\n[per-file-ignores]\n\"drafts/**\" = [\"missing-colon\"]\n";
    fs::write(dir.join("robolint.toml"), config).expect("config");
    let output = run(&dir, &["--format", "concise", "."], b"");
    let said = text(&output.stdout);
    assert!(!said.contains("old/") && !said.contains("./drafts/robots.txt:2:1"), "{said}");
    assert!(said.contains("./live/robots.txt:2:1"), "{said}");
    fs::write(dir.join("robolint.toml"), "[per-file-ignores]\n\"drafts/**\" = [\"missing-colin\"]\n").expect("config");
    let output = run(&dir, &["--color", "never", "."], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("missing-colin"), "{}", text(&output.stderr));
    let output = run(&dir, &["--no-config", "--per-file-ignores", "nowhere/*:missing-colin", "."], b"");
    assert_eq!(output.status.code(), Some(2), "a misspelt rule is reported though no file matches");
}

/// A file with findings whose text holds markup and a control character, and a clean one.
fn report_inputs(format: &str) -> support::TestDir {
    let dir = support::TestDir::new(&format!("round-two-{format}"));
    fs::write(dir.join("robots.txt"), "User-agent: *\nDisallow /a<b&\"c\x01\nDissallow: /d\n").expect("write");
    fs::write(dir.join("clean.txt"), "User-agent: *\nDisallow: /x\n").expect("write");
    dir
}

/// GitLab Code Quality: GitLab publishes the format as documentation, not as a schema; each
/// issue must have what it lists (description, check_name, a fingerprint unique in the
/// report, a severity of its five, location.path and location.lines.begin).
#[test]
fn gitlab_code_quality_issues_have_every_field_gitlab_reads() {
    let dir = report_inputs("gitlab");
    let output = run(&dir, &["--format", "gitlab", "robots.txt", "clean.txt"], b"");
    assert_eq!(output.status.code(), Some(1));
    let issues: serde_json::Value = serde_json::from_slice(&output.stdout).expect("one JSON array");
    let issues = issues.as_array().expect("an array");
    assert!(issues.len() >= 2, "{issues:?}");
    let mut fingerprints = std::collections::HashSet::new();
    for issue in issues {
        for key in ["description", "check_name", "fingerprint", "severity"] {
            assert!(issue[key].as_str().is_some_and(|value| !value.is_empty()), "{key}: {issue}");
        }
        assert!(["info", "minor", "major", "critical", "blocker"].contains(&issue["severity"].as_str().unwrap_or("")));
        assert_eq!(issue["location"]["path"], "robots.txt", "{issue}");
        assert!(issue["location"]["lines"]["begin"].as_u64().is_some_and(|line| line >= 1), "{issue}");
        assert!(fingerprints.insert(issue["fingerprint"].to_string()), "fingerprints are unique: {issue}");
    }
    // The same findings give the same fingerprints: GitLab compares runs by them.
    assert_eq!(run(&dir, &["--format", "gitlab", "robots.txt", "clean.txt"], b"").stdout, output.stdout);
    let empty = run(&dir, &["--format", "gitlab", "clean.txt"], b"");
    assert_eq!((empty.status.code(), text(&empty.stdout)), (Some(0), "[]\n".to_string()));
}

/// JUnit XML: well-formed (markup and control characters of the linted text escaped), a
/// suite per file, a failing case per finding, a passing case for a clean file, and root
/// counts that add up.
#[test]
fn junit_reports_are_well_formed_and_count_their_cases() {
    use quick_xml::events::Event;
    let dir = report_inputs("junit");
    let output = run(&dir, &["--format", "junit", "robots.txt", "clean.txt"], b"");
    assert_eq!(output.status.code(), Some(1));
    let xml = text(&output.stdout);
    assert!(!xml.contains('\x01'), "{xml}");
    let mut reader = quick_xml::Reader::from_str(&xml);
    let (mut suites, mut cases, mut failures) = (0, 0, 0);
    let mut root: Option<(usize, usize)> = None;
    loop {
        match reader.read_event().unwrap_or_else(|error| panic!("well-formed XML: {error}\n{xml}")) {
            Event::Start(element) | Event::Empty(element) => {
                let attribute = |name: &str| {
                    element
                        .attributes()
                        .flatten()
                        .find(|attribute| attribute.key.as_ref() == name.as_bytes())
                        .and_then(|attribute| attribute.unescape_value().ok()?.parse::<usize>().ok())
                };
                match element.name().as_ref() {
                    b"testsuites" => root = attribute("tests").zip(attribute("failures")),
                    b"testsuite" => suites += 1,
                    b"testcase" => cases += 1,
                    b"failure" => failures += 1,
                    _ => {}
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    assert_eq!(suites, 2, "{xml}");
    assert!(failures >= 2 && cases == failures + 1, "{xml}");
    assert_eq!(root, Some((cases, failures)), "{xml}");
    assert!(xml.contains("<testcase name=\"no problems\" classname=\"clean.txt\""), "{xml}");
}

/// Whether `original` is `changed` with text only inserted: every byte kept, in order.
fn only_inserted_into(original: &[u8], changed: &[u8]) -> bool {
    let mut changed = changed.iter();
    original.iter().all(|byte| changed.any(|other| other == byte))
}

#[test]
fn add_suppressions_silences_every_finding_once_and_keeps_every_byte() {
    let dir = support::TestDir::new("round-two-add-suppressions");
    let original = "# robots.txt for www.example.com\n\
                    User-agent: *\n\
                    Disallow: /tmp/*\n\
                    Disallow /private/ # robolint: disable=missing-colon\n\
                    Dissallow: /drafts/ # moved in 2019\n\
                    \n\
                    User-agent: Googlebot/2.1\n\
                    \n\
                    Disallow: /search?q=\n\
                    User-agent: bot  \n\
                    Disallow: /a b\n";
    fs::write(dir.join("robots.txt"), original).expect("write");
    let every_robot = ["--target", "portable", "--all-infos"];
    let findings = |dir: &Path| {
        let output = run(dir, &[&every_robot[..], &["--format", "concise", "--quiet", "robots.txt"]].concat(), b"");
        text(&output.stdout)
    };
    assert_eq!(findings(&dir).lines().count(), 9, "{}", findings(&dir));

    let output = run(&dir, &[&every_robot[..], &["--add-suppressions", "robots.txt"]].concat(), b"");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let added = text(&output.stderr);
    assert!(added.contains("robots.txt: added 9 suppressions"), "{added}");
    let changed = fs::read_to_string(dir.join("robots.txt")).expect("read");
    assert!(only_inserted_into(original.as_bytes(), changed.as_bytes()), "{changed}");
    for line in [
        // Rules that are a habit of the file, or whose findings sit on a blank line, file-wide.
        "# robolint: disable-file=blank-line-in-record\n# robots.txt for www.example.com\n",
        "Disallow: /tmp/* # robolint: disable=glob-pattern\n",
        // Merged into the suppression the line has.
        "Disallow /private/ # robolint: disable=missing-colon,sensitive-path\n",
        // The line's own comment stays, after the rule names.
        "Dissallow: /drafts/ # robolint: disable=field-typo # moved in 2019\n",
        "User-agent: Googlebot/2.1 # robolint: disable=agent-not-token,record-without-disallow\n",
        // A comment at the end would stop the whitespace from trailing: it goes above.
        "query-in-path\n# robolint: disable=unreachable-record\nUser-agent: bot  \n",
    ] {
        assert!(changed.contains(line), "{line:?} missing from\n{changed}");
    }
    // Nothing is left, and every suppression added silences something.
    assert_eq!(findings(&dir), "", "{changed}");
    let json = run(&dir, &[&every_robot[..], &["--format", "json", "robots.txt"]].concat(), b"");
    assert!(!text(&json.stdout).contains("\"code\""), "{}", text(&json.stdout));

    // A second run changes nothing.
    let again = run(&dir, &[&every_robot[..], &["--add-suppressions", "robots.txt"]].concat(), b"");
    assert_eq!(again.status.code(), Some(0));
    assert!(!text(&again.stderr).contains("added"), "{}", text(&again.stderr));
    assert_eq!(fs::read_to_string(dir.join("robots.txt")).expect("read"), changed);
}

#[test]
fn add_suppressions_keeps_crlf_line_ends_and_leaves_standard_input_alone() {
    let dir = support::TestDir::new("round-two-add-suppressions-crlf");
    let original = "User-agent: *\r\nDisallow /private/\r\nUser-agent: bot \r\nDisallow: /a b\r\n";
    fs::write(dir.join("robots.txt"), original).expect("write");
    let output = run(&dir, &["--target", "portable", "--all-infos", "--add-suppressions", "robots.txt"], b"");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let changed = fs::read_to_string(dir.join("robots.txt")).expect("read");
    assert!(only_inserted_into(original.as_bytes(), changed.as_bytes()), "{changed:?}");
    assert_eq!(changed.matches('\n').count(), changed.matches("\r\n").count(), "{changed:?}");
    assert!(changed.contains("Disallow /private/ # robolint: disable=missing-colon"), "{changed:?}");
    assert!(changed.contains("\r\n# robolint: disable=missing-record-separator"), "{changed:?}");

    let piped = run(&dir, &["--add-suppressions", "-"], original.as_bytes());
    assert_eq!(piped.status.code(), Some(1), "the findings are still reported");
    assert!(text(&piped.stderr).contains("no suppressions added: standard input cannot be changed in place"));
}

#[test]
fn add_suppressions_puts_the_comment_above_a_line_that_is_no_field_and_honours_read_only() {
    let dir = support::TestDir::new("round-two-add-suppressions-html");
    let original = "<html><body>Not found</body></html>\n";
    let path = dir.join("robots.txt");
    fs::write(&path, original).expect("write");
    let mut permissions = fs::metadata(&path).expect("metadata").permissions();
    permissions.set_readonly(true);
    fs::set_permissions(&path, permissions).expect("read-only");
    let refused = run(&dir, &["--add-suppressions", "robots.txt"], b"");
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    assert!(text(&refused.stderr).contains("no suppressions added: it is read-only"), "{}", text(&refused.stderr));
    assert_eq!(fs::read_to_string(&path).expect("read"), original);

    let output = run(&dir, &["--add-suppressions", "--fix-read-only", "robots.txt"], b"");
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    // A `#` at the end of a line that is no field would be read as more of that line.
    let changed = fs::read_to_string(&path).expect("read");
    assert_eq!(changed, format!("# robolint: disable=html-document\n{original}"));
    assert!(fs::metadata(&path).expect("metadata").permissions().readonly());
    let again = run(&dir, &["--format", "concise", "robots.txt"], b"");
    assert_eq!(text(&again.stdout), "robots.txt: no problems\n");
}
