use crate::fetch::{Ending, FailureKind, FetchOutcome};
use crate::rules::{Context, Findings};
use crate::text;

/// A redirect from a public address to a private one, which robolint refused to follow
/// (`fetch::addresses`): robots on the internet cannot reach such an address, so none reads
/// a robots.txt there.
pub fn check(_: &Context<'_, '_>, fetch: &FetchOutcome, out: &mut Findings) {
    let Ending::Failed { url, failure } = &fetch.ending else { return };
    if failure.kind != FailureKind::PrivateAddress {
        return;
    }
    let chain = match fetch.redirect_chain() {
        chain if chain.is_empty() => url.to_string(),
        chain => chain,
    };
    out.report_response(
        fetch,
        text!(
            "the redirects for robots.txt lead from a public address to a private one ({}; {}): a robot on the \
             internet cannot reach it (a loopback address is the robot's own machine), so none reads robots.txt \
             there; robolint did not follow it either",
            chain,
            failure.detail.clone()
        ),
    )
    .help("redirect /robots.txt to a public URL, or serve it directly; --allow-private-redirects follows it anyway");
}
