use crate::dialect::Matcher;
use crate::model::{LineIndex, Span};
use crate::preferences::Preferences;
use crate::rules::{Context, Findings};
use crate::text;

use super::{disallowed_under, group_robots, AgentLines};

/// A Content-Usage or Content-Signal line that concerns nothing a robot may fetch: outside
/// every group, or for a path (the whole site when it has none) that its group's own
/// Allow and Disallow lines keep every robot of the group off (draft-ietf-aipref-attach
/// §3.1: preferences apply only to what may be crawled).
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let preferences = Preferences::read(cx.doc, cx.text);
    let paths = preferences.usage.iter().map(|rule| (rule.line, rule.path));
    let signals = preferences.signals.iter().map(|signal| (signal.line, None));
    let agent_lines = AgentLines::new(cx);
    // The robots of the group of the lines just read: a group's preference lines come one
    // after another, and its matchers are compiled once for all of them, not once a line.
    let mut last_group: Option<(LineIndex, Vec<(Span, Matcher)>)> = None;
    for (line, path) in paths.chain(signals) {
        let Some(field) = cx.lines()[line].field() else { continue };
        let Some(agent_line) = agent_lines.group_agent_line(line) else {
            out.report(field.name, text!("`{}` line before any User-agent line: no robot reads it", field.name)).help(
                "a preference belongs to the group of the User-agent lines above it (draft-ietf-aipref-attach \
                     §3); put it under `User-agent: *` to state it for every robot",
            );
            continue;
        };
        let robots = match &mut last_group {
            Some((group, robots)) if *group == agent_line => &*robots,
            last => &last.insert((agent_line, group_robots(cx, agent_line))).1,
        };
        let path_text = path.map_or("/", |path| cx.slice(path));
        let mut blocked = robots.iter().map(|(name, matcher)| (*name, disallowed_under(matcher, path_text)));
        let Some((first_robot, Some(deciding))) = blocked.next() else { continue };
        if !blocked.all(|(_, rule)| rule.is_some()) {
            continue;
        }
        let whom = if robots.len() == 1 { text!("`{}`", first_robot) } else { text!("its group's robots") };
        let (span, place) = match path {
            Some(path) => (path, text!("`{}`", path)),
            None => (field.name, text!("anything on the site")),
        };
        out.report(span, text!("`{}` has no effect: {} may not crawl {}", field.name, whom, place.clone()))
            .label(deciding.span, text!("keeps `{}` off {}", first_robot, place))
            .help(
                "usage preferences apply only to what the group may crawl (draft-ietf-aipref-attach §3.1); a robot \
                 that may not fetch a page never uses it, so the line changes nothing: remove it, or allow the \
                 crawling it is about",
            );
    }
}
