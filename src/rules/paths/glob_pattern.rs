use std::ops::RangeInclusive;

use foldhash::{HashMap, HashMapExt};

use crate::diagnostic::{Applicability, Edit};
use crate::dialect::witness::{concrete_url, probe_urls, Divergence, Witnesses};
use crate::dialect::{longest_match_priority, Dialect};
use crate::model::{Directive, LineIndex, Record, Separator, Span};
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let witnesses = cx.witnesses();
    // Each record's rules by pattern, made when a pattern of the record first needs them.
    let mut by_pattern = HashMap::new();
    // The document's rules by length, made when a fix first needs them.
    let mut by_priority = None;
    for (line, _, field) in cx.doc.access_rules() {
        let value = cx.slice(field.value);
        let Some(at) = value.find(['*', '$']) else { continue };
        let competes = |from: usize, to: usize| {
            let rules = by_priority.get_or_insert_with(|| {
                RulesByPriority::new(cx.doc.access_rules().map(|(_, _, rule)| (cx.slice(rule.value), rule.directive)))
            });
            rules.compete(field.directive, literal_start(value), from..=to)
        };
        let replacement = portable_equivalent(value, competes);
        if out.counted_already(replacement.as_ref().map(|_| Applicability::Safe)) {
            continue;
        }
        let divergence = if witnesses.budget_spent() {
            // Past the budget a search proves nothing (and each verdict would still walk the
            // record): the finding stands unproven.
            None
        } else {
            match witness(cx, witnesses, line, &mut by_pattern) {
                Some(divergence) => Some(divergence),
                None if witnesses.budget_spent() => None,
                // No URL gets another answer from older robots (a `Disallow: /` above already
                // keeps them out, or the rule governs no robot): the pattern costs nothing.
                None => continue,
            }
        };
        let message = match (value.starts_with('*'), value.contains('*'), value.contains('$')) {
            (true, ..) => "the path starts with `*`: RFC 9309 robots expand it, and older robots match no URL with it",
            (false, true, true) => {
                "`*` and `$` are patterns for RFC 9309 robots, plain characters for 1994/1996-style robots"
            }
            (false, true, false) => {
                "`*` is a wildcard for RFC 9309 robots, a plain character for 1994/1996-style robots"
            }
            (false, false, _) => "`$` ends the URL for RFC 9309 robots, a plain character for 1994/1996-style robots",
        };
        let diagnostic = out.report(Span::new(field.value.start() + at, field.value.start() + at + 1), message);
        if let Some(divergence) = divergence {
            diagnostic.attach_witness(&divergence);
        }
        diagnostic.help(
            "RFC 9309 robots read `*` as any run of characters and `$` as the end of the URL; robots that follow the \
                 1994 standard or the 1996 draft match paths by plain prefix, so they read this rule literally and it \
                 matches no real URL",
        );
        if let Some(replacement) = replacement {
            diagnostic.fix(
                Applicability::Safe,
                format!("Replace `{value}` with `{replacement}`"),
                vec![Edit::replace(field.value, replacement)],
            );
        }
    }
}

/// The dialects a witness compares: robots that expand patterns and robots that do not.
const WITNESSED: (Dialect, Dialect) = (Dialect::Rfc9309, Dialect::Draft1996);

/// A URL on which robolint's RFC 9309 and 1996 matchers really disagree because of the
/// pattern on `line`, among the URLs that show what the pattern decides ([`probe_urls`])
/// and then the URLs of the record's rules of the other kind that the pattern also matches
/// (`Allow: /*.css$` decides `/tmp/x.css` against `Disallow: /tmp/`; `Allow: /page*` wins
/// `/pages` from `Disallow: /pages` on the tie). Only a rule of the other kind can give older
/// robots the other answer on a URL the pattern decides for RFC 9309 robots (or no rule,
/// which the probes find). `None` where another rule gives older robots the same answer, or
/// where the line governs no robot. `by_pattern` keeps each record's [`RulesByPattern`] from
/// one line to the next.
fn witness<'t>(
    cx: &Context<'t, '_>,
    witnesses: &Witnesses<'_>,
    line: LineIndex,
    by_pattern: &mut HashMap<LineIndex, RulesByPattern<'t>>,
) -> Option<Divergence> {
    let field = cx.lines()[line].field()?;
    if !matches!(field.separator, Separator::Colon { .. }) {
        return None;
    }
    let record = cx.doc.record_of(line).filter(|record| record.governs(line))?;
    let pattern = cx.slice(field.value);
    let (start, rest) = pattern.split_at(literal_start(pattern).len());
    let first_agent = record.agents.first().copied()?;
    let rules = by_pattern.entry(first_agent).or_insert_with(|| RulesByPattern::new(cx, record));
    let tails = ["", "x"].map(|star| rest.replace('$', "").replace('*', star));
    let rivals = rules
        .starting_with(start)
        .filter(|&(_, other, other_kind)| other != line && other_kind != field.directive)
        .filter_map(|(other, ..)| concrete_url(other))
        .take(RIVALS_TRIED)
        .flat_map(|url| tails.each_ref().map(|tail| format!("{url}{tail}")));
    witnesses.find_for_record(&record.agents, probe_urls(pattern).chain(rivals), WITNESSED, Some(line), |_| true)
}

/// How many of the record's rules of the other kind lend their URLs to a pattern's witness
/// search.
const RIVALS_TRIED: usize = 64;

