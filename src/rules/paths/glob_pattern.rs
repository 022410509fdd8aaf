use crate::diagnostic::{Applicability, Edit};
use crate::dialect::witness::{concrete_url, Divergence, Witnesses};
use crate::dialect::{longest_match_priority, Dialect};
use crate::model::{LineIndex, Separator, Span};
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let witnesses = cx.witnesses();
    for (line, _, field) in cx.doc.access_rules() {
        let value = cx.slice(field.value);
        let Some(at) = value.find(['*', '$']) else { continue };
        let older = "robots that follow the 1994 standard or the 1996 draft";
        let message = match (value.starts_with('*'), value.contains('*'), value.contains('$')) {
            (true, ..) => format!(
                "the path starts with `*`: RFC 9309 robots expand it, {older} compare the path literally, and no URL path starts with `*`"
            ),
            (false, true, true) => format!(
                "`*` and `$` are special for RFC 9309 robots (any run of characters, end of URL) but ordinary characters for {older}"
            ),
            (false, true, false) => format!(
                "`*` is a wildcard for RFC 9309 robots (any run of characters) but an ordinary character for {older}"
            ),
            (false, false, _) => format!(
                "`$` anchors the end of the URL for RFC 9309 robots but is an ordinary character for {older}"
            ),
        };
        let diagnostic = out.report(Span::new(field.value.start + at, field.value.start + at + 1), message);
        if let Some(divergence) = witness(cx, witnesses, line) {
            witnesses.attach(diagnostic, &divergence);
        }
        diagnostic
            .help("older robots match paths by plain prefix: they read this rule literally and it matches no real URL");
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
/// pattern on `line` (the pattern with each `*` as `x` and `$` dropped). `None` where another rule gives older robots the same answer, or where the line
/// governs no robot.
fn witness(cx: &Context<'_, '_>, witnesses: &Witnesses<'_>, line: LineIndex) -> Option<Divergence> {
    let field = cx.lines()[line].field()?;
    if !matches!(field.separator, Separator::Colon { .. }) {
        return None;
    }
    let record = cx.doc.record_of(line).filter(|record| record.governed_rules().any(|rule| rule == line))?;
    let candidate = concrete_url(cx.slice(field.value))?;
    witnesses.find_for_record(&record.agents, &[candidate], WITNESSED, |divergence| {
        divergence.deciding_line(WITNESSED.0) == Some(line)
    })
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
fn portable_equivalent(value: &str, competes: impl Fn(usize, usize) -> bool) -> Option<String> {
    let prefix = value.trim_end_matches('*');
    if prefix.len() < value.len() && prefix.starts_with('/') && !prefix.contains(['*', '$']) {
        let shortened = longest_match_priority(prefix);
        return (!competes(shortened, longest_match_priority(value))).then(|| prefix.to_string());
    }
    let after_stars = value.trim_start_matches('*');
    (value.starts_with('*') && !after_stars.starts_with('/')).then(|| format!("/{value}"))
}
