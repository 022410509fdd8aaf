use crate::model::Span;
use crate::rules::{Context, Findings};
use crate::text;

/// The only name robots ask for.
const NAME: &str = "robots.txt";

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let Some(name) = cx.path.and_then(|path| path.file_name()).and_then(|name| name.to_str()) else { return };
    // Other names (`staging-robots.txt`, `robots.txt.bak`) are copies people lint on purpose.
    if name == NAME || !name.eq_ignore_ascii_case(NAME) {
        return;
    }
    out.report(
        Span::empty_at(0),
        text!("the file is named `{}`, but robots request `/{}` in lower case", name.to_string(), NAME),
    )
    .help(text!(
        "URL paths are case-sensitive: on a server that maps URLs to files case-sensitively (most Unix \
         servers), `/{}` is not found and robots see no rules at all. Rename the file to `{}`",
        NAME,
        NAME
    ));
}
