//! The `robolint` binary as users run it: arguments, output forms and exit statuses.

#![allow(clippy::print_stderr, reason = "a test prints what it measured or skipped")]

use std::path::Path;
use std::process::Output;

mod support;

fn robolint(args: &[&str], stdin: &[u8]) -> Output {
    support::robolint_in(Path::new(env!("CARGO_MANIFEST_DIR")), args, stdin)
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn temp_dir(name: &str) -> support::TestDir {
    support::TestDir::new(&format!("cli-{name}"))
}

const ISSUE_EXAMPLE: &[u8] = b"User-agent: *\nDisallow: /tmp/*\n\nUser-agent: *\nDisallow: /robots.txt\n";

#[test]
fn stdin_example_reports_glob_second_star_record_and_robots_txt() {
    let output = robolint(&["--format", "concise", "--target", "portable", "-"], ISSUE_EXAMPLE);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("<stdin>:2:16: warning[RL301 glob-pattern]:"), "{text}");
    assert!(text.contains("<stdin>:4:1: warning[RL201 multiple-star-records]:"), "{text}");
    assert!(text.contains("<stdin>:5:11: warning[RL302 robots-txt-in-rule]:"), "{text}");
    assert!(
        text.ends_with("<stdin>: 3 problems (3 warnings)\n1 fixable with `--fix` (1 more with `--unsafe-fixes`)\n"),
        "{text}"
    );
}

#[test]
fn human_output_draws_the_source_line_with_line_and_column() {
    let output = robolint(&["--color", "never", "--target", "portable", "-"], ISSUE_EXAMPLE);
    let text = stdout(&output);
    assert!(text.contains("[RL301 glob-pattern] Warning:"), "{text}");
    assert!(text.contains("<stdin>:2:16"), "{text}");
    assert!(text.contains(" 2 │ Disallow: /tmp/*"), "{text}");
    assert!(!text.contains('\u{1b}'), "--color never must not colour: {text}");
}

#[test]
fn color_always_colours_and_no_color_is_honoured_in_auto_mode() {
    let coloured = stdout(&robolint(&["--color", "always", "--target", "portable", "-"], ISSUE_EXAMPLE));
    assert!(coloured.contains('\u{1b}'), "--color always must colour");
    let piped = stdout(&robolint(&["--target", "portable", "-"], ISSUE_EXAMPLE));
    assert!(!piped.contains('\u{1b}'), "auto mode must not colour a pipe");
}

#[test]
fn clean_file_prints_one_line_and_exits_zero() {
    let output = robolint(&["-"], b"User-agent: *\nDisallow: /search/\n");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output), "<stdin>: no problems\n");
}

/// `robolint lint FILE` is the bare `robolint FILE` spelled out: the same bytes on standard
/// output and the same exit status, for a file with findings and for a clean one.
#[test]
fn lint_subcommand_is_the_bare_form() {
    let dir = temp_dir("lint-subcommand");
    let failing = dir.join("failing/robots.txt");
    let clean = dir.join("clean/robots.txt");
    // A path without its `/` matches nothing for today's robots: a run that fails either way.
    let failing_text = b"User-agent: *\nDisallow: search/\n".as_slice();
    for (path, text) in [(&failing, failing_text), (&clean, b"User-agent: *\nDisallow: /search/\n".as_slice())] {
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("mkdir");
        std::fs::write(path, text).expect("write");
    }
    for (path, status) in [(&failing, 1), (&clean, 0)] {
        let path = path.to_str().expect("utf-8 path");
        for flags in [&[][..], &["--format", "json", "--target", "portable"]] {
            let bare = robolint(&[flags, &[path]].concat(), b"");
            let spelled_out = robolint(&[&["lint"], flags, &[path]].concat(), b"");
            assert_eq!(bare.status.code(), Some(status), "{}", stdout(&bare));
            assert_eq!(spelled_out.status.code(), bare.status.code(), "{path} {flags:?}");
            assert_eq!(spelled_out.stdout, bare.stdout, "{path} {flags:?}");
        }
    }
}

