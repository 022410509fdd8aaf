use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, OnceLock, PoisonError};

use crate::agents::{Agent, Purpose, Registry};
use crate::diagnostic::{Applicability, Edit, Evidence, Text};
use crate::model::Span;
use crate::rules::{Context, Findings};
use crate::text;
use crate::text::edit_distance_at_most;

/// User-agent values that no robot of the registry answers to but that are close to a token
/// one does: a misspelling (`ClaudBot`), a brand without its robot's suffix (`Claude`,
/// `ChatGPT`), or a crawler's name with a control token's suffix (`Googlebot-Extended`).
/// Such a group applies to no robot. Tokens far from every registry token are left alone:
/// files name thousands of robots the registry does not know.
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let registry = Registry::builtin();
    let suggester = Suggester::builtin();
    for (line, _, field) in cx.doc.agent_lines() {
        let value = cx.slice(field.value);
        let token = product_token(value);
        if token.is_empty() || cx.analysis.robot_named_at(line).is_some() || registry.find(token).is_some() {
            continue;
        }
        let suggestions = suggester.suggestions(token);
        let Some((last, others)) = suggestions.split_last() else { continue };
        let listed = Text::joined(others.iter().map(|agent| text!("`{}`", agent.token.as_ref())), ", ");
        let did_you_mean = match others {
            [] => text!("`{}`", last.token.as_ref()),
            _ => text!("{} or `{}`", listed, last.token.as_ref()),
        };
        // Past any leading whitespace the value keeps (a no-break space), which `product_token`
        // trims: the finding and its fix are about the token alone.
        let token_start = field.value.start() + (value.len() - value.trim_start().len());
        let token_span = Span::new(token_start, token_start + token.len());
        let described = suggestions.iter().map(|&agent| text!("`{}` is {}", agent.token.as_ref(), what_it_is(agent)));
        let described = Text::joined(described, "; ");
        let diagnostic = out
            .report(token_span, text!("no robot answers to `{}`; did you mean {}?", token_span, did_you_mean))
            .help(text!(
                "a group reaches only the robots whose tokens its User-agent lines name, and no robot of the registry \
                 sends this one: {}",
                described
            ));
        // The robot meant is named by another line already: renaming this one only repeats it.
        if suggestions.iter().all(|agent| named_elsewhere(cx, agent)) {
            diagnostic.evidence(Evidence::NoEffect);
        }
        if let [only] = suggestions.as_slice() {
            diagnostic.fix(
                Applicability::Unsafe,
                format!("Replace `{token}` with `{}`", only.token),
                vec![Edit::replace(token_span, only.token.clone())],
            );
        }
    }
}

/// Whether a User-agent line of the file names `agent` by one of its tokens.
fn named_elsewhere(cx: &Context<'_, '_>, agent: &Agent) -> bool {
    cx.doc.agent_lines().any(|(_, _, field)| {
        let value = cx.slice(field.value).trim();
        agent
            .tokens()
            .any(|token| value.eq_ignore_ascii_case(token) || product_token(value).eq_ignore_ascii_case(token))
    })
}

/// Whether `token` names no robot of the registry but reads as a mistake for one of today's
/// (`AhrefsbBot`, `googlebot_news`): a group of it reaches no robot, and the robot meant
/// reads another group, which this rule reports.
pub(in crate::rules) fn names_a_robot_mistakenly(token: &str) -> bool {
    // Both ignore case.
    Registry::builtin().find(token).is_none() && !Suggester::builtin().suggestions(token).is_empty()
}

/// The robot name a value starts with: `Claude` of `Claude/1.0`, `Mediapartners-Google` of
/// `Mediapartners-Google*`.
fn product_token(value: &str) -> &str {
    let value = value.trim();
    let end = value.find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))).unwrap_or(value.len());
    &value[..end]
}

/// A robot in a few words: "OpenAI's AI training crawler".
fn what_it_is(agent: &'static Agent) -> Text {
    let kind = match agent.purpose {
        Purpose::Search => "search crawler",
        Purpose::AiTraining => "AI training crawler",
        Purpose::AiSearch => "AI search crawler",
        Purpose::UserTriggered => "fetcher for its users' requests",
        Purpose::Control => "control token (no crawler sends it)",
        Purpose::Seo => "SEO crawler",
        Purpose::Archive => "archiving crawler",
        Purpose::SocialPreview => "link-preview fetcher",
        Purpose::Library => "HTTP client or crawler framework",
        Purpose::Other => "robot",
    };
    match agent.operator.as_ref() {
        "unknown" => text!("a {} of an unknown operator", kind),
        operator => text!("{}'s {}", operator, kind),
    }
}

/// What a brand's crawler is called: `ClaudeBot` for `Claude`.
const CRAWLER_SUFFIX: &str = "bot";
/// What a brand's fetcher for its users is called: `ChatGPT-User` for `ChatGPT`.
const USER_FETCHER_SUFFIX: &str = "-user";
/// Brands shorter than this are too often another robot's whole name (`Buddy`).
const MIN_BRAND_LEN: usize = 6;

