use crate::diagnostic::{Applicability, Edit, Evidence};
use crate::dialect::witness::LOST_LINE;
use crate::model::{Directive, Line, LineIndex, Separator};
use crate::rules::{Context, Findings};
use crate::text;

pub fn check(cx: &Context<'_, '_>, index: LineIndex, line: &Line, out: &mut Findings) {
    let witnesses = cx.witnesses();
    let Some(field) = line.field() else { return };
    let Some(directive) = field.directive else { return };
    if matches!(field.separator, Separator::Colon { .. }) {
        return;
    }
    let name = cx.slice(field.name);
    let help = if field.value.is_empty() {
        text!(
            "every robot needs `{}:`; without the colon the line is not a field and robots drop it",
            directive.canonical_name()
        )
    } else {
        text!(
            "Google accepts `{} value`, but RFC 9309 and the 1996 draft require `{}:`, and most robots drop this line",
            field.name,
            directive.canonical_name()
        )
    };
    let divergence = witnesses.lost_line(index, directive, LOST_LINE);
    let message = match divergence {
        Some(_) => text!("`{}` is not followed by a colon, so Google reads it and other robots drop it", field.name),
        None => text!("`{}` is not followed by a colon", field.name),
    };
    let diagnostic = out.report(field.name, message);
    // Google reads `name value` only as two tokens: with more, the colon makes Google read
    // a line it drops now, a change of what Google does.
    let google_drops = cx.slice(field.value).contains(|c: char| c.is_ascii_whitespace());
    match divergence {
        Some(divergence) => diagnostic.attach_witness(&divergence),
        // Google reads the line and RFC 9309 robots drop it, and no URL's answer differs:
        // the line changes nothing (an `Allow /` where everything is allowed anyway). A line
        // Google drops too is lost for every robot, which is no evidence of harmlessness.
        None if is_group_line(directive) && !google_drops && !field.value.is_empty() && !witnesses.budget_spent() => {
            diagnostic.evidence(Evidence::NoEffect);
        }
        None => {}
    }
    let applicability = if google_drops { Applicability::Unsafe } else { Applicability::Safe };
    diagnostic.help(help).fix(
        applicability,
        format!("Insert `:` after `{name}`"),
        vec![Edit::insert(field.name.end(), ":")],
    );
}

/// The lines whose loss a witness can show: those that bring robots to a group or decide
/// their URLs.
fn is_group_line(directive: Directive) -> bool {
    matches!(directive, Directive::UserAgent | Directive::Allow | Directive::Disallow)
}
