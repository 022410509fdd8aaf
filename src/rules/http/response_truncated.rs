use crate::fetch::FetchOutcome;
use crate::model::Span;
use crate::rules::{Context, Findings};
use crate::text;

/// robolint stopped reading a body at its size cap (`--max-size`): what follows was not
/// linted. (Whether robots read that far is `file-too-large`'s finding.)
pub fn check(cx: &Context<'_, '_>, fetch: &FetchOutcome, out: &mut Findings) {
    let Some(response) = fetch.robots_txt().filter(|response| response.body.was_cut()) else { return };
    let kept = cx.source.truncation.map_or(cx.text.len(), |truncation| truncation.kept_bytes);
    out.report_response(
        fetch,
        text!(
            "robolint stopped reading the response after {} bytes (its size cap) and lints only the first {} bytes, \
             up to the last line end before the cap",
            response.body.cap,
            kept
        ),
    )
    .label(Span::empty_at(cx.text.len()), "robolint's reading stopped here")
    .help("raise the cap with --max-size to lint the whole file");
}
