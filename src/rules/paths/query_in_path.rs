use crate::model::{Line, LineIndex, Span};
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, _: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.access_rule() else { return };
    let value = cx.slice(field.value);
    let Some(at) = value.find('?') else { return };
    let start = field.value.start() + at;
    out.report(
        Span::new(start, field.value.end()),
        "a query string in a path: the 1996 draft's paths (RFC 1808) end before `?`",
    )
    .help(
        "RFC 9309 robots and Google match rules against the path and the query, so this works for them; \
         robots that follow the draft may drop the line",
    );
}
