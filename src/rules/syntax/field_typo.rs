use crate::diagnostic::{Applicability, Edit};
use crate::dialect::witness::LOST_LINE;
use crate::model::{Directive, Line, LineIndex};
use crate::rules::{Context, Findings};
use crate::text;

pub fn check(cx: &Context<'_, '_>, index: LineIndex, line: &Line, out: &mut Findings) {
    let witnesses = cx.witnesses();
    let Some(field) = line.field() else { return };
    if field.directive.is_some() {
        return;
    }
    let Some(meant) = Directive::from_misspelling(cx.slice(field.name)) else { return };
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
    if let Some(divergence) = divergence {
        witnesses.attach(diagnostic, &divergence);
    }
    diagnostic
        .help("Google accepts a few misspellings; every other robot ignores a line whose field it does not know")
        .fix(
            Applicability::Safe,
            format!("Replace `{}` with `{canonical}`", cx.slice(field.name)),
            vec![Edit::replace(field.name, canonical)],
        );
}
