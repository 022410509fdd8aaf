use crate::dialect::witness::MATCH_ORDER;
use crate::dialect::Dialect;
use crate::model::{Directive, Line, LineIndex, Record};
use crate::rules::{Context, Findings};
use crate::text::PrefixChains;

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
                witnesses.attach(diagnostic, &divergence);
            }
        }
    }
}

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
pub(in crate::rules) fn is_plain_prefix(value: &str) -> bool {
    !value.is_empty() && !value.contains(['*', '$', '%'])
}

/// An agent record's Allow and Disallow lines (those after its first User-agent line) and
/// its plain paths indexed: what the rules comparing a record's paths with each other
/// (shadowed-rule, redundant-rule) share, built once per document (`Context::record_paths`).
pub(in crate::rules) struct RecordPaths<'a> {
    /// Line, kind and path of each rule, in file order.
    pub rules: Vec<(LineIndex, Directive, &'a str)>,
    pub plain: PlainPaths<'a>,
}

impl<'a> RecordPaths<'a> {
    pub(in crate::rules) fn new(record: &Record, lines: &[Line], text: &'a str) -> RecordPaths<'a> {
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
pub(in crate::rules) struct PlainPaths<'a> {
    chains: PrefixChains<'a>,
    /// For each of the record's rules, its path's member in `chains` when the path is plain.
    member_of_rule: Vec<Option<usize>>,
    /// For each member, the first line of each kind (see [`kind_slot`]) that has its path.
    first_line: Vec<[Option<LineIndex>; 2]>,
}

impl<'a> PlainPaths<'a> {
    /// From a record's rules in file order; only plain paths count.
    pub(in crate::rules) fn new(rules: &[(LineIndex, Directive, &'a str)]) -> PlainPaths<'a> {
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
    pub(in crate::rules) fn shortest_earlier_prefix(
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
