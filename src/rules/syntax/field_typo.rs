use std::borrow::Cow;

use crate::agents::Registry;
use crate::diagnostic::{Applicability, Edit, Evidence};
use crate::dialect::witness::{robot_of_value, LOST_LINE};
use crate::dialect::{Dialect, RuleKind};
use crate::model::{Directive, Line, LineIndex};
use crate::rules::{Context, Findings};
use crate::text;

pub fn check(cx: &Context<'_, '_>, index: LineIndex, line: &Line, out: &mut Findings) {
    let witnesses = cx.witnesses();
    let Some(field) = line.field() else { return };
    if field.directive.is_some() {
        return;
    }
    let Some(meant) = cx.misspelt_directive(index) else { return };
    let canonical = meant.canonical_name();
    let divergence = witnesses.lost_line(index, meant, LOST_LINE);
    let message = match divergence {
        Some(_) => text!(
            "unknown field `{}`: did you mean `{}`? Google reads it as `{}` and other robots drop it",
            field.name,
            canonical,
            canonical
        ),
        None => text!("unknown field `{}`: did you mean `{}`?", field.name, canonical),
    };
    let diagnostic = out.report(field.name, message);
    match divergence {
        Some(divergence) => diagnostic.attach_witness(&divergence),
        None if lost_line_changes_nothing(cx, index, meant) => {
            diagnostic.evidence(Evidence::NoEffect);
        }
        None => {}
    }
    diagnostic
        .help("Google accepts a few misspellings; every other robot ignores a line whose field it does not know")
        .fix(
            Applicability::Safe,
            format!("Replace `{}` with `{canonical}`", cx.slice(field.name)),
            vec![Edit::replace(field.name, canonical)],
        );
}

/// Whether the group of the User-agent line `index` holds the very rules `*` gives: a robot
/// that loses the line obeys `*` and gets the same answers.
fn same_rules_as_star(cx: &Context<'_, '_>, index: LineIndex) -> bool {
    let witnesses = cx.witnesses();
    let (star_agents, mut star_rules) = witnesses.obeyed(&witnesses.anonymous_robot(), Dialect::Google);
    let Some(record) = cx.doc.record_of(index).filter(|_| !star_agents.is_empty()) else { return false };
    let lines = cx.lines();
    let mut rules: Vec<(RuleKind, Cow<'_, str>)> = record
        .governed_rules()
        .filter_map(|rule| {
            let field = lines[rule].field()?;
            let kind = if field.is(Directive::Allow) { RuleKind::Allow } else { RuleKind::Disallow };
            Some((kind, Cow::Borrowed(cx.slice(field.value))))
        })
        .collect();
    let key = |(kind, value): &(RuleKind, Cow<'_, str>)| (kind.allows(), value.trim().to_string());
    rules.sort_by_key(key);
    star_rules.sort_by_key(key);
    !rules.is_empty() && rules.iter().map(key).eq(star_rules.iter().map(key))
}

/// Whether the misspelt line, which every robot of today drops, would change nothing if it
/// were spelt right: an Allow or Disallow its record already has correctly spelt, or a
/// User-agent line naming only a robot whose operator retired the token.
fn lost_line_changes_nothing(cx: &Context<'_, '_>, index: LineIndex, meant: Directive) -> bool {
    let lines = cx.lines();
    let Some(value) = lines[index].field().map(|field| cx.slice(field.value).trim()) else { return false };
    match meant {
        Directive::Allow | Directive::Disallow => cx.doc.record_of(index).is_some_and(|record| {
            record.rules.iter().any(|&rule| {
                let field = lines[rule].field();
                field.is_some_and(|field| field.is(meant) && cx.slice(field.value).trim() == value)
            })
        }),
        Directive::UserAgent => {
            let retired = robot_of_value(value)
                .and_then(|robot| Registry::builtin().find(&robot))
                .is_some_and(|agent| agent.is_retired());
            retired || same_rules_as_star(cx, index)
        }
        _ => false,
    }
}
