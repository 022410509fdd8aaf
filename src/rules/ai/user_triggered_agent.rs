use super::named_robots;
use crate::agents::Honours;
use crate::model::Directive;
use crate::rules::{Context, Findings};
use crate::text;

/// Groups that disallow paths to a fetcher that loads a page because a person asked for it
/// (`ChatGPT-User`, `Perplexity-User`), whose operator says robots.txt, written for
/// automatic crawling, may not apply to such visits. The lines are not wrong; they promise
/// less than they seem to.
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let lines = cx.lines();
    for robot in named_robots(cx).filter(|robot| robot.agent.honours == Honours::UserTriggered) {
        let Some(record) = cx.doc.record_of(robot.line) else { continue };
        let disallows = record.governed_rules().find(|&line| {
            lines[line].directive() == Some(Directive::Disallow)
                && lines[line].field().is_some_and(|field| !cx.slice(field.value).trim().is_empty())
        });
        let Some(disallow) = disallows else { continue };
        let agent = robot.agent;
        out.report(
            robot.field.value,
            text!(
                "{} fetches when a person asks; {} says robots.txt may not apply",
                agent.token.as_ref(),
                agent.operator.as_ref()
            ),
        )
        .label(lines[disallow].span, "may not keep it out")
        .help(text!(
            "the Disallow lines hold for the robots that obey them, but not necessarily for visits a user asks for; \
             to refuse those, block the user agent at the server. The operator's statement: {}",
            agent.docs.as_ref()
        ));
    }
}
