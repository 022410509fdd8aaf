use std::collections::HashMap;

use crate::diagnostic::{Applicability, Edit};
use crate::model::Directive;
use crate::rules::shadowed_rule::is_plain_prefix;
use crate::rules::{Context, Findings};
use crate::text::proper_prefixes;

/// A rule whose every match an earlier, broader rule of the same kind already decides the
/// same way, in every dialect: nothing of the other kind reaches into the broader rule's paths.
pub fn check(cx: &Context<'_>, out: &mut Findings) {
    let lines = cx.lines();
    for record in cx.doc.agent_records() {
        let rules: Vec<(usize, Directive, &str)> = record
            .governed_rules()
            .filter_map(|line| {
                let field = lines[line].field()?;
                Some((line, field.directive?, cx.slice(field.value)))
            })
            .collect();
        let mut earlier: HashMap<(Directive, &str), usize> = HashMap::new();
        for &(line, directive, value) in &rules {
            if !is_plain_prefix(value) {
                continue;
            }
            let broader =
                proper_prefixes(value).find_map(|prefix| earlier.get(&(directive, prefix)).map(|&line| (line, prefix)));
            earlier.entry((directive, value)).or_insert(line);
            let Some((broader_line, broader_value)) = broader else { continue };
            // A rule of the other kind reaching into the broader rule's paths could make the
            // narrower one matter to longest-match robots.
            let interplay = rules.iter().any(|&(_, other, other_value)| {
                other != directive && (other_value.starts_with(broader_value) || other_value.contains(['*', '$']))
            });
            if interplay {
                continue;
            }
            out.report(
                lines[line].field_span(),
                format!("redundant: `{}: {broader_value}` above already covers `{value}`", directive.canonical_name()),
            )
            .label(lines[broader_line].field_span(), "the broader rule")
            .help("every URL this rule matches, the broader one matches too, with the same outcome for every robot")
            .fix(
                Applicability::Safe,
                "Delete the redundant rule",
                vec![Edit::delete(lines[line].field_removal())],
            );
        }
    }
}
