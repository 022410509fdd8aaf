use foldhash::{HashMap, HashMapExt};

use crate::diagnostic::{Applicability, Edit};
use crate::model::{Directive, LineIndex};
use crate::rules::shadowed_rule::{is_plain_prefix, RecordPaths};
use crate::rules::{Context, Findings};

/// A rule whose every match an earlier, broader rule of the same kind already decides the
/// same way, in every dialect: nothing of the other kind reaches into the broader rule's paths.
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let lines = cx.lines();
    for RecordPaths { rules, plain } in cx.record_paths() {
        // Sorting every path of a large record costs more than the rest of the rule, and most
        // records have no rule with a broader one above it: sorted when first asked for.
        let mut by_kind: Option<HashMap<Directive, KindPaths<'_>>> = None;
        for (rule, &(line, directive, value)) in rules.iter().enumerate() {
            if !is_plain_prefix(value) {
                continue;
            }
            let broader = plain.shortest_earlier_prefix(rule, directive, line, false);
            let Some((broader_line, broader_value)) = broader else { continue };
            // A rule of the other kind reaching into the broader rule's paths could make the
            // narrower one matter to longest-match robots.
            let by_kind = by_kind.get_or_insert_with(|| KindPaths::by_kind(rules));
            let interplay = by_kind.iter().any(|(kind, paths)| *kind != directive && paths.reach_into(broader_value));
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

/// The paths of one kind of rule in a record, sorted, so that "does one of them reach into
/// these paths" costs a binary search instead of a pass over the record (which made records
/// of 100,000 rules take minutes).
#[derive(Default)]
struct KindPaths<'a> {
    sorted: Vec<&'a str>,
    wildcard: bool,
}

impl<'a> KindPaths<'a> {
    fn by_kind(rules: &[(LineIndex, Directive, &'a str)]) -> HashMap<Directive, KindPaths<'a>> {
        let mut by_kind: HashMap<Directive, KindPaths<'a>> = HashMap::new();
        for &(_, directive, value) in rules {
            let paths = by_kind.entry(directive).or_default();
            paths.wildcard |= value.contains(['*', '$']);
            paths.sorted.push(value);
        }
        by_kind.values_mut().for_each(|paths| paths.sorted.sort_unstable());
        by_kind
    }

    /// Whether one of the paths starts with `prefix`, or may match anything with a wildcard.
    fn reach_into(&self, prefix: &str) -> bool {
        let first_not_below = self.sorted.partition_point(|&value| value < prefix);
        self.wildcard || self.sorted.get(first_not_below).is_some_and(|value| value.starts_with(prefix))
    }
}
