use crate::diagnostic::Arg;
use crate::model::{Line, LineIndex, Span};
use crate::rules::{Context, Findings};
use crate::text;

/// `Disallow: /page#top`: a `#` right after the path, which every robot reads as the start
/// of a comment.
pub fn check(cx: &Context<'_, '_>, _: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.access_rule() else { return };
    let Some(comment) = line.comment else { return };
    if field.value.is_empty() || comment.start() != field.value.end() {
        return;
    }
    let comment_text = cx.slice(comment);
    let fragment_len = comment_text.find([' ', '\t']).unwrap_or(comment_text.len());
    let fragment = Span::new(comment.start(), comment.start() + fragment_len);
    let name = cx.slice(field.name);
    // The comment starts where the value ends: the value and the fragment are one stretch.
    let written = Arg::Abbreviated(Span::new(field.value.start(), fragment.end()), 60);
    let short = Arg::Abbreviated(field.value, 60);
    let meaning = if cx.slice(field.value) == "/" {
        if name.eq_ignore_ascii_case("allow") {
            " — which opens the whole site"
        } else {
            " — which closes the whole site"
        }
    } else {
        ""
    };
    out.report(
        fragment,
        text!(
            "`#` starts a comment, so every robot reads `{}: {}` as `{}: {}`{}",
            field.name,
            written,
            field.name,
            short.clone(),
            meaning
        ),
    )
    .label(field.value, text!("the rule is only `{}`", short))
    .help(
        "a fragment (`#…`) never reaches the server: browsers and robots drop it before they request the URL, \
         so no rule can tell one fragment from another. Write the path without it",
    );
}
