use crate::model::{Directive, Record};
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, record: &Record, out: &mut Findings) {
    let lines = cx.lines();
    if record.agents.is_empty() {
        return;
    }
    let is_star = |line: usize| lines[line].field().is_some_and(|field| cx.slice(field.value) == "*");
    let Some(star) = record.agents.iter().copied().find(|&line| is_star(line)) else { return };
    let rule = |line: usize| lines[line].field().and_then(|field| Some((field.directive?, cx.slice(field.value))));
    let Some(disallow_all) = record.governed_rules().find(|&line| rule(line) == Some((Directive::Disallow, "/")))
    else {
        return;
    };
    // An Allow with a path opens part of the site; an empty `Disallow:` before the
    // `Disallow: /` opens all of it to first-match robots (allow-all-and-disallow-all
    // reports that contradiction).
    let opened = record.governed_rules().any(|line| match rule(line) {
        Some((Directive::Allow, value)) => !value.is_empty(),
        Some((Directive::Disallow, "")) => line < disallow_all,
        _ => false,
    });
    if opened {
        return;
    }
    out.report(lines[disallow_all].field_span(), "every robot without a record of its own is kept off the whole site")
        .label(lines[star].field_span(), "for every robot")
        .help(
            "this is how a staging site keeps crawlers out, and a common accident when that file reaches \
             production; if the site is meant to be crawled, use `Disallow:` (nothing disallowed)",
        );
}
