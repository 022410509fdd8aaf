use crate::diagnostic::{Applicability, Edit};
use crate::dialect::witness::{anonymous_robot, lost_line, Witnesses};
use crate::dialect::Dialect;
use crate::model::Directive;
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_>, out: &mut Findings) {
    let mut witnesses = Witnesses::new(cx.doc, cx.text);
    let mut anonymous: Option<String> = None;
    for (index, line) in cx.lines().iter().enumerate() {
        let Some(field) = line.field() else { continue };
        if field.directive.is_some() {
            continue;
        }
        let name = cx.slice(field.name);
        let Some(meant) = Directive::from_misspelling(name) else { continue };
        let canonical = meant.canonical_name();
        let message = format!("unknown field `{name}`: did you mean `{canonical}`?");
        let anonymous = anonymous.get_or_insert_with(|| anonymous_robot(cx.doc, cx.text));
        let divergence = lost_line(&mut witnesses, anonymous, index, meant);
        let message = match &divergence {
            Some(divergence) => format!(
                "{message} Google reads it as `{canonical}` and other robots drop it: {}",
                divergence.describe(cx.doc, cx.text, Dialect::Google, Dialect::Rfc9309)
            ),
            None => message,
        };
        let diagnostic = out.report(field.name, message);
        if let Some(divergence) = divergence {
            diagnostic.witness(divergence.witness(Dialect::Google, Dialect::Rfc9309));
        }
        diagnostic
            .help("Google accepts a few misspellings; every other robot ignores a line whose field it does not know")
            .fix(
                Applicability::Safe,
                format!("Replace `{name}` with `{canonical}`"),
                vec![Edit::replace(field.name, canonical)],
            );
    }
}
