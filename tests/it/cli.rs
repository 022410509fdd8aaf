//! The `robolint` binary as users run it: arguments, output forms and exit statuses.

use crate::support::{robolint, stdout};
use std::path::Path;

use crate::support;

fn temp_dir(name: &str) -> support::TestDir {
    support::TestDir::new(&format!("cli-{name}"))
}

const ISSUE_EXAMPLE: &[u8] = b"User-agent: *\nDisallow: /tmp/*\n\nUser-agent: *\nDisallow: /robots.txt\n";

#[test]
fn stdin_example_reports_glob_second_star_record_and_robots_txt() {
    let output = robolint(&["--format", "concise", "--target", "portable", "-"], ISSUE_EXAMPLE);
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 1
        --- stdout
        <stdin>:2:16: warning[RL301 glob-pattern]: `*` is a wildcard for RFC 9309 robots, a plain character for 1994/1996-style robots
        <stdin>:4:1: warning[RL201 multiple-star-records]: a second record for `User-agent: *`
        <stdin>:5:11: warning[RL302 robots-txt-in-rule]: /robots.txt named in a rule
        <stdin>: 3 problems (3 warnings)
        1 fixable with `--fix` (1 more with `--unsafe-fixes`)
        --- stderr
        ");
}

#[test]
fn human_output_draws_the_source_line_with_line_and_column() {
    let output = robolint(&["--color", "never", "--target", "portable", "-"], ISSUE_EXAMPLE);
    assert!(!output.stdout.contains(&0x1b), "--color never must not colour");
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 1
        --- stdout
        [RL301 glob-pattern] Warning: `*` is a wildcard for RFC 9309 robots, a plain character for 1994/1996-style robots
           ╭─[ <stdin>:2:16 ]
           │
         2 │ Disallow: /tmp/*
           │                ┬  
           │                ╰── glob-pattern
           │ 
           │ Help: RFC 9309 robots read `*` as any run of characters and `$` as the end of the URL; robots that follow the 1994 standard or the 1996 draft match paths by plain prefix, so they read this rule literally and it matches no real URL
           │ 
           │ Note 1: for robot `anybot` and `/tmp/`: RFC 9309 disallows (line 2 `Disallow: /tmp/*`), Python's urllib.robotparser allows (no rule matched)
           │ 
           │ Note 2: affects robots that follow: norobots-1994, draft-1996, python-robotparser
           │ 
           │ Note 3: fix (safe): Replace `/tmp/*` with `/tmp/`
        ───╯
        [RL201 multiple-star-records] Warning: a second record for `User-agent: *`
           ╭─[ <stdin>:4:1 ]
           │
         4 │ User-agent: *
           │ ──────┬──────  
           │       ╰──────── multiple-star-records
           │
           ├─[ <stdin>:4:1 ]
           │
         1 │ User-agent: *
           │ ──────┬──────  
           │       ╰──────── the first `*` record
           │ 
           │ Help: the 1994 standard allows one `*` record; robots that follow the 1996 draft obey only the first, RFC 9309 robots merge all of them. Move these rules into the first `*` record
           │ 
           │ Note: affects robots that follow: norobots-1994, draft-1996, python-robotparser
        ───╯
        [RL302 robots-txt-in-rule] Warning: /robots.txt named in a rule
           ╭─[ <stdin>:5:11 ]
           │
         5 │ Disallow: /robots.txt
           │           ─────┬─────  
           │                ╰─────── robots-txt-in-rule
           │ 
           │ Help: the draft: /robots.txt is always allowed and must not appear in Allow or Disallow rules; robots ignore this
           │ 
           │ Note 1: affects robots that follow: norobots-1994, draft-1996, python-robotparser
           │ 
           │ Note 2: fix (unsafe): Replace with `Disallow:` (allows everything, as this line did)
        ───╯
        <stdin>: 3 problems (3 warnings)
        1 fixable with `--fix` (1 more with `--unsafe-fixes`)
        --- stderr
        ");
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
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 0
        --- stdout
        <stdin>: no problems
        --- stderr
        ");
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
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 2
        --- stdout
        --- stderr
        robolint: /no/such/robots.txt: No such file or directory (os error 2)
        ");
}

#[test]
fn no_input_is_a_usage_error() {
    let output = robolint(&[], b"");
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 2
        --- stdout
        --- stderr
        robolint: no input: give a robots.txt file, a directory, an http(s) URL, or `-` for standard input
        ");
}

#[test]
fn directory_means_every_robots_txt_below_it() {
    let dir = temp_dir("walk");
    std::fs::create_dir_all(dir.join("site/a")).expect("mkdir");
    std::fs::write(dir.join("site/a/robots.txt"), "User-agent: *\nDisallow /x\n").expect("write");
    std::fs::write(dir.join("site/robots.txt"), "User-agent: *\nDisallow: /search/\n").expect("write");
    std::fs::write(dir.join("site/notes.txt"), "Dissallow: /ignored\n").expect("write");
    let output = robolint(&["--format", "concise", dir.join("site").to_str().expect("utf-8 path")], b"");
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 1
        --- stdout
        [TEMP]/site/a/robots.txt:2:1: error[RL101 missing-colon]: `Disallow` is not followed by a colon, so Google reads it and other robots drop it
        2 files: 1 problem (1 error)
        1 fixable with `--fix`
        --- stderr
        ");
}

#[test]
fn directory_without_robots_txt_is_a_usage_error() {
    let dir = temp_dir("empty");
    std::fs::write(dir.join("notes.txt"), "User-agent: *\n").expect("write");
    let output = robolint(&[dir.to_str().expect("utf-8 path")], b"");
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 2
        --- stdout
        --- stderr
        robolint: [TEMP]: no file named robots.txt below this directory
        robolint: nothing to lint
        ");
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
    let ignored = robolint(&["--format", "concise", "--ignore", "glob-pattern", "-"], text);
    insta::assert_snapshot!(support::transcript(&ignored), @r"
        status: 0
        --- stdout
        <stdin>: no problems
        --- stderr
        ");
    let pedantic = robolint(&["--format", "concise", "--extend-select", "trailing-whitespace", "-"], text);
    insta::assert_snapshot!(support::transcript(&pedantic), @r"
        status: 0
        --- stdout
        <stdin>:2:17: info[RL112 trailing-whitespace]: trailing whitespace
        <stdin>: 1 problem (1 info)
        1 info about robots outside the targets left out (`--all-infos` prints it)
        2 fixable with `--fix`
        --- stderr
        ");
    let only_paths = robolint(&["--format", "concise", "--select", "RL3", "-"], text);
    insta::assert_snapshot!(support::transcript(&only_paths), @r"
        status: 0
        --- stdout
        <stdin>:2:16: info[RL301 glob-pattern]: `*` is a wildcard for RFC 9309 robots, a plain character for 1994/1996-style robots
        <stdin>: 1 problem (1 info)
        1 fixable with `--fix`
        --- stderr
        ");
    let unknown = robolint(&["--select", "no-such-rule", "-"], text);
    insta::assert_snapshot!(support::transcript(&unknown), @r"
        status: 2
        --- stdout
        --- stderr
        robolint: unknown rule selector(s): no-such-rule (see `robolint rules`)
        ");
}

#[test]
fn rule_prints_documentation_by_code_or_name() {
    let by_name = robolint(&["rule", "glob-pattern"], b"");
    insta::assert_snapshot!(support::transcript(&by_name), @r#"
        status: 0
        --- stdout
        RL301 glob-pattern: A `*` or `$` in an Allow or Disallow path, which 1994 and 1996 robots read literally

        Severity for today's robots (rfc9309, google): info
        By dialect: norobots-1994 error, draft-1996 error, rfc9309 info, google info, python-robotparser error
        Category: paths
        Fix: safe
        Spec: robotstxt.org "About /robots.txt" (globbing is not supported); draft-koster-robots-00 §3.2.2 (octet-by-octet prefix match); RFC 9309 §2.2.3 (special characters)

        Why
            Neither the 1994 standard nor the 1996 draft knows wildcards: a robot following them
            compares the path octet by octet, so `Disallow: /tmp/*` blocks only URLs that literally
            begin with `/tmp/*`, and `/tmp/file.html` stays open. RFC 9309 crawlers such as Googlebot
            and Bingbot do expand `*` (any run of characters) and `$` (end of URL), so the same line
            means two different things depending on the robot.
            
            Patterns in User-agent values (`*bot*`) are the `agent-pattern` rule's.
            
            When robots really answer differently because of the pattern, the message names a witness:
            a robot and the pattern with each `*` as `x` and `$` dropped, for which robolint's RFC 9309 and
            1996 matchers were run and disagree. Where another rule already gives older robots the same
            answer (`Disallow: /tmp/` next to `Disallow: /tmp/*`), no witness is shown.

        Bad
            User-agent: *
            Disallow: /tmp/*
            Disallow: /*.pdf$

        Good
            User-agent: *
            Disallow: /tmp/
        --- stderr
        "#);
    for key in ["RL301", "rl301"] {
        assert_eq!(support::transcript(&robolint(&["rule", key], b"")), support::transcript(&by_name), "{key}");
    }
    let unknown = robolint(&["rule", "RL999"], b"");
    insta::assert_snapshot!(support::transcript(&unknown), @r"
        status: 2
        --- stdout
        --- stderr
        robolint: no rule `RL999` (see `robolint rules`)
        ");
}

#[test]
fn rules_lists_every_rule() {
    let text = stdout(&robolint(&["rules"], b""));
    for rule in robolint::rules::all() {
        let metadata = rule.metadata();
        let row = text.lines().find(|line| line.starts_with(&metadata.code)).unwrap_or_default();
        assert!(
            row.contains(&metadata.name) && row.contains(metadata.category.as_str()),
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
    let readme = std::fs::read_to_string(Path::new(crate::support::ROOT).join("docs/rules.md")).expect("docs/rules.md");
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
    let sample = Path::new(crate::support::ROOT).join("corpus/samples/robots.txt");
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
    insta::assert_snapshot!(support::transcript(&configured), @r"
        status: 1
        --- stdout
        [TEMP]/site/robots.txt:3:11: error[RL302 robots-txt-in-rule]: /robots.txt named in a rule
        [TEMP]/site/robots.txt: 1 problem (1 error)
        1 fixable with `--fix --unsafe-fixes`
        --- stderr
        ");
    let ignored = robolint(&["--format", "concise", "--target", "portable", "--no-config", robots], b"");
    insta::assert_snapshot!(support::transcript(&ignored), @r"
        status: 1
        --- stdout
        [TEMP]/site/robots.txt:2:16: warning[RL301 glob-pattern]: `*` is a wildcard for RFC 9309 robots, a plain character for 1994/1996-style robots
        [TEMP]/site/robots.txt:3:11: warning[RL302 robots-txt-in-rule]: /robots.txt named in a rule
        [TEMP]/site/robots.txt: 2 problems (2 warnings)
        1 fixable with `--fix` (1 more with `--unsafe-fixes`)
        --- stderr
        ");
    let explicit_path = dir.join("other.toml");
    std::fs::write(&explicit_path, "[rules]\nrobots-txt-in-rule = \"off\"\n").expect("write");
    let explicit = robolint(
        &["--format", "concise", "--all-infos", "--config", explicit_path.to_str().expect("utf-8"), robots],
        b"",
    );
    insta::assert_snapshot!(support::transcript(&explicit), @r"
        status: 0
        --- stdout
        [TEMP]/site/robots.txt:2:16: info[RL301 glob-pattern]: `*` is a wildcard for RFC 9309 robots, a plain character for 1994/1996-style robots
        [TEMP]/site/robots.txt: 1 problem (1 info)
        1 fixable with `--fix`
        --- stderr
        ");
}

#[test]
fn configuration_errors_name_the_file_and_the_key() {
    let dir = temp_dir("bad-config");
    let config = dir.join("robolint.toml");
    std::fs::write(&config, "target = \"portable\"\n[rules]\nglob-patern = \"off\"\n").expect("write");
    let output = robolint(&["--color", "never", "--config", config.to_str().expect("utf-8"), "-"], b"User-agent: *\n");
    insta::assert_snapshot!(support::transcript(&output), @r#"
        status: 2
        --- stdout
        --- stderr
        Error: invalid configuration: unknown rule `glob-patern`: did you mean `glob-pattern`? (see `robolint rules`)
           ╭─[ [TEMP]/robolint.toml:3:1 ]
           │
         3 │ glob-patern = "off"
           │ ─────┬─────  
           │      ╰─────── unknown rule `glob-patern`: did you mean `glob-pattern`? (see `robolint rules`)
        ───╯
        robolint: [TEMP]/robolint.toml: invalid configuration (see above)
        "#);
}

#[test]
fn target_changes_severity_and_says_who_is_affected() {
    let text = b"User-agent: *\nDisallow: /tmp/*\nDisallow /private/\n";
    let google = robolint(&["--format", "concise", "--all-infos", "--target", "google", "-"], text);
    insta::assert_snapshot!(support::transcript(&google), @r"
        status: 0
        --- stdout
        <stdin>:2:16: info[RL301 glob-pattern]: `*` is a wildcard for RFC 9309 robots, a plain character for 1994/1996-style robots
        <stdin>:3:10: info[RL313 sensitive-path]: `/private/` tells every reader where something sensitive lives (it matches `/private` on the sensitive-path list), and anyone can read robots.txt
        <stdin>: 2 problems (2 infos)
        1 fixable with `--fix`
        --- stderr
        ");
    let draft = robolint(&["--format", "concise", "--target", "draft-1996", "-"], text);
    insta::assert_snapshot!(support::transcript(&draft), @r"
        status: 1
        --- stdout
        <stdin>:2:16: error[RL301 glob-pattern]: `*` is a wildcard for RFC 9309 robots, a plain character for 1994/1996-style robots
        <stdin>:3:1: error[RL101 missing-colon]: `Disallow` is not followed by a colon, so Google reads it and other robots drop it
        <stdin>: 2 problems (2 errors)
        1 info about robots outside the targets left out (`--all-infos` prints it)
        2 fixable with `--fix`
        --- stderr
        ");
    let human = robolint(&["--color", "never", "--target", "draft-1996,rfc9309", "-"], text);
    insta::assert_snapshot!(support::transcript(&human), @r"
        status: 1
        --- stdout
        [RL301 glob-pattern] Error: `*` is a wildcard for RFC 9309 robots, a plain character for 1994/1996-style robots
           ╭─[ <stdin>:2:16 ]
           │
         2 │ Disallow: /tmp/*
           │                ┬  
           │                ╰── glob-pattern
           │ 
           │ Help: RFC 9309 robots read `*` as any run of characters and `$` as the end of the URL; robots that follow the 1994 standard or the 1996 draft match paths by plain prefix, so they read this rule literally and it matches no real URL
           │ 
           │ Note 1: for robot `anybot` and `/tmp/`: RFC 9309 disallows (line 2 `Disallow: /tmp/*`), Python's urllib.robotparser allows (no rule matched)
           │ 
           │ Note 2: affects robots that follow: draft-1996
           │ 
           │ Note 3: fix (safe): Replace `/tmp/*` with `/tmp/`
        ───╯
        [RL101 missing-colon] Error: `Disallow` is not followed by a colon, so Google reads it and other robots drop it
           ╭─[ <stdin>:3:1 ]
           │
         3 │ Disallow /private/
           │ ────┬───  
           │     ╰───── missing-colon
           │ 
           │ Help: Google accepts `Disallow value`, but RFC 9309 and the 1996 draft require `Disallow:`, and most robots drop this line
           │ 
           │ Note 1: for robot `anybot` and `/private/`: Google disallows (line 3 `Disallow /private/`), RFC 9309 allows (no rule matched)
           │ 
           │ Note 2: affects robots that follow: draft-1996, rfc9309
           │ 
           │ Note 3: fix (safe): Insert `:` after `Disallow`
        ───╯
        <stdin>: 2 problems (2 errors)
        1 info about robots outside the targets left out (`--all-infos` prints it)
        2 fixable with `--fix`
        --- stderr
        ");
    let unknown = robolint(&["--target", "bing", "-"], text);
    insta::assert_snapshot!(support::transcript(&unknown), @r"
        status: 2
        --- stdout
        --- stderr
        robolint: --target: unknown dialect `bing` (expected norobots-1994, draft-1996, rfc9309, google or python-robotparser)
        ");
}

#[test]
fn inline_suppressions_silence_and_unused_ones_are_reported() {
    let text = b"User-agent: *\nDisallow: /tmp/* # robolint: disable=glob-pattern\n# robolint: disable=RL301\nDisallow: /a*\nDisallow: /b # robolint: disable=glob-pattern,no-such-rule\n";
    insta::assert_snapshot!(support::transcript(&robolint(&["--format", "concise", "-"], text)), @r"
        status: 1
        --- stdout
        <stdin>:5:34: warning[RL901 unused-suppression]: this suppression of `glob-pattern` silences nothing: `glob-pattern` reports nothing on the line it covers
        <stdin>:5:47: warning[RL902 unknown-rule-in-suppression]: `no-such-rule` is not a robolint rule, so this suppression silences nothing
        <stdin>: 2 problems (2 warnings)
        --- stderr
        ");
    let whole_file = b"# robolint: disable-file=glob-pattern\nUser-agent: *\nDisallow: /a*\n";
    insta::assert_snapshot!(support::transcript(&robolint(&["-"], whole_file)), @r"
        status: 0
        --- stdout
        <stdin>: no problems
        --- stderr
        ");
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
    insta::assert_snapshot!(support::transcript(&diff), @r"
        status: 1
        --- stdout
        --- a/[TEMP]/robots.txt
        +++ b/[TEMP]/robots.txt
        @@ -1,5 +1,5 @@
         # keep me
         User-agent: *
        -Disallow /private/ # why
        -Disallow: /tmp/*
        +Disallow: /private/ # why
        +Disallow: /tmp/
         Disallow: /robots.txt
        --- stderr
        ");
    assert_eq!(std::fs::read_to_string(&robots).expect("read"), original, "--diff changes nothing");

    let fixed = robolint(&["--fix", "--format", "concise", "--all-infos", path], b"");
    let after = std::fs::read_to_string(&robots).expect("read");
    assert_eq!(after, "# keep me\nUser-agent: *\nDisallow: /private/ # why\nDisallow: /tmp/\nDisallow: /robots.txt\n");
    // The unsafe fix is not applied: RL302 is still reported.
    insta::assert_snapshot!(support::transcript(&fixed), @r"
        status: 0
        --- stdout
        [TEMP]/robots.txt:3:11: info[RL313 sensitive-path]: `/private/` tells every reader where something sensitive lives (it matches `/private` on the sensitive-path list), and anyone can read robots.txt
        [TEMP]/robots.txt:5:11: info[RL302 robots-txt-in-rule]: /robots.txt named in a rule
        [TEMP]/robots.txt: 2 problems (2 infos)
        1 fixable with `--fix --unsafe-fixes`
        --- stderr
        robolint: [TEMP]/robots.txt: applied 2 fixes
        ");
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
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 1
        --- stdout
        [RL002 invalid-utf8] Warning: the file is not valid UTF-8 from here on
           ╭─[ [TEMP]/robots.txt:2:14 ]
           │
         2 │ Disallow /caf�/
           │              ┬  
           │              ╰── invalid-utf8
           │ 
           │ Help: RFC 9309 robots read robots.txt as UTF-8 and compare paths as percent-encoded UTF-8; save the file as UTF-8 and write non-ASCII path characters as %-escapes
        ───╯
        [TEMP]/robots.txt: 1 problem (1 warning)
        2 infos about robots outside the targets left out (`--all-infos` prints them)
        1 fixable with `--fix`
        --- stderr
        robolint: [TEMP]/robots.txt: not fixed: it is not UTF-8 text
        ");
    assert_eq!(std::fs::read(&robots).expect("read"), original);
    let stdin = robolint(&["--fix", "-"], b"User-agent: *\nDisallow /caf\xE9/\n");
    insta::assert_snapshot!(support::transcript(&stdin), @r"
        status: 2
        --- stdout
        --- stderr
        robolint: standard input: not fixed: it is not UTF-8 text robolint read whole
        ");
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
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 0
        --- stdout
        [TEMP]/link.txt: no problems
        1 info about robots outside the targets left out (`--all-infos` prints it)
        --- stderr
        robolint: [TEMP]/link.txt: applied 1 fix
        ");
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
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 0
        --- stdout
        [TEMP]/robots.txt: no problems
        1 info about robots outside the targets left out (`--all-infos` prints it)
        --- stderr
        robolint: [TEMP]/robots.txt: applied 1 fix
        ");
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
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 0
        --- stdout
        [TEMP]/robots.txt: no problems
        1 info about robots outside the targets left out (`--all-infos` prints it)
        --- stderr
        robolint: [TEMP]/robots.txt: applied 1 fix
        ");
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

    // The file and the reason are named, and what was not fixed is still reported.
    let refused = robolint(&["--fix", path, clean.to_str().expect("utf-8 path")], b"");
    insta::assert_snapshot!(support::transcript(&refused), @r"
        status: 2
        --- stdout
        [RL101 missing-colon] Error: `Disallow` is not followed by a colon, so Google reads it and other robots drop it
           ╭─[ [TEMP]/robots.txt:2:1 ]
           │
         2 │ Disallow /private/
           │ ────┬───  
           │     ╰───── missing-colon
           │ 
           │ Help: Google accepts `Disallow value`, but RFC 9309 and the 1996 draft require `Disallow:`, and most robots drop this line
           │ 
           │ Note 1: for robot `anybot` and `/private/`: Google disallows (line 2 `Disallow /private/`), RFC 9309 allows (no rule matched)
           │ 
           │ Note 2: affects robots that follow: rfc9309
           │ 
           │ Note 3: fix (safe): Insert `:` after `Disallow`
        ───╯
        2 files: 1 problem (1 error)
        2 infos about robots outside the targets left out (`--all-infos` prints them)
        1 fixable with `--fix`
        --- stderr
        robolint: [TEMP]/robots.txt: not fixed: it is read-only (--fix-read-only writes it anyway)
        ");
    assert_eq!(std::fs::read_to_string(&robots).expect("read"), FIXABLE);

    let forced = robolint(&["--fix", "--fix-read-only", path], b"");
    insta::assert_snapshot!(support::transcript(&forced), @r"
        status: 0
        --- stdout
        [TEMP]/robots.txt: no problems
        1 info about robots outside the targets left out (`--all-infos` prints it)
        --- stderr
        robolint: [TEMP]/robots.txt: applied 1 fix
        ");
    assert_eq!(std::fs::read_to_string(&robots).expect("read"), FIXED);
    assert_eq!(std::fs::metadata(&robots).expect("stat").permissions().mode() & 0o777, 0o444);
}
