//! The safe-fix promise, checked: a safe fix changes no verdict of the promised dialects'
//! robots on any URL, except in the dialects its rule names in `fix-changes` (a misspelt
//! `Dissallow` fixed is read by RFC 9309 robots, which dropped it: that is the fix's
//! purpose). "Any URL" is every URL a witness would ask: the probes of every rule path either
//! text's robots read (`witness::probe_urls`), for every robot either text names and for a
//! robot neither names.

use std::borrow::Cow;

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

use crate::diagnostic::Diagnostic;
use crate::dialect::witness::{label, probe_urls, robot_of_value, Witnesses};
use crate::dialect::{Dialect, RuleKind};
use crate::model::LineIndex;

/// The dialects whose verdicts a safe fix keeps. Adding a reader here holds every safe fix
/// to its verdicts too.
pub const PROMISED: [Dialect; 2] = [Dialect::Google, Dialect::Rfc9309];

/// One verdict that differs between two texts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangedVerdict {
    /// The dialect whose robots answer differently.
    pub dialect: Dialect,
    /// The robot asked: it stands for every robot that obeys the same lines.
    pub robot: String,
    /// The URL asked.
    pub url: String,
    /// What the first text answers; the second answers the opposite.
    pub allowed_before: bool,
}

impl ChangedVerdict {
    /// "would change what Google does: robot `crawler4j` may fetch `/` now, and not after
    /// the fix".
    pub fn describe(&self) -> String {
        let (now, after) = if self.allowed_before { ("may", "not") } else { ("may not", "may") };
        format!(
            "would change what {} does: robot `{}` {now} fetch `{}` now, and {after} after the fix",
            robots_of(self.dialect),
            self.robot,
            self.url
        )
    }
}

/// A dialect's robots, as a sentence's subject.
fn robots_of(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::Google => "Google",
        other => label(other),
    }
}

/// The dialects whose verdicts the fix of `diagnostic` is meant to change: those its rule
/// names in `fix-changes`.
pub fn changed_on_purpose(diagnostic: &Diagnostic) -> &'static [Dialect] {
    diagnostic.rule.map_or(&[], |rule| rule.metadata().fix_changes.as_slice())
}

/// What comparing two texts' verdicts found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Comparison {
    /// (robot, URL, dialect) verdicts compared: each robot stands for every robot that obeys
    /// the same lines in both texts, and robots whose rules no fix changed are not asked.
    pub compared: usize,
    /// The verdicts that differ, in the order found.
    pub changed: Vec<ChangedVerdict>,
}

/// Compares `before` and `after` (two versions of one file) under `dialects`, on every
/// URL and robot the promise covers.
pub fn compare_texts(before: &str, after: &str, dialects: &[Dialect]) -> Comparison {
    let (before_document, after_document) = (crate::parse::parse_text(before), crate::parse::parse_text(after));
    let before = Witnesses::new(&before_document, before);
    let after = Witnesses::new(&after_document, after);
    compare(&before, &after, dialects, Stop::Never)
}

/// Whether [`compare`] goes on after the first changed verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    AtFirstChange,
    Never,
}

/// Compares the verdicts of two readings, robot by robot: a robot stands for every robot
/// that obeys the same User-agent lines in both, and is asked the probes of the rules it
/// obeys in either that [`changed_probes`] keeps. A robot whose rules are the same in both
/// answers the same everywhere and is not asked.
pub(crate) fn compare(before: &Witnesses<'_>, after: &Witnesses<'_>, dialects: &[Dialect], stop: Stop) -> Comparison {
    let mut comparison = Comparison::default();
    let robots = robots(before, after);
    for &dialect in dialects {
        let mut classes: HashSet<(Vec<LineIndex>, Vec<LineIndex>)> = HashSet::with_capacity(robots.len());
        for robot in &robots {
            let (before_lines, before_rules) = before.obeyed(robot, dialect);
            let (after_lines, after_rules) = after.obeyed(robot, dialect);
            if before_rules == after_rules || !classes.insert((before_lines, after_lines)) {
                continue;
            }
            for url in changed_probes(&before_rules, &after_rules) {
                comparison.compared += 1;
                let allowed_before = before.allows(robot, &url, dialect);
                if allowed_before == after.allows(robot, &url, dialect) {
                    continue;
                }
                comparison.changed.push(ChangedVerdict { dialect, robot: robot.clone(), url, allowed_before });
                if stop == Stop::AtFirstChange {
                    return comparison;
                }
            }
        }
    }
    comparison
}

