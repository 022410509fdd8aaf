use crate::fetch::cache::{describe_duration, Freshness, DAY};
use crate::fetch::FetchOutcome;
use serde::Deserialize;

use crate::rules::{Context, Findings};
use crate::text;

/// `[rules.long-cache-lifetime]`; the defaults are in rules/long-cache-lifetime.toml.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Options {
    days: u64,
}

/// A lifetime longer than the draft's own 7-day default (configurable): a change to the
/// file may take that long to reach robots that honour it.
pub fn check(_: &Context<'_, '_>, &Options { days }: &Options, fetch: &FetchOutcome, out: &mut Findings) {
    let Some(response) = fetch.robots_txt() else { return };
    let Freshness::Lifetime { seconds, because } = Freshness::of(&response.headers) else { return };
    if seconds <= days.saturating_mul(DAY) {
        return;
    }
    let lifetime = describe_duration(seconds);
    out.report_response(
        fetch,
        text!(
            "{} keeps copies fresh for {}, more than {}: a change to this file may take {} to reach \
             robots that follow the 1996 draft (§3.4), though RFC 9309 robots fetch it again after at most 24 hours (§2.4)",
            because,
            lifetime.clone(),
            describe_duration(days.saturating_mul(DAY)),
            lifetime
        ),
    )
    .help("keep robots.txt's lifetime to a day or so, such as `Cache-Control: max-age=86400`, so that changes reach every robot soon");
}
