use crate::diagnostic::{Applicability, Edit};
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_>, out: &mut Findings) {
    let Some(bom) = cx.doc.bom else { return };
    let diagnostic = out
        .report(bom, "the file starts with a UTF-8 byte-order mark")
        .help(
            "Google and RFC 9309 parsers skip it, but robots that follow the 1994 standard or the 1996 draft \
             read it as part of the first field name, so they lose the first line",
        )
        .fix(Applicability::Safe, "Delete the byte-order mark", vec![Edit::delete(bom)]);
    if let Some(field) = cx.lines().first().and_then(|line| line.field()) {
        diagnostic.label(field.name, "an old robot reads this name with U+FEFF in front of it");
    }
}
