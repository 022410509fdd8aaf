use crate::diagnostic::Evidence;
use crate::model::{Directive, Line, LineIndex};
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, index: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.user_agent() else { return };
    if !field.value.is_empty() {
        return;
    }
    let diagnostic = out.report(line.span, "this User-agent line names no robot");
    diagnostic.help(
        "write a robot's name token, or `*` for every robot; an empty value matches no robot in the draft and \
             RFC 9309, but every robot in parsers that look for the value inside the robot's name (Python's \
             robotparser), which then apply this record to all of them",
    );
    if !loses_a_rule_for_today(cx, index) {
        diagnostic.evidence(Evidence::NoEffect);
    }
}

/// Whether today's robots lose a rule through the empty line: its group names no other
/// robot and keeps something off limits. Where another line of the group names a robot, or
/// the group allows everything anyway, they read the group as it means.
fn loses_a_rule_for_today(cx: &Context<'_, '_>, index: LineIndex) -> bool {
    let Some(record) = cx.doc.record_of(index) else { return false };
    let lines = cx.lines();
    let names_another = record
        .agents
        .iter()
        .any(|&agent| agent != index && lines[agent].user_agent().is_some_and(|field| !field.value.is_empty()));
    let disallows = record
        .rules
        .iter()
        .any(|&rule| lines[rule].field().is_some_and(|field| field.is(Directive::Disallow) && !field.value.is_empty()));
    !names_another && disallows
}
