use crate::model::{Line, LineIndex, Span};
use crate::rules::{Context, Findings};
use crate::text::abbreviate;

/// `Disallow: /page#top`: a `#` right after the path, which every robot reads as the start
/// of a comment.
pub fn check(cx: &Context<'_, '_>, _: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.access_rule() else { return };
    let Some(comment) = line.comment else { return };
    if field.value.is_empty() || comment.start != field.value.end {
        return;
    }
    let comment_text = cx.slice(comment);
    let fragment_len = comment_text.find([' ', '\t']).unwrap_or(comment_text.len());
    let fragment = Span::new(comment.start, comment.start + fragment_len);
    let name = cx.slice(field.name);
    let value = cx.slice(field.value);
    let written = abbreviate(&format!("{value}{}", cx.slice(fragment)), 60).into_owned();
    let short = abbreviate(value, 60);
    let meaning = if value == "/" {
        if name.eq_ignore_ascii_case("allow") {
            " — which opens the whole site".to_string()
        } else {
            " — which closes the whole site".to_string()
        }
    } else {
        String::new()
    };
    out.report(
        fragment,
        format!("`#` starts a comment, so every robot reads `{name}: {written}` as `{name}: {short}`{meaning}"),
    )
    .label(field.value, format!("the rule is only `{short}`"))
    .help(
        "a fragment (`#…`) never reaches the server: browsers and robots drop it before they request the URL, \
         so no rule can tell one fragment from another. Write the path without it",
    );
}
