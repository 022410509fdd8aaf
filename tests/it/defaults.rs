//! The default run speaks for the robots that visit sites today (RFC 9309 and Google), the
//! historical view is `--target portable`, and one cause gives one finding.

use crate::support::robolint;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::Value;

use crate::support;

/// The findings of a JSON run.
fn findings(args: &[&str], stdin: &[u8]) -> Vec<Value> {
    let mut all = vec!["--format", "json"];
    if !args.contains(&"--config") {
        all.push("--no-config");
    }
    all.extend_from_slice(args);
    all.push("-");
    let output = robolint(&all, stdin);
    let report: Value = serde_json::from_slice(&output.stdout).expect("robolint prints JSON");
    report["diagnostics"].as_array().cloned().unwrap_or_default()
}

/// The findings of a JSON run with a robolint.toml whose `[rules]` table holds `rules`.
fn configured_findings(config_text: &str, stdin: &[u8]) -> Vec<Value> {
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    let run = RUNS.fetch_add(1, Ordering::Relaxed);
    let dir = support::TestDir::new(&format!("defaults-{run}"));
    let config = dir.join("robolint.toml");
    std::fs::write(&config, config_text).expect("write");
    findings(&["--config", config.to_str().expect("utf-8")], stdin)
}

fn named<'a>(findings: &'a [Value], rule: &str) -> Vec<&'a Value> {
    findings.iter().filter(|finding| finding["name"] == rule).collect()
}

/// Every lint the project's mission names: two `*` records, a glob pattern, a record
/// without a Disallow line, a blank line inside a record, and /robots.txt in a rule.
const MISSION_LINTS: &[u8] = b"User-agent: *\nDisallow: /tmp/*\n\nUser-agent: *\nDisallow: /robots.txt\n\n\
User-agent: ExampleBot\nAllow: /public/\n\nUser-agent: OtherBot\n\nDisallow: /private/\n";
const MISSION_RULES: [&str; 5] =
    ["multiple-star-records", "glob-pattern", "record-without-disallow", "blank-line-in-record", "robots-txt-in-rule"];

#[test]
fn every_mission_lint_fires_by_default_and_as_a_warning_for_every_robot() {
    let today = findings(&[], MISSION_LINTS);
    let portable = findings(&["--target", "portable"], MISSION_LINTS);
    for rule in MISSION_RULES {
        assert!(!named(&today, rule).is_empty(), "{rule} is silent by default: {today:#?}");
        let historical = named(&portable, rule);
        assert!(historical.iter().any(|finding| finding["severity"] == "warning"), "{rule}: {portable:#?}");
    }
    // Today's robots merge the two `*` records and read the wildcard: information only.
    assert_eq!(named(&today, "glob-pattern")[0]["severity"], "info");
    assert_eq!(named(&today, "multiple-star-records")[0]["severity"], "info");
}

/// The headlines of a concise run, one a finding, and the summary after them.
fn concise(args: &[&str], stdin: &[u8]) -> String {
    let mut all = vec!["--no-config", "--format", "concise"];
    all.extend_from_slice(args);
    all.push("-");
    String::from_utf8_lossy(&robolint(&all, stdin).stdout).into_owned()
}

#[test]
fn information_about_robots_outside_the_targets_is_counted_not_printed_unless_asked_for() {
    let today = concise(&[], MISSION_LINTS);
    // The wildcard and the blank line matter to older robots only: counted, not printed.
    assert!(!today.contains("glob-pattern"), "{today}");
    assert!(!today.contains("blank-line-in-record"), "{today}");
    assert!(today.contains("infos about robots outside the targets left out (`--all-infos` prints them)"), "{today}");
    // Every mission lint prints under the historical view, when picked by name, and with
    // `--all-infos`, and JSON holds each, marked.
    let portable = concise(&["--target", "portable"], MISSION_LINTS);
    let all_infos = concise(&["--all-infos"], MISSION_LINTS);
    let json = findings(&[], MISSION_LINTS);
    for rule in MISSION_RULES {
        assert!(portable.contains(rule), "{rule} is not printed under --target portable: {portable}");
        assert!(all_infos.contains(rule), "{rule} is not printed with --all-infos: {all_infos}");
        let selected = concise(&["--extend-select", rule], MISSION_LINTS);
        assert!(selected.contains(rule), "{rule} is not printed when selected: {selected}");
        assert!(!named(&json, rule).is_empty(), "{rule} is missing from the JSON");
    }
    assert!(named(&json, "glob-pattern").iter().all(|finding| finding["beyond_targets"] == true));
}

#[test]
fn a_robot_of_today_that_escapes_star_through_a_rule_less_group_is_a_warning() {
    let delay_only = b"User-agent: *\nDisallow: /api/\n\nUser-agent: bingbot\nCrawl-delay: 4\n";
    let found = findings(&[], delay_only);
    let escape = named(&found, "record-without-disallow");
    assert_eq!(escape.len(), 1, "{found:#?}");
    assert_eq!(escape[0]["severity"], "warning");
    assert!(escape[0]["message"]
        .as_str()
        .is_some_and(|message| message.contains("bingbot") && message.contains("/api/")));
}

