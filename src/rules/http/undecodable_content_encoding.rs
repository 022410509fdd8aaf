use crate::fetch::{ContentCoding, FetchOutcome};
use crate::rules::{Context, Findings};
use crate::text;

/// A body robolint could not decode: a content coding it did not ask for, or compressed
/// data that is corrupt. Robots that cannot decode it either read noise or nothing.
pub fn check(_: &Context<'_, '_>, fetch: &FetchOutcome, out: &mut Findings) {
    let Some(response) = fetch.robots_txt() else { return };
    let body = &response.body;
    let message = match (&body.coding, &body.decoding_error) {
        (ContentCoding::Unsupported(coding), _) => text!(
            "the response says `Content-Encoding: {}`, which robolint did not ask for (it sends `Accept-Encoding: \
             gzip, deflate`) and does not decode: it lints the bytes as they came, and so does any robot that cannot \
             decode them",
            coding.clone()
        ),
        (coding, Some(error)) => text!(
            "the {} data is corrupt after {} decoded bytes ({}): robots get a cut file or none",
            coding.name().to_string(),
            body.bytes.len(),
            error.clone()
        ),
        _ => return,
    };
    out.report_response(fetch, message).help(
        "serve robots.txt uncompressed, or compressed with gzip only when the request's Accept-Encoding asks for it",
    );
}
