use std::collections::HashMap;

use crate::dialect::witness::{Witnesses, MATCH_ORDER};
use crate::dialect::Dialect;
use crate::model::Directive;
use crate::rules::{Context, Findings};
use crate::text::proper_prefixes;

/// A rule that an earlier rule of the other kind always matches first: robots that take the
/// first match (the 1996 draft) never reach it; robots that take the longest (RFC 9309) do.
pub fn check(cx: &Context<'_>, out: &mut Findings) {
    let lines = cx.lines();
    let mut witnesses = Witnesses::new(cx.doc, cx.text);
    for record in cx.doc.agent_records() {
        // Earlier plain values of each kind, with the first line that has them.
        let mut earlier: HashMap<(Directive, &str), usize> = HashMap::new();
        for line in record.governed_rules() {
            let Some(field) = lines[line].field() else { continue };
            let (Some(directive), value) = (field.directive, cx.slice(field.value)) else { continue };
            if !is_plain_prefix(value) {
                continue;
            }
            let other = if directive == Directive::Allow { Directive::Disallow } else { Directive::Allow };
            // A Disallow for the same path shadows an Allow under first match, while RFC 9309
            // lets the Allow win the tie; the reverse order is duplicate-rule's (dead for all).
            let same_path = (directive == Directive::Allow).then_some(value);
            let shadow = proper_prefixes(value)
                .chain(same_path)
                .find_map(|prefix| earlier.get(&(other, prefix)).map(|&line| (line, prefix)));
            earlier.entry((directive, value)).or_insert(line);
            let Some((shadow_line, shadow_value)) = shadow else { continue };
            let (name, other_name) = (directive.canonical_name(), other.canonical_name());
            let diagnostic = out.report(
                field.value,
                format!(
                    "robots that follow the 1996 draft never reach this {name}: the earlier `{other_name}: {shadow_value}` matches every URL it does"
                ),
            )
            .label(lines[shadow_line].field_span(), "matches first")
            .help(format!(
                "RFC 9309 robots apply the longest match, so for them this rule wins; to make every robot agree, put \
                 `{name}: {value}` above `{other_name}: {shadow_value}`"
            ));
            let candidates = [value.to_string(), format!("{value}x")];
            let witness = witnesses.find_for_record(&record.agents, &candidates, MATCH_ORDER, |divergence| {
                divergence.deciding_line(Dialect::Draft1996) == Some(shadow_line)
                    && divergence.deciding_line(Dialect::Rfc9309) == Some(line)
            });
            if let Some(divergence) = witness {
                witnesses.attach(diagnostic, &divergence, MATCH_ORDER);
            }
        }
    }
}

/// Non-empty and without wildcards or escapes, so "starts with" is exactly "matches whatever
/// it matches".
pub(super) fn is_plain_prefix(value: &str) -> bool {
    !value.is_empty() && !value.contains(['*', '$', '%'])
}
