use crate::diagnostic::{Applicability, Edit};
use crate::model::{Line, LineIndex, Span};
use crate::rules::{Context, Findings};
use crate::text;
use crate::text::invalid_percent_escapes;

pub fn check(cx: &Context<'_, '_>, _: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.access_rule() else { return };
    let value = cx.slice(field.value);
    for at in invalid_percent_escapes(value) {
        let start = field.value.start() + at;
        // The `%` and the two characters after it, if there are two.
        let shown = Span::new(start, start + value[at..].chars().take(3).map(char::len_utf8).sum::<usize>());
        out.report(shown, text!("`{}` is not a percent-escape: `%` must be followed by two hex digits", shown))
            .help("robots disagree on what an invalid escape matches; write a literal `%` as `%25`")
            .fix(
                Applicability::Unsafe,
                "Write the `%` as `%25`",
                vec![Edit::replace(Span::new(start, start + 1), "%25")],
            );
    }
}
