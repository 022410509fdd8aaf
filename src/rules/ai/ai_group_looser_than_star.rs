use std::borrow::Cow;

use foldhash::{HashSet, HashSetExt};

use super::named_robots;
use crate::agents::{Obeys, Purpose};
use crate::diagnostic::{Arg, Evidence, Severity};
use crate::dialect::witness::concrete_url;
use crate::dialect::Matcher;
use crate::dialect::{Dialect, Reason, RuleKind};
use crate::model::{Directive, LineIndex};
use crate::rules::{Context, Findings};
use crate::text;

/// The dialects a fetch is proven in: RFC 9309 robots and Google's parser must both allow
/// it, so the finding holds whichever way the robot reads the file.
const PROVEN_IN: [Dialect; 2] = [Dialect::Rfc9309, Dialect::Google];

/// An AI crawler of the registry with a group of its own that lets it fetch a path the `*`
/// group disallows, without a rule of its group saying so: its group replaces `*`
/// entirely, so whatever `*` disallows and its group does not repeat is open to it. An
/// error where `*` keeps every other robot off the whole site and the crawler may fetch `/`.
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    // The AI crawlers the file names that obey a group of their own, each once: most files
    // have none, and then nothing else need be asked.
    let mut seen: HashSet<&str> = HashSet::new();
    let robots: Vec<_> = named_robots(cx)
        .filter(|named| matches!(named.agent.purpose, Purpose::AiTraining | Purpose::AiSearch))
        .filter(|named| seen.insert(named.agent.token.as_ref()))
        .filter_map(|named| {
            let robot = named.agent.matcher(cx.doc, cx.text);
            (robot.obeys == Obeys::OwnGroup).then_some((named, robot))
        })
        .collect();
    if robots.is_empty() {
        return;
    }
    let witnesses = cx.witnesses();
    let anybody = witnesses.anonymous_robot();
    let (star_agents, star_rules) = witnesses.obeyed(&anybody, Dialect::Rfc9309);
    let Some(&star_line) = star_agents.first() else { return };
    // The `*` group's own Disallow paths, and `/`: never a path the file does not name.
    let mut candidates = vec!["/".to_string()];
    let mut listed: HashSet<String> = HashSet::new();
    listed.insert("/".to_string());
    for (_, pattern) in star_rules.iter().filter(|(kind, _)| *kind == RuleKind::Disallow) {
        if let Some(url) = concrete_url(pattern).filter(|url| listed.insert(url.clone())) {
            candidates.push(url);
        }
    }
    // The candidates `*` disallows for both dialects, each with the line that decides it.
    let blocked_by_star: Vec<(String, LineIndex)> = candidates
        .into_iter()
        .filter_map(|url| {
            let deciding = |dialect| {
                let verdict = witnesses.verdict(&anybody, &url, dialect)?;
                verdict.reason.rule().filter(|_| !verdict.allowed).map(|rule| rule.line)
            };
            let line = deciding(Dialect::Rfc9309)?;
            deciding(Dialect::Google)?;
            Some((url, line))
        })
        .collect();
    if blocked_by_star.is_empty() {
        return;
    }
    let star_blocks_whole_site =
        star_rules.iter().any(|(kind, pattern)| *kind == RuleKind::Disallow && pattern.trim() == "/");
    let lines = cx.lines();
    for (named, robot) in robots {
        let agent = named.agent;
        let name = robot.matcher.robot();
        // Allowed with no rule of its group matching: only because the group replaced `*`.
        let open_without_a_rule = |url: &str| {
            PROVEN_IN.iter().all(|&dialect| {
                witnesses
                    .verdict(name, url, dialect)
                    .is_some_and(|verdict| verdict.allowed && verdict.reason == Reason::NoRuleMatched)
            })
        };
        let Some((url, star_rule)) = blocked_by_star.iter().find(|(url, _)| open_without_a_rule(url)) else {
            continue;
        };
        let own_lines = robot.matcher.agent_lines();
        let (Some(&own_first), Some(&own_last)) = (own_lines.first(), own_lines.last()) else { continue };
        let token = agent.token.as_ref();
        let star_rule_text =
            lines[*star_rule].field().map_or(Arg::Static(""), |field| Arg::Source(field.name.to(field.value)));
        let diagnostic = out
            .report(
                lines[named.line].span,
                text!(
                    "{} may fetch `{}`: no rule in its group (line {}) covers it, and its group replaces \
                     `User-agent: *` (line {}), which disallows it",
                    token,
                    url.clone(),
                    own_first + 1,
                    star_line + 1,
                ),
            )
            .label(
                lines[own_first].span.to(lines[own_last].span),
                text!("{}'s group: no rule matches `{}`", token, url.clone()),
            )
            .label(lines[star_line].span, text!("{} reads none of this group", token))
            .label(lines[*star_rule].span, text!("disallows `{}` for robots without a group of their own", url.clone()))
            .help(text!(
                "a robot obeys only the group that names it, and `*` rules do not add to it. Repeat in {}'s \
                 group the `*` rules meant for it too (here `{}`), or remove its group if `*` says \
                 what you mean",
                token,
                star_rule_text
            ));
        // An error where the group holds no Disallow of its own: the admin wrote Allow lines
        // as if they narrowed what the robot may fetch. A group with Disallow lines of its
        // own (an allowlist such as `Allow: /*/tree/master` beside `Disallow: /*/tree/*`)
        // may open the site on purpose.
        let disallows_something = robot.matcher.rules().any(|rule| !rule.kind.allows() && !rule.pattern.is_empty());
        if url == "/" && !disallows_something {
            diagnostic.severity = Severity::Error;
        }
        // Deliberate shapes, read as the file means by every robot: an allow-list (`*` kept
        // off the whole site, the crawler let in by a group with Disallow lines of its own;
        // Allow lines alone read as if they narrowed what it may fetch, and stay), a group that
        // allows everything in so many words (`Disallow:` with no path), or a policy of its
        // own rather than an addition to `*`'s.
        if star_blocks_whole_site && disallows_something
            || allows_everything_in_words(cx, own_first)
            || is_a_policy_of_its_own(&robot.matcher, &star_rules)
        {
            diagnostic.evidence(Evidence::NoEffect);
        }
    }
}

