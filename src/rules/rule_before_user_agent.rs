use crate::model::Directive;
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_>, out: &mut Findings) {
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
            let diagnostic =
                out.report(line.span, "this rule comes before any User-agent line, so no robot applies it").help(
                    "put a `User-agent:` line (`*` for every robot) before it; RFC 9309 ignores rules outside groups",
                );
            if let Some(misspelt) = misspelt_agent.filter(|misspelt| misspelt.span.start < line.span.start) {
                diagnostic.label(misspelt.span, "not a User-agent line for most robots: the field name is misspelt");
            }
        }
        if !record.agents.is_empty() {
            return;
        }
    }
}