/// What suggestions are made from, read out of the registry once per process rather than
/// for each of the thousands of distinct names a corpus holds: the names robots fall back
/// to, the control tokens, and the current robots by token, all in lower case.
struct Suggester {
    registry: &'static Registry,
    fallbacks: HashSet<String>,
    controls: Vec<(&'static Agent, String)>,
    current: Vec<&'static Agent>,
    current_by_token: HashMap<String, Vec<&'static Agent>>,
    /// The suggestions for each token asked about so far, up to [`REMEMBERED_TOKENS`]: a
    /// corpus names the same few thousand unknown robots in file after file (protego's 4,231
    /// files: 10,879 asks, 2,341 distinct tokens), and an editor asks again on every
    /// keystroke.
    remembered: Mutex<HashMap<String, Vec<&'static Agent>>>,
}

/// How many tokens' suggestions a process keeps: some 2 MB at most. Past it, further tokens
/// are worked out each time they are asked.
const REMEMBERED_TOKENS: usize = 16_384;

impl Suggester {
    fn builtin() -> &'static Suggester {
        static BUILTIN: OnceLock<Suggester> = OnceLock::new();
        BUILTIN.get_or_init(|| Suggester::new(Registry::builtin()))
    }

    fn new(registry: &'static Registry) -> Suggester {
        let agents = registry.agents();
        let current: Vec<&'static Agent> = agents.iter().filter(|agent| !agent.is_retired()).collect();
        let mut current_by_token: HashMap<String, Vec<&'static Agent>> = HashMap::new();
        for &agent in &current {
            current_by_token.entry(agent.token.to_ascii_lowercase()).or_default().push(agent);
        }
        Suggester {
            registry,
            fallbacks: agents
                .iter()
                .flat_map(|agent| agent.fallback.iter())
                .map(|name| name.to_ascii_lowercase())
                .collect(),
            controls: current
                .iter()
                .filter(|agent| agent.purpose == Purpose::Control)
                .map(|&agent| (agent, agent.token.to_ascii_lowercase()))
                .collect(),
            current,
            current_by_token,
            remembered: Mutex::default(),
        }
    }

    /// [`Suggester::suggest`] for `token` in any case, remembered.
    fn suggestions(&self, token: &str) -> Vec<&'static Agent> {
        let lowered = token.to_ascii_lowercase();
        // A poisoned lock only means another thread panicked mid-insert: what it holds is
        // still whole suggestions, or none.
        let remembered = |memo: &HashMap<String, Vec<&'static Agent>>| memo.get(&lowered).cloned();
        if let Some(suggestions) = remembered(&self.remembered.lock().unwrap_or_else(PoisonError::into_inner)) {
            return suggestions;
        }
        let suggestions = self.suggest(&lowered);
        let mut memo = self.remembered.lock().unwrap_or_else(PoisonError::into_inner);
        if memo.len() < REMEMBERED_TOKENS {
            memo.insert(lowered, suggestions.clone());
        }
        suggestions
    }

    /// The registry's robots that `token` (lower case, known to no robot) was likely meant to
    /// name, best shapes first: a control token's suffix on its crawler's name, then an AI
    /// brand without its robot's suffix, then a misspelling.
    fn suggest(&self, token: &str) -> Vec<&'static Agent> {
        let registry = self.registry;
        // A fallback token (`Yandex`) is read by the robots that fall back to it: not a mistake.
        if self.fallbacks.contains(token) {
            return Vec::new();
        }
        let named = |name: String| self.current_by_token.get(&name).into_iter().flatten().copied();
        let with_control_suffix: Vec<_> = self
            .controls
            .iter()
            .filter(|(_, control)| is_control_suffix_shape(token, control))
            .map(|&(agent, _)| agent)
            .collect();
        if !with_control_suffix.is_empty() {
            return with_control_suffix;
        }
        if token.len() >= MIN_BRAND_LEN {
            // Only AI brands: `Google` or `Pinterest` are also names other robots send.
            let crawler: Vec<_> = named(format!("{token}{CRAWLER_SUFFIX}")).filter(|agent| is_ai(agent)).collect();
            if !crawler.is_empty() {
                return crawler;
            }
            // `ChatGPT` is the assistant: its fetcher for users, and the operator's training crawler.
            if let Some(fetcher) = named(format!("{token}{USER_FETCHER_SUFFIX}")).find(|agent| is_ai(agent)) {
                let trainers = self
                    .current
                    .iter()
                    .copied()
                    .filter(|agent| agent.purpose == Purpose::AiTraining && agent.operator == fetcher.operator);
                return std::iter::once(fetcher).chain(trainers).collect();
            }
        }
        // A misspelling keeps its robot's first letter: only the tokens (lower-cased, as the
        // registry keeps them) that start with it are compared, not the whole registry, for each of
        // the thousands of names a corpus holds.
        let first_letter = token.chars().next().map_or("", |letter| &token[..letter.len_utf8()]);
        let mut nearest: Vec<&'static Agent> = Vec::new();
        let mut nearest_distance = usize::MAX;
        for (known, agent) in registry.tokens_starting_with(first_letter) {
            let Some(distance) = misspelling_distance(token, known).filter(|_| !agent.is_retired()) else { continue };
            if distance < nearest_distance {
                nearest_distance = distance;
                nearest.clear();
            }
            if distance == nearest_distance && !nearest.iter().any(|&seen| std::ptr::eq(seen, agent)) {
                nearest.push(agent);
            }
        }
        // In the registry's order, as the suggestions are listed.
        let position = |agent: &Agent| registry.agents().iter().position(|listed| std::ptr::eq(listed, agent));
        nearest.sort_by_key(|&agent| position(agent));
        nearest
    }
}

