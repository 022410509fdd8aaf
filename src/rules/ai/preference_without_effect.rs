use crate::preferences::Preferences;
use crate::rules::{Context, Findings};
use crate::text;

use super::{disallowed_under, group_agent_line, group_robots};

/// A Content-Usage or Content-Signal line that concerns nothing a robot may fetch: outside
/// every group, or for a path (the whole site when it has none) that its group's own
/// Allow and Disallow lines keep every robot of the group off (draft-ietf-aipref-attach
/// §3.1: preferences apply only to what may be crawled).
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let preferences = Preferences::read(cx.doc, cx.text);
    let paths = preferences.usage.iter().map(|rule| (rule.line, rule.path));
    let signals = preferences.signals.iter().map(|signal| (signal.line, None));
    for (line, path) in paths.chain(signals) {
        let Some(field) = cx.lines()[line].field() else { continue };
        let Some(agent_line) = group_agent_line(cx, line) else {
            out.report(field.name, text!("`{}` line before any User-agent line: no robot reads it", field.name)).help(
                "a preference belongs to the group of the User-agent lines above it (draft-ietf-aipref-attach \
                     §3); put it under `User-agent: *` to state it for every robot",
            );
            continue;
        };
        let robots = group_robots(cx, agent_line);
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
