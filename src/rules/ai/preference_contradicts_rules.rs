use crate::agents::{self, Purpose, Registry};
use crate::model::{LineIndex, Span};
use crate::preferences::{Category, Preference, Preferences};
use crate::rules::{Context, Findings};
use crate::text;

use super::{disallowed_under, AgentLines};

/// A preference that allows a use for everyone (in the `*` group, for the whole site) while
/// the same file keeps every current registry robot of that use off the whole site: the
/// two lines say opposite things, and only the Disallow lines are obeyed.
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let preferences = Preferences::read(cx.doc, cx.text);
    // Each whole-site statement for everyone, with what it says of each category and the
    // span that says it.
    let mut statements: Vec<(Category, Preference, Span)> = Vec::new();
    let mut star_groups = StarGroups { agent_lines: AgentLines::new(cx), last: None };
    for rule in &preferences.usage {
        let whole_site = rule.path.is_none_or(|path| cx.slice(path) == "/");
        if !whole_site || !star_groups.holds(cx, rule.line) {
            continue;
        }
        for category in Category::ALL {
            let member =
                rule.effective_members(cx.text).into_iter().find(|member| cx.slice(member.key) == category.label());
            if let Some(member) = member {
                statements.push((category, rule.preference(category, cx.text), member.span()));
            }
        }
    }
    for signal in &preferences.signals {
        if !star_groups.holds(cx, signal.line) {
            continue;
        }
        for category in Category::ALL {
            let pair = signal
                .pairs
                .iter()
                .filter_map(|pair| pair.key_value)
                .rfind(|(key, _)| cx.slice(*key).eq_ignore_ascii_case(category.signal_key()));
            if let Some((key, value)) = pair {
                statements.push((category, signal.preference(category, cx.text), key.to(value)));
            }
        }
    }
    for category in Category::ALL {
        let said: Vec<&(Category, Preference, Span)> = statements.iter().filter(|(of, _, _)| *of == category).collect();
        // Vocab §5.1: any disallow among the statements wins.
        let combined =
            said.iter().fold(Preference::Unknown, |so_far, (_, preference, _)| so_far.most_restrictive(*preference));
        if combined != Preference::Allowed {
            continue;
        }
        let Some(&&(_, _, allowing)) = said.iter().find(|(_, preference, _)| *preference == Preference::Allowed) else {
            continue;
        };
        report_if_all_blocked(cx, out, category, allowing);
    }
}

/// Which groups name `*`, each answered once for the preference lines that follow one
/// another in it (a group of many User-agent lines was read again for each).
struct StarGroups {
    agent_lines: AgentLines,
    /// The last group asked about (its last User-agent line), and the answer.
    last: Option<(LineIndex, bool)>,
}

impl StarGroups {
    /// Whether the preference line belongs to a group that names `*`.
    fn holds(&mut self, cx: &Context<'_, '_>, line: LineIndex) -> bool {
        let Some(agent_line) = self.agent_lines.group_agent_line(line) else { return false };
        match self.last {
            Some((group, star)) if group == agent_line => star,
            _ => {
                let lines = cx.lines();
                let is_agent = |index: &LineIndex| {
                    lines[*index].field().is_none_or(|field| field.is(crate::model::Directive::UserAgent))
                };
                let star = (0..=agent_line)
                    .rev()
                    .take_while(is_agent)
                    .filter_map(|index| lines[index].field())
                    .any(|field| cx.slice(field.value) == "*");
                self.last = Some((agent_line, star));
                star
            }
        }
    }
}

fn report_if_all_blocked(cx: &Context<'_, '_>, out: &mut Findings, category: Category, allowing: Span) {
    let (purpose, use_name) = match category {
        Category::TrainAi => (Purpose::AiTraining, "AI training"),
        Category::Search => (Purpose::Search, "search"),
    };
    let robots: Vec<_> =
        Registry::builtin().agents().iter().filter(|agent| agent.purpose == purpose && !agent.is_retired()).collect();
    let mut example = None;
    // The file read once per dialect for all of them, not once per robot.
    for (agent, robot) in robots.iter().zip(agents::matchers(&robots, cx.doc, cx.text)) {
        match disallowed_under(&robot.matcher, "/") {
            Some(deciding) => {
                example.get_or_insert((agent.token.as_ref(), deciding));
            }
            None => return,
        }
    }
    let Some((token, deciding)) = example else { return };
    let count = robots.len();
    out.report(
        allowing,
        text!(
            "`{}` allows {} for everyone, but this file keeps all {} {} robots of the registry \
             off the whole site",
            allowing,
            use_name,
            count,
            use_name
        ),
    )
    .label(deciding.span, text!("keeps `{}` (one of them) off the site", token))
    .help(
        "the preference speaks only for what robots may crawl, and these may crawl nothing; say `n`/`no` if the \
         Disallow lines are what you mean, or let the robots in if the preference is",
    );
}
