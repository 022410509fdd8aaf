use crate::model::{Directive, Record};
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, record: &Record, out: &mut Findings) {
    let lines = cx.lines();
    if record.agents.is_empty() {
        return;
    }
    let disallow = |value: &str| {
        record.governed_rules().find(|&line| {
            lines[line].field().is_some_and(|field| field.is(Directive::Disallow) && cx.slice(field.value) == value)
        })
    };
    let (Some(nothing), Some(everything)) = (disallow(""), disallow("/")) else { return };
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
}
