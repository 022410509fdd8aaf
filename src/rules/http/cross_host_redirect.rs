use crate::fetch::{Ending, FetchOutcome};
use crate::rules::{Context, Findings};

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
        format!(
            "robots.txt for {asked} is served from another host, {served}: RFC 9309 robots follow the redirect and apply \
             {served}'s file to {asked} (§2.3.1.2), and robots that follow the 1996 draft follow redirects whatever the host \
             (§3.1)"
        ),
    )
    .help(format!(
        "make sure the file at {} is meant for {asked} too: every robot that asks {asked} reads it",
        last.to
    ));
}
