use crate::fetch::{Ending, FetchOutcome};
use crate::rules::{Context, Findings};
use crate::text;

/// robots.txt reached through redirects: every robot pays a request per hop, and the chain
/// is worth seeing. Chains that lead nowhere are `broken-redirect`'s.
pub fn check(_: &Context<'_, '_>, fetch: &FetchOutcome, out: &mut Findings) {
    if fetch.redirects.is_empty() || matches!(fetch.ending, Ending::BrokenRedirect { .. }) {
        return;
    }
    let hops = fetch.redirects.len();
    out.report_response(
        fetch,
        text!(
            "robots.txt is {} redirect{} away: {}; RFC 9309 robots follow up to 5 redirects and apply what they find \
             to {} (§2.3.1.2), and robots that follow the 1996 draft keep following redirects until they find the file \
             (§3.1)",
            hops,
            if hops == 1 { "" } else { "s" },
            fetch.redirect_chain(),
            fetch.url.authority(),
        ),
    )
    .help("serve robots.txt at the URL robots ask for when you can: each hop is one more request for every robot, and a robot that follows fewer hops finds no file");
}
