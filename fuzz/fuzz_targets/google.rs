//! robolint's `google` dialect against Google's own matcher, linked in (build.rs): the input
//! is a robots.txt, optionally followed by a NUL byte, a robot's name and URLs, one a line;
//! each URL, and the document's own paths, must get Google's answer for that robot and
//! for `*`-only robots.

#![no_main]

use libfuzzer_sys::fuzz_target;
use robolint::dialect::witness::concrete_url;
use robolint::dialect::{Dialect, Matcher};
use robolint::{parse, Source};

#[cfg(google_oracle)]
extern "C" {
    fn robolint_google_allowed(
        robots_txt: *const u8,
        robots_txt_length: usize,
        agent: *const u8,
        agent_length: usize,
        url: *const u8,
        url_length: usize,
    ) -> std::os::raw::c_int;
}

#[cfg(google_oracle)]
fn google_allows(robots_txt: &[u8], agent: &str, url: &str) -> bool {
    // SAFETY: each pointer and length is a live slice's; the C++ copies what it keeps.
    let allowed = unsafe {
        robolint_google_allowed(robots_txt.as_ptr(), robots_txt.len(), agent.as_ptr(), agent.len(), url.as_ptr(), url.len())
    };
    allowed != 0
}

#[cfg(not(google_oracle))]
fn google_allows(_: &[u8], _: &str, _: &str) -> bool {
    panic!("built without Google's matcher: install g++ and libabsl-dev, with ../shared beside the project");
}

fuzz_target!(|bytes: &[u8]| {
    let (robots_txt, query) = match memchr::memrchr(0, bytes) {
        Some(nul) => (&bytes[..nul], String::from_utf8_lossy(&bytes[nul + 1..]).into_owned()),
        None => (bytes, String::new()),
    };
    let source = Source::from_bytes(robots_txt);
    // Beyond the size cap robolint reads only the start, which Google's code reads whole.
    if source.truncation.is_some() {
        return;
    }
    let document = parse::parse(&source);
    let mut query_lines = query.lines();
    let agent = query_lines.next().unwrap_or("FooBot");
    let own_paths = document.access_rules().flat_map(|(_, _, field)| {
        let value = field.value.text(&source.text);
        [Some(value.to_string()), concrete_url(value), Some(format!("{value}x"))]
    });
    let urls: Vec<String> = query_lines.map(str::to_string).chain(own_paths.flatten()).chain(["/".into()]).collect();
    for robot in [agent, "unnamedbot"] {
        let matcher = Matcher::new(&document, &source.text, robot, Dialect::Google);
        for url in &urls {
            let ours = matcher.allowed(url).allowed;
            assert_eq!(ours, google_allows(robots_txt, robot, url), "robot {robot:?}, URL {url:?}");
        }
    }
});
