use crate::fetch::FetchOutcome;
use crate::rules::{Context, Findings};
use crate::text;

/// 401 or 403 for robots.txt: the dialects read it in opposite ways, so what happens to the
/// site depends on the robot.
pub fn check(_: &Context<'_, '_>, fetch: &FetchOutcome, out: &mut Findings) {
    let Some(response) = fetch.response().filter(|response| matches!(response.status, 401 | 403)) else { return };
    out.report_response(
        fetch,
        text!(
            "{}: robots that follow the 1996 draft treat the whole site as disallowed (§3.1), while RFC \
             9309 robots and Google treat robots.txt as unavailable and may crawl everything (§2.3.1.3)",
            response.answered()
        ),
    )
    .help(
        "answer 200 with the file for every client (a firewall or bot filter often refuses robots); to keep robots out, \
         say so in the file: `User-agent: *` and `Disallow: /`",
    );
}
