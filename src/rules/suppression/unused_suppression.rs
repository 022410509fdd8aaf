use crate::rules::{Context, Findings};
use crate::suppression::Scope;

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    for suppression in cx.suppressions {
        for named in &suppression.names {
            let Some(rule) = named.rule else { continue };
            if named.used {
                continue;
            }
            let name = &rule.metadata.name;
            let why = match suppression.scope {
                Scope::Nothing => "there is no line after this comment for it to apply to".to_string(),
                Scope::File => format!("`{name}` reports nothing in this file"),
                Scope::Line(_) => format!("`{name}` reports nothing on the line it covers"),
            };
            out.report(named.span, format!("this suppression of `{name}` silences nothing: {why}"))
                .help("remove it, so it cannot hide a future finding by accident");
        }
    }
}
