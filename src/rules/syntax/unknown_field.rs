use crate::model::{Directive, Line, LineIndex, Separator};
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, _: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.field() else { return };
    let name = cx.slice(field.name);
    let is_unknown_extension = field.directive.is_none()
        && matches!(field.separator, Separator::Colon { .. })
        && Directive::from_misspelling(name).is_none();
    if !is_unknown_extension {
        return;
    }
    let known: Vec<&str> = Directive::ALL.iter().map(|directive| directive.canonical_name()).collect();
    out.report(field.name, format!("unknown field `{name}`; robots that do not know it ignore this line"))
        .help(format!("robolint knows: {}", known.join(", ")));
}