#[test]
fn lint_help_lists_the_lint_flags() {
    let help = stdout(&robolint(&["lint", "--help"], b""));
    for flag in ["--format", "--fix", "--diff", "--watch", "--config", "--no-config", "--select", "--timeout", "--jobs"]
    {
        assert!(help.contains(flag), "`robolint lint --help` lacks {flag}:\n{help}");
    }
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
    std::fs::write(dir.join("site/robots.txt"), "User-agent: *\nDisallow: /search/\n").expect("write");
    std::fs::write(dir.join("site/notes.txt"), "Dissallow: /ignored\n").expect("write");
    let output = robolint(&["--format", "concise", dir.join("site").to_str().expect("utf-8 path")], b"");
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(text.contains("a/robots.txt:2:1: error[RL101 missing-colon]"), "{text}");
    assert!(!text.contains("notes.txt"), "{text}");
    assert!(text.ends_with("2 files: 1 problem (1 error)\n1 fixable with `--fix`\n"), "{text}");
}

#[test]
fn directory_without_robots_txt_is_a_usage_error() {
    let dir = temp_dir("empty");
    std::fs::write(dir.join("notes.txt"), "User-agent: *\n").expect("write");
    let output = robolint(&[dir.to_str().expect("utf-8 path")], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("no file named robots.txt"), "{}", stderr(&output));
}

#[test]
fn fail_on_sets_the_threshold() {
    let warnings_only = b"User-agent: *\nDisallow: /tmp/*\n";
    let portable = |fail_on: &str| robolint(&["--target", "portable", "--fail-on", fail_on, "-"], warnings_only);
    assert_eq!(portable("error").status.code(), Some(0));
    assert_eq!(portable("warning").status.code(), Some(1));
    // The wildcard is information about older robots only: left out, it fails no run, even
    // at `--fail-on info`, unless asked for.
    assert_eq!(robolint(&["--fail-on", "info", "-"], warnings_only).status.code(), Some(0));
    assert_eq!(robolint(&["--fail-on", "info", "--all-infos", "-"], warnings_only).status.code(), Some(1));
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

/// docs/rules.md's rule table is what `robolint rules` prints, so a new rule or a changed default
/// severity cannot leave the documentation behind.
#[test]
fn readme_rule_table_is_the_rules_command_output() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules.md")).expect("docs/rules.md");
    let table = readme
        .split("```text\n")
        .find(|block| block.starts_with("CODE "))
        .and_then(|block| block.split("```").next())
        .expect("a ```text block starting with the `robolint rules` header in docs/rules.md");
    let listed = stdout(&robolint(&["rules"], b""));
    assert!(table == listed, "docs/rules.md's rule table differs from `robolint rules`; paste this in:\n{listed}");
}

#[test]
fn sample_in_readme_exists_and_has_findings() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/samples/robots.txt");
    let output = robolint(&["--color", "never", sample.to_str().expect("utf-8 path")], b"");
    assert_eq!(output.status.code(), Some(1), "{}", stdout(&output));
}

#[test]
fn nearest_robolint_toml_applies_and_no_config_ignores_it() {
    let dir = temp_dir("config");
    std::fs::create_dir_all(dir.join("site")).expect("mkdir");
    std::fs::write(
        dir.join("robolint.toml"),
        "fail-on = \"error\"\n[rules]\nglob-pattern = \"off\"\nrobots-txt-in-rule = \"error\"\n",
    )
    .expect("write");
    let robots = dir.join("site/robots.txt");
    std::fs::write(&robots, "User-agent: *\nDisallow: /tmp/*\nDisallow: /robots.txt\n").expect("write");
    let robots = robots.to_str().expect("utf-8 path");
    let configured = robolint(&["--format", "concise", robots], b"");
    let text = stdout(&configured);
    assert!(!text.contains("glob-pattern"), "{text}");
    assert!(text.contains("error[RL302 robots-txt-in-rule]"), "{text}");
    assert_eq!(configured.status.code(), Some(1));
    let ignored = stdout(&robolint(&["--format", "concise", "--target", "portable", "--no-config", robots], b""));
    assert!(ignored.contains("warning[RL301 glob-pattern]") && ignored.contains("warning[RL302"), "{ignored}");
    let explicit_path = dir.join("other.toml");
    std::fs::write(&explicit_path, "[rules]\nrobots-txt-in-rule = \"off\"\n").expect("write");
    let explicit = stdout(&robolint(
        &["--format", "concise", "--all-infos", "--config", explicit_path.to_str().expect("utf-8"), robots],
        b"",
    ));
    assert!(!explicit.contains("RL302") && explicit.contains("RL301"), "{explicit}");
}

#[test]
fn configuration_errors_name_the_file_and_the_key() {
    let dir = temp_dir("bad-config");
    let config = dir.join("robolint.toml");
    std::fs::write(&config, "target = \"portable\"\n[rules]\nglob-patern = \"off\"\n").expect("write");
    let output = robolint(&["--color", "never", "--config", config.to_str().expect("utf-8"), "-"], b"User-agent: *\n");
    let errors = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{errors}");
    assert!(errors.contains("robolint.toml") && errors.contains("unknown rule `glob-patern`"), "{errors}");
    assert!(errors.contains("3 │ glob-patern"), "the key is shown in context: {errors}");
}