/// A record's governed rules sorted by pattern: the rules whose patterns start with a given
/// literal are then one range, found by binary search, so a record of 100,000 patterns is
/// not walked for each of them.
struct RulesByPattern<'t> {
    sorted: Vec<(&'t str, LineIndex, Option<Directive>)>,
}

impl<'t> RulesByPattern<'t> {
    fn new(cx: &Context<'t, '_>, record: &Record) -> RulesByPattern<'t> {
        let mut sorted: Vec<_> = record
            .governed_rules()
            .filter_map(|rule| {
                let field = cx.lines()[rule].field()?;
                Some((cx.slice(field.value), rule, field.directive))
            })
            .collect();
        // Line order among equal patterns, so the earliest rules lend their URLs first.
        sorted.sort_unstable_by_key(|&(pattern, rule, _)| (pattern, rule));
        RulesByPattern { sorted }
    }

    /// The rules whose patterns start with `literal`, in pattern order, with their kinds.
    fn starting_with<'a>(
        &'a self,
        literal: &'a str,
    ) -> impl Iterator<Item = (&'t str, LineIndex, Option<Directive>)> + Clone + 'a {
        let first = self.sorted.partition_point(|&(pattern, ..)| pattern < literal);
        self.sorted[first..].iter().copied().take_while(move |&(pattern, ..)| pattern.starts_with(literal))
    }
}

/// The document's Allow and Disallow rules by their length under the longest match, each
/// with the literal its URLs start with: the rules that could win a URL from a shortened rule
/// are those of one narrow band of lengths, so the band is all a fix looks at.
struct RulesByPriority<'t> {
    sorted: Vec<(usize, &'t str, Option<Directive>)>,
}

impl<'t> RulesByPriority<'t> {
    /// Of the rules' values and kinds.
    fn new(rules: impl Iterator<Item = (&'t str, Option<Directive>)>) -> RulesByPriority<'t> {
        let mut sorted: Vec<_> =
            rules.map(|(value, kind)| (longest_match_priority(value), literal_start(value), kind)).collect();
        sorted.sort_unstable_by_key(|&(priority, ..)| priority);
        RulesByPriority { sorted }
    }

    /// Whether a rule not of `kind`, with a length in `lengths`, matches some of the URLs
    /// that start with `start` (its own literal start and `start` are prefix and extension).
    fn compete(&self, kind: Option<Directive>, start: &str, lengths: RangeInclusive<usize>) -> bool {
        let first = self.sorted.partition_point(|&(priority, ..)| priority < *lengths.start());
        self.sorted[first..].iter().take_while(|&&(priority, ..)| priority <= *lengths.end()).any(
            |&(_, other_start, other_kind)| {
                other_kind != kind && (other_start.starts_with(start) || start.starts_with(other_start))
            },
        )
    }
}

/// The part of a pattern before its first `*` or `$`: every URL it matches starts so.
fn literal_start(pattern: &str) -> &str {
    pattern.split(['*', '$']).next().unwrap_or_default()
}

/// A rule that means the same to RFC 9309 robots and reads better to older ones:
/// `/dir/*` is `/dir/` (a trailing `*` adds nothing to a prefix match), and `*.pdf` is
/// `/*.pdf` (every path starts with `/`, which no `.` can). Not `*/node/`, which matches
/// `/node/` itself, which `/*/node/` does not. Dropping the `*`s shortens the rule, and
/// under the longest match a rule of the other kind whose length `competes(from, to)` (in
/// that range, matching some of its URLs) could then beat it where it won: no fix then.
fn portable_equivalent(value: &str, competes: impl FnOnce(usize, usize) -> bool) -> Option<String> {
    let prefix = value.trim_end_matches('*');
    if prefix.len() < value.len() && prefix.starts_with('/') && !prefix.contains(['*', '$']) {
        let shortened = longest_match_priority(prefix);
        return (!competes(shortened, longest_match_priority(value))).then(|| prefix.to_string());
    }
    let after_stars = value.trim_start_matches('*');
    (value.starts_with('*') && !after_stars.starts_with('/')).then(|| format!("/{value}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_rule_of_the_other_kind_in_the_band_of_lengths_and_on_the_same_urls_competes() {
        let rules = RulesByPriority::new(
            [
                ("/shop/ab", Some(Directive::Allow)),
                ("/shop/abc", Some(Directive::Disallow)),
                ("/other/x", Some(Directive::Allow)),
                ("/shop/*", Some(Directive::Allow)),
            ]
            .into_iter(),
        );
        let disallow = Some(Directive::Disallow);
        // `/shop/ab` (8 octets) at either end of the band, and not outside it.
        assert!(rules.compete(disallow, "/shop/a", 8..=9));
        assert!(rules.compete(disallow, "/shop/a", 7..=8));
        assert!(!rules.compete(disallow, "/shop/a", 9..=9));
        assert!(!rules.compete(disallow, "/shop/a", 5..=5));
        // `/shop/*` (7 octets) starts with `/shop/`, which begins `/shop/a`.
        assert!(rules.compete(disallow, "/shop/a", 7..=7));
        // Rules of the same kind, or on other URLs, never compete.
        assert!(!rules.compete(Some(Directive::Allow), "/shop/a", 8..=8));
        assert!(!rules.compete(disallow, "/elsewhere", 8..=8));
    }
}
