use crate::agents::{Purpose, Registry};
use crate::diagnostic::Evidence;
use crate::dialect::witness::concrete_url;
use crate::dialect::{Dialect, RuleKind};
use crate::model::{Directive, Record};
use crate::rules::{Context, Findings};
use crate::text;

/// A record without a Disallow line. The 1994 standard requires one; today's robots read
/// such a record as it means, except where it has no rule at all and stands as a group of
/// its own: the robots it names then obey nothing, and escape what `*` keeps every other
/// robot from (a group meant only to set a Crawl-delay). There a warning names the robot
/// and a URL it may now fetch.
pub fn check(cx: &Context<'_, '_>, record: &Record, out: &mut Findings) {
    if record.agents.is_empty() {
        return;
    }
    let has_disallow = record.rules.iter().any(|&index| cx.lines()[index].directive() == Some(Directive::Disallow));
    if has_disallow {
        return;
    }
    let (Some(&first), Some(&last)) = (record.agents.first(), record.agents.last()) else { return };
    let agents = cx.lines()[first].span.to(cx.lines()[last].span);
    let help = if record.rules.is_empty() {
        "the 1994 standard requires at least one Disallow line per record (`Disallow:` allows everything). \
         RFC 9309 robots attach these agents to the rules of the next record, even across a blank line"
    } else {
        "the 1994 standard requires at least one Disallow line per record, and robots that follow it ignore Allow; \
         add `Disallow:` (allow everything) if nothing is to be disallowed"
    };
    let escape = record.rules.is_empty().then(|| escape_from_star(cx, record)).flatten();
    let diagnostic = match &escape {
        Some(escape) => out.report(
            agents,
            text!(
                "{} obeys this group, which has no rule, so it may fetch `{}`, which `*` disallows",
                escape.robot.clone(),
                escape.url.clone()
            ),
        ),
        None => out.report(agents, "this record has no Disallow line"),
    };
    diagnostic.help(help);
    if let Some(escape) = escape {
        diagnostic
            .note(format!(
                "for robot `{}` and `{}`: Google and RFC 9309 allow it (this group has no rule); every robot without a \
                 group of its own is disallowed (line {})",
                escape.robot,
                escape.url,
                escape.star_rule + 1
            ))
            .evidence(Evidence::Misread(vec![Dialect::Google, Dialect::Rfc9309]));
    }
}

/// A robot of today that this rule-less group holds, and a URL `*` keeps from every robot
/// without a group of its own that the robot may fetch.
struct Escape {
    robot: String,
    url: String,
    star_rule: usize,
}

fn escape_from_star(cx: &Context<'_, '_>, record: &Record) -> Option<Escape> {
    let witnesses = cx.witnesses();
    // AI crawlers are ai-group-looser-than-star's; a robot no one runs any more escapes nothing.
    let of_today = |robot: &String| {
        Registry::builtin().find(robot).is_some_and(|agent| {
            !agent.is_retired() && !matches!(agent.purpose, Purpose::AiTraining | Purpose::AiSearch)
        })
    };
    let robots: Vec<String> = witnesses.record_robots(&record.agents).into_iter().filter(of_today).collect();
    // Asked first: what `*` obeys is read from the whole file, which a file of many rule-less
    // `User-agent: *` records (no robot of today among them) read once for each.
    robots.first()?;
    let anybody = witnesses.anonymous_robot();
    let (star_agents, star_rules) = witnesses.obeyed(&anybody, Dialect::Google);
    star_agents.first()?;
    let disallowed: Vec<String> = star_rules
        .iter()
        .filter(|(kind, _)| *kind == RuleKind::Disallow)
        .filter_map(|(_, pattern)| concrete_url(pattern))
        .collect();
    robots.into_iter().find_map(|robot| {
        let (agent_lines, rules) = witnesses.obeyed(&robot, Dialect::Google);
        let holds_it = agent_lines.iter().any(|line| record.agents.contains(line));
        if !holds_it || !rules.is_empty() {
            return None;
        }
        disallowed.iter().find_map(|url| {
            let theirs = witnesses.verdict(&robot, url, Dialect::Rfc9309)?;
            let star = witnesses.verdict(&anybody, url, Dialect::Google)?;
            let star_rule = star.reason.rule()?.line;
            (theirs.allowed && !star.allowed).then(|| Escape { robot: robot.clone(), url: url.clone(), star_rule })
        })
    })
}
