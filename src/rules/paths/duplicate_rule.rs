use foldhash::{HashMap, HashMapExt};

use crate::diagnostic::{Applicability, Edit};
use crate::model::{Directive, Record};
use crate::rules::{Context, Findings};
use crate::text;

/// A rule repeated in its record, or a Disallow after an Allow for the very same path, which
/// the Allow beats for every robot (first match for the draft, a tie Allow wins for RFC 9309).
/// A misspelt User-agent line between the two (`User-agen: crawler4j`) starts a group for
/// Google, so rules on either side of it are no repeats.
pub fn check(cx: &Context<'_, '_>, record: &Record, out: &mut Findings) {
    let lines = cx.lines();
    if record.agents.is_empty() {
        return;
    }
    let mut first_seen = HashMap::with_capacity(record.rules.len());
    let mut google_agents =
        record.extensions.iter().copied().filter(|&line| cx.misspelt_directive(line) == Some(Directive::UserAgent));
    let mut next_google_agent = google_agents.next();
    for line in record.governed_rules() {
        while next_google_agent.is_some_and(|agent| agent < line) {
            first_seen.clear();
            next_google_agent = google_agents.next();
        }
        let Some(field) = lines[line].field() else { continue };
        let value = cx.slice(field.value);
        let first = *first_seen.entry((field.directive, value)).or_insert(line);
        let written = lines[line].field_span();
        let removal = || vec![Edit::delete(lines[line].field_removal())];
        if first != line {
            out.report(lines[line].field_span(), text!("`{}` repeats a rule above", written))
                .label(lines[first].field_span(), "first here")
                .help("a repeated rule changes nothing for any robot")
                .fix(Applicability::Safe, "Delete the repeated rule", removal());
            continue;
        }
        let allowed_above = (field.is(Directive::Disallow) && !value.is_empty())
            .then(|| first_seen.get(&(Some(Directive::Allow), value)).copied())
            .flatten()
            .filter(|&allow| allow < line);
        if let Some(allow) = allowed_above {
            out.report(
                lines[line].field_span(),
                text!("`{}` never takes effect: the Allow for the same path above wins", written),
            )
            .label(lines[allow].field_span(), "wins for every robot")
            .help("robots that follow the draft stop at the first match, and RFC 9309 robots let Allow win a tie")
            .fix(Applicability::Safe, "Delete the rule that never applies", removal());
        }
    }
}
