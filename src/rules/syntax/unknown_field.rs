use std::sync::OnceLock;

use crate::model::{Directive, Line, LineIndex, Separator};
use crate::rules::{Context, Findings};
use crate::text;

pub fn check(cx: &Context<'_, '_>, index: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.field() else { return };
    let is_unknown_extension = field.directive.is_none()
        && matches!(field.separator, Separator::Colon { .. })
        && cx.misspelt_directive(index).is_none();
    if !is_unknown_extension {
        return;
    }
    // The same words for every finding: joined once.
    static KNOWN: OnceLock<String> = OnceLock::new();
    let known = KNOWN.get_or_init(|| {
        let names: Vec<&str> = Directive::ALL.iter().map(|directive| directive.canonical_name()).collect();
        names.join(", ")
    });
    out.report(field.name, text!("unknown field `{}`; robots that do not know it ignore this line", field.name))
        .help(text!("robolint knows: {}", known.as_str()));
}
