//! Each agent record's Allow and Disallow paths, indexed by which begins which: what the rules
//! comparing a record's paths with each other (shadowed-rule, redundant-rule) share.

use crate::model::{Directive, Line, LineIndex, Record};
use crate::text::PrefixChains;

/// Where [`PlainPaths`] keeps a kind of rule's first line.
fn kind_slot(kind: Directive) -> Option<usize> {
    match kind {
        Directive::Allow => Some(0),
        Directive::Disallow => Some(1),
        _ => None,
    }
}

/// Non-empty and without wildcards or escapes, so "starts with" is exactly "matches whatever
/// it matches".
pub fn is_plain_prefix(value: &str) -> bool {
    !value.is_empty() && !value.contains(['*', '$', '%'])
}

/// An agent record's Allow and Disallow lines (those after its first User-agent line) and
/// its plain paths indexed: what the rules comparing a record's paths with each other
/// (shadowed-rule, redundant-rule) share, built once per document (`Context::record_paths`).
pub struct RecordPaths<'a> {
    /// Line, kind and path of each rule, in file order.
    pub rules: Vec<(LineIndex, Directive, &'a str)>,
    /// The plain paths among `rules`, indexed by which begins which.
    pub plain: PlainPaths<'a>,
}

impl<'a> RecordPaths<'a> {
    /// Reads the governed rules of `record`, whose `lines` index into `text`.
    pub fn new(record: &Record, lines: &[Line], text: &'a str) -> RecordPaths<'a> {
        let rules: Vec<(LineIndex, Directive, &str)> = record
            .governed_rules()
            .filter_map(|line| {
                let field = lines[line].field()?;
                Some((line, field.directive?, field.value.text(text)))
            })
            .collect();
        let plain = PlainPaths::new(&rules);
        RecordPaths { rules, plain }
    }
}

/// A record's plain Allow and Disallow paths, each with the first line of each kind that has
/// it, and which of them begin which.
pub struct PlainPaths<'a> {
    chains: PrefixChains<'a>,
    /// For each of the record's rules, its path's member in `chains` when the path is plain.
    member_of_rule: Vec<Option<usize>>,
    /// For each member, the first line of each kind (see [`kind_slot`]) that has its path.
    first_line: Vec<[Option<LineIndex>; 2]>,
}

impl<'a> PlainPaths<'a> {
    /// From a record's rules in file order; only plain paths count.
    pub fn new(rules: &[(LineIndex, Directive, &'a str)]) -> PlainPaths<'a> {
        let plain = || rules.iter().enumerate().filter(|(_, &(_, _, value))| is_plain_prefix(value));
        let (chains, members) = PrefixChains::indexing(plain().map(|(_, &(_, _, value))| value));
        let mut member_of_rule = vec![None; rules.len()];
        let mut first_line = vec![[None; 2]; chains.member_count()];
        for ((rule, &(line, directive, _)), member) in plain().zip(members) {
            member_of_rule[rule] = Some(member);
            if let Some(slot) = kind_slot(directive) {
                first_line[member][slot].get_or_insert(line);
            }
        }
        PlainPaths { chains, member_of_rule, first_line }
    }

    /// The shortest path of `kind` written above line `before` that the path of the
    /// record's rule number `rule` starts with, that path itself counting only when `itself`
    /// says so; with the line. `None` for a rule whose path is not plain.
    pub fn shortest_earlier_prefix(
        &self,
        rule: usize,
        kind: Directive,
        before: LineIndex,
        itself: bool,
    ) -> Option<(LineIndex, &'a str)> {
        let member = self.member_of_rule.get(rule).copied().flatten()?;
        self.chains
            .chain(member)
            .filter(|&prefix| itself || prefix != member)
            .filter_map(|prefix| {
                let line = self.first_line[prefix][kind_slot(kind)?]?;
                (line < before).then(|| (line, self.chains.member(prefix)))
            })
            .last()
    }
}