#[test]
fn target_changes_severity_and_says_who_is_affected() {
    let text = b"User-agent: *\nDisallow: /tmp/*\nDisallow /private/\n";
    let google = stdout(&robolint(&["--format", "concise", "--all-infos", "--target", "google", "-"], text));
    assert!(google.contains("info[RL301 glob-pattern]") && !google.contains("RL101"), "{google}");
    let draft = robolint(&["--format", "concise", "--target", "draft-1996", "-"], text);
    let draft_text = stdout(&draft);
    assert!(draft_text.contains("error[RL301 glob-pattern]") && draft_text.contains("error[RL101"), "{draft_text}");
    let human = stdout(&robolint(&["--color", "never", "--target", "draft-1996,rfc9309", "-"], text));
    assert!(human.contains("affects robots that follow: draft-1996"), "{human}");
    assert_eq!(robolint(&["--target", "bing", "-"], text).status.code(), Some(2));
}

#[test]
fn inline_suppressions_silence_and_unused_ones_are_reported() {
    let text = b"User-agent: *\nDisallow: /tmp/* # robolint: disable=glob-pattern\n# robolint: disable=RL301\nDisallow: /a*\nDisallow: /b # robolint: disable=glob-pattern,no-such-rule\n";
    let out = stdout(&robolint(&["--format", "concise", "-"], text));
    assert!(!out.contains("[RL301"), "{out}");
    assert!(out.contains("<stdin>:5:34: warning[RL901 unused-suppression]"), "{out}");
    assert!(out.contains("<stdin>:5:47: warning[RL902 unknown-rule-in-suppression]"), "{out}");
    let whole_file = b"# robolint: disable-file=glob-pattern\nUser-agent: *\nDisallow: /a*\n";
    assert_eq!(stdout(&robolint(&["-"], whole_file)), "<stdin>: no problems\n");
}

#[test]
fn fix_rewrites_in_place_keeping_comments_and_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("fix");
    let robots = dir.join("robots.txt");
    let original = "# keep me\nUser-agent: *\nDisallow /private/ # why\nDisallow: /tmp/*\nDisallow: /robots.txt\n";
    std::fs::write(&robots, original).expect("write");
    std::fs::set_permissions(&robots, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    let path = robots.to_str().expect("utf-8 path");

    let diff = robolint(&["--diff", path], b"");
    assert_eq!(diff.status.code(), Some(1));
    let diff_text = stdout(&diff);
    assert!(
        diff_text.contains("\n-Disallow /private/ # why\n") && diff_text.contains("\n+Disallow: /private/ # why\n"),
        "{diff_text}"
    );
    assert_eq!(std::fs::read_to_string(&robots).expect("read"), original, "--diff changes nothing");

    let fixed = robolint(&["--fix", "--format", "concise", "--all-infos", path], b"");
    let after = std::fs::read_to_string(&robots).expect("read");
    assert_eq!(after, "# keep me\nUser-agent: *\nDisallow: /private/ # why\nDisallow: /tmp/\nDisallow: /robots.txt\n");
    assert!(stdout(&fixed).contains("[RL302 robots-txt-in-rule]"), "the unsafe fix is not applied: {}", stdout(&fixed));
    let mode = std::fs::metadata(&robots).expect("stat").permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    let leftovers: Vec<_> = std::fs::read_dir(&dir).expect("list").flatten().map(|entry| entry.file_name()).collect();
    assert_eq!(leftovers.len(), 1, "no temporary file is left behind: {leftovers:?}");

    robolint(&["--fix", "--unsafe-fixes", path], b"");
    assert!(std::fs::read_to_string(&robots).expect("read").ends_with("Disallow: /tmp/\nDisallow:\n"));
}

#[test]
fn fix_refuses_input_it_cannot_reproduce_byte_for_byte() {
    let dir = temp_dir("fix-latin1");
    let robots = dir.join("robots.txt");
    let original = b"User-agent: *\nDisallow /caf\xE9/\n";
    std::fs::write(&robots, original).expect("write");
    let output = robolint(&["--fix", robots.to_str().expect("utf-8 path")], b"");
    assert!(stderr(&output).contains("not fixed: it is not UTF-8 text"), "{}", stderr(&output));
    assert_eq!(std::fs::read(&robots).expect("read"), original);
    let stdin = robolint(&["--fix", "-"], b"User-agent: *\nDisallow /caf\xE9/\n");
    assert!(stderr(&stdin).contains("standard input: not fixed"), "{}", stderr(&stdin));
    assert!(stdin.stdout.is_empty(), "{}", stdout(&stdin));
}

