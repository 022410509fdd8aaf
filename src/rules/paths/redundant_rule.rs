use foldhash::{HashMap, HashMapExt};

use crate::analysis::record_paths::{is_plain_prefix, RecordPaths};
use crate::diagnostic::{Applicability, Edit};
use crate::dialect::witness::robot_of_value;
use crate::model::{Directive, LineIndex};
use crate::rules::{Context, Findings};
use crate::text;

/// A rule whose every match an earlier, broader rule of the same kind already decides the
/// same way, in every dialect: nothing of the other kind reaches into the broader rule's paths,
/// in its record or in any record RFC 9309 and Google robots merge with it.
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let lines = cx.lines();
    let record_paths = cx.record_paths();
    // Which records merge, and each merged set's paths by kind: worked out when first needed.
    let mut merged: Option<MergedRecords> = None;
    let mut paths_of_set: HashMap<usize, HashMap<Directive, KindPaths<'_>>> = HashMap::new();
    for (record, RecordPaths { rules, plain }) in record_paths.iter().enumerate() {
        for (rule, &(line, directive, value)) in rules.iter().enumerate() {
            if !is_plain_prefix(value) {
                continue;
            }
            let broader = plain.shortest_earlier_prefix(rule, directive, line, false);
            let Some((broader_line, broader_value)) = broader else { continue };
            // A rule of the other kind reaching into the broader rule's paths could make the
            // narrower one matter to longest-match robots.
            let merged = merged.get_or_insert_with(|| MergedRecords::new(cx));
            let set = merged.set[record];
            let by_kind = paths_of_set.entry(set).or_insert_with(|| {
                let members = merged.members.get(&set).map_or(&[][..], Vec::as_slice);
                KindPaths::by_kind(members.iter().flat_map(|&other| &record_paths[other].rules))
            });
            let interplay = by_kind.iter().any(|(kind, paths)| *kind != directive && paths.reach_into(broader_value));
            if interplay {
                continue;
            }
            // Both lines are rules, and their paths are the words `value` and `broader_value`.
            let (Some(field), Some(broader)) = (lines[line].field(), lines[broader_line].field()) else { continue };
            out.report(
                lines[line].field_span(),
                text!(
                    "redundant: `{}: {}` above already covers `{}`",
                    directive.canonical_name(),
                    broader.value,
                    field.value
                ),
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

/// The agent records (in the order of `Document::agent_records`) in sets that RFC 9309 and
/// Google robots may read as one group: records joined by a robot they both name (two `*`
/// records, two naming `googlebot`), and records joined to those, so a set holds every
/// record any robot merges with its members.
struct MergedRecords {
    /// Each record's set, named by its first record.
    set: Vec<usize>,
    /// Each set's records, ascending.
    members: HashMap<usize, Vec<usize>>,
}

impl MergedRecords {
    fn new(cx: &Context<'_, '_>) -> MergedRecords {
        let records: Vec<_> = cx.doc.agent_records().collect();
        // Union-find: a record is its set's representative when it is its own parent.
        let mut parent: Vec<usize> = (0..records.len()).collect();
        fn root(parent: &mut [usize], mut record: usize) -> usize {
            while parent[record] != record {
                parent[record] = parent[parent[record]];
                record = parent[record];
            }
            record
        }
        let mut first_naming: HashMap<String, usize> = HashMap::new();
        for (record, agents) in records.iter().map(|record| &record.agents).enumerate() {
            for &agent in agents {
                let Some(field) = cx.lines()[agent].field() else { continue };
                let value = cx.slice(field.value).trim();
                let robot = if value.starts_with('*') { Some("*".to_string()) } else { robot_of_value(value) };
                let Some(robot) = robot else { continue };
                let first = *first_naming.entry(robot).or_insert(record);
                let (a, b) = (root(&mut parent, first), root(&mut parent, record));
                parent[a.max(b)] = a.min(b);
            }
        }
        let set: Vec<usize> = (0..records.len()).map(|record| root(&mut parent, record)).collect();
        let mut members: HashMap<usize, Vec<usize>> = HashMap::new();
        for (record, &representative) in set.iter().enumerate() {
            members.entry(representative).or_default().push(record);
        }
        MergedRecords { set, members }
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
    fn by_kind<'r>(
        rules: impl Iterator<Item = &'r (LineIndex, Directive, &'a str)>,
    ) -> HashMap<Directive, KindPaths<'a>>
    where
        'a: 'r,
    {
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
