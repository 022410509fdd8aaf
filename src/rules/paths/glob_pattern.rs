use crate::diagnostic::{Applicability, Edit};
use crate::dialect::witness::{concrete_url, probe_urls, Divergence, Witnesses};
use crate::dialect::{longest_match_priority, Dialect};
use crate::model::{LineIndex, Separator, Span};
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let witnesses = cx.witnesses();
    for (line, _, field) in cx.doc.access_rules() {
        let value = cx.slice(field.value);
        let Some(at) = value.find(['*', '$']) else { continue };
        let divergence = if witnesses.budget_spent() {
            // Past the budget a search proves nothing (and each verdict would still walk the
            // record): the finding stands unproven.
            None
        } else {
            match witness(cx, witnesses, line) {
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
        let diagnostic = out.report(Span::new(field.value.start + at, field.value.start + at + 1), message);
        if let Some(divergence) = divergence {
            witnesses.attach(diagnostic, &divergence);
        }
        diagnostic.help(
            "RFC 9309 robots read `*` as any run of characters and `$` as the end of the URL; robots that follow the \
                 1994 standard or the 1996 draft match paths by plain prefix, so they read this rule literally and it \
                 matches no real URL",
        );
        let kind = field.directive;
        let start = literal_start(value);
        let competes = |from: usize, to: usize| {
            cx.doc.access_rules().any(|(_, _, other)| {
                let other_value = cx.slice(other.value);
                let other_start = literal_start(other_value);
                let overlaps = other_start.starts_with(start) || start.starts_with(other_start);
                let priority = longest_match_priority(other_value);
                other.directive != kind && overlaps && from <= priority && priority <= to
            })
        };
        if let Some(replacement) = portable_equivalent(value, competes) {
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
/// and the URLs of the record's other rules that the pattern also matches (`Allow: /*.css$`
/// decides `/tmp/x.css` against `Disallow: /tmp/`; `Allow: /page*` wins `/pages` from
/// `Disallow: /pages` on the tie). `None` where another rule gives older robots the same
/// answer, or where the line governs no robot.
fn witness(cx: &Context<'_, '_>, witnesses: &Witnesses<'_>, line: LineIndex) -> Option<Divergence> {
    let field = cx.lines()[line].field()?;
    if !matches!(field.separator, Separator::Colon { .. }) {
        return None;
    }
    let record = cx.doc.record_of(line).filter(|record| record.governed_rules().any(|rule| rule == line))?;
    let pattern = cx.slice(field.value);
    let mut candidates = Vec::new();
    probe_urls(pattern, &mut candidates);
    let (start, rest) = pattern.split_at(literal_start(pattern).len());
    // Bounded twice, so a record of thousands of patterns stays linear: the rules looked at,
    // and the URLs tried.
    let others = record.governed_rules().filter(|&other| other != line).take(OTHER_RULES_SCANNED);
    let other_patterns = others.filter_map(|other| Some(cx.slice(cx.lines()[other].field()?.value)));
    let other_urls = other_patterns.filter(|pattern| pattern.starts_with(start)).filter_map(concrete_url);
    for url in other_urls.take(OTHER_RULES_TRIED) {
        candidates.extend(["", "x"].map(|star| format!("{url}{}", rest.replace('$', "").replace('*', star))));
    }
    witnesses.find_for_record(&record.agents, &candidates, WITNESSED, |divergence| {
        divergence.deciding_line(WITNESSED.0) == Some(line)
    })
}

/// How many of the record's other rules lend their URLs to a pattern's witness search, and
/// how many are looked at to find them.
const OTHER_RULES_TRIED: usize = 64;
const OTHER_RULES_SCANNED: usize = 1_024;

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
fn portable_equivalent(value: &str, competes: impl Fn(usize, usize) -> bool) -> Option<String> {
    let prefix = value.trim_end_matches('*');
    if prefix.len() < value.len() && prefix.starts_with('/') && !prefix.contains(['*', '$']) {
        let shortened = longest_match_priority(prefix);
        return (!competes(shortened, longest_match_priority(value))).then(|| prefix.to_string());
    }
    let after_stars = value.trim_start_matches('*');
    (value.starts_with('*') && !after_stars.starts_with('/')).then(|| format!("/{value}"))
}
