use crate::fetch::{Ending, FetchOutcome};
use crate::rules::{Context, Findings};
use crate::text;

/// robots.txt for one host served from another: the rules still apply to the host robots
/// asked about, which is easy to forget when the other host's file changes.
pub fn check(_: &Context<'_, '_>, fetch: &FetchOutcome, out: &mut Findings) {
    if matches!(fetch.ending, Ending::BrokenRedirect { .. }) {
        return;
    }
    let Some(last) = fetch.redirects.last() else { return };
    let (asked, served) = (fetch.url.host(), last.to.host());
    if asked == served {
        return;
    }
    out.report_response(
        fetch,
        text!(
            "robots.txt for {} is served from another host, {}: RFC 9309 robots follow the redirect and apply \
             {}'s file to {} (§2.3.1.2), and robots that follow the 1996 draft follow redirects whatever the host \
             (§3.1)",
            asked.to_string(),
            served.to_string(),
            served.to_string(),
            asked.to_string()
        ),
    )
    .help(text!(
        "make sure the file at {} is meant for {} too: every robot that asks {} reads it",
        last.to.to_string(),
        asked.to_string(),
        asked.to_string()
    ));
}
