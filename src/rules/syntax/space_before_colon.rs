use crate::diagnostic::{Applicability, Edit};
use crate::model::{Line, LineIndex, Separator};
use crate::rules::{Context, Findings};
use crate::text;

pub fn check(_: &Context<'_, '_>, _: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.field() else { return };
    let Separator::Colon { space_before, .. } = field.separator else { return };
    if space_before.is_empty() {
        return;
    }
    out.report(space_before, text!("whitespace between `{}` and its colon", field.name))
        .help(
            "RFC 9309 and Google allow it, but the draft's grammar puts the colon right after the field name \
             (`User-agent:` is a single literal), so strict parsers drop the line",
        )
        .fix(Applicability::Safe, "Delete the whitespace", vec![Edit::delete(space_before)]);
}
