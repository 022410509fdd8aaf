use crate::fetch::cache::{describe_duration, Freshness, DRAFT_DEFAULT_LIFETIME, RFC9309_MAX_LIFETIME};
use crate::fetch::FetchOutcome;
use crate::rules::{Context, Findings};
use crate::text;

/// When robots fetch robots.txt again, where the dialects disagree: no caching header (the
/// draft's 7 days against RFC 9309's 24 hours), or a lifetime longer than 24 hours. A
/// lifetime of at most 24 hours is honoured alike and not reported; headers that forbid
/// caching are `caching-disabled`'s.
pub fn check(_: &Context<'_, '_>, fetch: &FetchOutcome, out: &mut Findings) {
    let Some(response) = fetch.robots_txt() else { return };
    let rfc9309 = "RFC 9309 robots after at most 24 hours (§2.4)";
    let message = match Freshness::of(&response.headers) {
        Freshness::Unspecified => text!(
            "no Cache-Control or Expires header says how long robots may keep this file: robots that follow the 1996 \
             draft fetch it again after {} (§3.4), {}",
            describe_duration(DRAFT_DEFAULT_LIFETIME),
            rfc9309
        ),
        Freshness::Lifetime { seconds, because } if seconds > RFC9309_MAX_LIFETIME => {
            let lifetime = describe_duration(seconds);
            text!(
                "{} keeps copies fresh for {}: robots that follow the 1996 draft fetch it again after \
                 {} (§3.4), {}",
                because,
                lifetime.clone(),
                lifetime,
                rfc9309
            )
        }
        Freshness::Until { expires } => text!(
            "`Expires: {}` without a Date header: robots that follow the 1996 draft fetch it again at that time by \
             their own clock (§3.4), {}",
            expires,
            rfc9309
        ),
        Freshness::Lifetime { .. } | Freshness::NoStore | Freshness::Revalidate { .. } => return,
    };
    out.report_response(fetch, message)
        .help("to have every robot fetch it again at the same time, send `Cache-Control: max-age=N` with N at most 86400 (24 hours)");
}
