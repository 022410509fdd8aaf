use crate::fetch::FetchOutcome;
use crate::rules::{Context, Findings};
use crate::text;

/// 404 and the other 4xx answers that mean "no robots.txt here": robots may crawl
/// everything. 401 and 403 are `robots-txt-forbidden`'s, 429 `robots-txt-unreachable`'s,
/// because some robots read them differently.
pub fn check(_: &Context<'_, '_>, fetch: &FetchOutcome, out: &mut Findings) {
    let Some(response) = fetch.response().filter(|response| is_not_found(response.status)) else { return };
    let who = if response.status == 404 {
        "every robot may crawl the whole site: the 1996 draft (§3.1), RFC 9309 (§2.3.1.3) and Google agree"
    } else {
        "RFC 9309 robots and Google may crawl the whole site (§2.3.1.3); the 1996 draft says so of 404 only (§3.1)"
    };
    out.report_response(fetch, text!("{}: there is no robots.txt, so {}", response.answered(), who))
        .help("that is fine if the site has nothing to keep robots out of; otherwise publish a robots.txt at this URL");
}

/// 4xx statuses that say the file does not exist or cannot be had, which every dialect
/// reads as "no restrictions".
fn is_not_found(status: u16) -> bool {
    (400..500).contains(&status) && !matches!(status, 401 | 403 | 429)
}
