use crate::diagnostic::{Applicability, Edit};
use crate::dialect::witness::{anonymous_robot, lost_line, Witnesses};
use crate::dialect::Dialect;
use crate::model::Separator;
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_>, out: &mut Findings) {
    let mut witnesses = Witnesses::new(cx.doc, cx.text);
    let mut anonymous: Option<String> = None;
    for (index, line) in cx.lines().iter().enumerate() {
        let Some(field) = line.field() else { continue };
        let Some(directive) = field.directive else { continue };
        if matches!(field.separator, Separator::Colon { .. }) {
            continue;
        }
        let name = cx.slice(field.name);
        let help = if field.value.is_empty() {
            format!("every robot needs `{}:`; without the colon the line is not a field and robots drop it", directive.canonical_name())
        } else {
            format!(
                "Google accepts `{name} value`, but RFC 9309 and the 1996 draft require `{}:`, and most robots drop this line",
                directive.canonical_name()
            )
        };
        let message = format!("`{name}` is not followed by a colon");
        let anonymous = anonymous.get_or_insert_with(|| anonymous_robot(cx.doc, cx.text));
        let divergence = lost_line(&mut witnesses, anonymous, index, directive);
        let message = match &divergence {
            Some(divergence) => format!(
                "{message}, so Google reads it and other robots drop it: {}",
                divergence.describe(cx.doc, cx.text, Dialect::Google, Dialect::Rfc9309)
            ),
            None => message,
        };
        let diagnostic = out.report(field.name, message);
        if let Some(divergence) = divergence {
            diagnostic.witness(divergence.witness(Dialect::Google, Dialect::Rfc9309));
        }
        diagnostic
            .help(help)
            .fix(
                Applicability::Safe,
                format!("Insert `:` after `{name}`"),
                vec![Edit::insert(field.name.end, ":")],
            );
    }
}
