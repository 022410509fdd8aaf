use crate::rules::{Context, Findings};
use crate::text;

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let help = "use a rule's name or code as `robolint rules` lists them, e.g. `# robolint: disable=glob-pattern`";
    for suppression in cx.suppressions {
        if suppression.names.is_empty() {
            out.report(suppression.comment, "this suppression names no rule, so it silences nothing").help(help);
        }
        for named in suppression.names.iter().filter(|named| named.rule.is_none()) {
            out.report(
                named.span,
                text!("`{}` is not a robolint rule, so this suppression silences nothing", named.span),
            )
            .help(help);
        }
    }
}
