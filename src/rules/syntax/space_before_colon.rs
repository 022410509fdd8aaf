use crate::diagnostic::{Applicability, Edit};
use crate::model::Separator;
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    for line in cx.lines() {
        let Some(field) = line.field() else { continue };
        let Separator::Colon { space_before, .. } = field.separator else { continue };
        if space_before.is_empty() {
            continue;
        }
        let name = cx.slice(field.name);
        out.report(space_before, format!("whitespace between `{name}` and its colon"))
            .help(
                "RFC 9309 and Google allow it, but the draft's grammar puts the colon right after the field name \
                 (`User-agent:` is a single literal), so strict parsers drop the line",
            )
            .fix(Applicability::Safe, "Delete the whitespace", vec![Edit::delete(space_before)]);
    }
}
