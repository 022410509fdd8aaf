use crate::diagnostic::{Applicability, Edit};
use crate::model::{Directive, Line, LineIndex};
use crate::rules::{Context, Findings};

/// Only where the draft rejects it: after a User-agent, Allow or Disallow value with no
/// comment. Extension values, comments and blank lines may end in whitespace.
pub fn check(_: &Context<'_, '_>, _: LineIndex, line: &Line, out: &mut Findings) {
    let draft_field = matches!(line.directive(), Some(Directive::UserAgent | Directive::Allow | Directive::Disallow));
    // `Disallow:   ` is fine: the whitespace is the `*space` after the colon.
    let has_value = line.field().is_some_and(|field| !field.value.is_empty());
    if !draft_field || !has_value || line.comment.is_some() || line.trailing_whitespace.is_empty() {
        return;
    }
    out.report(line.trailing_whitespace, "trailing whitespace")
        .help("the draft's grammar allows whitespace before the line end only ahead of a comment; robots trim it")
        .fix(Applicability::Safe, "Delete the trailing whitespace", vec![Edit::delete(line.trailing_whitespace)]);
}
