use crate::fetch::cache::Freshness;
use crate::fetch::FetchOutcome;
use crate::rules::{Context, Findings};
use crate::text;

/// Headers that forbid keeping robots.txt, or make every copy stale at once: a robot that
/// honours them asks for robots.txt before every visit.
pub fn check(_: &Context<'_, '_>, fetch: &FetchOutcome, out: &mut Findings) {
    let Some(response) = fetch.robots_txt() else { return };
    let what = match Freshness::of(&response.headers) {
        Freshness::NoStore => text!("`Cache-Control: no-store` asks robots to keep no copy of robots.txt"),
        Freshness::Revalidate { because } => text!("{}: every copy of robots.txt is stale at once", because),
        _ => return,
    };
    out.report_response(
        fetch,
        text!(
            "{}, so a robot that honours it asks for robots.txt again before every visit, although the 1996 draft \
             expects robots to cache it (§3.4) and RFC 9309 lets them keep it up to 24 hours (§2.4)",
            what
        ),
    )
    .help(
        "let robots keep robots.txt for a while, such as `Cache-Control: max-age=3600`: each fetch is one more request",
    );
}