#[test]
fn what_only_historical_robots_notice_fails_no_default_run() {
    let globs = b"User-agent: *\nDisallow: /*.pdf$\nDisallow: /search*\n";
    assert_eq!(robolint(&["--no-config", "-"], globs).status.code(), Some(0));
    assert_eq!(robolint(&["--no-config", "--target", "portable", "-"], globs).status.code(), Some(1));
    assert_eq!(robolint(&["--no-config", "--target", "draft-1996", "-"], globs).status.code(), Some(1));
    // A mistake today's robots act on still fails the run.
    assert_eq!(
        robolint(&["--no-config", "-"], b"User-agent: *\nDisallow: http://example.com/x\n").status.code(),
        Some(1)
    );
}

#[test]
fn a_habit_only_older_robots_notice_is_one_finding_per_file_with_the_other_lines_as_labels() {
    let text = b"User-agent: *\nDisallow: /a/*.php\nDisallow: /b/*.php\nDisallow: /c/*.php\n\n\
User-agent: ExampleBot\nDisallow: /d/*.php$\n";
    let today = findings(&[], text);
    let globs = named(&today, "glob-pattern");
    assert_eq!(globs.len(), 1, "{today:#?}");
    let lines: Vec<&Value> =
        globs[0]["labels"].as_array().expect("labels").iter().map(|label| &label["line"]).collect();
    assert_eq!(lines, [3, 4, 7]);
    assert_eq!(globs[0]["line"], 2);
    assert!(globs[0]["message"].as_str().is_some_and(|message| message.ends_with("(and 3 more like it)")));
    assert_eq!(named(&findings(&["--target", "portable"], text), "glob-pattern").len(), 4);
}

#[test]
fn findings_with_the_same_message_fold_and_their_fixes_all_apply() {
    let text = b"User-agent: *\nDisallow: /a/*\nNoindex: /x\nDisallow: /b/*\nNoindex: /y\nAllow: /*\n";
    let today = findings(&[], text);
    let noindex = named(&today, "nonstandard-field");
    assert_eq!(noindex.len(), 1, "{today:#?}");
    assert_eq!(noindex[0]["labels"][0]["line"], 5);
    // The folded glob finding carries both Disallow lines' safe edits; its fix mends them.
    // `Allow: /*` lets in what nothing else keeps out, so no robot answers otherwise for it
    // and it has no finding.
    let globs = named(&today, "glob-pattern");
    let safe: Vec<&&Value> = globs.iter().filter(|finding| finding["fix"]["applicability"] == "safe").collect();
    assert_eq!(safe.len(), 1, "{globs:#?}");
    assert_eq!(safe[0]["fix"]["edits"].as_array().map(Vec::len), Some(2));
    assert!(globs.iter().all(|finding| finding["line"] != 6), "{globs:#?}");
    let fixed = robolint(&["--no-config", "--fix", "-"], text);
    let fixed = String::from_utf8_lossy(&fixed.stdout);
    assert_eq!(fixed, "User-agent: *\nDisallow: /a/\nNoindex: /x\nDisallow: /b/\nNoindex: /y\nAllow: /*\n");
}

#[test]
fn a_configured_level_reports_every_line() {
    let text = b"User-agent: *\nDisallow: /a/*.php\nDisallow: /b/*.php\n";
    let configured = configured_findings("[rules]\nglob-pattern = \"info\"", text);
    assert_eq!(named(&configured, "glob-pattern").len(), 2, "{configured:#?}");
}

/// The costly mistake of a group merged by accident: Googlebot, listed alone to be let in,
/// joins the `*` group below the blank line and is kept off the whole site.
#[test]
fn a_robot_merged_into_a_blocking_group_is_an_error_unless_configured_otherwise() {
    let text = b"User-agent: Googlebot\n\nUser-agent: *\nDisallow: /\n";
    let today = findings(&[], text);
    let merged = named(&today, "merged-group");
    assert_eq!(merged.len(), 1, "{today:#?}");
    assert_eq!(merged[0]["severity"], "error");
    assert!(merged[0]["message"].as_str().is_some_and(|message| message.contains("whole site")), "{merged:#?}");
    let configured = configured_findings("[rules]\nmerged-group = \"warning\"", text);
    assert_eq!(named(&configured, "merged-group")[0]["severity"], "warning");
    // A part of the site only, from the `*` group: Googlebot obeys the general rules as every
    // robot does, which is what a name left without rules above `*` reads as. Information.
    let partial = findings(&[], b"User-agent: Googlebot\n\nUser-agent: *\nDisallow: /cart/\n");
    assert_eq!(named(&partial, "merged-group")[0]["severity"], "info");
    // A part of the site from another robot's group: a warning.
    let joined = findings(&[], b"User-agent: Googlebot\nCrawl-delay: 2\n\nUser-agent: BadBot\nDisallow: /cart/\n");
    assert_eq!(named(&joined, "merged-group")[0]["severity"], "warning", "{joined:#?}");
}

