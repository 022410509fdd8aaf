//! Rules of category `ai`, code band RL5xx: the crawlers that collect for AI and the fields
//! (`Content-Signal`, `Content-Usage`) that state how content may be used.
//! One file per rule; its line in `super`'s registry says when it runs.
pub(super) mod ai_group_looser_than_star;
pub(super) mod content_signal_value;
pub(super) mod content_usage_value;
pub(super) mod control_token_as_crawler;
pub(super) mod crawler_policy;
pub(super) mod preference_contradicts_rules;
pub(super) mod preference_without_effect;
pub(super) mod retired_agent;
pub(super) mod unknown_agent;
pub(super) mod user_triggered_agent;

use crate::agents::{Agent, Obeys};
use crate::diagnostic::Text;
use crate::dialect::{DecidingRule, Dialect, Matcher};
use crate::model::{Directive, Field, LineIndex, Span};
use crate::rules::Context;
use crate::text;

/// The group a preference line belongs to, as RFC 9309 groups lines (blank lines do not end
/// a group): the nearest User-agent line above it, or `None` when there is none.
/// The User-agent lines of the document are listed once, so that each preference line finds its
/// group by halving (a scan back from each line was quadratic in a file of many of them).
struct AgentLines(Vec<LineIndex>);

impl AgentLines {
    fn new(cx: &Context<'_, '_>) -> AgentLines {
        let is_agent = |line: &crate::model::Line| line.field().is_some_and(|field| field.is(Directive::UserAgent));
        AgentLines(cx.lines().iter().enumerate().filter(|(_, line)| is_agent(line)).map(|(index, _)| index).collect())
    }

    fn group_agent_line(&self, line: LineIndex) -> Option<LineIndex> {
        let before = self.0.partition_point(|&agent| agent < line);
        before.checked_sub(1).map(|at| self.0[at])
    }
}

/// Each robot named by the group of the User-agent line `agent_line` (its consecutive
/// User-agent lines), as written (the span of the line's value), with the RFC 9309 matcher
/// of what that robot obeys. A robot that RFC 9309 sends to another group is left out: the
/// group's lines do not concern it.
fn group_robots(cx: &Context<'_, '_>, agent_line: LineIndex) -> Vec<(Span, Matcher)> {
    let lines = cx.lines();
    let first = (0..=agent_line)
        .rev()
        .take_while(|&index| lines[index].field().is_none_or(|field| field.is(Directive::UserAgent)))
        .last()
        .unwrap_or(agent_line);
    (first..lines.len())
        .take_while(|&index| lines[index].field().is_none_or(|field| field.is(Directive::UserAgent)))
        .filter_map(|index| {
            let field = lines[index].field()?;
            let matcher = Matcher::new(cx.doc, cx.text, cx.slice(field.value), Dialect::Rfc9309);
            matcher.agent_lines().contains(&index).then_some((field.value, matcher))
        })
        .collect()
}

/// The Disallow line that keeps `matcher`'s robot off every URL under `path` (a rule path,
/// of which the part before any wildcard counts), or `None` when some URL there may be
/// fetched. An Allow line that may reach under it (one that starts with it, or has a
/// wildcard) counts as letting the robot in.
fn disallowed_under(matcher: &Matcher, path: &str) -> Option<DecidingRule> {
    let prefix = path.find(['*', '$']).map_or(path, |wildcard| &path[..wildcard]);
    let prefix = if prefix.is_empty() { "/" } else { prefix };
    let verdict = matcher.allowed(prefix);
    if verdict.allowed {
        return None;
    }
    let allow_reaches_under = matcher.rules().any(|rule| {
        rule.kind.allows()
            && !rule.pattern.is_empty()
            && (rule.pattern.starts_with(prefix) || rule.pattern.contains('*'))
    });
    if allow_reaches_under {
        return None;
    }
    verdict.reason.rule().cloned()
}

/// The known name a misspelt key was meant to be: the same letters without `-`, `_` and
/// `.` (`ai_train`, `aitrain`), the same words in another order (`ai-train` for
/// `train-ai`), a plural or `-ing` form (`ai-training`), or a small edit (`serch`).
fn near_miss(key: &str, known: &[&'static str]) -> Option<&'static str> {
    let squash = |text: &str| -> String {
        text.chars().filter(|c| !matches!(c, '-' | '_' | '.' | ' ')).map(|c| c.to_ascii_lowercase()).collect()
    };
    let words = |text: &str| -> Vec<String> {
        let mut words: Vec<String> =
            text.split(['-', '_', '.']).filter(|word| !word.is_empty()).map(str::to_ascii_lowercase).collect();
        words.sort();
        words
    };
    let squashed = squash(key);
    let stem = squashed.strip_suffix("ing").or_else(|| squashed.strip_suffix('s')).unwrap_or(&squashed);
    known.iter().copied().filter(|&name| name != key).find(|&name| {
        let candidate = squash(name);
        let allowed = if candidate.len() >= 7 { 2 } else { 1 };
        squashed == candidate
            || stem == candidate
            || words(key) == words(name)
            || crate::text::edit_distance(&squashed, &candidate) <= allowed
    })
}

/// `yes` or `no` for a value that plainly means one of them (`y`, `true`, `allow`, `0`, …),
/// and whether it is a word (a safe fix) rather than a number or boolean (a guess).
fn yes_or_no(value: &str) -> Option<(bool, bool)> {
    let lower = value.trim_matches('"').to_ascii_lowercase();
    match lower.as_str() {
        "y" | "yes" | "true" | "allow" | "allowed" => Some((true, true)),
        "n" | "no" | "false" | "deny" | "denied" | "disallow" | "disallowed" => Some((false, true)),
        "1" | "?1" => Some((true, false)),
        "0" | "?0" => Some((false, false)),
        _ => None,
    }
}

/// A User-agent line whose value names a robot of the built-in registry.
pub(super) struct NamedRobot<'a> {
    pub line: LineIndex,
    pub field: &'a Field,
    pub agent: &'static Agent,
}

/// Every User-agent line that names a robot of the registry, in file order.
pub(super) fn named_robots<'a>(cx: &Context<'a, '_>) -> impl Iterator<Item = NamedRobot<'a>> + 'a {
    let lines = &cx.doc.lines;
    cx.analysis
        .named_robots()
        .iter()
        .filter_map(move |&(line, agent)| Some(NamedRobot { line, field: lines.get(line)?.field()?, agent }))
}

/// Which group `agent` obeys in the file, as its own dialect reads it, in words: "ClaudeBot
/// obeys the `*` group (line 4)".
pub(super) fn obeyed_group(cx: &Context<'_, '_>, agent: &'static Agent) -> Text {
    let robot = agent.matcher(cx.doc, cx.text);
    let line = robot.matcher.agent_lines().first().map_or(Text::default(), |line| text!(" (line {})", line + 1));
    let token = agent.token.as_ref();
    match robot.obeys {
        Obeys::OwnGroup => text!("{} obeys its own group{}", token, line),
        Obeys::Fallback(fallback) => text!("{} obeys the group of `{}`{}", token, fallback, line),
        Obeys::Star => text!("{} obeys the `*` group{}", token, line),
        Obeys::NoGroup => text!("{} obeys no group and may fetch everything", token),
    }
}
