use crate::diagnostic::{Evidence, Text};
use crate::model::{Directive, Line, LineIndex, Span};
use crate::rules::{Context, Findings};
use crate::text;
use crate::text::{abbreviate, starts_like_path};

/// A piece of the value, shortened for quoting in a message.
fn q(text: &str) -> String {
    abbreviate(text, 60).into_owned()
}

/// What is wrong with a value: the byte range of the value at fault and why.
struct Problem {
    start: usize,
    end: usize,
    message: Text,
}

impl Problem {
    fn new(start: usize, end: usize, message: impl Into<Text>) -> Option<Problem> {
        Some(Problem { start, end, message: message.into() })
    }
}

pub fn check(cx: &Context<'_, '_>, _: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.field() else { return };
    let Some(directive) = field.directive else { return };
    let value = cx.slice(field.value);
    let (problem, form, who) = match directive {
        Directive::Host => {
            (host(value), "a host name, such as `www.example.com`", "Yandex, the one robot that read Host until 2018,")
        }
        Directive::CleanParam => (
            clean_param(value),
            "parameter names joined by `&`, then optionally a path prefix, such as `utm_source&utm_medium /catalog/`",
            "Yandex, the one robot that reads Clean-param,",
        ),
        Directive::RequestRate => (
            request_rate(value),
            "pages/seconds, optionally with a unit: `1/10` or `1/10s` (one page every ten seconds), `100/1h`",
            "the few crawlers that read Request-rate",
        ),
        Directive::VisitTime => (
            visit_time(value),
            "a UTC time range written HHMM-HHMM, such as `0100-0600`",
            "the few crawlers that read Visit-time",
        ),
        _ => return,
    };
    let Some(problem) = problem else { return };
    let span = if value.is_empty() {
        field.name
    } else {
        Span::new(field.value.start() + problem.start, field.value.start() + problem.end)
    };
    let diagnostic = out.report(span, text!("{}: {}", field.name, problem.message));
    diagnostic.help(text!("{} takes {}; {} cannot use a value in another form", field.name, form, who));
    // Host has been read by no robot since Yandex dropped it in 2018, and Request-rate and
    // Visit-time by none of today's large crawlers: a misspelt value changes nothing for them.
    if directive != Directive::CleanParam {
        diagnostic.evidence(Evidence::NoEffect);
    }
}

fn host(value: &str) -> Option<Problem> {
    if value.is_empty() {
        return Problem::new(0, 0, "no host name");
    }
    // Yandex documented `https://` for mirrors served only over HTTPS; nothing else.
    let (start, rest) = match value.find("://") {
        Some(at) if value[..at].eq_ignore_ascii_case("https") => (at + 3, &value[at + 3..]),
        Some(at) => {
            return Problem::new(
                0,
                at + 3,
                text!("`{}` is a URL: Host takes a bare host name (`https://` only for an HTTPS mirror)", q(value)),
            );
        }
        None => (0, value),
    };
    let host_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (host, path) = rest.split_at(host_end);
    if !path.is_empty() {
        let at = start + host_end;
        return Problem::new(
            at,
            value.len(),
            text!("`{}` is a path: Host takes a host name alone, without one", q(path)),
        );
    }
    if !is_host(host) {
        return Problem::new(start, value.len(), text!("`{}` is not a host name", q(host)));
    }
    None
}

/// `example.com`, `example.com:8080`, `пример.рф`, `192.0.2.1`.
fn is_host(host: &str) -> bool {
    let name = match host.rsplit_once(':') {
        Some((name, port)) => {
            if port.is_empty() || !port.chars().all(|c| c.is_ascii_digit()) {
                return false;
            }
            name
        }
        None => host,
    };
    let label_ok = |label: &str| {
        !label.is_empty()
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_')
    };
    name.split('.').all(label_ok)
}

