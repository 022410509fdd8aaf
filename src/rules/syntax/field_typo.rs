use crate::diagnostic::{Applicability, Edit};
use crate::dialect::witness::LOST_LINE;
use crate::model::{Directive, Line, LineIndex};
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, index: LineIndex, line: &Line, out: &mut Findings) {
    let witnesses = cx.witnesses();
    let Some(field) = line.field() else { return };
    if field.directive.is_some() {
        return;
    }
    let name = cx.slice(field.name);
    let Some(meant) = Directive::from_misspelling(name) else { return };
    let canonical = meant.canonical_name();
    let diagnostic = out.report(field.name, format!("unknown field `{name}`: did you mean `{canonical}`?"));
    if let Some(divergence) = witnesses.lost_line(index, meant, LOST_LINE) {
        diagnostic.message += &format!(" Google reads it as `{canonical}` and other robots drop it");
        witnesses.attach(diagnostic, &divergence);
    }
    diagnostic
        .help("Google accepts a few misspellings; every other robot ignores a line whose field it does not know")
        .fix(
            Applicability::Safe,
            format!("Replace `{name}` with `{canonical}`"),
            vec![Edit::replace(field.name, canonical)],
        );
}
