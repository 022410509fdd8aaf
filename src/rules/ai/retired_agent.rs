use std::collections::HashMap;

use super::{named_robots, obeyed_group, NamedRobot};
use crate::agents::Registry;
use crate::diagnostic::{Applicability, Edit, Evidence};
use crate::model::LineIndex;
use crate::rules::{Context, Findings};
use crate::text;

/// User-agent lines naming a token the registry marks retired: its operator's robots no
/// longer send it, so the group's rules reach none of them. Information in every case: a
/// retired token's group was meant for a robot that no longer visits, and what its
/// successor should obey is the site's call (giving Googlebot the rules once meant for a
/// feature-phone crawler can block the whole site). Where the line is only left over (the
/// successor shares the group, has a group of its own, falls back to this one, or there is
/// none), no robot of today reads anything differently, and the finding says so.
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let named: Vec<NamedRobot<'_>> = named_robots(cx).collect();
    // Each robot's lines, by its registry token: where a successor is named.
    let mut lines_naming: HashMap<&str, Vec<LineIndex>> = HashMap::new();
    for robot in &named {
        lines_naming.entry(robot.agent.token.as_ref()).or_default().push(robot.line);
    }
    // Groups given a successor's line by an earlier finding's fix: two retired tokens of one
    // group with one successor (`anthropic-ai`, `Claude-Web`) must not add it twice.
    let mut fixed_groups: Vec<(Option<usize>, &str)> = Vec::new();
    let lines = cx.lines();
    for robot in named.iter().filter(|robot| robot.agent.is_retired()) {
        let agent = robot.agent;
        let retired = agent.retired.as_deref().unwrap_or_default();
        let operator = agent.operator.as_ref();
        let value = robot.field.value;
        let successor = agent.replaced_by.as_deref().and_then(|token| Registry::builtin().find(token));
        let Some(successor) = successor else {
            out.report(
                robot.field.value,
                text!("`{}` is retired ({}); no robot of {} sends it now", value, retired, operator),
            )
            .help(
                "the group's rules reach no robot through this line; remove it when no other robot you care \
                     about is meant by it",
            )
            .evidence(Evidence::NoEffect);
            continue;
        };
        let token = successor.token.as_ref();
        let group = cx.doc.record_index_of(robot.line);
        let successor_lines = lines_naming.get(successor.token.as_ref()).map_or(&[][..], Vec::as_slice);
        let in_group = successor_lines.iter().find(|&&line| cx.doc.record_index_of(line) == group);
        if let Some(&line) = in_group {
            out.report(
                robot.field.value,
                text!("`{}` is retired ({}) and harmless here: {} shares its group", value, retired, token),
            )
            .label(lines[line].span, text!("{}'s crawler today", operator))
            .help("no robot sends the retired token any more; the line may go, and keeping it changes nothing")
            .evidence(Evidence::NoEffect);
            continue;
        }
        // The admin gave the successor a group of its own: the retired line is only left over.
        if let Some(&elsewhere) = successor_lines.first() {
            out.report(
                robot.field.value,
                text!("`{}` is retired ({}); {} has its own group (line {})", value, retired, token, elsewhere + 1),
            )
            .label(lines[elsewhere].span, text!("{}'s crawler today", operator))
            .help(text!(
                "{} no longer sends `{}`, so this group's rules reach none of its robots; {} obeys the group \
                 that names it. Check that group says what this one meant",
                operator,
                value,
                token,
            ))
            .evidence(Evidence::NoEffect);
            continue;
        }
        // A successor that falls back to the retired token's group still reads it, when no
        // group names it.
        if successor.fallback.iter().any(|fallback| agent.tokens().any(|token| token.eq_ignore_ascii_case(fallback))) {
            out.report(
                robot.field.value,
                text!("`{}` is retired ({}) and harmless here: {} still reads its group", value, retired, token),
            )
            .help("the successor obeys the retired token's group when no group names it; naming it keeps that true")
            .evidence(Evidence::NoEffect);
            continue;
        }
        let diagnostic = out
            .report(
                robot.field.value,
                text!("`{}` is retired ({}); {}'s crawler is {}", value, retired, operator, token),
            )
            .help(text!(
                "{} no longer sends `{}`, so this group's rules reach none of its robots: {}. Name {} in this \
                 group only if these rules are meant for it too (check that they do not block what it should crawl)",
                operator,
                value,
                obeyed_group(cx, successor),
                token,
            ));
        if fixed_groups.contains(&(group, successor.token.as_ref())) {
            continue;
        }
        fixed_groups.push((group, successor.token.as_ref()));
        let line = &lines[robot.line];
        let (insert_at, new_line) = match cx.slice(line.ending_span) {
            "" => (line.ending_span.end(), format!("\nUser-agent: {}", successor.token)),
            ending => (line.ending_span.end(), format!("User-agent: {}{ending}", successor.token)),
        };
        diagnostic.fix(
            Applicability::Unsafe,
            format!("Add `User-agent: {}` after this line", successor.token),
            vec![Edit::insert(insert_at, new_line)],
        );
    }
}
