use crate::model::{Directive, LineKind};
use crate::rules::{Context, Findings};
use crate::text;

/// Words of the status pages servers send instead of a file: plain-text error pages
/// (`404 Not Found`, `Forbidden`, `Access denied`), in the first line of text.
const STATUS_WORDS: &[&str] = &[
    "not found",
    "forbidden",
    "access denied",
    "unauthorized",
    "unauthorised",
    "internal server error",
    "bad gateway",
    "service unavailable",
    "gateway timeout",
    "too many requests",
    "bad request",
    "page not found",
    "file not found",
    "no such file",
    "does not exist",
    "error",
];

/// The body of an error response served as robots.txt: JSON (an API's error object) or a
/// plain-text status page. HTML and XML pages are `html-document`'s. Robots read no rule in
/// such a body and crawl everything, while the site's real rules go unseen.
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    // Binary data is `binary-content`'s alone, whatever its bytes happen to spell.
    if super::binary_content::is_binary(cx.text) {
        return;
    }
    if names_a_field(cx) {
        return;
    }
    let Some(first) = cx.lines().iter().find(|line| !matches!(line.kind, LineKind::Blank | LineKind::Comment)) else {
        return;
    };
    let first_text = cx.slice(first.span).trim();
    // Markup, error page or not, is `html-document`'s.
    if first_text.starts_with('<') {
        return;
    }
    let what = if is_json(cx.text.trim()) {
        "a JSON document (an API or error response)"
    } else if is_status_line(first_text) {
        "an error page"
    } else {
        return;
    };
    out.report(first.span, text!("this file is {}, not a robots.txt file", what)).help(
        "the server answers /robots.txt with an error body instead of the file. Robots find no rules in it \
         and crawl everything (or, for a 5xx status, stay away); serve the plain-text robots.txt, or a 404 status",
    );
    out.not_robots_txt();
}

/// Whether any line is a robots.txt field robots act on: such a file is a robots.txt with
/// mistakes, which the line rules explain.
fn names_a_field(cx: &Context<'_, '_>) -> bool {
    cx.lines().iter().any(|line| {
        matches!(
            line.directive(),
            Some(Directive::UserAgent | Directive::Allow | Directive::Disallow | Directive::Sitemap)
        )
    })
}

/// A JSON object or array: `{"error": …}`, `[…]`. A body cut short still counts when it
/// opens like one.
fn is_json(text: &str) -> bool {
    let opens_like_json = text.starts_with('{') && text[1..].trim_start().starts_with(['"', '}'])
        || text.starts_with('[') && text[1..].trim_start().starts_with(['{', '"', ']']);
    opens_like_json || serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok_and(|_| text.starts_with(['{', '[']))
}

/// `404 Not Found`, `HTTP/1.1 403 Forbidden`, `Error 500`, `Access denied.`: a status code
/// of 4xx or 5xx, or a status phrase, near the start of a short line.
fn is_status_line(text: &str) -> bool {
    if text.len() > 200 {
        return false;
    }
    let lower = text.to_ascii_lowercase();
    let without_protocol = lower
        .strip_prefix("http/")
        .map_or(lower.as_str(), |rest| rest.split_once(' ').map_or(rest, |(_, after)| after));
    let code = without_protocol.trim_start_matches(|c: char| !c.is_ascii_alphanumeric());
    let starts_with_status_code = code.len() >= 3
        && code.as_bytes()[..3].iter().all(u8::is_ascii_digit)
        && matches!(code.as_bytes()[0], b'4' | b'5')
        && code.as_bytes().get(3).is_none_or(|c| !c.is_ascii_digit());
    starts_with_status_code || STATUS_WORDS.iter().any(|words| lower.contains(words))
}
