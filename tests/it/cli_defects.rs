//! Defects a new user hit on the command line (issue "A command line and editor experience on a
//! par with ruff"): each test failed before its fix.

use std::fs;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::support;

fn temp_dir(name: &str) -> support::TestDir {
    support::TestDir::new(&format!("defects-{name}"))
}

fn run_in(directory: &Path, args: &[&str]) -> Output {
    support::robolint_in(directory, args, b"")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `cd site && robolint robots.txt` finds `../robolint.toml`, as `robolint site/robots.txt` does.
#[test]
fn a_bare_file_name_finds_the_configuration_above_the_current_folder() {
    let root = temp_dir("bare-name");
    fs::write(root.join("robolint.toml"), "fail-on = \"never\"\n").expect("config");
    fs::create_dir_all(root.join("site")).expect("site");
    fs::write(root.join("site/robots.txt"), "User-agent: *\nDisallow: /tmp/*\n").expect("robots.txt");
    let from_root = run_in(&root, &["site/robots.txt"]);
    let from_site = run_in(&root.join("site"), &["robots.txt"]);
    insta::assert_snapshot!(support::transcript(&from_root), @r"
        status: 0
        --- stdout
        site/robots.txt: no problems
        1 info about robots outside the targets left out (`--all-infos` prints it)
        --- stderr
        ");
    insta::assert_snapshot!(support::transcript(&from_site), @r"
        status: 0
        --- stdout
        robots.txt: no problems
        1 info about robots outside the targets left out (`--all-infos` prints it)
        --- stderr
        ");
}

/// Two links to `.` in a folder made the walk run forever; one made it lint the same file again
/// and again. Each robots.txt is linted once.
#[cfg(unix)]
#[test]
fn a_directory_walk_survives_symbolic_link_cycles_and_lints_each_file_once() {
    let root = temp_dir("cycles");
    fs::write(root.join("robots.txt"), "User-agent: *\nDisallow:\n").expect("robots.txt");
    std::os::unix::fs::symlink(".", root.join("again")).expect("link");
    std::os::unix::fs::symlink(".", root.join("once-more")).expect("link");
    let mut child = Command::new(env!("CARGO_BIN_EXE_robolint"))
        .args(["--format", "concise", "--no-config", "."])
        .current_dir(&root)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("robolint starts");
    // A run that loops forever is stopped after a generous while, and the test fails.
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break Some(status);
        }
        if started.elapsed() > std::time::Duration::from_secs(60) {
            let _ = child.kill();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let mut out = String::new();
    child.stdout.take().expect("stdout").read_to_string(&mut out).expect("read");
    assert!(status.is_some(), "the walk did not end");
    assert_eq!(out.matches("no problems").count(), 1, "{out}");
}

/// The walk finds `ROBOTS.TXT` too (so `file-name` can report it), and skips hidden folders,
/// `node_modules` and what .gitignore ignores.
#[test]
fn a_directory_walk_is_case_insensitive_and_skips_hidden_vendored_and_ignored_folders() {
    let root = temp_dir("walk");
    for folder in ["a", ".hidden", "node_modules/pkg", "build"] {
        fs::create_dir_all(root.join(folder)).expect("folder");
        fs::write(root.join(folder).join("robots.txt"), "User-agent: *\nDisallow:\n").expect("file");
    }
    fs::write(root.join("a/ROBOTS.TXT"), "User-agent: *\nDisallow:\n").expect("file");
    fs::create_dir_all(root.join(".git")).expect(".git");
    fs::write(root.join(".gitignore"), "build/\n").expect(".gitignore");
    let output = run_in(&root, &["--format", "json", "--no-config", "."]);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    let mut files: Vec<String> = json["files"]
        .as_array()
        .expect("files")
        .iter()
        .map(|file| file.as_str().map_or_else(|| file["path"].to_string(), str::to_owned))
        .collect();
    files.sort();
    assert_eq!(files.len(), 2, "{files:?}");
    assert!(files.iter().any(|file| file.ends_with("ROBOTS.TXT")), "{files:?}");
    assert!(files.iter().all(|file| file.contains("a/") || file.contains("a\\")), "{files:?}");
}

/// `robolint … | head -1`: a closed pipe ends the run quietly with status 0.
#[cfg(unix)]
#[test]
fn a_closed_pipe_is_a_normal_end() {
    let root = temp_dir("pipe");
    let big: String = (0..3_000).map(|n| format!("User-agent: *\nDisallow: /tmp{n}/*\n")).collect();
    fs::write(root.join("robots.txt"), big).expect("robots.txt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_robolint"))
        // Every robot's view: a finding per line, more than a pipe holds.
        .args(["--format", "concise", "--no-config", "--target", "portable", "robots.txt"])
        .current_dir(&root)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("robolint starts");
    let mut first = [0u8; 64];
    child.stdout.as_mut().expect("stdout").read_exact(&mut first).expect("some output");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("robolint ends");
    assert!(!text(&output.stderr).contains("Broken pipe"), "{}", text(&output.stderr));
    assert_eq!(output.status.code(), Some(0));
}

/// A URL with a scheme robolint does not fetch says so instead of "No such file or directory".
#[test]
fn an_unsupported_scheme_is_named() {
    let output = run_in(Path::new(crate::support::ROOT), &["ftp://example.com/"]);
    insta::assert_snapshot!(support::transcript(&output), @r"
        status: 2
        --- stdout
        --- stderr
        robolint: `ftp://example.com/`: robolint fetches only http and https URLs, not `ftp`
        ");
}

/// A broken robolint.toml is reported once, with every error in it, and `[rules]` takes the
/// same selectors as `--select` (code prefixes and categories).
#[test]
fn configuration_errors_are_reported_once_and_rules_take_prefixes_and_categories() {
    let root = temp_dir("config");
    fs::write(root.join("robots.txt"), "User-agent: *\nDisallow: /tmp/*\n").expect("robots.txt");
    fs::write(root.join("robolint.toml"), "fail-on = \"sometimes\"\ntarget = \"mars\"\n").expect("config");
    let broken = run_in(&root, &["robots.txt"]);
    insta::assert_snapshot!(support::transcript(&broken), @r#"
        status: 2
        --- stdout
        --- stderr
        Error: invalid configuration: 2 problems
           ╭─[ [TEMP]/robolint.toml:1:11 ]
           │
         1 │ fail-on = "sometimes"
           │           ─────┬─────  
           │                ╰─────── `fail-on` takes info, warning, error or never, not `sometimes`
         2 │ target = "mars"
           │          ───┬──  
           │             ╰──── unknown dialect `mars` (expected norobots-1994, draft-1996, rfc9309, google or python-robotparser)
        ───╯
        robolint: [TEMP]/robolint.toml: invalid configuration (see above)
        "#);

    fs::write(root.join("robolint.toml"), "[rules]\nRL3 = \"off\"\nrecords = \"error\"\n").expect("config");
    let prefixed = run_in(&root, &["--format", "concise", "robots.txt"]);
    insta::assert_snapshot!(support::transcript(&prefixed), @r"
        status: 0
        --- stdout
        robots.txt: no problems
        --- stderr
        ");
}

/// `--diff` with a machine format is refused instead of ignored; `fetch` offers no `--fix`.
#[test]
fn options_that_cannot_apply_are_refused_or_not_offered() {
    let manifest = Path::new(crate::support::ROOT);
    let diff = run_in(manifest, &["--diff", "--format", "json", "corpus/samples/robots.txt"]);
    insta::assert_snapshot!(support::transcript(&diff), @r"
        status: 2
        --- stdout
        --- stderr
        robolint: --diff prints a unified diff: it takes no --format (use --fix to apply the fixes, then lint with the format)
        ");
    let help = run_in(manifest, &["fetch", "--help"]);
    let help = text(&help.stdout);
    let offered = |flag: &str| help.lines().any(|line| line.trim_start().starts_with(flag));
    assert!(!offered("--fix") && !offered("--diff") && !offered("--unsafe-fixes"), "{help}");
    let refused = run_in(manifest, &["fetch", "--fix", "http://127.0.0.1:9/"]);
    insta::assert_snapshot!(support::transcript(&refused), @r"
        status: 2
        --- stdout
        --- stderr
        robolint: a fetched robots.txt cannot be fixed in place: save it to a file and run `robolint --fix FILE`
        ");
}

/// `--color always` colours concise output too, and FORCE_COLOR / CLICOLOR_FORCE colour `auto`.
#[test]
fn color_is_forced_for_concise_output_and_by_the_environment() {
    let manifest = Path::new(crate::support::ROOT);
    let always = run_in(manifest, &["--color", "always", "--format", "concise", "corpus/samples/robots.txt"]);
    assert!(always.stdout.contains(&0x1b), "{}", text(&always.stdout));
    for variable in ["FORCE_COLOR", "CLICOLOR_FORCE"] {
        let output = Command::new(env!("CARGO_BIN_EXE_robolint"))
            .args(["--format", "concise", "corpus/samples/robots.txt"])
            .current_dir(manifest)
            .env_remove("NO_COLOR")
            .env(variable, "1")
            .output()
            .expect("robolint runs");
        assert!(output.stdout.contains(&0x1b), "{variable}: {}", text(&output.stdout));
    }
}

/// `robolint rules` is sorted by code and its columns hold long names; a misspelt rule name gets
/// a suggestion.
#[test]
fn rules_are_sorted_aligned_and_misspellings_get_a_suggestion() {
    let manifest = Path::new(crate::support::ROOT);
    let output = text(&run_in(manifest, &["rules"]).stdout);
    // The table, without the lines under it that say what its columns mean.
    let listing = output.split("\n\n").next().unwrap_or_default();
    let codes: Vec<&str> = listing.lines().skip(1).filter_map(|line| line.split_whitespace().next()).collect();
    let mut sorted = codes.clone();
    sorted.sort();
    assert_eq!(codes, sorted);
    let category_column: Vec<usize> = listing
        .lines()
        .skip(1)
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let category = words.nth(4)?;
            line.find(&format!(" {category} ")).map(|at| at + 1)
        })
        .collect();
    assert!(category_column.windows(2).all(|pair| pair[0] == pair[1]), "{listing}");
    let rule = run_in(manifest, &["rule", "glob-patern"]);
    insta::assert_snapshot!(support::transcript(&rule), @r"
        status: 2
        --- stdout
        --- stderr
        robolint: no rule `glob-patern`: did you mean `glob-pattern`? (see `robolint rules`)
        ");
    let select = run_in(manifest, &["--select", "glob-patern", "corpus/samples/robots.txt"]);
    insta::assert_snapshot!(support::transcript(&select), @r"
        status: 2
        --- stdout
        --- stderr
        robolint: unknown rule selector(s): glob-patern (did you mean `glob-pattern`?) (see `robolint rules`)
        ");
}
