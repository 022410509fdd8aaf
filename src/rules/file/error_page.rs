use crate::model::{Directive, Line, LineKind};
use crate::rules::{Context, Findings};
use crate::text;

/// Words of the status pages servers, proxies and frameworks send instead of a file:
/// plain-text error pages (`404 Not Found`, `Forbidden`, `Access denied`), Express's
/// `Cannot GET /robots.txt`, an ingress's `default backend - 404`.
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
    "method not allowed",
    "page not found",
    "file not found",
    "no such file",
    "does not exist",
    "cannot get",
    "default backend",
    "request rejected",
    "error",
];

/// How many lines of text, past comments and blank lines, are read for a status: an error
/// body in YAML or with a title line names it in its first few lines.
const STATUS_LINES: usize = 5;

/// How many lines of text are read to tell a stylesheet or a script.
const CODE_LINES: usize = 20;

/// Words that open lines of JavaScript and never a robots.txt line.
const SCRIPT_OPENINGS: &[&str] = &[
    "function",
    "var ",
    "let ",
    "const ",
    "import ",
    "export ",
    "(function",
    "!function",
    "window.",
    "document.",
    "\"use strict\"",
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
    // Lines that are no field robolint knows: a known field (`Crawl-delay: 500`) is a
    // robots.txt line, whatever its value looks like.
    let text_lines: Vec<&Line> = cx
        .lines()
        .iter()
        .filter(|line| !matches!(line.kind, LineKind::Blank | LineKind::Comment))
        .filter(|line| line.directive().is_none())
        .collect();
    let Some(first) = text_lines.first() else { return };
    // Markup, error page or not, is `html-document`'s.
    if cx.slice(first.span).trim().starts_with('<') {
        return;
    }
    let status_line = text_lines.iter().take(STATUS_LINES).find(|line| is_status_line(cx.slice(line.span).trim()));
    let (line, what) = if is_json(cx.text.trim()) {
        (first, "a JSON document (an API or error response)")
    } else if let Some(line) = status_line {
        (line, "an error page")
    } else if let Some(what) = code(cx, &text_lines) {
        (first, what)
    } else {
        return;
    };
    out.report(line.span, text!("this file is {}, not a robots.txt file", what)).help(
        "the server answers /robots.txt with another document (an error body, a stylesheet, a script) instead of \
         the file. Robots find no rules in it and crawl everything (or, for a 5xx status, stay away); serve the \
         plain-text robots.txt, or a 404 status",
    );
    out.not_robots_txt();
}

/// What kind of code the lines are, when most of them end as CSS and JavaScript lines do
/// (`{`, `}`, `;`) and no robots.txt line does: "a CSS stylesheet" or "a JavaScript file".
fn code(cx: &Context<'_, '_>, lines: &[&Line]) -> Option<&'static str> {
    let read: Vec<&str> = lines.iter().take(CODE_LINES).map(|line| cx.slice(line.span).trim()).collect();
    let ends_as_code = |text: &&&str| text.ends_with(['{', '}', ';', ',', '(']) || text.starts_with('}');
    let code_lines = read.iter().filter(ends_as_code).count();
    let has_braces = read.iter().any(|text| text.contains(['{', '}']));
    if !has_braces || code_lines == 0 || code_lines * 2 < read.len() {
        return None;
    }
    let script =
        read.iter().any(|text| SCRIPT_OPENINGS.iter().any(|opening| text.starts_with(opening)) || text.contains("=>"));
    Some(if script { "a JavaScript file" } else { "a CSS stylesheet" })
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

/// `404 Not Found`, `HTTP/1.1 403 Forbidden`, `Error 500`, `Access denied.`, `status: 404`,
/// `default backend - 404`: a status code of 4xx or 5xx standing as a word, or a status
/// phrase, in a short line.
fn is_status_line(text: &str) -> bool {
    if text.len() > 200 {
        return false;
    }
    let lower = text.to_ascii_lowercase();
    let without_protocol = lower
        .strip_prefix("http/")
        .map_or(lower.as_str(), |rest| rest.split_once(' ').map_or(rest, |(_, after)| after));
    let is_status_code = |word: &str| {
        word.len() == 3 && word.bytes().all(|byte| byte.is_ascii_digit()) && matches!(word.as_bytes()[0], b'4' | b'5')
    };
    let has_status_code = without_protocol.split(|c: char| !c.is_ascii_alphanumeric()).any(is_status_code);
    has_status_code || STATUS_WORDS.iter().any(|words| lower.contains(words))
}
