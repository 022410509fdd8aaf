use crate::analysis::record_paths::{is_plain_prefix, RecordPaths};
use crate::dialect::witness::MATCH_ORDER;
use crate::dialect::Dialect;
use crate::model::Directive;
use crate::rules::{Context, Findings};
use crate::text;

/// A rule that an earlier rule of the other kind always matches first: robots that take the
/// first match (the 1996 draft) never reach it; robots that take the longest (RFC 9309) do.
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let lines = cx.lines();
    let witnesses = cx.witnesses();
    for (record, RecordPaths { rules, plain }) in cx.doc.agent_records().zip(cx.record_paths()) {
        for (rule, &(line, directive, value)) in rules.iter().enumerate() {
            if !is_plain_prefix(value) {
                continue;
            }
            let Some(field) = lines[line].field() else { continue };
            let other = if directive == Directive::Allow { Directive::Disallow } else { Directive::Allow };
            // A Disallow for the same path shadows an Allow under first match, while RFC 9309
            // lets the Allow win the tie; the reverse order is duplicate-rule's (dead for all).
            let same_path = directive == Directive::Allow;
            let shadow = plain.shortest_earlier_prefix(rule, other, line, same_path);
            let Some((shadow_line, _)) = shadow else { continue };
            // The shadowing line is a rule, and its path is the words `shadow_value`.
            let Some(shadow_field) = lines[shadow_line].field() else { continue };
            let (name, other_name) = (directive.canonical_name(), other.canonical_name());
            let diagnostic = out.report(
                field.value,
                text!(
                    "robots that follow the 1996 draft never reach this {}: the earlier `{}: {}` matches every URL it does",
                    name,
                    other_name,
                    shadow_field.value
                ),
            )
            .label(lines[shadow_line].field_span(), "matches first")
            .help(text!(
                "RFC 9309 robots apply the longest match, so for them this rule wins; to make every robot agree, put \
                 `{}: {}` above `{}: {}`",
                name,
                field.value,
                other_name,
                shadow_field.value
            ));
            let candidates = [value.to_string(), format!("{value}x")];
            // The draft, first of the pair, must be decided by the shadowing line.
            let witness =
                witnesses.find_for_record(&record.agents, &candidates, MATCH_ORDER, Some(shadow_line), |divergence| {
                    divergence.deciding_line(Dialect::Rfc9309) == Some(line)
                });
            if let Some(divergence) = witness {
                diagnostic.attach_witness(&divergence);
            }
        }
    }
}
