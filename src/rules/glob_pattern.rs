use crate::diagnostic::{Applicability, Edit};
use crate::model::Span;
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_>, out: &mut Findings) {
    for (_, _, field) in cx.doc.access_rules() {
        let value = cx.slice(field.value);
        let Some(at) = value.find(['*', '$']) else { continue };
        let older = "robots that follow the 1994 standard or the 1996 draft";
        let message = match (value.starts_with('*'), value.contains('*'), value.contains('$')) {
            (true, ..) => format!(
                "the path starts with `*`: RFC 9309 robots expand it, {older} compare the path literally, and no URL path starts with `*`"
            ),
            (false, true, true) => format!(
                "`*` and `$` are special for RFC 9309 robots (any run of characters, end of URL) but ordinary characters for {older}"
            ),
            (false, true, false) => format!(
                "`*` is a wildcard for RFC 9309 robots (any run of characters) but an ordinary character for {older}"
            ),
            (false, false, _) => format!(
                "`$` anchors the end of the URL for RFC 9309 robots but is an ordinary character for {older}"
            ),
        };
        let diagnostic = out
            .report(Span::new(field.value.start + at, field.value.start + at + 1), message)
            .help("older robots match paths by plain prefix: they read this rule literally and it matches no real URL");
        if let Some(replacement) = portable_equivalent(value) {
            diagnostic.fix(
                Applicability::Safe,
                format!("Replace `{value}` with `{replacement}`"),
                vec![Edit::replace(field.value, replacement)],
            );
        }
    }
}

/// A rule that means the same to RFC 9309 robots and reads better to older ones:
/// `/dir/*` is `/dir/` (a trailing `*` adds nothing to a prefix match), and `*.pdf` is
/// `/*.pdf` (every path starts with `/`).
fn portable_equivalent(value: &str) -> Option<String> {
    let prefix = value.trim_end_matches('*');
    if prefix.len() < value.len() && prefix.starts_with('/') && !prefix.contains(['*', '$']) {
        return Some(prefix.to_string());
    }
    value.starts_with('*').then(|| format!("/{value}"))
}