fn is_ai(agent: &Agent) -> bool {
    matches!(agent.purpose, Purpose::AiTraining | Purpose::AiSearch | Purpose::UserTriggered | Purpose::Control)
}

/// `googlebot-extended` for `google-extended`: the part after the last `-` is the control
/// token's, and one name before it begins the other (the crawler's name for its operator's).
fn is_control_suffix_shape(token: &str, control: &str) -> bool {
    let (Some((name, suffix)), Some((control_name, control_suffix))) =
        (token.rsplit_once('-'), control.rsplit_once('-'))
    else {
        return false;
    };
    suffix == control_suffix
        && name != control_name
        && !control_name.is_empty()
        && (name.starts_with(control_name) || control_name.starts_with(name))
}

/// The edit distance from `token` to a registry token `known` (both lower case) when it
/// reads as a misspelling of it: both at least six letters long, one edit in six letters at most, the same first letter,
/// and in names shorter than twelve letters only a letter left out or doubled (`ClaudBot`,
/// `SemrushBoth`): one letter changed in a short name is as often another robot
/// (`Roverbot`, `rogerbot`). Not a sibling robot of one family (`SemrushBot-BA`,
/// `SemrushBot-SA`) nor another version of one name.
fn misspelling_distance(token: &str, known: &str) -> Option<usize> {
    const MIN_LEN: usize = 6;
    const LETTERS_PER_EDIT: usize = 6;
    const CHANGES_FROM_LEN: usize = 12;
    let longest = token.len().max(known.len());
    let allowed = longest / LETTERS_PER_EDIT;
    let length_change = token.len().abs_diff(known.len());
    if token.len() < MIN_LEN || known.len() < MIN_LEN || length_change > allowed || token.get(..1) != known.get(..1) {
        return None;
    }
    let siblings = match (token.rsplit_once('-'), known.rsplit_once('-')) {
        (Some((family, _)), Some((known_family, _))) => family == known_family,
        _ => false,
    };
    let same_but_for_digits =
        token.chars().filter(|c| !c.is_ascii_digit()).eq(known.chars().filter(|c| !c.is_ascii_digit()));
    if siblings || same_but_for_digits {
        return None;
    }
    let distance = edit_distance_at_most(token, known, allowed)?;
    let only_letters_left_out_or_added = distance == length_change;
    let fits = distance >= 1 && (longest >= CHANGES_FROM_LEN || only_letters_left_out_or_added);
    fits.then_some(distance)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(agents: &[&'static Agent]) -> Vec<String> {
        agents.iter().map(|agent| agent.token.to_string()).collect()
    }

    #[test]
    fn suggestions_are_remembered_once_for_a_token_in_any_case() {
        let suggester = Suggester::new(Registry::builtin());
        let first = suggester.suggestions("ClaudBot");
        assert_eq!(tokens(&first), ["ClaudeBot"]);
        assert_eq!(tokens(&suggester.suggestions("claudbot")), ["ClaudeBot"]);
        let remembered = suggester.remembered.lock().unwrap_or_else(PoisonError::into_inner);
        assert_eq!(remembered.keys().collect::<Vec<_>>(), ["claudbot"]);
    }

    #[test]
    fn past_the_bound_suggestions_are_worked_out_and_not_kept() {
        let suggester = Suggester::new(Registry::builtin());
        let unrelated = (0..REMEMBERED_TOKENS).map(|at| (format!("robot-{at}"), Vec::new()));
        suggester.remembered.lock().unwrap_or_else(PoisonError::into_inner).extend(unrelated);
        assert_eq!(tokens(&suggester.suggestions("ClaudBot")), ["ClaudeBot"]);
        let remembered = suggester.remembered.lock().unwrap_or_else(PoisonError::into_inner);
        assert_eq!(remembered.len(), REMEMBERED_TOKENS);
        assert!(!remembered.contains_key("claudbot"));
    }
}
