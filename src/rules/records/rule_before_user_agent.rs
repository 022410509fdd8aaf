use crate::model::Directive;
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let lines = cx.lines();
    // A misspelt User-agent line above is the usual cause: most robots skip it.
    let misspelt_agent = lines.iter().find(|line| {
        line.field().is_some_and(|field| {
            field.directive.is_none() && Directive::from_misspelling(cx.slice(field.name)) == Some(Directive::UserAgent)
        })
    });
    for record in &cx.doc.records {
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
        }
        if !record.agents.is_empty() {
            return;
        }
    }
}
