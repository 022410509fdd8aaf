//! The formatter: formatting twice equals formatting once, and no comment is lost, on every
//! corpus case that is UTF-8 (and on the real-world files in `../shared/corpus/protego`
//! when that folder is present).

use crate::support::shared;

use std::path::{Path, PathBuf};

use robolint::format::format;
use robolint::parse::parse_text;

/// Every comment, without trailing whitespace (which the formatter removes), in order.
fn comments(text: &str) -> Vec<String> {
    let document = parse_text(text);
    document
        .lines
        .iter()
        .filter_map(|line| line.comment)
        .map(|comment| comment.text(text).trim_end_matches([' ', '\t']).to_string())
        .collect()
}

/// Checks every UTF-8 file; returns how many it checked and what went wrong.
fn check_files(paths: &[PathBuf]) -> (usize, Vec<String>) {
    let mut checked = 0;
    let mut problems = Vec::new();
    for path in paths {
        let Ok(text) = std::fs::read_to_string(path) else { continue };
        checked += 1;
        let once = format(&text);
        if format(&once) != once {
            problems.push(format!("{}: formatting twice differs from once", path.display()));
        }
        if comments(&once) != comments(&text) {
            problems.push(format!("{}: comments changed", path.display()));
        }
    }
    (checked, problems)
}

#[test]
fn formatting_is_idempotent_and_keeps_comments_on_the_corpus() {
    let paths = crate::support::files_below(&Path::new(crate::support::ROOT).join("corpus"), Some("txt"));
    let (checked, problems) = check_files(&paths);
    assert!(checked > 50, "only {checked} corpus files");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
#[cfg_attr(not(ci), ignore = "needs ../shared beside the clone; CI=true runs it")]
fn formatting_is_idempotent_and_keeps_comments_on_real_world_files() {
    let Some(paths) = shared::protego_files() else { return };
    let (checked, problems) = check_files(&paths);
    eprintln!("formatted {checked} real-world files");
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn formatting_changes_no_finding_except_layout_ones() {
    // Formatting is layout only: what each robot reads stays the same, so the findings
    // that are about meaning (not spacing, case or line ends) are the same before and after.
    let text = "user-agent: googlebot\n  disallow :  /tmp/*   # temp\n\n\n\nUser-agent: *\r\nDisallow: /x?y\nUser-agent: b\nAllow: /\n";
    let layout = ["RL010", "RL011", "RL111", "RL112", "RL113", "RL205", "RL100"];
    let meaning = |text: &str| -> Vec<&'static str> {
        robolint::lint(robolint::Source::from(text), None, &robolint::Settings::default())
            .diagnostics
            .iter()
            .map(|diagnostic| diagnostic.code)
            .filter(|code| !layout.contains(code))
            .collect()
    };
    assert_eq!(meaning(&format(text)), meaning(text));
}