/// A Content-Usage line is a known field with rules of its own: under a group that may crawl
/// nothing it is a preference without effect, not an unknown or non-standard field.
#[test]
fn content_usage_is_a_preference_not_an_unknown_field() {
    let found = findings(&[], b"User-agent: Googlebot-Extended\nDisallow: /\nContent-Usage: train-ai=n\n");
    for rule in ["unknown-field", "nonstandard-field", "field-typo", "malformed-field-value"] {
        assert!(named(&found, rule).is_empty(), "{rule} reports Content-Usage: {found:#?}");
    }
    let without_effect = named(&found, "preference-without-effect");
    assert_eq!(without_effect.len(), 1, "{found:#?}");
    assert_eq!(without_effect[0]["severity"], "warning");
}

/// The Content-Signal line a large CDN writes by default is clean, with or without spaces.
#[test]
fn the_cdn_default_content_signal_line_is_clean() {
    for line in [
        "Content-Signal: search=yes,ai-train=no,use=reference",
        "Content-Signal: search=yes, ai-train=no, use=reference",
    ] {
        let file = format!("User-agent: *\n{line}\nDisallow: /search/\n");
        let found = findings(&[], file.as_bytes());
        assert!(found.is_empty(), "{line}: {found:#?}");
    }
}

/// The AI crawler tokens admins get wrong, at default settings: two retired Anthropic
/// tokens, and GPTBot's own group, which replaces a `*` group that closes the site.
const AI_TOKEN_MISTAKES: &[u8] = b"User-agent: GPTBot\nAllow: /blog\n\nUser-agent: *\nDisallow: /\n\n\
User-agent: anthropic-ai\nUser-agent: Claude-Web\nDisallow: /\n";

#[test]
fn ai_token_mistakes_are_found_at_default_settings() {
    let found = findings(&[], AI_TOKEN_MISTAKES);
    let retired: Vec<&str> =
        named(&found, "retired-agent").iter().filter_map(|finding| finding["message"].as_str()).collect();
    for token in ["`anthropic-ai`", "`Claude-Web`"] {
        assert!(retired.iter().any(|message| message.starts_with(token)), "{token} not reported retired: {found:#?}");
    }
    assert!(retired.iter().all(|message| message.contains("ClaudeBot")), "{retired:?}");
    let looser = named(&found, "ai-group-looser-than-star");
    assert_eq!(looser.len(), 1, "{found:#?}");
    assert!(looser[0]["message"].as_str().is_some_and(|message| message.starts_with("GPTBot may fetch `/`")));
    assert_eq!(looser[0]["severity"], "error", "`*` closes the whole site and GPTBot may fetch `/`");

    let extended = findings(&[], b"User-agent: Googlebot-Extended\nDisallow: /\n");
    let unknown = named(&extended, "unknown-agent");
    assert_eq!(unknown.len(), 1, "{extended:#?}");
    assert!(unknown[0]["message"].as_str().is_some_and(|message| message.contains("did you mean `Google-Extended`?")));
}

/// The AI-crawler issue's file: each of its four problems is found by default, each with a
/// witness or a source, and a declared policy names every AI training crawler it lets in.
const AI_ISSUE_FILE: &[u8] = b"User-agent: GPTBot\nAllow: /blog\n\nUser-agent: *\nDisallow: /\n\n\
User-agent: anthropic-ai\nUser-agent: Claude-Web\nDisallow: /\n\n\
User-agent: Googlebot-Extended\nDisallow: /\nContent-Usage: train-ai=n\n";

#[test]
fn the_ai_issue_file_gets_a_finding_per_problem_and_the_policy_names_what_it_lets_in() {
    let found = findings(&[], AI_ISSUE_FILE);
    let line_of = |rule: &str| -> Vec<u64> {
        named(&found, rule).iter().filter_map(|finding| finding["line"].as_u64()).collect()
    };
    assert_eq!(line_of("ai-group-looser-than-star"), vec![1], "GPTBot escapes `*`: {found:#?}");
    assert_eq!(line_of("retired-agent"), vec![7, 8], "{found:#?}");
    assert_eq!(line_of("unknown-agent"), vec![11], "{found:#?}");
    assert_eq!(line_of("preference-without-effect"), vec![13], "{found:#?}");
    assert!(named(&found, "unknown-field").is_empty() && named(&found, "crawler-policy").is_empty(), "{found:#?}");

    let with_policy = configured_findings("[policy]\nai-training = \"block\"\n", AI_ISSUE_FILE);
    let policy = named(&with_policy, "crawler-policy");
    assert_eq!(policy.len(), 1, "{with_policy:#?}");
    assert_eq!(policy[0]["severity"], "error");
    assert_eq!(policy[0]["message"], "policy says block ai-training, yet GPTBot may fetch the site");
    let help = policy[0]["help"].as_str().unwrap_or_default();
    assert!(help.starts_with("GPTBot may fetch /: its own group (line 1) has no rule for it"), "{help}");
}
