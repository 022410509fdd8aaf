use crate::diagnostic::{Applicability, Edit};
use crate::model::{Line, LineIndex, Span};
use crate::rules::{Context, Findings};
use crate::text::invalid_percent_escapes;

pub fn check(cx: &Context<'_, '_>, _: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.access_rule() else { return };
    let value = cx.slice(field.value);
    for at in invalid_percent_escapes(value) {
        let start = field.value.start + at;
        let shown: String = value[at..].chars().take(3).collect();
        out.report(
            Span::new(start, start + shown.len()),
            format!("`{shown}` is not a percent-escape: `%` must be followed by two hex digits"),
        )
        .help("robots disagree on what an invalid escape matches; write a literal `%` as `%25`")
        .fix(
            Applicability::Unsafe,
            "Write the `%` as `%25`",
            vec![Edit::replace(Span::new(start, start + 1), "%25")],
        );
    }
}
