use crate::diagnostic::Arg;
use crate::model::{Line, LineIndex, Span};
use crate::rules::{Context, Findings};
use crate::text;
use crate::text::abbreviate;

pub fn check(cx: &Context<'_, '_>, _: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.access_rule() else { return };
    let value = cx.slice(field.value);
    // In a query string (`?next=%2Fhome`) `%2F` is how the URL is sent, and the rule
    // matches it as written.
    let path = value.split('?').next().unwrap_or(value);
    if !path.contains('%') {
        return;
    }
    let lower = path.to_ascii_lowercase();
    let mut escapes = lower.match_indices("%2f").map(|(at, _)| at);
    let Some(first) = escapes.next() else { return };
    let more = escapes.count();
    let decoded = path.replace("%2F", "/").replace("%2f", "/");
    let also = match more {
        0 => text!(""),
        1 => text!(" (and once more in this path)"),
        n => text!(" (and {} more times in this path)", n),
    };
    let path = Arg::Abbreviated(Span::new(field.value.start(), field.value.start() + path.len()), 60);
    let decoded = abbreviate(&decoded, 60).into_owned();
    let start = field.value.start() + first;
    let escape = Span::new(start, start + 3);
    out.report(
        escape,
        text!(
            "`{}` is an encoded `/`{}: `{}` matches only URLs that contain `{}` literally, never `{}`",
            escape,
            also,
            path,
            escape,
            decoded
        ),
    )
    .help(
        "the 1996 draft decodes %-escapes before comparing, except `%2F`, and RFC 9309 robots keep reserved \
         escapes such as `%2F` encoded too; write `/` if the rule is meant for the path with slashes",
    );
}
