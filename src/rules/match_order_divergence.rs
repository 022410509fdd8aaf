//! RL501: an Allow/Disallow pair in one record that first-match robots (the 1996 draft) and
//! longest-match robots (RFC 9309) read differently, shown by a witness URL.

use std::collections::HashMap;

use crate::dialect::witness::{anonymous_robot, record_robots, Witnesses};
use crate::dialect::Dialect;
use crate::model::{Directive, LineIndex, Separator};
use crate::rules::{Context, Findings};
use crate::text::proper_prefixes;

pub fn check(cx: &Context<'_>, out: &mut Findings) {
    let lines = cx.lines();
    let mut witnesses = Witnesses::new(cx.doc, cx.text);
    let mut anonymous: Option<String> = None;
    for record in cx.doc.agent_records() {
        // Earlier wildcard-free values of each kind, with the first line that has them.
        let mut earlier: HashMap<(Directive, &str), LineIndex> = HashMap::new();
        for line in record.governed_rules() {
            let Some(field) = lines[line].field() else { continue };
            let Some(directive) = field.directive else { continue };
            let value = cx.slice(field.value);
            if !matches!(field.separator, Separator::Colon { .. }) || value.is_empty() || value.contains(['*', '$']) {
                continue;
            }
            let other = if directive == Directive::Allow { Directive::Disallow } else { Directive::Allow };
            // An equal path decides differently only when the later rule is an Allow (RFC
            // 9309 lets Allow win the tie).
            let same_path = (directive == Directive::Allow).then_some(value);
            let shadows: Vec<LineIndex> = proper_prefixes(value)
                .chain(same_path)
                .filter_map(|prefix| earlier.get(&(other, prefix)).copied())
                .collect();
            earlier.entry((directive, value)).or_insert(line);
            if shadows.is_empty() {
                continue;
            }
            let anonymous = anonymous.get_or_insert_with(|| anonymous_robot(cx.doc, cx.text));
            let robots = record_robots(cx.doc, cx.text, &record.agents, anonymous);
            let candidates = [value.to_string(), format!("{value}x")];
            let found = robots.iter().find_map(|robot| {
                witnesses.find(robot, &candidates, (Dialect::Draft1996, Dialect::Rfc9309), |divergence| {
                    divergence.deciding_line(Dialect::Rfc9309) == Some(line)
                        && divergence.deciding_line(Dialect::Draft1996).is_some_and(|first| shadows.contains(&first))
                })
            });
            let Some(divergence) = found else { continue };
            let first = divergence.deciding_line(Dialect::Draft1996).unwrap_or(line);
            let witness = divergence.describe(cx.doc, cx.text, Dialect::Draft1996, Dialect::Rfc9309);
            out.report(
                field.value,
                format!("first-match and longest-match robots disagree about this rule: {witness}"),
            )
            .witness(divergence.witness(Dialect::Draft1996, Dialect::Rfc9309))
            .label(lines[first].field_span(), "first-match robots stop here")
            .help(format!(
                "the 1996 draft takes the first rule that matches, RFC 9309 the longest; put `{}: {value}` above \
                 `{}` so both read it the same way",
                directive.canonical_name(),
                cx.slice(lines[first].field_span())
            ));
        }
    }
}
