use crate::fetch::{Ending, FailureKind, FetchOutcome};
use crate::rules::{Context, Findings};
use crate::text;

/// No usable answer: a server error (5xx), 429 Too Many Requests, a status no standard
/// defines, or no HTTP answer at all. Robots then keep away from the whole site.
pub fn check(_: &Context<'_, '_>, fetch: &FetchOutcome, out: &mut Findings) {
    let what = match &fetch.ending {
        // robolint's own refusal, not the site's: private-redirect reports it.
        Ending::Failed { failure, .. } if failure.kind == FailureKind::PrivateAddress => return,
        Ending::Failed { url, failure } => {
            text!("GET {} failed: {} ({})", url.to_string(), failure.kind.describe(), failure.detail.clone())
        }
        Ending::Response(response) if is_unreachable(response.status) => text!("{}", response.answered()),
        _ => return,
    };
    let rate_limited = fetch.response().is_some_and(|response| response.status == 429);
    let rfc9309 = if rate_limited {
        "RFC 9309 robots treat a 4xx answer as unavailable and may crawl everything (§2.3.1.3), and Google treats 429 \
         like a server error: it crawls nothing for 12 hours, then uses its last good copy for up to 30 days"
    } else {
        "RFC 9309 robots assume the whole site is disallowed (§2.3.1.4), and Google crawls nothing for 12 hours, then \
         uses its last good copy for up to 30 days"
    };
    out.report_response(
        fetch,
        text!(
            "{}: robots that follow the 1996 draft defer visits to the site until robots.txt can be fetched (§3.1); \
             {}",
            what,
            rfc9309
        ),
    )
    .help("make sure /robots.txt answers quickly with 200 (or 404 when there is none), even when the rest of the site is busy");
}

/// Statuses robots read as "try again later": 5xx, 429, and anything outside the codes
/// HTTP defines for a final answer.
fn is_unreachable(status: u16) -> bool {
    status == 429 || !(200..500).contains(&status)
}
