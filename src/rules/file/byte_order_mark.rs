use crate::diagnostic::{Applicability, Edit};
use crate::dialect::witness::LOST_FIRST_LINE;
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let Some(bom) = cx.doc.bom else { return };
    let first_field = cx.lines().first().and_then(|line| line.field());
    let witnesses = cx.witnesses();
    let divergence = first_field
        .and_then(|field| field.directive)
        .and_then(|directive| witnesses.lost_line(0, directive, LOST_FIRST_LINE));
    let message = if divergence.is_some() {
        "the file starts with a UTF-8 byte-order mark, which makes robots that follow the 1996 draft lose the first line"
    } else {
        "the file starts with a UTF-8 byte-order mark"
    };
    let diagnostic = out
        .report(bom, message)
        .help(
            "Google and RFC 9309 parsers skip it, but robots that follow the 1994 standard or the 1996 draft \
             read it as part of the first field name, so they lose the first line",
        )
        .fix(Applicability::Safe, "Delete the byte-order mark", vec![Edit::delete(bom)]);
    let Some(field) = first_field else { return };
    diagnostic.label(field.name, "an old robot reads this name with U+FEFF in front of it");
    if let Some(divergence) = divergence {
        diagnostic.attach_witness(&divergence);
    }
}
