//! The strict grammar (`grammar/draft-1996.pest`): the draft's BNF, corrected only where the
//! draft contradicts itself.
//!
//! The linter asks it two questions. Line by line: does this line, as the lenient parse
//! classified it, match its production (`agentline`, `disallowline`, …)? And for the file:
//! do the lines follow `robotstxt`/`record`/`commentblank`? The second question is answered
//! by a state machine over line kinds that reports every structural failure instead of
//! pest's first; `tests/grammar.rs` checks it against the whole-file pest parse.

use pest::error::{ErrorVariant, InputLocation};
use pest::Parser;
use pest_derive::Parser;

use crate::model::{Directive, Line, LineKind, Separator, Span, StrictFailure, StructureFailure, StructureProblem};

#[derive(Parser)]
#[grammar = "../grammar/draft-1996.pest"]
pub(crate) struct DraftParser;

/// Parses a whole file with the `robotstxt` production: `Ok` exactly when the draft (with
/// its errata corrected) accepts the text as it is, line ends and all.
pub fn parse_file(text: &str) -> Result<(), StrictFailure> {
    parse_with(Rule::robotstxt, "robotstxt", text, 0)
}

/// The production a line of this kind must match.
fn production_for(kind: &LineKind) -> (Rule, &'static str) {
    match kind {
        LineKind::Blank => (Rule::blank, "blank"),
        LineKind::Comment => (Rule::commentline, "commentline"),
        LineKind::Field(field) => match field.directive {
            Some(Directive::UserAgent) => (Rule::agentline, "agentline"),
            Some(Directive::Disallow) => (Rule::disallowline, "disallowline"),
            Some(Directive::Allow) => (Rule::allowline, "allowline"),
            _ => (Rule::extension, "extension"),
        },
        LineKind::Invalid => (Rule::ruleline, "ruleline"),
    }
}

/// Checks one line against its production. The line is checked with a CRLF end whatever
/// its own end is: line ends are a file-level question with rules of their own.
pub(crate) fn check_line(line: &Line, text: &str, scratch: &mut String) -> Option<StrictFailure> {
    let (rule, production) = production_for(&line.kind);
    scratch.clear();
    scratch.push_str(line.span.text(text));
    scratch.push_str("\r\n");
    let mut failure = parse_with(rule, production, scratch, line.span.start).err()?;
    pin_literal_failure(&mut failure, line);
    Some(failure)
}

/// pest reports a failed literal (`"Disallow"`, `":"`) as a failure of the whole production
/// at the line's start. For field lines the literal part is the field name and the colon,
/// so point at whichever of the two is wrong.
fn pin_literal_failure(failure: &mut StrictFailure, line: &Line) {
    let stopped_at_start = failure.offset == line.span.start && failure.expected == [failure.production.as_str()];
    let Some(field) = line.field() else { return };
    if !stopped_at_start || !line.indent.is_empty() {
        return;
    }
    let colon_follows_name =
        matches!(field.separator, Separator::Colon { space_before, .. } if space_before.is_empty());
    if !colon_follows_name {
        failure.offset = field.name.end;
        failure.expected = vec!["\":\"".to_string()];
    }
}

fn parse_with(rule: Rule, production: &str, text: &str, base: usize) -> Result<(), StrictFailure> {
    let error = match DraftParser::parse(rule, text) {
        Ok(_) => return Ok(()),
        Err(error) => error,
    };
    let offset = match error.location {
        InputLocation::Pos(at) => at,
        InputLocation::Span((at, _)) => at,
    };
    let expected = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.iter().map(|rule| format!("{rule:?}")).collect(),
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    Err(StrictFailure { offset: base + offset, production: production.to_string(), expected })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// Before the first record: only blank and comment lines so far.
    Preamble,
    /// Inside a record's agent lines (`agentline *(commentline | agentline)`).
    Agents { record_start: usize },
    /// Inside a record's rule lines (`1*ruleline *(commentline | ruleline)`).
    Rules,
    /// After a blank line that ended a record (`commentblank`).
    BetweenRecords,
    /// In rule lines that stand outside any record, already reported once: the rest of
    /// them are not reported again, and a User-agent line may start a record.
    Orphans,
}

/// Runs the draft's file-level productions over the line kinds and reports every place
/// they fail, recovering after each so one mistake does not hide the next.
pub(crate) fn check_structure(lines: &[Line]) -> Vec<StructureFailure> {
    let mut failures = Vec::new();
    let mut fail = |problem, offset, blame| {
        failures.push(StructureFailure { problem, offset, blame });
    };
    let mut place = Place::Preamble;
    for line in lines {
        let is_agent = line.directive() == Some(Directive::UserAgent);
        place = match (&line.kind, place) {
            (LineKind::Comment | LineKind::Invalid, place) => place,
            (LineKind::Blank, Place::Agents { record_start }) => {
                fail(StructureProblem::RecordWithoutRules, line.span.start, Span::new(record_start, line.span.end));
                Place::BetweenRecords
            }
            (LineKind::Blank, Place::Rules | Place::Orphans) => Place::BetweenRecords,
            (LineKind::Blank, place) => place,
            (_, Place::Preamble | Place::BetweenRecords | Place::Orphans) if is_agent => {
                Place::Agents { record_start: line.span.start }
            }
            (_, Place::Agents { .. }) if is_agent => place,
            (_, Place::Rules) if is_agent => {
                fail(StructureProblem::MissingBlankLine, line.span.start, line.span);
                Place::Agents { record_start: line.span.start }
            }
            (_, Place::Agents { .. } | Place::Rules) => Place::Rules,
            (_, Place::Orphans) => Place::Orphans,
            (_, Place::Preamble | Place::BetweenRecords) => {
                fail(StructureProblem::OutsideRecord, line.span.start, line.span);
                Place::Orphans
            }
        };
    }
    if let (Place::Agents { record_start }, Some(last)) = (place, lines.last()) {
        let end = last.ending_span.end;
        fail(StructureProblem::RecordWithoutRules, end, Span::new(record_start, end));
    }
    failures
}

/// Runs one production of the strict grammar, by its BNF name, over the whole of `text`:
/// `None` when the grammar has no such production, `Err` when it does not match all of
/// `text`. For testing the grammar production by production.
pub fn parse_production(production: &str, text: &str) -> Option<Result<(), StrictFailure>> {
    let rule = *Rule::all_rules().iter().find(|rule| format!("{rule:?}") == production)?;
    let matched_end = match DraftParser::parse(rule, text) {
        Ok(pairs) => pairs.last().map_or(0, |pair| pair.as_span().end()),
        Err(_) => return Some(parse_with(rule, production, text, 0)),
    };
    Some(if matched_end == text.len() {
        Ok(())
    } else {
        Err(StrictFailure {
            offset: matched_end,
            production: production.to_string(),
            expected: vec!["end of input".to_string()],
        })
    })
}
