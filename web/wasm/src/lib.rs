//! robolint in the browser: the playground's API ([`robolint::playground`]) exported to
//! JavaScript. The page sends the requests it would send `robolint serve` to [`answer`]
//! instead, so the page, the server and this build share one API and one engine.

use robolint::playground::Api;

use wasm_bindgen::prelude::wasm_bindgen;

thread_local! {
    /// The page's API, kept between calls so that each target's rules are resolved once.
    /// JavaScript calls in on one thread, so one per thread is one for the page.
    static API: Api = Api::default();
}

/// An API answer: the HTTP status the server would send and the body as text (JSON, or the
/// plain text of a rule's documentation).
#[wasm_bindgen(getter_with_clone)]
pub struct Answer {
    pub status: u16,
    pub body: String,
}

/// Answers one API request (`POST /api/lint?target=today` with the robots.txt text as
/// `body`, say) as `robolint serve` would.
#[wasm_bindgen]
pub fn answer(method: &str, path: &str, query: &str, body: &str) -> Answer {
    let request = robolint::playground::Request { method, path, query, body: body.as_bytes() };
    let answer = API
        .with(|api| api.answer(&request))
        .unwrap_or_else(|| robolint::playground::Answer::error(404, "no such API call"));
    Answer { status: answer.status, body: String::from_utf8_lossy(&answer.body).into_owned() }
}
