//! Options users of ruff and ShellCheck reach for (issue "A command line and editor experience
//! on a par with ruff"), through the built binary.

use crate::support::robolint;
use std::fs;
use std::path::Path;
use std::process::Output;

use crate::support;

const FIXABLE: &[u8] = b"User-agent: *\nDisallow: /tmp/*\nDissallow: /drafts/\n";

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn temp_dir(name: &str) -> support::TestDir {
    support::TestDir::new(&format!("options-{name}"))
}

#[test]
fn quiet_prints_the_findings_and_no_summary() {
    let loud = robolint(&["--no-config", "--all-infos", "--format", "concise", "-"], FIXABLE);
    insta::assert_snapshot!(support::transcript(&loud), @r"
        status: 1
        --- stdout
        <stdin>:2:16: info[RL301 glob-pattern]: `*` is a wildcard for RFC 9309 robots, a plain character for 1994/1996-style robots
        <stdin>:3:1: warning[RL102 field-typo]: unknown field `Dissallow`: did you mean `Disallow`? Google reads it as `Disallow` and other robots drop it
        <stdin>: 2 problems (1 warning, 1 info)
        2 fixable with `--fix`
        --- stderr
        ");
    let quiet = robolint(&["--no-config", "--all-infos", "--format", "concise", "-q", "-"], FIXABLE);
    insta::assert_snapshot!(support::transcript(&quiet), @r"
        status: 1
        --- stdout
        <stdin>:2:16: info[RL301 glob-pattern]: `*` is a wildcard for RFC 9309 robots, a plain character for 1994/1996-style robots
        <stdin>:3:1: warning[RL102 field-typo]: unknown field `Dissallow`: did you mean `Disallow`? Google reads it as `Disallow` and other robots drop it
        --- stderr
        ");
}

#[test]
fn the_summary_counts_what_fix_and_unsafe_fixes_would_mend() {
    let output = robolint(&["--no-config", "--format", "concise", "-"], FIXABLE);
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 1
        --- stdout
        <stdin>:3:1: warning[RL102 field-typo]: unknown field `Dissallow`: did you mean `Disallow`? Google reads it as `Disallow` and other robots drop it
        <stdin>: 1 problem (1 warning)
        1 info about robots outside the targets left out (`--all-infos` prints it)
        2 fixable with `--fix`
        --- stderr
        ");
}

#[test]
fn statistics_count_findings_per_rule_most_frequent_first() {
    let file = b"User-agent: *\nDisallow: /a/*\nDisallow: /b/*\nDisallow: /c$\nDissallow: /x\n";
    let output = robolint(&["--no-config", "--target", "portable", "--statistics", "-"], file);
    // The exit status still follows --fail-on.
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 1
        --- stdout
        3  RL301  glob-pattern [2 fixable]
        1  RL102  field-typo [*]
        --- stderr
        ");
}

#[test]
fn output_file_takes_what_standard_output_would_have() {
    let dir = temp_dir("output-file");
    let path = dir.join("report.json");
    let path_text = path.to_string_lossy().into_owned();
    let output = robolint(&["--no-config", "--format", "json", "-o", &path_text, "-"], FIXABLE);
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 1
        --- stdout
        --- stderr
        ");
    let written: serde_json::Value = serde_json::from_slice(&fs::read(&path).expect("report")).expect("json");
    assert!(written["diagnostics"].as_array().is_some_and(|found| !found.is_empty()), "{written}");
}

#[test]
fn stdin_filename_names_the_input_finds_its_configuration_and_feeds_file_name() {
    let dir = temp_dir("stdin-filename");
    fs::create_dir_all(dir.join("site")).expect("site");
    fs::write(dir.join("robolint.toml"), "[rules]\nglob-pattern = \"off\"\n").expect("config");
    let name = dir.join("site/Robots.TXT");
    let name = name.to_string_lossy();
    let output = robolint(&["--format", "concise", "--stdin-filename", &name, "-"], FIXABLE);
    // The configuration beside the named file turns RL301 off, and the name is judged.
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 1
        --- stdout
        [TEMP]/site/Robots.TXT:1:1: warning[RL012 file-name]: the file is named `Robots.TXT`, but robots request `/robots.txt` in lower case
        [TEMP]/site/Robots.TXT:3:1: warning[RL102 field-typo]: unknown field `Dissallow`: did you mean `Disallow`? Google reads it as `Disallow` and other robots drop it
        [TEMP]/site/Robots.TXT: 2 problems (2 warnings)
        1 fixable with `--fix`
        --- stderr
        ");
}

#[test]
fn fix_of_standard_input_writes_the_fixed_text_to_standard_output() {
    let output = robolint(&["--no-config", "--fix", "-"], FIXABLE);
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 0
        --- stdout
        User-agent: *
        Disallow: /tmp/
        Disallow: /drafts/
        --- stderr
        ");
    // A file with nothing to fix comes back whole.
    let clean = robolint(&["--no-config", "--fix", "-"], b"User-agent: *\nDisallow: /x\n");
    insta::assert_snapshot!(support::transcript(&clean), @r"
        status: 0
        --- stdout
        User-agent: *
        Disallow: /x
        --- stderr
        ");
}

#[test]
fn rules_as_json_list_every_rule_with_its_metadata() {
    let output = robolint(&["rules", "--format", "json"], b"");
    let rules: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    let rules = rules.as_array().expect("an array");
    assert_eq!(rules.len(), robolint::rules::all().len());
    assert!(rules
        .iter()
        .any(|rule| rule["name"] == "glob-pattern" && rule["code"] == "RL301" && rule["docs"]["why"].is_string()));
}

#[test]
fn completions_name_every_subcommand_and_option() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let output = robolint(&["completions", shell], b"");
        let script = text(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "{shell}");
        for word in ["statistics", "stdin-filename", "check", "matrix"] {
            assert!(script.contains(word), "{shell} completions lack {word}");
        }
    }
}

/// The man page and --help come from one definition: every long option --help lists is in
/// the man page.
#[test]
fn the_man_page_documents_every_option_help_lists() {
    let help = text(&robolint(&["--help"], b"").stdout);
    let man = text(&robolint(&["man"], b"").stdout);
    assert!(man.starts_with(".ie") || man.contains(".TH"), "{man}");
    let options: Vec<&str> = help
        .split_whitespace()
        .filter(|word| word.starts_with("--") && word.len() > 2)
        .map(|word| word.trim_end_matches([',', '.', ')', '`']))
        .map(|word| word.split(['=', '[', '<']).next().unwrap_or(word))
        .collect();
    assert!(options.len() > 15, "{help}");
    for option in options {
        let escaped = option.replace('-', "\\-");
        assert!(man.contains(option) || man.contains(&escaped), "the man page lacks {option}");
    }
}

/// `robolint parse`: the draft's own §4 example gets its tree, production by production with
/// spans; a missing colon gets the production that failed and where; the exit status says
/// whether the strict grammar accepts the file.
#[test]
fn parse_prints_the_strict_tree_or_the_failing_production() {
    let example = "corpus/strict-syntax/draft-section-4-example.txt";
    let accepted = robolint(&["parse", example], b"");
    insta::assert_snapshot!(support::transcript(&accepted));

    let json = robolint(&["parse", "--format", "json", example], b"");
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).expect("json");
    assert_eq!(json["accepted"], true);
    assert_eq!(json["tree"]["production"], "robotstxt");
    assert_eq!(json["tree"]["children"][1]["production"], "record");
    assert_eq!(json["tree"]["children"][1]["start"], serde_json::json!({"line": 4, "column": 1}));

    let rejected = robolint(&["parse", "-"], b"User-agent: *\r\nDisallow /x\r\n");
    insta::assert_snapshot!(support::transcript(&rejected), @r#"
        status: 1
        --- stdout
        rejected: disallowline at 2:9, expected ":"

        The lenient parse reads the lines as:
        line 1: field "User-agent" = "*"
        line 2: field "Disallow" = "/x" (strict: disallowline fails, expected ":")
        --- stderr
        "#);
}

fn robolint_with_env(directory: &Path, args: &[&str], env: &[(&str, &Path)]) -> Output {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_robolint"));
    command.args(args).current_dir(directory).env_remove("NO_COLOR");
    for (name, value) in env {
        command.env(name, value);
    }
    command.output().expect("robolint runs")
}

/// robolint.toml takes `select`, `extend-select` and `ignore`; the command line's `--select`
/// replaces the file's, `--ignore` adds to it; `--show-settings` shows the result and its file.
#[test]
fn configuration_selects_rules_and_show_settings_says_what_applies() {
    let dir = temp_dir("config-select");
    fs::write(dir.join("robots.txt"), FIXABLE).expect("robots.txt");
    fs::write(dir.join("robolint.toml"), "select = [\"RL3\"]\nignore = [\"sensitive-path\"]\n").expect("config");
    let configured = robolint_with_env(&dir, &["--format", "concise", "robots.txt"], &[]);
    insta::assert_snapshot!(support::transcript(&configured), @r"
        status: 0
        --- stdout
        robots.txt:2:16: info[RL301 glob-pattern]: `*` is a wildcard for RFC 9309 robots, a plain character for 1994/1996-style robots
        robots.txt: 1 problem (1 info)
        1 fixable with `--fix`
        --- stderr
        ");
    let overridden = robolint_with_env(
        &dir,
        &["--format", "concise", "--select", "RL1", "--ignore", "glob-pattern", "robots.txt"],
        &[],
    );
    insta::assert_snapshot!(support::transcript(&overridden), @r"
        status: 1
        --- stdout
        robots.txt:3:1: warning[RL102 field-typo]: unknown field `Dissallow`: did you mean `Disallow`? Google reads it as `Disallow` and other robots drop it
        robots.txt: 1 problem (1 warning)
        1 fixable with `--fix`
        --- stderr
        ");

    let shown = robolint_with_env(&dir, &["--show-settings", "--ignore", "RL302", "robots.txt"], &[]);
    insta::assert_snapshot!(support::transcript(&shown), @r"
        status: 0
        --- stdout
        settings for robots.txt
        configuration: [TEMP]/robolint.toml
        target: today (rfc9309, google)
        fail-on: warning (default)
        select: [RL3]
        extend-select: []
        ignore: [sensitive-path, RL302]
        --- stderr
        ");
}

/// With no robolint.toml above a file, the user's own configuration applies.
#[test]
fn the_user_configuration_applies_where_no_project_configuration_does() {
    let dir = temp_dir("user-config");
    let home = dir.join("config-home");
    fs::create_dir_all(home.join("robolint")).expect("config home");
    fs::write(home.join("robolint/robolint.toml"), "[rules]\nglob-pattern = \"off\"\n").expect("user config");
    let site = dir.join("site");
    fs::create_dir_all(&site).expect("site");
    fs::write(site.join("robots.txt"), FIXABLE).expect("robots.txt");
    let env = [("XDG_CONFIG_HOME", home.as_path())];
    let linted = robolint_with_env(&site, &["--format", "concise", "robots.txt"], &env);
    insta::assert_snapshot!(support::transcript(&linted), @r"
        status: 1
        --- stdout
        robots.txt:3:1: warning[RL102 field-typo]: unknown field `Dissallow`: did you mean `Disallow`? Google reads it as `Disallow` and other robots drop it
        robots.txt: 1 problem (1 warning)
        1 fixable with `--fix`
        --- stderr
        ");
    let shown = robolint_with_env(&site, &["--show-settings", "robots.txt"], &env);
    insta::assert_snapshot!(support::transcript(&shown), @r"
        status: 0
        --- stdout
        settings for robots.txt
        configuration: [TEMP]/config-home/robolint/robolint.toml (the user configuration)
        target: today (rfc9309, google)
        fail-on: warning (default)
        select: default rules
        extend-select: []
        ignore: []
        rules.glob-pattern: off
        --- stderr
        ");
}

/// `--watch` lints again after the file changes.
#[cfg(unix)]
#[test]
fn watch_lints_again_when_the_file_changes() {
    use std::io::{BufRead, BufReader};
    let dir = temp_dir("watch");
    fs::write(dir.join("robots.txt"), "User-agent: *\nDisallow: /x\n").expect("robots.txt");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_robolint"))
        .args(["--no-config", "--format", "concise", "--watch", "robots.txt"])
        .current_dir(&dir)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("robolint starts");
    // A watch that missed the edit would block this test for ever: it is ended after a while.
    let pid = child.id();
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(60));
        let _ = std::process::Command::new("kill").arg(pid.to_string()).status();
    });
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let first = lines.next().and_then(Result::ok).unwrap_or_default();
    assert_eq!(first, "robots.txt: no problems");
    fs::write(dir.join("robots.txt"), "User-agent: *\nDisallow: x/\n").expect("an edit");
    let relinted = lines.by_ref().map_while(Result::ok).find(|line| line.contains("RL107"));
    let _ = child.kill();
    let _ = child.wait();
    assert!(relinted.is_some(), "no second run after the edit");
}

/// A long run to a terminal shows a progress bar on standard error; a pipe never gets one.
#[cfg(unix)]
#[test]
fn a_progress_bar_shows_on_a_terminal_for_thousands_of_files_and_never_in_a_pipe() {
    let dir = temp_dir("progress");
    for site in 0..1000 {
        fs::create_dir_all(dir.join(format!("s{site}"))).expect("site");
        fs::write(dir.join(format!("s{site}/robots.txt")), "User-agent: *\nDisallow: /x\n").expect("robots.txt");
    }
    let piped = robolint_with_env(&dir, &["--no-config", "--format", "concise", "."], &[]);
    assert!(!text(&piped.stderr).contains("files,"), "{}", text(&piped.stderr));
    assert!(text(&piped.stdout).ends_with("1000 files: no problems\n"));
    // util-linux's `script` gives robolint a terminal; where it is missing, only the pipe is checked.
    let command = format!("{} --no-config --format concise . > report.txt", env!("CARGO_BIN_EXE_robolint"));
    let Ok(terminal) =
        std::process::Command::new("script").args(["-qec", &command, "/dev/null"]).current_dir(&dir).output()
    else {
        eprintln!("skipped the terminal half: `script` (util-linux) is not installed");
        return;
    };
    assert!(text(&terminal.stdout).contains("/1000 files"), "{}", text(&terminal.stdout));
    assert!(fs::read_to_string(dir.join("report.txt")).expect("report").ends_with("1000 files: no problems\n"));
}
