//! Rules of category `ai`, code band RL5xx: the crawlers that collect for AI and the fields
//! (`Content-Signal`, `Content-Usage`) that state how content may be used.
//! One file per rule; its line in `super`'s registry says when it runs.
pub(super) mod ai_group_looser_than_star;
pub(super) mod control_token_as_crawler;
pub(super) mod retired_agent;
pub(super) mod unknown_agent;
pub(super) mod user_triggered_agent;

use crate::agents::{Agent, Obeys, Registry};
use crate::model::{Field, LineIndex};
use crate::rules::Context;

/// A User-agent line whose value names a robot of the built-in registry.
pub(super) struct NamedRobot<'a> {
    pub line: LineIndex,
    pub field: &'a Field,
    pub agent: &'static Agent,
}

/// Every User-agent line that names a robot of the registry, in file order.
pub(super) fn named_robots<'a>(cx: &Context<'a, '_>) -> impl Iterator<Item = NamedRobot<'a>> + 'a {
    let (doc, text) = (cx.doc, cx.text);
    let registry = Registry::builtin();
    doc.agent_lines().filter_map(move |(line, _, field)| {
        let agent = registry.find(field.value.text(text))?;
        Some(NamedRobot { line, field, agent })
    })
}

/// Which group `agent` obeys in the file, as its own dialect reads it, in words: "ClaudeBot
/// obeys the `*` group (line 4)".
pub(super) fn obeyed_group(cx: &Context<'_, '_>, agent: &Agent) -> String {
    let robot = agent.matcher(cx.doc, cx.text);
    let line = robot.matcher.agent_lines().first().map_or(String::new(), |line| format!(" (line {})", line + 1));
    let token = &agent.token;
    match robot.obeys {
        Obeys::OwnGroup => format!("{token} obeys its own group{line}"),
        Obeys::Fallback(fallback) => format!("{token} obeys the group of `{fallback}`{line}"),
        Obeys::Star => format!("{token} obeys the `*` group{line}"),
        Obeys::NoGroup => format!("{token} obeys no group and may fetch everything"),
    }
}
