use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let limit = cx.option_usize("max-rules").unwrap_or(usize::MAX);
    let total = cx.doc.access_rules().count();
    let Some((_, first_over, _)) = cx.doc.access_rules().nth(limit) else { return };
    out.report(first_over.span, format!("{total} Allow/Disallow rules, more than the limit of {limit}; this is the first past it"))
        .help(
            "long rule lists are slow to maintain and often duplicate each other; crawlers stop reading at 500 KiB. \
             Group paths under common prefixes or wildcards (set `max-rules` under [rules.too-many-rules] to change the limit)",
        );
}
