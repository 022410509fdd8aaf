use crate::diagnostic::{Applicability, Edit, Evidence};
use crate::dialect::Dialect;
use crate::model::{Line, LineIndex, Span};
use crate::rules::{Context, Findings};
use crate::text;
use crate::text::invalid_percent_escapes;

/// A `%` not followed by two hex digits. Google's parser and RFC 9309 robots compare such a
/// `%` as the character it is, which is how browsers send a stray `%` (`/x-40%`), so the
/// rule matches what it evidently means for them; robots that decode escapes (the 1996
/// draft's) read it otherwise. Writing it `%25` would stop it matching for Google, so no
/// fix is offered, except where the stray `%` stands after a closing `$`: there it makes
/// the `$` an ordinary character, the rule matches no URL for any robot, and deleting the
/// `%` is what was meant.
pub fn check(cx: &Context<'_, '_>, _: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.access_rule() else { return };
    let value = cx.slice(field.value);
    for at in invalid_percent_escapes(value) {
        let start = field.value.start() + at;
        // The `%` and the two characters after it, if there are two.
        let shown = Span::new(start, start + value[at..].chars().take(3).map(char::len_utf8).sum::<usize>());
        let diagnostic =
            out.report(shown, text!("`{}` is not a percent-escape: `%` must be followed by two hex digits", shown));
        if value[..at].ends_with('$') && value[at..].trim_end() == "%" {
            diagnostic
                .help("after `$` the `%` makes the `$` an ordinary character, so the rule matches no URL; delete it")
                .fix(
                    Applicability::Unsafe,
                    "Delete the `%` after `$`",
                    vec![Edit::delete(Span::new(start, start + 1))],
                );
        } else {
            diagnostic
                .help(
                    "Google and RFC 9309 robots compare a stray `%` as itself, as browsers send it; robots that decode \
                     escapes disagree on what it matches",
                )
                .evidence(Evidence::Misread(vec![Dialect::Norobots1994, Dialect::Draft1996]));
        }
    }
}
