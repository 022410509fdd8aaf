use crate::diagnostic::{Arg, Evidence};
use crate::dialect::witness::concrete_url;
use crate::model::{Line, LineIndex, Span};
use crate::rules::{Context, Findings};
use crate::text;

/// `Disallow: /page#top`: a `#` right after the path, which every robot reads as the start
/// of a comment.
pub fn check(cx: &Context<'_, '_>, index: LineIndex, line: &Line, out: &mut Findings) {
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
    let diagnostic = out
        .report(
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
    // Read without its fragment, the rule does what was meant where the fragment names every
    // state of the page (`#/*`, `#/`, `#*`: the whole app), where the group lists several
    // states of the page (all of them meant kept out), or where another line decides the page
    // anyway: no answer changes.
    let every_state = matches!(cx.slice(fragment), "#*" | "#/" | "#/*");
    let page = concrete_url(cx.slice(field.value).trim_start_matches('*'));
    let decided = page.is_some_and(|url| cx.witnesses().decided_elsewhere(index, &url).is_some());
    if every_state || states_listed(cx, index, field.value) > 1 || decided {
        diagnostic.evidence(Evidence::NoEffect);
    }
}

/// How many rules of line `index`'s group name a fragment of the page `value` names.
fn states_listed(cx: &Context<'_, '_>, index: LineIndex, value: Span) -> usize {
    let Some(record) = cx.doc.record_of(index) else { return 0 };
    let lines = cx.lines();
    let page = cx.slice(value);
    let with_fragment = |rule: &&LineIndex| {
        let line = &lines[**rule];
        let fragment_after =
            |field: &crate::model::Field| line.comment.is_some_and(|comment| comment.start() == field.value.end());
        line.access_rule().is_some_and(|field| cx.slice(field.value) == page && fragment_after(field))
    };
    record.rules.iter().filter(with_fragment).count()
}
