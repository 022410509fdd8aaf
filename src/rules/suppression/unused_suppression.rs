use crate::rules::suppressions::Scope;
use crate::rules::{Context, Findings};
use crate::text;

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    for suppression in cx.suppressions {
        for named in &suppression.names {
            let Some(rule) = named.rule else { continue };
            if named.used {
                continue;
            }
            // A registered rule lives as long as the program: its name needs no copy.
            let name: &'static str = rule.name();
            let why = match suppression.scope {
                Scope::Nothing => text!("there is no line after this comment for it to apply to"),
                Scope::File => text!("`{}` reports nothing in this file", name),
                Scope::Line(_) => text!("`{}` reports nothing on the line it covers", name),
            };
            out.report(named.span, text!("this suppression of `{}` silences nothing: {}", name, why))
                .help("remove it, so it cannot hide a future finding by accident");
        }
    }
}
