use crate::analysis::all_or_nothing::closes_the_site;
use crate::diagnostic::{Severity, Text};
use crate::dialect::Dialect;
use crate::model::{Directive, LineIndex, Record};
use crate::rules::{Context, Findings};
use crate::text;

pub fn check(cx: &Context<'_, '_>, record: &Record, out: &mut Findings) {
    let lines = cx.lines();
    if record.agents.is_empty() {
        return;
    }
    let is_star = |line: usize| lines[line].field().is_some_and(|field| cx.slice(field.value) == "*");
    let Some(star) = record.agents.iter().copied().find(|&line| is_star(line)) else { return };
    let Some(disallow_all) = closes_the_site(record, lines, cx.text) else { return };
    // A file that lets some robots in with groups of their own closes the site to the rest on
    // purpose; only where every group closes it can the file's other lines tell what it meant.
    let every_group_closed = cx.analysis.all_or_nothing().every_record_closes_the_site();
    // Disallow lines for parts of the site, which `Disallow: /` leaves with nothing to do:
    // the file meant only those parts closed.
    let defeated: Vec<LineIndex> = record
        .governed_rules()
        .filter(|&line| {
            lines[line]
                .field()
                .is_some_and(|field| field.is(Directive::Disallow) && !matches!(cx.slice(field.value).trim(), "" | "/"))
        })
        .collect();
    let sitemap = cx.analysis.first_sitemap();
    let who = || who_is_kept_off(cx, record).filter(|_| every_group_closed);
    if let Some(who) = who().filter(|_| !defeated.is_empty()) {
        let diagnostic = out
            .report(
                lines[disallow_all].field_span(),
                text!(
                    "`Disallow: /` keeps {} off the whole site, so this group's other Disallow lines do nothing",
                    who
                ),
            )
            .label(lines[star].field_span(), "for every robot")
            .help(
                "the group closes a few paths and then every path, and no group lets any robot in: robots obey the \
                 widest rule. If only those paths are meant, delete `Disallow: /`; if the whole site is meant, the \
                 other lines can go",
            );
        for &line in &defeated {
            diagnostic.label(lines[line].field_span(), "does nothing beside `Disallow: /`");
        }
        diagnostic.severity = Severity::Warning;
        return;
    }
    if let Some((sitemap, who)) = sitemap.zip(who()) {
        let diagnostic = out
            .report(
                lines[disallow_all].field_span(),
                text!("`Disallow: /` keeps {} off the whole site, which the file's Sitemap asks robots to crawl", who),
            )
            .label(lines[sitemap].field_span(), "a sitemap of pages to crawl")
            .label(lines[star].field_span(), "for every robot")
            .help(
                "every group of the file closes the whole site, yet it lists a sitemap: a staging file that \
                 reached production, or a rule that meant less. If the site is meant to be crawled, use \
                 `Disallow:` (nothing disallowed) or close only the paths meant",
            );
        diagnostic.severity = Severity::Warning;
        return;
    }
    out.report(lines[disallow_all].field_span(), "every robot without a record of its own is kept off the whole site")
        .label(lines[star].field_span(), "for every robot")
        .help(
            "this is how a staging site keeps crawlers out, and a common accident when that file reaches \
             production; if the site is meant to be crawled, use `Disallow:` (nothing disallowed)",
        );
}

/// The robots the `*` record keeps off the site, in words, once Google's matcher confirms that
/// a rule of the record keeps them from `/`: Googlebot, where it obeys the `*` group, and every
/// robot without a group of its own. `None` when another group decides for them.
fn who_is_kept_off(cx: &Context<'_, '_>, record: &Record) -> Option<Text> {
    let witnesses = cx.witnesses();
    let kept_off = |robot: &str| {
        witnesses.verdict(robot, "/", Dialect::Google).is_some_and(|verdict| {
            !verdict.allowed && verdict.reason.rule().is_some_and(|rule| record.rules.contains(&rule.line))
        })
    };
    if kept_off("googlebot") {
        return Some(text!("Googlebot and every other robot without a group of its own"));
    }
    kept_off(&witnesses.anonymous_robot()).then(|| text!("every robot without a group of its own"))
}
