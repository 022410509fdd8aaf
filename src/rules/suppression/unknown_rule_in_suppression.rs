use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let help = "use a rule's name or code as `robolint rules` lists them, e.g. `# robolint: disable=glob-pattern`";
    for suppression in cx.suppressions {
        if suppression.names.is_empty() {
            out.report(suppression.comment, "this suppression names no rule, so it silences nothing").help(help);
        }
        for named in suppression.names.iter().filter(|named| named.rule.is_none()) {
            let name = cx.slice(named.span);
            out.report(named.span, format!("`{name}` is not a robolint rule, so this suppression silences nothing"))
                .help(help);
        }
    }
}
