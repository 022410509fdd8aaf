use crate::fetch::{answered, Ending, FetchOutcome, RedirectProblem, MAX_REDIRECTS};
use crate::rules::{Context, Findings};

/// Redirects that never reach a robots.txt: a loop, too many hops, or a 3xx that cannot be
/// followed. What robots do then depends on the dialect, and none of them reads the rules.
pub fn check(_: &Context<'_, '_>, fetch: &FetchOutcome, out: &mut Findings) {
    let Ending::BrokenRedirect { url, status, problem } = &fetch.ending else { return };
    let endless = format!(
        "robots that follow the 1996 draft keep following redirects until they find the file (§3.1), so they get no \
         instructions, and RFC 9309 robots and Google give up after {MAX_REDIRECTS} redirects and may treat robots.txt \
         as unavailable: no restrictions at all (§2.3.1.2)"
    );
    let message = match problem {
        RedirectProblem::Loop => format!("the redirects for robots.txt loop: {}; {endless}", fetch.redirect_chain()),
        RedirectProblem::TooMany => format!(
            "robots.txt is more than {MAX_REDIRECTS} redirects away: {} and on; {endless}",
            fetch.redirect_chain()
        ),
        RedirectProblem::NoLocation => format!(
            "{} without a Location header: no robot can follow it, so none reads any rules",
            answered(url, *status)
        ),
        RedirectProblem::BadLocation { location, error } => format!(
            "{} with `Location: {location}`, which no robot can follow ({error}), so none reads any rules",
            answered(url, *status)
        ),
    };
    out.report_response(fetch, message)
        .help("make /robots.txt answer 200 with the file, directly or after one redirect to its final URL");
}