/// The probes of `before` and `after` (one robot's rules in two readings) whose answer can
/// differ. Under the longest match a URL's verdict depends only on the set of rules that
/// match it, so it can change only where a rule that is in one reading and not the other
/// matches; such a URL starts with that rule's literal start (up to its first `*` or `$`).
/// The probes kept are those of the rules whose literal start begins, or is begun by, a
/// changed rule's: the changed rules' own probes and those of the rules competing with them.
fn changed_probes<'a>(before: &'a [(RuleKind, Cow<'_, str>)], after: &'a [(RuleKind, Cow<'_, str>)]) -> Vec<String> {
    let mut balance: HashMap<(RuleKind, &str), isize> = HashMap::with_capacity(before.len());
    for (kind, path) in before {
        *balance.entry((*kind, path)).or_default() += 1;
    }
    for (kind, path) in after {
        *balance.entry((*kind, path)).or_default() -= 1;
    }
    let literal_start = |path: &'a str| path.split(['*', '$']).next().unwrap_or_default();
    let mut changed: Vec<&str> =
        balance.iter().filter(|(_, &count)| count != 0).map(|(&(_, path), _)| literal_start(path)).collect();
    changed.sort_unstable();
    changed.dedup();
    // Sorted, so that each rule is compared with a few changed starts, not with all of them
    // (every rule against every changed one was quadratic: most of a fix's time at the cap).
    let competes = |path: &'a str| {
        let start = literal_start(path);
        begins_one_of(&changed, start) || has_prefix_among(&changed, start)
    };
    let mut urls = Vec::new();
    for (_, path) in before.iter().chain(after).filter(|(_, path)| competes(path)) {
        urls.extend(probe_urls(path));
    }
    once_each(urls)
}

/// Whether `start` begins some entry of `sorted`: then the first entry not below it does.
fn begins_one_of(sorted: &[&str], start: &str) -> bool {
    let first_not_below = sorted.partition_point(|entry| *entry < start);
    sorted.get(first_not_below).is_some_and(|entry| entry.starts_with(start))
}

/// Whether some entry of `sorted` begins `text`. Every such entry is at most `bound` (first
/// `text` itself) and begins it, so it begins the greatest entry not above `bound` too: when
/// that entry does not begin `bound`, the search goes on below the part the two share,
/// which is shorter each time.
fn has_prefix_among(sorted: &[&str], text: &str) -> bool {
    let mut bound = text.as_bytes();
    loop {
        let not_above = sorted.partition_point(|entry| entry.as_bytes() <= bound);
        let Some(entry) = not_above.checked_sub(1).map(|at| sorted[at].as_bytes()) else { return false };
        if bound.starts_with(entry) {
            return true;
        }
        let shared = entry.iter().zip(bound).take_while(|(a, b)| a == b).count();
        bound = &bound[..shared];
    }
}

/// The robots to compare, each once, in a fixed order: every robot a User-agent line of
/// either text names in a promised dialect, and each text's robot that no line names.
fn robots(before: &Witnesses<'_>, after: &Witnesses<'_>) -> Vec<String> {
    let mut robots = vec![before.anonymous_robot(), after.anonymous_robot()];
    for reading in [before, after] {
        for dialect in PROMISED {
            robots.extend(reading.agent_values(dialect).into_iter().filter_map(robot_of_value));
        }
    }
    once_each(robots)
}

fn once_each(items: Vec<String>) -> Vec<String> {
    // Which are first seen, told by borrowing them: no copy of each probe.
    let mut seen = HashSet::with_capacity(items.len());
    let first: Vec<bool> = items.iter().map(|item| seen.insert(item.as_str())).collect();
    drop(seen);
    items.into_iter().zip(first).filter_map(|(item, first)| first.then_some(item)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The changed verdict on `url`, among all those `before` and `after` differ on.
    fn change_on(before: &str, after: &str, url: &str) -> Option<ChangedVerdict> {
        compare_texts(before, after, &PROMISED).changed.into_iter().find(|change| change.url == url)
    }

    #[test]
    fn a_leading_slash_before_a_star_hides_the_top_level_directory_from_google() {
        let change = change_on("User-agent: *\nDisallow: */node/\n", "User-agent: *\nDisallow: /*/node/\n", "/node/");
        let change = change.expect("`/node/` changes");
        assert_eq!((change.dialect, change.url.as_str(), change.allowed_before), (Dialect::Google, "/node/", false));
        assert_eq!(
            change.describe(),
            "would change what Google does: robot `anybot` may not fetch `/node/` now, and may after the fix"
        );
    }

    #[test]
    fn google_splits_a_line_without_a_colon_after_its_name_at_the_first_colon_of_its_value() {
        // `Disallow /w:b` is `Disallow: b` to Google, which matches nothing: the model reads
        // the same value `/w:b` on both lines, and Google's pattern tells them apart (a fuzz case).
        let (before, after) = ("User-agent: a\nDisallow /w:b\n", "User-agent: a\nDisallow: /w:b\n");
        let change = change_on(before, after, "/w:b").expect("`/w:b` changes");
        assert_eq!((change.dialect, change.allowed_before), (Dialect::Google, true));
    }

    #[test]
    fn a_shorter_allow_loses_to_a_disallow_of_the_same_length() {
        let before = "User-agent: *\nDisallow: /pages\nAllow: /page*\n";
        let after = "User-agent: *\nDisallow: /pages\nAllow: /page\n";
        let change = change_on(before, after, "/pages").expect("a change");
        assert_eq!((change.url.as_str(), change.allowed_before), ("/pages", true));
    }

    #[test]
    fn a_fix_that_keeps_every_verdict_passes_and_counts_what_it_compared() {
        let before = "User-agent: *\nDisallow: /tmp/*\nDisallow: /tmp/*\n";
        let comparison = compare_texts(before, "User-agent: *\nDisallow: /tmp/\n", &PROMISED);
        assert_eq!(comparison.changed, Vec::new());
        assert!(comparison.compared > 0);
    }

    /// The sorted look-ups answer as comparing `start` with every changed start does.
    #[test]
    fn competing_starts_are_found_in_the_sorted_changed_starts() {
        let mut changed = ["/a/b", "/a/c", "/ab", "/b", "/abc/d", ""];
        changed.sort_unstable();
        let starts = ["", "/", "/a", "/a/", "/a/b/c", "/a/bb", "/abc", "/abc/d/e", "/abd", "/b", "/ba", "/c", "/a/c"];
        for start in starts {
            for without_empty in [false, true] {
                let changed: Vec<&str> = changed.iter().copied().filter(|c| !without_empty || !c.is_empty()).collect();
                let begins = changed.iter().any(|c| c.starts_with(start));
                let begun = changed.iter().any(|c| start.starts_with(c));
                assert_eq!(begins_one_of(&changed, start), begins, "{start:?} begins one of {changed:?}");
                assert_eq!(has_prefix_among(&changed, start), begun, "{start:?} begun by one of {changed:?}");
            }
        }
    }

    #[test]
    fn a_robot_whose_group_a_fix_merges_away_is_asked() {
        // Google reads the misspelt `Useragent` (robots.cc accepts that typo), so crawler4j has
        // a group of its own there, which dropping its `Disallow: /` as a duplicate empties.
        let before = "User-agent: SemrushBot\nDisallow: /\nUseragent: crawler4j\nDisallow: /\n";
        let after = "User-agent: SemrushBot\nDisallow: /\nUser-agent: crawler4j\n";
        let change = change_on(before, after, "/").expect("crawler4j loses its rule");
        assert!(change.robot.starts_with("crawler") && !change.allowed_before, "{change:?}");
    }
}
