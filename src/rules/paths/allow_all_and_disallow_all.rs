use crate::analysis::all_or_nothing::{agent_value, allows_all, disallows_all};
use crate::dialect::witness::MERGED;
use crate::dialect::Dialect;
use crate::model::{LineIndex, Record};
use crate::rules::{Context, Findings};
use crate::text;

pub fn check(cx: &Context<'_, '_>, record: &Record, out: &mut Findings) {
    let lines = cx.lines();
    if record.agents.is_empty() {
        return;
    }
    if let (Some(nothing), Some(everything)) =
        (allows_all(record, lines, cx.text), disallows_all(record, lines, cx.text))
    {
        let later = nothing.max(everything);
        out.report(
            lines[later].span,
            "this record both allows everything (`Disallow:`) and disallows everything (`Disallow: /`)",
        )
        .label(lines[nothing.min(everything)].span, "the opposite rule")
        .help(
            "robots that follow the 1996 draft take the first of the two; RFC 9309 robots ignore the empty Disallow \
             and block the whole site. Keep the one you mean",
        );
        return;
    }
    contradicts_an_earlier_group(cx, record, out);
}

/// The same contradiction across two records for one User-agent value (two `*` records, one
/// allowing everything, the other nothing): Google and RFC 9309 merge them into one group,
/// where `Disallow: /` wins, while first-match robots obey only the first. Reported on the
/// later record, once Google's matcher confirms that its robots lose the whole site.
fn contradicts_an_earlier_group(cx: &Context<'_, '_>, record: &Record, out: &mut Findings) {
    let lines = cx.lines();
    let value = |line: LineIndex| agent_value(&lines[line], cx.text);
    // Only a record with one of the two rules can contradict an earlier group.
    let (ours, earlier_allows) = match (allows_all(record, lines, cx.text), disallows_all(record, lines, cx.text)) {
        (Some(allow), None) => (allow, false),
        (None, Some(disallow)) => (disallow, true),
        _ => return,
    };
    let index = cx.analysis.all_or_nothing();
    let opposite = |agent: LineIndex| {
        let earliest = index.earliest(value(agent)?);
        let found = if earlier_allows { earliest.allows_all } else { earliest.disallows_all };
        found.filter(|&(first_agent, _)| first_agent < record.agents[0])
    };
    // The earliest such group; of this record's agents, the first that group names.
    let Some((agent, (_, theirs))) = record
        .agents
        .iter()
        .filter_map(|&agent| Some((agent, opposite(agent)?)))
        .min_by_key(|&(_, (first_agent, _))| first_agent)
    else {
        return;
    };
    let witnesses = cx.witnesses();
    let star = value(agent) == Some("*");
    let disallow_all = if earlier_allows { ours } else { theirs };
    let kept_off = |robot: &String| {
        witnesses.verdict(robot, "/", Dialect::Google).is_some_and(|verdict| {
            !verdict.allowed && verdict.reason.rule().is_some_and(|rule| rule.line == disallow_all)
        })
    };
    let robots = if star {
        vec!["googlebot".to_string(), witnesses.anonymous_robot()]
    } else {
        witnesses.record_robots(&[agent])
    };
    let Some(robot) = robots.into_iter().find(kept_off) else { return };
    let who = match (star, robot.as_str()) {
        (true, "googlebot") => text!("Googlebot and every other robot without a group of its own"),
        (true, _) => text!("every robot without a group of its own"),
        (false, _) => text!("`{}`", lines[agent].field().map_or(lines[agent].span, |field| field.value)),
    };
    let diagnostic = out
        .report(
            lines[ours].span,
            text!(
                "Google and RFC 9309 merge the groups for `{}`, where `Disallow: /` wins over the empty `Disallow:` \
                 and keeps {} off the whole site",
                value(agent).unwrap_or_default().to_string(),
                who
            ),
        )
        .label(lines[theirs].span, "the opposite rule, in an earlier group for the same robots")
        .help(
            "a robot obeys every group that names it as one group, and an empty `Disallow:` allows nothing more \
             beside `Disallow: /`; robots that follow the 1996 draft obey only the first group. Keep one group \
             with the rule you mean",
        );
    if let Some(divergence) = witnesses.find(&robot, ["/"], MERGED, |_| true) {
        diagnostic.attach_witness(&divergence);
    }
}
