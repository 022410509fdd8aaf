use crate::model::{Directive, Record};
use crate::rules::{Context, Findings};

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
    out.report(agents, "this record has no Disallow line").help(help);
}
