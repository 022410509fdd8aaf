use serde::Deserialize;

use crate::rules::{Context, Findings};
use crate::text;

/// `[rules.too-many-rules]`; the defaults are in rules/too-many-rules.toml.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Options {
    max_rules: usize,
}

pub fn check(cx: &Context<'_, '_>, &Options { max_rules: limit }: &Options, out: &mut Findings) {
    let total = cx.doc.access_rules().count();
    let Some((_, first_over, _)) = cx.doc.access_rules().nth(limit) else { return };
    out.report(first_over.span, text!("{} Allow/Disallow rules, more than the limit of {}; this is the first past it", total, limit))
        .help(
            "long rule lists are slow to maintain and often duplicate each other; crawlers stop reading at 500 KiB. \
             Group paths under common prefixes or wildcards (set `max-rules` under [rules.too-many-rules] to change the limit)",
        );
}
