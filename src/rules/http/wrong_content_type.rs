use crate::fetch::FetchOutcome;
use crate::rules::{Context, Findings};
use crate::text;

/// robots.txt served as something other than `text/plain`. An HTML body is also reported
/// by `html-document`, which reads the body itself.
pub fn check(_: &Context<'_, '_>, fetch: &FetchOutcome, out: &mut Findings) {
    let Some(response) = fetch.robots_txt() else { return };
    let served_as = match response.headers.media_type() {
        Some(media_type) if media_type.is_text_plain() => return,
        Some(media_type) => text!("as `{}`", media_type.essence),
        None => text!("without a Content-Type"),
    };
    out.report_response(
        fetch,
        text!(
            "robots.txt is served {}, not as `text/plain`: the 1996 draft (§3.1) and RFC 9309 (§2.3) both say \
             text/plain, and a robot that checks the type may discard the file",
            served_as
        ),
    )
    .help("configure the server to send `Content-Type: text/plain; charset=utf-8` for /robots.txt");
}
