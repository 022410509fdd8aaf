use crate::model::{Line, LineIndex, Span};
use crate::rules::{Context, Findings};
use crate::text;

pub fn check(cx: &Context<'_, '_>, _: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.user_agent() else { return };
    let value = cx.slice(field.value);
    if value == "*" {
        return;
    }
    let pattern_at = value
        .find(".*")
        .or_else(|| value.find('*'))
        .or_else(|| value.starts_with('^').then_some(0))
        .or_else(|| value.ends_with('$').then(|| value.len() - 1))
        .or_else(|| value.find('|'));
    let Some(at) = pattern_at else { return };
    let start = field.value.start() + at;
    out.report(
        Span::new(start, start + 1),
        text!("`{}` is not a pattern: only `*` alone means every robot", field.value),
    )
    .help(
        "no robot expands wildcards or regular expressions in a User-agent value (robotstxt.org: \
         `User-agent: *bot*` is not supported); name each robot by its product token in its own line",
    );
}
