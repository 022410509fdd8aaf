//! Which lines each dialect reads as User-agent, Allow and Disallow lines, and how it groups
//! them into records (1994, 1996) or groups (RFC 9309, Google).
//!
//! The grouping is done here rather than taken from `model::Record` because the model
//! groups by what is written, while a dialect groups by what it understands: a robot that
//! cannot read `User-agent foo` (no colon) does not start a record there. For files whose
//! lines every dialect reads, the 1994/1996 grouping equals `model::Record`'s (a test in
//! `tests/it/dialect.rs` checks this).

use crate::dialect::Dialect;
use crate::model::{Directive, Document, Line, LineIndex, LineKind, Separator, Span};

/// What an access rule says about the URLs it matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RuleKind {
    /// An Allow line: robots may fetch what it matches.
    Allow,
    /// A Disallow line: robots may not fetch what it matches.
    Disallow,
}

impl RuleKind {
    /// Whether the rule allows what it matches: an Allow line.
    pub fn allows(self) -> bool {
        self == RuleKind::Allow
    }
}

/// A User-agent line, with (the span of) its value as written.
#[derive(Debug, Clone)]
pub(crate) struct AgentEntry {
    pub line: LineIndex,
    pub value: Span,
}

/// An Allow or Disallow line, with (the span of) its path as written.
#[derive(Debug, Clone)]
pub(crate) struct RuleEntry {
    pub line: LineIndex,
    pub kind: RuleKind,
    pub value: Span,
}

/// A record (1994, 1996) or group (RFC 9309, Google): agent lines, then the rules for them.
#[derive(Debug, Clone, Default)]
pub(crate) struct Group {
    pub agents: Vec<AgentEntry>,
    pub rules: Vec<RuleEntry>,
}

/// What one line means to a dialect's robots.
enum Meaning {
    Agent(Span),
    Rule(RuleKind, Span),
    /// A blank line: the end of a record for 1994 and 1996 robots, nothing for the others.
    Blank,
    /// Comments, extensions, unknown fields and lines the dialect cannot read.
    Nothing,
}

/// What a line means: every dialect here reads `name: value` (with or without space before
/// the colon, as the 1994 standard's "<field>:<optionalspace><value>" and RFC 9309's
/// `*WS ":"` allow) with the field's exact name, ignoring case. (Google reads the bytes
/// itself, typos and missing colons too: `dialect::google`.)
fn meaning(line: &Line, dialect: Dialect) -> Meaning {
    let field = match &line.kind {
        LineKind::Blank => return Meaning::Blank,
        LineKind::Field(field) if matches!(field.separator, Separator::Colon { .. }) => field,
        _ => return Meaning::Nothing,
    };
    let value = field.value;
    match field.directive {
        Some(Directive::UserAgent) => Meaning::Agent(value),
        Some(Directive::Disallow) => Meaning::Rule(RuleKind::Disallow, value),
        // The 1994 standard has no Allow line: its robots ignore it as an unknown field.
        Some(Directive::Allow) if dialect != Dialect::Norobots1994 => Meaning::Rule(RuleKind::Allow, value),
        _ => Meaning::Nothing,
    }
}

/// Blank lines end records for the 1994 standard and the 1996 draft; RFC 9309 §2.1 and
/// Google ignore them.
fn blank_line_ends_group(dialect: Dialect) -> bool {
    matches!(dialect, Dialect::Norobots1994 | Dialect::Draft1996)
}

/// The groups of `document` as `dialect` reads them (Google's are `google::Reading`'s). A User-agent line starts a new group
/// when no group is open or the open one already has rules; a rule with no open group
/// (before the first User-agent line, or after a blank line for 1994/1996 robots) belongs
/// to no robot and is dropped.
pub(crate) fn groups(document: &Document, dialect: Dialect) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    let mut open = false;
    // RFC 9309 parsers skip a UTF-8 byte-order mark; 1994 and 1996 robots read it
    // as the start of the first line, whose field name (`\u{FEFF}User-agent`) they then do
    // not know.
    let mark_hides_first_line = document.bom.is_some() && matches!(dialect, Dialect::Norobots1994 | Dialect::Draft1996);
    for (index, line) in document.lines.iter().enumerate() {
        let meaning = if index == 0 && mark_hides_first_line { Meaning::Nothing } else { meaning(line, dialect) };
        match meaning {
            Meaning::Blank if blank_line_ends_group(dialect) => open = false,
            Meaning::Agent(value) => {
                if !open || groups.last().is_some_and(|group| !group.rules.is_empty()) {
                    groups.push(Group::default());
                    open = true;
                }
                if let Some(group) = groups.last_mut() {
                    group.agents.push(AgentEntry { line: index, value });
                }
            }
            Meaning::Rule(kind, value) if open => {
                if let Some(group) = groups.last_mut() {
                    group.rules.push(RuleEntry { line: index, kind, value });
                }
            }
            _ => {}
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_text;

    /// Agent and rule lines per record, as `model::Record` has them (records naming no
    /// agent, and rules before a record's first agent, belong to no robot).
    fn model_records(document: &Document) -> Vec<(Vec<LineIndex>, Vec<LineIndex>)> {
        document
            .agent_records()
            .map(|record| {
                let first_agent = record.agents[0];
                (record.agents.clone(), record.rules.iter().copied().filter(|&line| line > first_agent).collect())
            })
            .collect()
    }

    fn dialect_records(document: &Document, dialect: Dialect) -> Vec<(Vec<LineIndex>, Vec<LineIndex>)> {
        groups(document, dialect)
            .into_iter()
            .map(|group| {
                (
                    group.agents.iter().map(|agent| agent.line).collect(),
                    group.rules.iter().map(|rule| rule.line).collect(),
                )
            })
            .collect()
    }

    #[test]
    fn draft_records_are_the_models_for_lines_every_dialect_reads() {
        let texts = [
            "# c\n\nUser-agent: a\nDisallow: /\n\nUser-agent: b\nUser-agent: c\nDisallow:\n\nUser-agent: *\nAllow: /x\nDisallow: /\n",
            "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y\n",
            "Disallow: /orphan\n\nUser-agent: a\n# inside\nDisallow: /x\n\n\nDisallow: /cut-off\nSitemap: /s.xml\n",
            "User-agent: a\n\nDisallow: /x\nUser-agent: b\nCrawl-delay: 3\nDisallow: /y\n",
            "",
        ];
        for text in texts {
            let document = parse_text(text);
            for dialect in [Dialect::Norobots1994, Dialect::Draft1996] {
                let mut expected = model_records(&document);
                if dialect == Dialect::Norobots1994 {
                    let is_allow = |line: &LineIndex| document.lines[*line].directive() == Some(Directive::Allow);
                    expected.iter_mut().for_each(|(_, rules)| rules.retain(|line| !is_allow(line)));
                }
                assert_eq!(dialect_records(&document, dialect), expected, "{dialect}: {text:?}");
            }
        }
    }

    #[test]
    fn rfc9309_groups_run_across_blank_lines() {
        let text = "User-agent: a\n\nDisallow: /x\n\nUser-agent: b\n\nUser-agent: c\nAllow: /y\n";
        let document = parse_text(text);
        assert_eq!(dialect_records(&document, Dialect::Rfc9309), [(vec![0], vec![2]), (vec![4, 6], vec![7])]);
        assert_eq!(
            dialect_records(&document, Dialect::Draft1996),
            [(vec![0], vec![]), (vec![4], vec![]), (vec![6], vec![7])]
        );
    }
}
