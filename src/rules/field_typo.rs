use crate::diagnostic::{Applicability, Edit};
use crate::model::Directive;
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_>, out: &mut Findings) {
    for line in cx.lines() {
        let Some(field) = line.field() else { continue };
        if field.directive.is_some() {
            continue;
        }
        let name = cx.slice(field.name);
        let Some(meant) = Directive::from_misspelling(name) else { continue };
        let canonical = meant.canonical_name();
        out.report(field.name, format!("unknown field `{name}`: did you mean `{canonical}`?"))
            .help("Google accepts a few misspellings; every other robot ignores a line whose field it does not know")
            .fix(
                Applicability::Safe,
                format!("Replace `{name}` with `{canonical}`"),
                vec![Edit::replace(field.name, canonical)],
            );
    }
}
