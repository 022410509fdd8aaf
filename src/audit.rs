//! What each robot of the registry may fetch under one robots.txt, each read in its own
//! dialect: the table `robolint audit` prints, and what a crawler policy declared in
//! robolint.toml (`[policy]`, rule `crawler-policy`) is checked against.
//!
//! "What it may fetch" is asked of the URLs the file's own rules suggest (each rule's path,
//! one inside it, one beside it; `witness::probe_urls`) and of `/`: two robots that answer
//! alike on all of them answer alike on every URL, so a robot that may fetch none of them
//! may fetch nothing the file speaks of.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Serialize;

use crate::agents::{self, Agent, FetchAnswer, Obeys, Purpose, Registry, RobotMatcher, Treatment};
use crate::dialect::witness::probe_urls;
use crate::dialect::{Matcher, Reason, Verdict};
use crate::model::{Directive, Document, LineIndex};
use crate::text::{abbreviate, QUOTED_LINE_CHARS};

/// How much of the site a robot may fetch, over the URLs asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Access {
    /// It may fetch every URL asked.
    All,
    /// It may fetch some of the URLs asked, not all.
    Some,
    /// It may fetch none of the URLs asked.
    None,
}

impl Access {
    /// The lower-case word the audit table prints: `all`, `some` or `none`.
    pub fn as_str(self) -> &'static str {
        match self {
            Access::All => "all",
            Access::Some => "some",
            Access::None => "none",
        }
    }
}

/// One URL and a robot's verdict on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// Shared with the audit's URL list: a path may be as long as the file (2 MiB), and
    /// every robot keeps two answers.
    pub url: Arc<str>,
    /// Whether the robot may fetch the URL, and which line decided.
    pub verdict: Verdict,
}

/// One robot of the registry reading the file.
#[derive(Debug, Clone)]
pub struct RobotAccess<'r> {
    /// The robot, as the registry holds it.
    pub agent: &'r Agent,
    /// Its dialect's matcher for the groups it obeys, for URLs beyond those asked.
    pub matcher: Matcher,
    /// Which group it obeys: its own, a fallback's, `*`, or none.
    pub obeys: Obeys,
    /// The User-agent lines of the groups it obeys; empty when none applies.
    pub agent_lines: Vec<LineIndex>,
    /// How much of the site it may fetch, over the URLs asked.
    pub access: Access,
    /// The first URL asked that it may fetch.
    pub first_allowed: Option<Answer>,
    /// The first URL asked that it may not fetch.
    pub first_disallowed: Option<Answer>,
    /// The `Content-Signal` and `Content-Usage` lines of the groups it obeys.
    pub preferences: Vec<LineIndex>,
    /// When the robots.txt request gave no file: the answer, which decided for the robot
    /// as its reading treats it (`agents/fetching.toml`).
    pub fetch_answer: Option<FetchAnswer>,
}

/// One file, ready to be asked about robots.
pub struct Audit<'d> {
    document: &'d Document,
    text: &'d str,
    urls: Vec<Arc<str>>,
}

