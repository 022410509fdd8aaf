use crate::diagnostic::{Applicability, Edit};
use crate::model::Directive;
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    for (index, line, field) in cx.doc.access_rules() {
        // `/robots.txt.bak` is another file; only the URL itself (or its end-anchored or
        // query form) is what the draft forbids.
        let value = cx.slice(field.value);
        let Some(rest) = value.strip_prefix("/robots.txt") else { continue };
        if !(rest.is_empty() || rest == "$" || rest.starts_with('?')) {
            continue;
        }
        let diagnostic = out.report(field.value, "/robots.txt named in a rule").help(
            "the draft: /robots.txt is always allowed and must not appear in Allow or Disallow rules; robots ignore this",
        );
        // Removing the record's only rule would leave its agents without rules, which RFC
        // 9309 robots fill from the next group; an empty Disallow keeps the record whole.
        let only_rule = cx.doc.record_of(index).is_none_or(|record| record.rules.len() == 1);
        let (message, edit) = if field.is(Directive::Disallow) || only_rule {
            (
                "Replace with `Disallow:` (allows everything, as this line did)",
                Edit::replace(field.name.to(field.value), "Disallow:"),
            )
        } else {
            ("Delete the rule", Edit::delete(line.field_removal()))
        };
        diagnostic.fix(Applicability::Unsafe, message, vec![edit]);
    }
}
