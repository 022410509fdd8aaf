use crate::dialect::witness::MERGED;
use crate::dialect::Dialect;
use crate::model::{Directive, LineIndex, Record};
use crate::rules::{Context, Findings};
use crate::text;

pub fn check(cx: &Context<'_, '_>, record: &Record, out: &mut Findings) {
    let lines = cx.lines();
    if record.agents.is_empty() {
        return;
    }
    if let (Some(nothing), Some(everything)) = (allows_all(cx, record), disallows_all(cx, record)) {
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
    // Only a record with one of the two rules can contradict another: records without
    // either (a file of bare `User-agent: *` records) are not compared with every earlier one.
    if allows_all(cx, record).is_some() == disallows_all(cx, record).is_some() {
        return;
    }
    let lines = cx.lines();
    let first_line = record.agents[0];
    let value = |line: LineIndex| lines[line].field().map(|field| cx.slice(field.value).trim());
    let names = |other: &Record| -> Option<LineIndex> {
        record.agents.iter().copied().find(|&line| {
            other.agents.iter().any(|&theirs| {
                value(line).zip(value(theirs)).is_some_and(|(ours, theirs)| ours.eq_ignore_ascii_case(theirs))
            })
        })
    };
    let earlier = cx.doc.agent_records().take_while(|other| other.agents[0] < first_line);
    let Some((agent, ours, theirs)) = earlier
        .filter_map(|other| {
            let agent = names(other)?;
            let pair = match (allows_all(cx, record), disallows_all(cx, record)) {
                (Some(allow), None) => (allow, disallows_all(cx, other)?),
                (None, Some(disallow)) => (disallow, allows_all(cx, other)?),
                _ => return None,
            };
            Some((agent, pair.0, pair.1))
        })
        .next()
    else {
        return;
    };
    let witnesses = cx.witnesses();
    let star = value(agent) == Some("*");
    let disallow_all = if disallows_all(cx, record).is_some() { ours } else { theirs };
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
        witnesses.attach(diagnostic, &divergence);
    }
}

/// The record's empty `Disallow:`, which allows everything.
fn allows_all(cx: &Context<'_, '_>, record: &Record) -> Option<LineIndex> {
    disallow(cx, record, "")
}

/// The record's `Disallow: /`, which disallows everything.
fn disallows_all(cx: &Context<'_, '_>, record: &Record) -> Option<LineIndex> {
    disallow(cx, record, "/")
}

fn disallow(cx: &Context<'_, '_>, record: &Record, value: &str) -> Option<LineIndex> {
    let lines = cx.lines();
    record.governed_rules().find(|&line| {
        lines[line].field().is_some_and(|field| field.is(Directive::Disallow) && cx.slice(field.value) == value)
    })
}