impl<'d> Audit<'d> {
    /// An audit asking the URLs of the file's rules, and of `more_paths` (a policy's).
    pub fn new(document: &'d Document, text: &'d str, more_paths: &[&str]) -> Audit<'d> {
        let mut urls = vec!["/".to_string()];
        for (_, _, field) in document.access_rules() {
            urls.extend(probe_urls(field.value.text(text)));
        }
        for path in more_paths {
            urls.extend(probe_urls(path));
        }
        urls.sort_unstable();
        urls.dedup();
        Audit { document, text, urls: urls.into_iter().map(Arc::from).collect() }
    }

    /// The URLs every robot is asked, sorted.
    pub fn urls(&self) -> &[Arc<str>] {
        &self.urls
    }

    /// The registry's current robots of `purposes` (all purposes when empty), by purpose
    /// then token: retired tokens are left out, as no robot sends them any more.
    pub fn current_robots<'r>(registry: &'r Registry, purposes: &[Purpose]) -> Vec<&'r Agent> {
        let mut robots: Vec<&Agent> = registry
            .agents()
            .iter()
            .filter(|agent| !agent.is_retired())
            .filter(|agent| purposes.is_empty() || purposes.contains(&agent.purpose))
            .collect();
        robots.sort_by_key(|agent| (agent.purpose, agent.token.to_ascii_lowercase()));
        robots
    }

    /// What each of `robots` may fetch of the URLs `keep` picks from [`Audit::urls`].
    /// Robots that obey the same lines in the same dialect answer alike and are asked once.
    pub fn robots<'r>(&self, robots: &[&'r Agent], keep: impl Fn(&str) -> bool) -> Vec<RobotAccess<'r>> {
        let urls: Vec<&Arc<str>> = self.urls.iter().filter(|url| keep(url)).collect();
        let matchers = agents::matchers(robots, self.document, self.text);
        type Summary = (Access, Option<Answer>, Option<Answer>);
        let mut by_reading: BTreeMap<(crate::dialect::Dialect, Vec<LineIndex>, bool), Summary> = BTreeMap::new();
        robots
            .iter()
            .zip(matchers)
            .map(|(&agent, RobotMatcher { matcher, obeys })| {
                let agent_lines = matcher.agent_lines().to_vec();
                let key = (matcher.dialect(), agent_lines.clone(), obeys == Obeys::NoGroup);
                let (access, first_allowed, first_disallowed) =
                    by_reading.entry(key).or_insert_with(|| summarise(&matcher, &urls)).clone();
                let preferences = self.preferences_of(&agent_lines);
                RobotAccess {
                    agent,
                    matcher,
                    obeys,
                    agent_lines,
                    access,
                    first_allowed,
                    first_disallowed,
                    preferences,
                    fetch_answer: None,
                }
            })
            .collect()
    }

    /// What each of `robots` may fetch when the robots.txt request was answered with
    /// `answer` rather than a file: everything or nothing, as it treats that answer.
    pub fn answered<'r>(registry: &Registry, robots: &[&'r Agent], answer: FetchAnswer) -> Vec<RobotAccess<'r>> {
        robots
            .iter()
            .map(|&agent| {
                let treatment = registry.treatment(agent, answer);
                let access = match treatment {
                    Treatment::AllowAll => Access::All,
                    Treatment::DisallowAll => Access::None,
                };
                let matcher = treatment.matcher(&agent.token, agent.matching_dialect());
                RobotAccess {
                    agent,
                    matcher,
                    obeys: Obeys::NoGroup,
                    agent_lines: Vec::new(),
                    access,
                    first_allowed: None,
                    first_disallowed: None,
                    preferences: Vec::new(),
                    fetch_answer: Some(answer),
                }
            })
            .collect()
    }

    /// The preference lines of the groups whose User-agent lines are `agent_lines`.
    fn preferences_of(&self, agent_lines: &[LineIndex]) -> Vec<LineIndex> {
        let mut records: Vec<usize> =
            agent_lines.iter().filter_map(|&line| self.document.record_index_of(line)).collect();
        records.dedup();
        records
            .into_iter()
            .flat_map(|record| self.document.records[record].extensions.iter().copied())
            .filter(|&line| is_preference(self.document, line))
            .collect()
    }

    /// Why `answer` came out as it did for a robot that obeys `obeys`, in a few words that
    /// name the line: "line 4 `Allow: /blog` allows it", "no group names it and
    /// `User-agent: *` (line 5) has no rule against it".
    pub fn explain(&self, robot: &RobotAccess<'_>, answer: &Answer) -> String {
        // Quoted whole up to a length: a 2 MiB line quoted for each of 200 robots was 900 MB.
        let line_text =
            |line: LineIndex| abbreviate(self.document.lines[line].span.text(self.text).trim_end(), QUOTED_LINE_CHARS);
        let first_agent = robot.agent_lines.first().map(|&line| line + 1).unwrap_or(0);
        match &answer.verdict.reason {
            Reason::Rule(rule) => {
                let verb = if rule.kind.allows() { "allows" } else { "disallows" };
                let whose = match &robot.obeys {
                    Obeys::OwnGroup => "its own group".to_string(),
                    Obeys::Fallback(token) => format!("the group of `{token}`, which it obeys"),
                    Obeys::Star => "`User-agent: *`, as no group names it".to_string(),
                    Obeys::NoGroup => "no group".to_string(),
                };
                format!("line {} `{}` ({whose}) {verb} it", rule.line + 1, line_text(rule.line))
            }
            Reason::NoRuleMatched => match &robot.obeys {
                Obeys::OwnGroup => format!("its own group (line {first_agent}) has no rule for it"),
                Obeys::Fallback(token) => {
                    format!("the group of `{token}` (line {first_agent}), which it obeys, has no rule for it")
                }
                _ => format!("no group names it and `User-agent: *` (line {first_agent}) has no rule against it"),
            },
            Reason::NoRecordApplies if robot.agent.ignores_star => {
                "no group names it, and it ignores `User-agent: *`".to_string()
            }
            Reason::NoRecordApplies => "no group names it and there is no `User-agent: *` group".to_string(),
            Reason::RobotsTxt => "/robots.txt is always allowed".to_string(),
        }
    }
}

