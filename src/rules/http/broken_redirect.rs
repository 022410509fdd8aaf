use crate::fetch::{answered, Ending, FetchOutcome, RedirectProblem, MAX_REDIRECTS};
use crate::rules::{Context, Findings};
use crate::text;

/// Redirects that never reach a robots.txt: a loop, too many hops, or a 3xx that cannot be
/// followed. What robots do then depends on the dialect, and none of them reads the rules.
pub fn check(_: &Context<'_, '_>, fetch: &FetchOutcome, out: &mut Findings) {
    let Ending::BrokenRedirect { url, status, problem } = &fetch.ending else { return };
    let endless = text!(
        "robots that follow the 1996 draft keep following redirects until they find the file (§3.1), so they get no \
         instructions, and RFC 9309 robots and Google give up after {} redirects and may treat robots.txt \
         as unavailable: no restrictions at all (§2.3.1.2)",
        MAX_REDIRECTS
    );
    let message = match problem {
        RedirectProblem::Loop => text!("the redirects for robots.txt loop: {}; {}", fetch.redirect_chain(), endless),
        RedirectProblem::TooMany => text!(
            "robots.txt is more than {} redirects away: {} and on; {}",
            MAX_REDIRECTS,
            fetch.redirect_chain(),
            endless
        ),
        RedirectProblem::NoLocation => text!(
            "{} without a Location header: no robot can follow it, so none reads any rules",
            answered(url, *status)
        ),
        RedirectProblem::BadLocation { location, error } => text!(
            "{} with `Location: {}`, which no robot can follow ({}), so none reads any rules",
            answered(url, *status),
            location.clone(),
            error.clone()
        ),
    };
    out.report_response(fetch, message)
        .help("make /robots.txt answer 200 with the file, directly or after one redirect to its final URL");
}
