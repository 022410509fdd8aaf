use crate::model::{Line, LineIndex, Span};
use crate::rules::{Context, Findings};
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
    let escape = &value[first..first + 3];
    let decoded = path.replace("%2F", "/").replace("%2f", "/");
    let also = match more {
        0 => String::new(),
        1 => " (and once more in this path)".to_string(),
        n => format!(" (and {n} more times in this path)"),
    };
    let (path, decoded) = (abbreviate(path, 60), abbreviate(&decoded, 60));
    let start = field.value.start + first;
    out.report(
        Span::new(start, start + 3),
        format!(
            "`{escape}` is an encoded `/`{also}: `{path}` matches only URLs that contain `{escape}` literally, never `{decoded}`"
        ),
    )
    .help(
        "the 1996 draft decodes %-escapes before comparing, except `%2F`, and RFC 9309 robots keep reserved \
         escapes such as `%2F` encoded too; write `/` if the rule is meant for the path with slashes",
    );
}
