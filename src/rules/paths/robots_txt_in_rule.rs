use crate::diagnostic::{Applicability, Edit};
use crate::model::{Directive, Line, LineIndex};
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, index: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.access_rule() else { return };
    // `/robots.txt.bak` is another file; only the URL itself (or its end-anchored or
    // query form) is what the draft forbids.
    let value = cx.slice(field.value);
    let Some(rest) = value.strip_prefix("/robots.txt") else { return };
    if !(rest.is_empty() || rest == "$" || rest.starts_with('?')) {
        return;
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