fn clean_param(value: &str) -> Option<Problem> {
    if value.is_empty() {
        return Problem::new(0, 0, "no parameter names");
    }
    let parts: Vec<(usize, &str)> = split_whitespace_indices(value);
    let Some(&(_, params)) = parts.first() else { return Problem::new(0, 0, "no parameter names") };
    if let Some(&(at, extra)) = parts.get(2) {
        return Problem::new(
            at,
            value.len(),
            text!("`{}` follows the path: Clean-param takes one list of parameters and at most one path", q(extra)),
        );
    }
    if params.starts_with('/') {
        return Problem::new(
            0,
            params.len(),
            text!("`{}` is a path where the parameter names belong: they come first", q(params)),
        );
    }
    let mut offset = 0;
    for param in params.split('&') {
        let end = offset + param.len();
        if param.is_empty() {
            return Problem::new(offset, offset, "an empty parameter name (two `&` in a row, or one at either end)");
        }
        if let Some(eq) = param.find('=') {
            return Problem::new(
                offset + eq,
                end,
                text!(
                    "`{}` has a value: Clean-param takes parameter names only, such as `{}`",
                    q(param),
                    q(&param[..eq])
                ),
            );
        }
        if let Some((bad, c)) = param.char_indices().find(|&(_, c)| matches!(c, '?' | '/' | '#' | ':' | ',' | ';')) {
            return Problem::new(
                offset + bad,
                offset + bad + c.len_utf8(),
                text!("`{}` is not a parameter name (`{}` cannot be part of one)", q(param), c.to_string()),
            );
        }
        offset = end + 1;
    }
    if let Some(&(at, path)) = parts.get(1) {
        if !starts_like_path(path) {
            return Problem::new(at, at + path.len(), text!("the path `{}` does not start with `/`", q(path)));
        }
    }
    None
}

/// Words of `value` with their byte offsets.
fn split_whitespace_indices(value: &str) -> Vec<(usize, &str)> {
    let mut words = Vec::new();
    let mut start = None;
    for (at, c) in value.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(from)) => {
                words.push((from, &value[from..at]));
                start = None;
            }
            (false, None) => start = Some(at),
            _ => {}
        }
    }
    if let Some(from) = start {
        words.push((from, &value[from..]));
    }
    words
}

fn request_rate(value: &str) -> Option<Problem> {
    if value.is_empty() {
        return Problem::new(0, 0, "no rate");
    }
    let digits = |part: &str| !part.is_empty() && part.chars().all(|c| c.is_ascii_digit());
    let Some((pages, time)) = value.split_once('/') else {
        return Problem::new(
            0,
            value.len(),
            text!("`{}` is not a rate: write pages/seconds, such as `1/{}`", q(value), q(value)),
        );
    };
    let time = time.strip_suffix(['s', 'm', 'h', 'S', 'M', 'H']).unwrap_or(time);
    if !digits(pages) || !digits(time) {
        return Problem::new(0, value.len(), text!("`{}` is not a rate of whole numbers", q(value)));
    }
    if time.chars().all(|c| c == '0') {
        return Problem::new(0, value.len(), text!("`{}` divides by zero", q(value)));
    }
    None
}

fn visit_time(value: &str) -> Option<Problem> {
    if value.is_empty() {
        return Problem::new(0, 0, "no time range");
    }
    let time_ok = |time: &str| {
        time.len() == 4 && time.chars().all(|c| c.is_ascii_digit()) && time[..2] < *"24" && time[2..] < *"60"
    };
    match value.split_once('-') {
        Some((from, to)) if time_ok(from) && time_ok(to) => None,
        _ => Problem::new(0, value.len(), text!("`{}` is not a range of times written HHMM-HHMM", q(value))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(problem: Option<Problem>) -> bool {
        problem.is_none()
    }

    #[test]
    fn hosts() {
        for good in ["www.example.com", "example.com:8080", "https://www.example.com", "пример.рф", "192.0.2.1"]
        {
            assert!(ok(host(good)), "{good}");
        }
        for bad in [
            "",
            "http://example.com",
            "example.com/",
            "https://example.com/",
            "exa mple.com",
            "example..com",
            "example.com:",
        ] {
            assert!(!ok(host(bad)), "{bad}");
        }
    }

    #[test]
    fn clean_params() {
        for good in ["utm_source", "s&ref /forum/", "p&z&u */index.html", "gclid /"] {
            assert!(ok(clean_param(good)), "{good}");
        }
        for bad in ["", "a&&b", "&a", "ref=1", "/forum/ ref", "a b c", "a forum/", "?utm_source"] {
            assert!(!ok(clean_param(bad)), "{bad}");
        }
    }

    #[test]
    fn rates_and_times() {
        for good in ["1/10", "1/10s", "100/1h", "5/1"] {
            assert!(ok(request_rate(good)), "{good}");
        }
        for bad in ["", "10", "1/0", "a/b", "1/10x", "/10"] {
            assert!(!ok(request_rate(bad)), "{bad}");
        }
        for good in ["0400-0845", "0000-2359"] {
            assert!(ok(visit_time(good)), "{good}");
        }
        for bad in ["", "04:00-08:45", "2400-0100", "0460-0500", "400-845", "0400"] {
            assert!(!ok(visit_time(bad)), "{bad}");
        }
    }

    #[test]
    fn survives_non_ascii() {
        for value in ["é", "é/é", "ééé-éé", "é=é", "a&é=", "https://é/é"] {
            let _ = (host(value), clean_param(value), request_rate(value), visit_time(value));
        }
    }
}
