use crate::diagnostic::{Applicability, Edit};
use crate::model::Separator;
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_>, out: &mut Findings) {
    for line in cx.lines() {
        let Some(field) = line.field() else { continue };
        let Some(directive) = field.directive else { continue };
        if matches!(field.separator, Separator::Colon { .. }) {
            continue;
        }
        let name = cx.slice(field.name);
        out.report(field.name, format!("`{name}` is not followed by a colon"))
            .help(format!(
                "Google accepts `{name} value`, but RFC 9309 and the 1996 draft require `{}:`, and most robots drop this line",
                directive.canonical_name()
            ))
            .fix(
                Applicability::Safe,
                format!("Insert `:` after `{name}`"),
                vec![Edit::insert(field.name.end, ":")],
            );
    }
}