/// Whether line `line` is a `Content-Signal` or `Content-Usage` field.
fn is_preference(document: &Document, line: LineIndex) -> bool {
    document.lines[line].directive().is_some_and(Directive::is_usage_preference)
}

fn summarise(matcher: &Matcher, urls: &[&Arc<str>]) -> (Access, Option<Answer>, Option<Answer>) {
    let (mut first_allowed, mut first_disallowed) = (None, None);
    for &url in urls {
        let slot = |verdict: Verdict| Some(Answer { url: Arc::clone(url), verdict });
        let verdict = matcher.allowed(url);
        if verdict.allowed {
            if first_allowed.is_none() {
                first_allowed = slot(verdict);
            }
        } else if first_disallowed.is_none() {
            first_disallowed = slot(verdict);
        }
        if first_allowed.is_some() && first_disallowed.is_some() {
            break;
        }
    }
    let access = match (&first_allowed, &first_disallowed) {
        (_, None) => Access::All,
        (None, Some(_)) => Access::None,
        (Some(_), Some(_)) => Access::Some,
    };
    (access, first_allowed, first_disallowed)
}

impl Audit<'_> {
    /// What `robot` may fetch, in a sentence with the line that decides: what editors show
    /// on a User-agent line and `robolint audit` shows in its notes.
    pub fn describe(&self, robot: &RobotAccess<'_>) -> String {
        let token = &robot.agent.token;
        let because = |answer: &Option<Answer>| answer.as_ref().map(|answer| self.explain(robot, answer));
        match (robot.access, because(&robot.first_allowed), because(&robot.first_disallowed)) {
            (Access::All, Some(why), _) => format!("{token} may fetch every path this file names: {why}"),
            (Access::None, _, Some(why)) => format!("{token} may fetch none of the paths this file names: {why}"),
            (_, Some(allowed), Some(disallowed)) => format!(
                "{token} may fetch some paths: {} ({allowed}), not {} ({disallowed})",
                robot.first_allowed.as_ref().map_or("", |answer| &*answer.url),
                robot.first_disallowed.as_ref().map_or("", |answer| &*answer.url),
            ),
            _ if robot.fetch_answer.is_some() => {
                format!("{token} may fetch {} of the site: its robots.txt gave no file", robot.access.as_str())
            }
            _ => format!("{token}: nothing asked"),
        }
    }
}
