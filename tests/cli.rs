//! The `robolint` binary as users run it: arguments, output forms and exit statuses.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn robolint(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_robolint"))
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("robolint starts");
    child.stdin.take().expect("stdin").write_all(stdin).expect("writing stdin");
    child.wait_with_output().expect("robolint finishes")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("robolint-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

const ISSUE_EXAMPLE: &[u8] = b"User-agent: *\nDisallow: /tmp/*\n\nUser-agent: *\nDisallow: /robots.txt\n";

#[test]
fn stdin_example_reports_glob_second_star_record_and_robots_txt() {
    let output = robolint(&["--format", "concise", "-"], ISSUE_EXAMPLE);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("<stdin>:2:16: warning[RL301 glob-pattern]:"), "{text}");
    assert!(text.contains("<stdin>:4:1: warning[RL201 multiple-star-records]:"), "{text}");
    assert!(text.contains("<stdin>:5:11: warning[RL302 robots-txt-in-rule]:"), "{text}");
    assert!(text.ends_with("<stdin>: 3 problems (3 warnings)\n"), "{text}");
}

#[test]
fn human_output_draws_the_source_line_with_line_and_column() {
    let output = robolint(&["--color", "never", "-"], ISSUE_EXAMPLE);
    let text = stdout(&output);
    assert!(text.contains("[RL301 glob-pattern] Warning:"), "{text}");
    assert!(text.contains("<stdin>:2:16"), "{text}");
    assert!(text.contains(" 2 │ Disallow: /tmp/*"), "{text}");
    assert!(!text.contains('\u{1b}'), "--color never must not colour: {text}");
}

#[test]
fn color_always_colours_and_no_color_is_honoured_in_auto_mode() {
    let coloured = stdout(&robolint(&["--color", "always", "-"], ISSUE_EXAMPLE));
    assert!(coloured.contains('\u{1b}'), "--color always must colour");
    let piped = stdout(&robolint(&["-"], ISSUE_EXAMPLE));
    assert!(!piped.contains('\u{1b}'), "auto mode must not colour a pipe");
}

#[test]
fn clean_file_prints_one_line_and_exits_zero() {
    let output = robolint(&["-"], b"User-agent: *\nDisallow: /private/\n");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "<stdin>: no problems\n");
}

#[test]
fn missing_file_is_a_usage_error_naming_the_path() {
    let output = robolint(&["/no/such/robots.txt"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("/no/such/robots.txt"), "{}", stderr(&output));
}

#[test]
fn no_input_is_a_usage_error() {
    let output = robolint(&[], b"");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn directory_means_every_robots_txt_below_it() {
    let dir = temp_dir("walk");
    std::fs::create_dir_all(dir.join("site/a")).expect("mkdir");
    std::fs::write(dir.join("site/a/robots.txt"), "User-agent: *\nDisallow /x\n").expect("write");
    std::fs::write(dir.join("site/robots.txt"), "User-agent: *\nDisallow: /\n").expect("write");
    std::fs::write(dir.join("site/notes.txt"), "Dissallow: /ignored\n").expect("write");
    let output = robolint(&["--format", "concise", dir.join("site").to_str().expect("utf-8 path")], b"");
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("a/robots.txt:2:1: error[RL101 missing-colon]"), "{text}");
    assert!(!text.contains("notes.txt"), "{text}");
    assert!(text.ends_with("2 files: 1 problem (1 error)\n"), "{text}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn directory_without_robots_txt_is_a_usage_error() {
    let dir = temp_dir("empty");
    std::fs::write(dir.join("notes.txt"), "User-agent: *\n").expect("write");
    let output = robolint(&[dir.to_str().expect("utf-8 path")], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("no file named robots.txt"), "{}", stderr(&output));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn fail_on_sets_the_threshold() {
    let warnings_only = b"User-agent: *\nDisallow: /tmp/*\n";
    assert_eq!(robolint(&["--fail-on", "error", "-"], warnings_only).status.code(), Some(0));
    assert_eq!(robolint(&["--fail-on", "warning", "-"], warnings_only).status.code(), Some(1));
    assert_eq!(robolint(&["--fail-on", "never", "-"], b"Disallow /x\n").status.code(), Some(0));
}

#[test]
fn select_ignore_and_extend_select() {
    let text = b"User-agent: *\r\nDisallow: /tmp/* \r\n";
    let ignored = stdout(&robolint(&["--format", "concise", "--ignore", "glob-pattern", "-"], text));
    assert!(!ignored.contains("glob-pattern"), "{ignored}");
    let pedantic = stdout(&robolint(&["--format", "concise", "--extend-select", "trailing-whitespace", "-"], text));
    assert!(pedantic.contains("[RL112 trailing-whitespace]"), "{pedantic}");
    let only_paths = stdout(&robolint(&["--format", "concise", "--select", "RL3", "-"], text));
    assert!(only_paths.contains("RL301") && !only_paths.contains("RL112"), "{only_paths}");
    let unknown = robolint(&["--select", "no-such-rule", "-"], text);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("no-such-rule"));
}

#[test]
fn rule_prints_documentation_by_code_or_name() {
    for key in ["glob-pattern", "RL301", "rl301"] {
        let output = robolint(&["rule", key], b"");
        let text = stdout(&output);
        assert_eq!(output.status.code(), Some(0));
        assert!(text.starts_with("RL301 glob-pattern:"), "{text}");
        for heading in ["\nWhy\n", "\nBad\n", "\nGood\n", "\nSpec: "] {
            assert!(text.contains(heading), "missing {heading:?} in {text}");
        }
    }
    let unknown = robolint(&["rule", "RL999"], b"");
    assert_eq!(unknown.status.code(), Some(2));
}

#[test]
fn rules_lists_every_rule() {
    let text = stdout(&robolint(&["rules"], b""));
    for rule in robolint::rules::all() {
        let metadata = &rule.metadata;
        let row = text.lines().find(|line| line.starts_with(&metadata.code)).unwrap_or_default();
        assert!(
            row.contains(&metadata.name) && row.contains(&metadata.category),
            "{} missing in {text}",
            metadata.code
        );
    }
    assert!(text.contains("non-crlf-line-ending") && text.contains(" off "), "pedantic rules show as off");
}

#[test]
fn sample_in_readme_exists_and_has_findings() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/samples/robots.txt");
    let output = robolint(&["--color", "never", sample.to_str().expect("utf-8 path")], b"");
    assert_eq!(output.status.code(), Some(1), "{}", stdout(&output));
}
