use crate::diagnostic::Evidence;
use crate::model::Directive;
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let lines = cx.lines();
    // A misspelt User-agent line above is the usual cause: most robots skip it.
    let misspelt_agent = (0..lines.len())
        .find(|&index| cx.misspelt_directive(index) == Some(Directive::UserAgent))
        .map(|index| &lines[index]);
    for record in &cx.doc.records {
        // Allow lines (or empty Disallows) that no robot applies leave every URL as allowed
        // as it was: losing them changes nothing. One Disallow among them, and each lost
        // line may matter.
        let none_blocks = !record.orphan_rules().iter().any(|&rule| blocks_anything(cx, rule));
        for index in record.orphan_rules() {
            let line = &lines[index];
            let misspelt_above = misspelt_agent.filter(|misspelt| misspelt.span.start() < line.span.start());
            // Google reads the common misspellings of User-agent, so for Googlebot the rule does
            // belong to a group: saying "no robot" would be wrong.
            let message = if misspelt_above.is_some() {
                "this rule comes before any User-agent line most robots read, so only Google, which accepts the misspelt one above, applies it"
            } else {
                "this rule comes before any User-agent line, so no robot applies it"
            };
            let diagnostic = out.report(line.span, message).help(
                "put a `User-agent:` line (`*` for every robot) before it; RFC 9309 ignores rules outside groups",
            );
            if let Some(misspelt) = misspelt_above {
                diagnostic.label(misspelt.span, "not a User-agent line for most robots: the field name is misspelt");
            }
            if none_blocks {
                diagnostic.evidence(Evidence::NoEffect);
            }
        }
        if !record.agents.is_empty() {
            return;
        }
    }
}

/// Whether the rule on line `index` would keep a robot from some URL: a Disallow with a path.
fn blocks_anything(cx: &Context<'_, '_>, index: usize) -> bool {
    cx.lines()[index].field().is_some_and(|field| field.is(Directive::Disallow) && !field.value.is_empty())
}
