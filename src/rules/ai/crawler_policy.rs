use std::collections::BTreeMap;

use serde::Deserialize;

use crate::agents::{self, Agent, Honours, Obeys, Purpose, Registry};
use crate::audit::{Audit, RobotAccess};
use crate::diagnostic::{Applicability, Edit, Text};
use crate::dialect::{Dialect, Matcher};
use crate::model::{Directive, LineIndex, Span};
use crate::rules::{Context, Findings};
use crate::text;

/// The crawler policy robolint.toml declares under `[policy]` (or `[rules.crawler-policy]`):
/// for each purpose of the registry, whether its robots are to be allowed or blocked, for
/// the whole site and under paths.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Options {
    /// Whole-site stances by purpose; the keys are checked against the purposes there are.
    #[serde(flatten)]
    site: BTreeMap<Fetching, Stance>,
    paths: Vec<PathPolicy>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
struct PathPolicy {
    path: String,
    #[serde(flatten)]
    stances: BTreeMap<Fetching, Stance>,
}

/// A purpose whose robots fetch: every one but `control`, whose tokens only carry a
/// preference and fetch nothing a policy could allow or block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(try_from = "Purpose")]
struct Fetching(Purpose);

impl TryFrom<Purpose> for Fetching {
    type Error = String;

    fn try_from(purpose: Purpose) -> Result<Fetching, String> {
        match purpose {
            Purpose::Control => Err("`control` tokens fetch nothing: a policy takes no stance on them".to_string()),
            fetching => Ok(Fetching(fetching)),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Stance {
    Allow,
    Block,
    /// No stance: the default for every purpose.
    Any,
}

impl Stance {
    fn as_str(self) -> &'static str {
        match self {
            Stance::Allow => "allow",
            Stance::Block => "block",
            Stance::Any => "any",
        }
    }
}

/// Robots named in a finding's headline before "and N more".
const NAMED_IN_HEADLINE: usize = 3;
/// Robots whose witness the help spells out before pointing at `robolint audit`.
const EXPLAINED_IN_HELP: usize = 8;

/// One stance to check: a purpose, allowed or blocked, on the whole site (`path` None, every
/// URL outside the policy's paths) or under a path.
struct Statement<'o> {
    purpose: Purpose,
    stance: Stance,
    path: Option<&'o str>,
}

pub fn check(cx: &Context<'_, '_>, options: &Options, out: &mut Findings) {
    let site = options.site.iter().map(|(&Fetching(purpose), &stance)| Statement { purpose, stance, path: None });
    let under_paths = options.paths.iter().flat_map(|policy| {
        policy.stances.iter().map(|(&Fetching(purpose), &stance)| Statement {
            purpose,
            stance,
            path: Some(policy.path.as_str()),
        })
    });
    let statements: Vec<Statement> =
        site.chain(under_paths).filter(|statement| statement.stance != Stance::Any).collect();
    if statements.is_empty() {
        return;
    }
    let policy_paths: Vec<&str> = options.paths.iter().map(|policy| policy.path.as_str()).collect();
    let audit = Audit::new(cx.doc, cx.text, &policy_paths);
    let anonymous = cx.witnesses().anonymous_robot();
    // A robot no group names, per dialect, and the answer of an `allow` stance per reading:
    // robots that obey the same lines in the same dialect answer alike.
    let mut unnamed: BTreeMap<Dialect, Matcher> = BTreeMap::new();
    for statement in &statements {
        let mut answered: BTreeMap<(Dialect, Vec<LineIndex>), Option<String>> = BTreeMap::new();
        let in_scope = |url: &str| match statement.path {
            Some(path) => url.starts_with(path),
            None => !policy_paths.iter().any(|path| url.starts_with(path)),
        };
        // A robot that does not obey robots.txt cannot be kept out, nor let in, by it.
        let robots: Vec<_> = Audit::current_robots(Registry::builtin(), &[statement.purpose])
            .into_iter()
            .filter(|agent| agent.honours != Honours::No)
            .collect();
        let mut breaking: Vec<(RobotAccess<'_>, String)> = Vec::new();
        for robot in audit.robots(&robots, in_scope) {
            let url = match statement.stance {
                Stance::Block => robot.first_allowed.as_ref().map(|answer| answer.url.to_string()),
                Stance::Allow => {
                    let dialect = robot.matcher.dialect();
                    let reading = (dialect, robot.agent_lines.clone());
                    let unnamed =
                        unnamed.entry(dialect).or_insert_with(|| Matcher::new(cx.doc, cx.text, &anonymous, dialect));
                    answered
                        .entry(reading)
                        .or_insert_with(|| first_wrongly_disallowed(&audit, &robot, unnamed, statement, &in_scope))
                        .clone()
                }
                Stance::Any => None,
            };
            if let Some(url) = url {
                breaking.push((robot, url));
            }
        }
        if !breaking.is_empty() {
            report(cx, out, &audit, statement, &breaking);
        }
    }
}

/// For an `allow` stance: the first URL in scope the robot may not fetch although it should,
/// that is the path itself (or `/` for the whole site), or a URL a robot no group names
/// may fetch: a file may keep every robot out of `/admin/` without breaking the policy, but
/// not single out the robots the policy lets in.
fn first_wrongly_disallowed(
    audit: &Audit<'_>,
    robot: &RobotAccess<'_>,
    unnamed: &Matcher,
    statement: &Statement<'_>,
    in_scope: &impl Fn(&str) -> bool,
) -> Option<String> {
    let root = statement.path.unwrap_or("/");
    if !robot.matcher.allowed(root).allowed {
        return Some(root.to_string());
    }
    audit
        .urls()
        .iter()
        .filter(|url| in_scope(url))
        .find(|url| !robot.matcher.allowed(url).allowed && unnamed.allowed(url).allowed)
        .map(|url| url.to_string())
}

fn report(
    cx: &Context<'_, '_>,
    out: &mut Findings,
    audit: &Audit<'_>,
    statement: &Statement<'_>,
    breaking: &[(RobotAccess<'static>, String)],
) {
    let listed = breaking.iter().take(NAMED_IN_HEADLINE).map(|(robot, _)| Text::from(robot.agent.token.as_ref()));
    let listed = Text::joined(listed, ", ");
    let shown = match breaking.len() {
        count if count > NAMED_IN_HEADLINE => text!("{} and {} more", listed, count - NAMED_IN_HEADLINE),
        _ => listed,
    };
    // The policy's paths are robolint.toml's words, not the file's: kept as owned words.
    let (verb, scope) = match (statement.stance, statement.path) {
        (Stance::Block, None) => ("may fetch", text!("the site")),
        (Stance::Block, Some(path)) => ("may fetch", text!("`{}`", path.to_string())),
        (_, None) => ("may not fetch", text!("all of the site")),
        (_, Some(path)) => ("may not fetch", text!("all of `{}`", path.to_string())),
    };
    let stated = match statement.path {
        Some(path) => text!("{} under `{}`", statement.purpose.name(), path.to_string()),
        None => Text::from(statement.purpose.name()),
    };
    let message = text!("policy says {} {}, yet {} {} {}", statement.stance.as_str(), stated, shown, verb, scope);

    let explained = breaking.iter().take(EXPLAINED_IN_HELP).map(|(robot, url)| {
        let verdict = robot.matcher.allowed(url);
        // The audit's reason comes as words (a String) already.
        let why = audit.explain(robot, &crate::audit::Answer { url: url.as_str().into(), verdict });
        text!("{} {} {}: {}", robot.agent.token.as_ref(), verb, url.clone(), why)
    });
    let mut explained = Text::joined(explained, "; ");
    if breaking.len() > EXPLAINED_IN_HELP {
        let more = breaking.len() - EXPLAINED_IN_HELP;
        explained = text!("{}; {} more (`robolint audit` lists every robot)", explained, more);
    }

    let (span, labels) = places(cx, breaking);
    let diagnostic = out.report(span, message);
    for (label_span, label) in labels {
        diagnostic.label(label_span, label);
    }
    diagnostic.help(text!("{} ({} declared in robolint.toml)", explained, statement.purpose.robots_noun()));
    if statement.stance == Stance::Block && statement.path.is_none() {
        if let Some((edit, added)) = block_group(cx, breaking) {
            diagnostic.fix(
                Applicability::Safe,
                format!("Add a group that keeps {added} off the whole site, as the policy says"),
                vec![edit],
            );
        }
    }
}

/// Where the finding points: the line that decides for the first robot, with a label on
/// each line that decides for one (the first robot it decides for named). A robot no line
/// decides for (no group applies to it) is pointed at the file's start.
fn places(cx: &Context<'_, '_>, breaking: &[(RobotAccess<'static>, String)]) -> (Span, Vec<(Span, Text)>) {
    let mut labels: Vec<(Span, Text)> = Vec::new();
    for (robot, url) in breaking {
        let verdict = robot.matcher.allowed(url);
        let line = verdict.reason.rule().map(|rule| rule.line).or_else(|| robot.agent_lines.first().copied());
        let span = line.map_or(Span::empty_at(0), |line| cx.doc.lines[line].field_span());
        if !labels.iter().any(|(known, _)| *known == span) {
            labels.push((span, text!("decides for {}", robot.agent.token.as_ref())));
        }
    }
    let span = labels.first().map_or(Span::empty_at(0), |(span, _)| *span);
    (span, labels)
}

/// The group that blocks the robots that obey no group of their own (those with one need
/// their own group changed, which only the admin can decide), appended at the end of the
/// file; `None` when there are none, or when the file ends in User-agent lines the new ones
/// would join. A robot whose token its own dialect cannot match on a User-agent line (RFC
/// 9309 tokens are letters, `-` and `_`: `AI2Bot`, `Kangaroo Bot`) is left out, as only
/// `User-agent: *` reaches it: the group is checked by reading the fixed file.
fn block_group(cx: &Context<'_, '_>, breaking: &[(RobotAccess<'_>, String)]) -> Option<(Edit, String)> {
    let last_field = cx.doc.lines.iter().rev().find_map(|line| line.field());
    if last_field.is_some_and(|field| field.is(Directive::UserAgent)) {
        return None;
    }
    let candidates: Vec<&Agent> = breaking
        .iter()
        .filter(|(robot, _)| matches!(robot.obeys, Obeys::Star | Obeys::NoGroup))
        .map(|(robot, _)| robot.agent)
        .collect();
    let group_for = |robots: &[&Agent]| {
        let mut group = String::new();
        if !cx.text.is_empty() && !cx.text.ends_with('\n') {
            group.push('\n');
        }
        if !cx.text.trim().is_empty() {
            group.push('\n');
        }
        for robot in robots {
            group.push_str(&format!("User-agent: {}\n", robot.token));
        }
        group.push_str("Disallow: /\n");
        group
    };
    let fixed = format!("{}{}", cx.text, group_for(&candidates));
    let document = crate::parse::parse_text(&fixed);
    let reached: Vec<&Agent> = candidates
        .iter()
        .zip(agents::matchers(&candidates, &document, &fixed))
        .filter(|(_, robot)| robot.obeys == Obeys::OwnGroup && !robot.matcher.allowed("/").allowed)
        .map(|(&agent, _)| agent)
        .collect();
    let added = match reached.as_slice() {
        [] => return None,
        [one] => one.token.to_string(),
        many => format!("{} robots", many.len()),
    };
    Some((Edit::insert(cx.text.len(), group_for(&reached)), added))
}