/// Whether the group the User-agent line `agent_line` opens says `Disallow:` with no path:
/// every URL allowed, on purpose.
fn allows_everything_in_words(cx: &Context<'_, '_>, agent_line: LineIndex) -> bool {
    let lines = cx.lines();
    cx.doc.record_of(agent_line).is_some_and(|record| {
        record.rules.iter().any(|&rule| {
            lines[rule].field().is_some_and(|field| field.is(Directive::Disallow) && field.value.is_empty())
        })
    })
}

/// Whether the crawler's group is a policy of its own: several Disallow rules (at least
/// half as many as `*` has), some of them rules `*` does not have. A group that only adds a rule or two
/// to what `*` says, or repeats part of it, was meant to narrow `*`, and is this rule's case.
fn is_a_policy_of_its_own(matcher: &Matcher, star_rules: &[(RuleKind, Cow<'_, str>)]) -> bool {
    let star_disallows: Vec<&str> =
        star_rules.iter().filter(|(kind, _)| *kind == RuleKind::Disallow).map(|(_, pattern)| pattern.trim()).collect();
    let own: Vec<&str> = matcher
        .rules()
        .filter(|rule| !rule.kind.allows() && !rule.pattern.is_empty())
        .map(|rule| rule.pattern.trim())
        .collect();
    let adds_its_own = own.iter().any(|pattern| !star_disallows.contains(pattern));
    const SEVERAL: usize = 5;
    adds_its_own && own.len() >= SEVERAL && own.len() * 2 >= star_disallows.len()
}