/// A file with a safe fix (`Disallow /private/` gets its colon) in a fresh directory.
fn fixable_file(name: &str) -> (support::TestDir, std::path::PathBuf) {
    let dir = temp_dir(name);
    let robots = dir.join("robots.txt");
    std::fs::write(&robots, FIXABLE).expect("write");
    (dir, robots)
}

const FIXABLE: &str = "User-agent: *\nDisallow /private/\n";
const FIXED: &str = "User-agent: *\nDisallow: /private/\n";

#[test]
fn fix_writes_through_a_symbolic_link_which_stays_a_link() {
    let (dir, target) = fixable_file("fix-symlink");
    let link = dir.join("link.txt");
    std::os::unix::fs::symlink("robots.txt", &link).expect("symlink");
    let output = robolint(&["--fix", link.to_str().expect("utf-8 path")], b"");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(std::fs::symlink_metadata(&link).expect("lstat").file_type().is_symlink(), "the link was replaced");
    assert_eq!(std::fs::read_to_string(&target).expect("read"), FIXED);
}

#[test]
fn fix_keeps_the_owner_and_group_of_the_file() {
    use std::os::unix::fs::MetadataExt;
    let (dir, robots) = fixable_file("fix-owner");
    let is_root = std::fs::metadata(&dir).expect("stat").uid() == 0;
    if is_root {
        std::os::unix::fs::chown(&robots, Some(4321), Some(4322)).expect("chown as root");
    } else {
        eprintln!("SKIPPED the owner assertion: only root can give a file to another user");
    }
    let before = std::fs::metadata(&robots).expect("stat");
    let output = robolint(&["--fix", robots.to_str().expect("utf-8 path")], b"");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let after = std::fs::metadata(&robots).expect("stat");
    assert_eq!(std::fs::read_to_string(&robots).expect("read"), FIXED);
    assert_eq!((after.uid(), after.gid(), after.mode()), (before.uid(), before.gid(), before.mode()));
}

#[test]
fn fix_writes_a_hard_linked_file_in_place_so_every_name_sees_the_fix() {
    use std::os::unix::fs::MetadataExt;
    let (dir, robots) = fixable_file("fix-hardlink");
    let other = dir.join("other-name.txt");
    std::fs::hard_link(&robots, &other).expect("hard link");
    let output = robolint(&["--fix", robots.to_str().expect("utf-8 path")], b"");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(std::fs::read_to_string(&other).expect("read"), FIXED, "the other name kept the old text");
    let (one, two) = (std::fs::metadata(&robots).expect("stat"), std::fs::metadata(&other).expect("stat"));
    assert_eq!((one.ino(), one.nlink()), (two.ino(), 2));
    let leftovers = std::fs::read_dir(&dir).expect("list").count();
    assert_eq!(leftovers, 2, "no temporary file is left behind");
}

#[test]
fn fix_refuses_a_read_only_file_unless_asked_and_the_run_exits_2() {
    use std::os::unix::fs::PermissionsExt;
    let (dir, robots) = fixable_file("fix-read-only");
    let clean = dir.join("clean.txt");
    std::fs::write(&clean, FIXED).expect("write");
    std::fs::set_permissions(&robots, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let path = robots.to_str().expect("utf-8 path");

    let refused = robolint(&["--fix", path, clean.to_str().expect("utf-8 path")], b"");
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    assert!(
        stderr(&refused).contains(&format!("{path}: not fixed: it is read-only")),
        "the file and the reason are named: {}",
        stderr(&refused)
    );
    assert!(stderr(&refused).contains("--fix-read-only"), "{}", stderr(&refused));
    assert_eq!(std::fs::read_to_string(&robots).expect("read"), FIXABLE);
    assert!(!stdout(&refused).contains("no problems"), "what was not fixed is still reported: {}", stdout(&refused));

    let forced = robolint(&["--fix", "--fix-read-only", path], b"");
    assert_eq!(forced.status.code(), Some(0), "{}", stderr(&forced));
    assert_eq!(std::fs::read_to_string(&robots).expect("read"), FIXED);
    assert_eq!(std::fs::metadata(&robots).expect("stat").permissions().mode() & 0o777, 0o444);
}
