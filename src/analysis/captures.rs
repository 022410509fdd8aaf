//! Which agent lines an earlier record captures: the draft's §3.2.1 (a robot obeys the first
//! record whose User-agent value contains its name) asked of every agent line at once. The
//! model records what is written; this is what it means to a robot of the draft.

use foldhash::{HashMap, HashMapExt, HashSet};

use crate::model::{Document, LineIndex};

/// An agent line whose robots a robot following the draft would never bring to its record:
/// an earlier record already names them (§3.2.1: a robot obeys the first record with a
/// User-agent value that contains its name).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AgentCapture {
    /// The captured User-agent line.
    pub line: LineIndex,
    /// Its record's index in [`Document::records`].
    pub record: usize,
    /// The earlier agent line that captures them.
    pub by: LineIndex,
    /// The same value (ignoring case), rather than a longer one containing it.
    pub exact: bool,
}

/// Every agent line (other than `*`) captured by an earlier record, with its captor, in
/// file order.
pub fn agent_captures(document: &Document, text: &str) -> Vec<AgentCapture> {
    // Every agent line with a value, in file order: (record, line, value in lower case).
    let named: Vec<(usize, LineIndex, String)> = document
        .records
        .iter()
        .enumerate()
        .flat_map(|(record_index, record)| {
            record.agents.iter().filter_map(move |&line| {
                let value = document.lines[line].field()?.value.text(text).to_ascii_lowercase();
                (!value.is_empty() && value != "*").then_some((record_index, line, value))
            })
        })
        .collect();
    let values: Vec<&str> = named.iter().map(|(_, _, value)| value.as_str()).collect();
    // The first value containing this one is its captor when it stands in an earlier
    // record: no value before that one contains it.
    first_containers(&values)
        .into_iter()
        .zip(&named)
        .filter_map(|(container, &(record, line, ref value))| {
            let (by_record, by, ref captor) = named[container];
            (by_record < record).then(|| AgentCapture { line, record, by, exact: captor == value })
        })
        .collect()
}

/// Records all of whose agents (at least one, none `*`) are captured by earlier records,
/// in ascending order.
pub fn unreachable_records(document: &Document, captures: &[AgentCapture]) -> Vec<usize> {
    let captured: HashSet<LineIndex> = captures.iter().map(|capture| capture.line).collect();
    (0..document.records.len())
        .filter(|&index| {
            let agents = &document.records[index].agents;
            !agents.is_empty() && agents.iter().all(|line| captured.contains(line))
        })
        .collect()
}

/// For each value, the index of the first value that contains it (at most its own index).
/// Comparing each pair of distinct values is quadratic in their number (a file of 100,000
/// records took minutes), so past a handful of them one automaton pass finds every
/// containment instead.
fn first_containers(values: &[&str]) -> Vec<usize> {
    let mut pattern_ids: HashMap<&str, usize> = HashMap::new();
    // Each distinct value, with the index where it first appears; and each value's pattern.
    let mut distinct: Vec<&str> = Vec::new();
    let mut first_index: Vec<usize> = Vec::new();
    let pattern_of_value: Vec<usize> = values
        .iter()
        .enumerate()
        .map(|(index, &value)| {
            *pattern_ids.entry(value).or_insert_with(|| {
                distinct.push(value);
                first_index.push(index);
                distinct.len() - 1
            })
        })
        .collect();
    // A file names a handful of robots: comparing each pair is then far cheaper than
    // building an automaton.
    const PAIRWISE_UP_TO: usize = 32;
    let container: Vec<usize> = if distinct.len() <= PAIRWISE_UP_TO {
        // In order of first appearance, so the first value containing this one (at worst
        // itself) is the earliest.
        (0..distinct.len())
            .map(|own| distinct.iter().position(|text| text.contains(distinct[own])).unwrap_or(own))
            .collect()
    } else {
        crate::containment::first_containers(&distinct)
    };
    pattern_of_value.into_iter().map(|pattern| first_index[container[pattern]]).collect()
}
