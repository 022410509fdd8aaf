use super::obeyed_group;
use crate::agents::{Agent, Purpose, Registry};
use crate::diagnostic::{Arg, Text};
use crate::model::{Directive, LineIndex};
use crate::rules::{Context, Findings};
use crate::text;

/// Groups for control tokens only (`Google-Extended`, `Applebot-Extended`) that hold lines
/// only a crawler could act on: an Allow with no Disallow of the group to make an exception
/// to, or a Crawl-delay. No robot fetches as a control token; the crawler that fetches
/// (Googlebot, Applebot) reads its own group or `*`. A Disallow, and an Allow carving an
/// exception out of one, state the preference: the documented use.
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let registry = Registry::builtin();
    let lines = cx.lines();
    for record in cx.doc.agent_records() {
        let controls: Option<Vec<&'static Agent>> = record
            .agents
            .iter()
            .map(|&line| {
                let agent = cx.analysis.robot_named_at(line)?;
                (agent.purpose == Purpose::Control).then_some(agent)
            })
            .collect();
        let Some(controls) = controls.filter(|controls| !controls.is_empty()) else { continue };
        let value_of = |line: LineIndex| lines[line].field().map_or("", |field| cx.slice(field.value).trim());
        let has_disallow = record
            .rules
            .iter()
            .any(|&line| lines[line].directive() == Some(Directive::Disallow) && !value_of(line).is_empty());
        let allows =
            record.rules.iter().filter(|&&line| lines[line].directive() == Some(Directive::Allow) && !has_disallow);
        let delays = record.extensions.iter().filter(|&&line| lines[line].directive() == Some(Directive::CrawlDelay));
        let mut misread: Vec<LineIndex> = allows.chain(delays).copied().collect();
        misread.sort_unstable();
        let Some(&first) = misread.first() else { continue };
        let (Some(&first_agent), Some(&last_agent)) = (record.agents.first(), record.agents.last()) else { continue };
        let tokens = Text::joined(controls.iter().map(|agent| text!("`{}`", agent.token.as_ref())), " and ");
        let crawlers: Vec<&'static Agent> = controls
            .iter()
            .flat_map(|agent| agent.crawled_by.iter())
            .filter_map(|token| registry.find(token))
            .fold(Vec::new(), |mut crawlers, crawler| {
                if !crawlers.iter().any(|known: &&Agent| known.token == crawler.token) {
                    crawlers.push(crawler);
                }
                crawlers
            });
        let fetchers: Vec<&'static str> = crawlers.iter().map(|crawler| crawler.token.as_ref()).collect();
        let what = lines[first].field().map_or(Arg::Static(""), |field| Arg::Source(field.name));
        let (is, its) = match controls.len() {
            1 => ("is a control token, not a crawler", "its"),
            _ => ("are control tokens, not crawlers", "their"),
        };
        let fetcher = match fetchers.as_slice() {
            [] => text!("the crawler that fetches reads its own group or `*`"),
            &[one] => text!("{} reads its own group or `*`", one),
            several => {
                let several = Text::joined(several.iter().map(|&fetcher| Text::from(fetcher)), " and ");
                text!("{} read their own groups or `*`", several)
            }
        };
        let headline = text!("{} {}: {} `{}` decides no fetch; {}", tokens, is, its, what, fetcher);
        let diagnostic = out.report(lines[first_agent].span.to(lines[last_agent].span), headline);
        for &line in &misread {
            diagnostic.label(lines[line].span, "read by no crawler: it fetches by another group");
        }
        let obeyed = Text::joined(crawlers.iter().map(|&crawler| obeyed_group(cx, crawler)), ", and ");
        diagnostic.help(text!(
            "a control token only carries a preference about what its operator's crawlers fetched; in this file \
             {}. Put Allow and Crawl-delay lines in that crawler's group; under the control token, Disallow the paths \
             whose use you refuse",
            obeyed
        ));
    }
}
