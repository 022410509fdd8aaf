use crate::diagnostic::{Applicability, Arg, Edit, Evidence};
use crate::model::{Directive, Line, LineIndex, Span};
use crate::rules::{Context, Findings};
use crate::text;
use crate::text::abbreviate;

const HELP: &str = "Google and the sitemaps.org protocol read a Sitemap line only with a fully-qualified URL, such \
                    as `https://www.example.com/sitemap.xml`; RFC 9309 leaves such other records to each crawler, \
                    and crawlers that cannot resolve the value skip the line";

pub fn check(cx: &Context<'_, '_>, _: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.field().filter(|field| field.is(Directive::Sitemap)) else { return };
    let value = cx.slice(field.value);
    let Some(problem) = problem(value) else { return };
    let quoted = Arg::Abbreviated(field.value, 80);
    let needs_full = "a Sitemap line needs the full URL, starting `https://` or `http://`";
    let add_https = |url: String| {
        let message = format!("Replace with `{}` (check that the site serves https)", abbreviate(&url, 80));
        Some((Applicability::Unsafe, message, url))
    };
    let (span, message, fix) = match problem {
        Problem::Empty => (field.name, text!("a Sitemap line with no URL"), None),
        Problem::EdgeWhitespace(at, end, c) => {
            let span = Span::new(field.value.start() + at, field.value.start() + end);
            let place = if at == 0 { "starts" } else { "ends" };
            let name = match value[at..end].chars().count() {
                1 => whitespace_name(c),
                count => format!("{count} whitespace characters (the first U+{:04X})", u32::from(c)),
            };
            // `Sitemap:\u{A0}https://…` keeps its separation as an ordinary space.
            let space_before = cx.text[..span.start()].ends_with([' ', '\t']);
            let (replacement, action) = if at == 0 && !space_before {
                (" ", format!("Replace {name} with an ordinary space"))
            } else {
                ("", format!("Delete {name}"))
            };
            out.report(span, text!("the Sitemap URL {} with {}, which robots keep as part of the URL", place, name))
                .help(HELP)
                .fix(Applicability::Safe, action, vec![Edit::replace(span, replacement)]);
            return;
        }
        Problem::Whitespace(at, c) => (
            Span::new(field.value.start() + at, field.value.start() + at + c.len_utf8()),
            text!(
                "the Sitemap URL `{}` contains {}, which a URL cannot hold (write a space as `%20`)",
                quoted,
                whitespace_name(c)
            ),
            None,
        ),
        Problem::Relative => (
            field.value,
            text!("`{}` is a relative URL: a Sitemap line needs the full URL, with scheme and host", quoted),
            None,
        ),
        Problem::SchemeRelative => {
            (field.value, text!("`{}` has no scheme: {}", quoted, needs_full), add_https(format!("https:{value}")))
        }
        Problem::NoScheme => {
            (field.value, text!("`{}` has no scheme: {}", quoted, needs_full), add_https(format!("https://{value}")))
        }
        Problem::DoubleScheme(inner) => {
            let url = value[inner..].to_string();
            let message = format!("Replace with `{}`", abbreviate(&url, 80));
            (
                Span::new(field.value.start(), field.value.start() + inner),
                match value[..inner].matches("://").count() + 1 {
                    2 => text!("`{}` has its scheme twice", quoted),
                    times => text!("`{}` has its scheme {} times", quoted, times),
                },
                Some((Applicability::Safe, message, url)),
            )
        }
        Problem::Scheme(scheme) => {
            // The scheme opens the value.
            let scheme = Span::new(field.value.start(), field.value.start() + scheme.len());
            (
                scheme,
                text!("`{}` uses the `{}` scheme: sitemaps are fetched over http or https only", quoted, scheme),
                None,
            )
        }
        Problem::NoSlashes(scheme) => (
            field.value,
            text!(
                "`{}` is not an absolute URL: `{}:` must be followed by `//` and the host",
                quoted,
                Span::new(field.value.start(), field.value.start() + scheme.len())
            ),
            None,
        ),
        Problem::NoHost => (field.value, text!("`{}` has no host name", quoted), None),
        Problem::LocalHost(host) => (
            field.value,
            text!("`{}` names `{}`, which is no public host name: crawlers cannot fetch it", quoted, host.to_string()),
            None,
        ),
        Problem::NotUrl => (field.value, text!("`{}` is not an absolute http or https URL", quoted), None),
    };
    let diagnostic = out.report(span, message).help(HELP);
    if let Some((applicability, message, url)) = fix {
        diagnostic.fix(applicability, message, vec![Edit::replace(field.value, url)]);
    }
    if problem == Problem::Relative && declared_in_full(cx, value) {
        diagnostic.evidence(Evidence::NoEffect);
    }
}

/// Whether another Sitemap line declares the relative `path` in full (`sitemap.xml` beside
/// `Sitemap: https://example.com/sitemap.xml`): the sitemap reaches robots all the same.
fn declared_in_full(cx: &Context<'_, '_>, path: &str) -> bool {
    let path = path.trim_start_matches('/');
    cx.lines().iter().filter_map(|line| line.field().filter(|field| field.is(Directive::Sitemap))).any(|field| {
        let url = cx.slice(field.value);
        problem(url).is_none() && url.strip_suffix(path).is_some_and(|start| start.ends_with('/'))
    })
}

/// How a message names a whitespace character.
fn whitespace_name(c: char) -> String {
    match c {
        ' ' => "a space".to_string(),
        '\t' => "a tab".to_string(),
        '\u{A0}' => "a no-break space (U+00A0)".to_string(),
        other => format!("a whitespace character (U+{:04X})", u32::from(other)),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Problem<'a> {
    Empty,
    /// Whitespace (never ASCII: the parser trims that) at the start or the end: its byte
    /// range, all of it so that one fix removes it, and its first character.
    EdgeWhitespace(usize, usize, char),
    /// Whitespace inside the URL, with its byte offset.
    Whitespace(usize, char),
    /// `/sitemap.xml`
    Relative,
    /// `//example.com/sitemap.xml`
    SchemeRelative,
    /// `www.example.com/sitemap.xml`
    NoScheme,
    /// `ftp://…`
    Scheme(&'a str),
    /// `https:/example.com`, `https:example.com`
    NoSlashes(&'a str),
    /// `https:///sitemap.xml`
    NoHost,
    /// `https://https://example.com/…`, with the offset of the second scheme.
    DoubleScheme(usize),
    /// `http://localhost/sitemap.xml`: a host name without a dot.
    LocalHost(&'a str),
    NotUrl,
}

fn problem(value: &str) -> Option<Problem<'_>> {
    if value.is_empty() {
        return Some(Problem::Empty);
    }
    if let Some(c) = value.chars().next().filter(|c| c.is_whitespace()) {
        return Some(Problem::EdgeWhitespace(0, value.len() - value.trim_start().len(), c));
    }
    let content_end = value.trim_end().len();
    if let Some(c) = value[content_end..].chars().next() {
        return Some(Problem::EdgeWhitespace(content_end, value.len(), c));
    }
    if let Some((at, c)) = value.char_indices().find(|(_, c)| c.is_whitespace()) {
        return Some(Problem::Whitespace(at, c));
    }
    if value.contains(['<', '>', '"', '{', '}', '|', '\\', '^', '`']) {
        return Some(Problem::NotUrl);
    }
    if let Some(rest) = value.strip_prefix("//") {
        return Some(if looks_like_host(host_of(rest)) { Problem::SchemeRelative } else { Problem::NotUrl });
    }
    if value.starts_with('/') {
        return Some(Problem::Relative);
    }
    let scheme_end = value.find(':').filter(|&at| {
        let scheme = &value[..at];
        !scheme.is_empty()
            && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    });
    let Some(scheme_end) = scheme_end else {
        return Some(if host_first(value) { Problem::NoScheme } else { Problem::Relative });
    };
    let scheme = &value[..scheme_end];
    let rest = &value[scheme_end + 1..];
    // `example.com:8080/sitemap.xml` reads as scheme `example.com`.
    if scheme.contains('.') && host_first(value) {
        return Some(Problem::NoScheme);
    }
    if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
        return Some(Problem::Scheme(scheme));
    }
    let Some(after) = rest.strip_prefix("//") else { return Some(Problem::NoSlashes(scheme)) };
    let http_scheme_length = |text: &str| {
        let lower = text.get(..8).unwrap_or(text).to_ascii_lowercase();
        ["http://", "https://"].into_iter().find(|scheme| lower.starts_with(scheme)).map(str::len)
    };
    if http_scheme_length(after).is_some() {
        // To the last of the repeated schemes, so that one fix leaves one.
        let mut inner = scheme_end + 3;
        while let Some(length) = http_scheme_length(&value[inner..]) {
            if http_scheme_length(&value[inner + length..]).is_none() {
                break;
            }
            inner += length;
        }
        return Some(Problem::DoubleScheme(inner));
    }
    let host = host_of(after);
    if host.is_empty() {
        return Some(Problem::NoHost);
    }
    let name = host.rsplit_once(':').map_or(host, |(name, _)| name);
    if !name.contains('.') && !name.starts_with('[') && looks_like_name(name) {
        return Some(Problem::LocalHost(host));
    }
    (!looks_like_host(host)).then_some(Problem::NotUrl)
}

/// `www.example.com/sitemap.xml` rather than `sitemap.xml` or `sitemaps/index.xml`: a host
/// name followed by a path, or one that starts with `www.`.
fn host_first(value: &str) -> bool {
    let authority = value.split(['/', '?', '#']).next().unwrap_or("");
    let host = host_of(authority);
    looks_like_host(host)
        && (value[authority.len()..].starts_with('/') || host.to_ascii_lowercase().starts_with("www."))
}

/// The authority part: up to the first `/`, `?` or `#`, without user information.
fn host_of(rest: &str) -> &str {
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    authority.rsplit('@').next().unwrap_or(authority)
}

/// Letters, digits and hyphens: a single-label host name such as `localhost`.
fn looks_like_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '-')
}

/// A host name or address, with an optional port: `example.com`, `[::1]:8080`, `пример.рф`.
fn looks_like_host(host: &str) -> bool {
    let name = match host.rsplit_once(':') {
        Some((name, port)) if !host.ends_with(']') && port.chars().all(|c| c.is_ascii_digit()) => name,
        _ => host,
    };
    if name.starts_with('[') && name.ends_with(']') {
        return name.len() > 2;
    }
    !name.is_empty()
        && name.contains('.')
        && !name.starts_with('.')
        && !name.contains("..")
        && name.chars().all(|c| c.is_alphanumeric() || matches!(c, '-' | '.' | '_' | '%'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_absolute_http_urls() {
        for url in [
            "https://www.example.com/sitemap.xml",
            "HTTP://example.com/sitemap.xml.gz",
            "https://example.com:8443/s.xml",
            "https://user@example.com/s.xml",
            "https://пример.рф/sitemap.xml",
            "https://localhost.localdomain/",
            "https://[2001:db8::1]/s.xml",
        ] {
            assert_eq!(problem(url), None, "{url}");
        }
    }

    #[test]
    fn names_the_problem() {
        assert_eq!(problem(""), Some(Problem::Empty));
        assert_eq!(problem("https://example.com/my sitemap.xml"), Some(Problem::Whitespace(22, ' ')));
        assert_eq!(problem("\u{A0}https://example.com/s.xml"), Some(Problem::EdgeWhitespace(0, 2, '\u{A0}')));
        assert_eq!(problem("https://example.com/s.xml\u{3000}"), Some(Problem::EdgeWhitespace(25, 28, '\u{3000}')));
        assert_eq!(problem("\u{C}\u{C}\u{A0}https://example.com/s.xml"), Some(Problem::EdgeWhitespace(0, 4, '\u{C}')));
        assert_eq!(problem("https://https://example.com/s.xml"), Some(Problem::DoubleScheme(8)));
        assert_eq!(problem("https://HTTP://https://example.com/s.xml"), Some(Problem::DoubleScheme(15)));
        assert_eq!(problem("http://localhost/sitemap.xml"), Some(Problem::LocalHost("localhost")));
        assert_eq!(problem("/sitemap.xml"), Some(Problem::Relative));
        assert_eq!(problem("//example.com/sitemap.xml"), Some(Problem::SchemeRelative));
        assert_eq!(problem("www.example.com/sitemap.xml"), Some(Problem::NoScheme));
        assert_eq!(problem("example.com:8080/sitemap.xml"), Some(Problem::NoScheme));
        assert_eq!(problem("ftp://example.com/sitemap.xml"), Some(Problem::Scheme("ftp")));
        assert_eq!(problem("https:/example.com/sitemap.xml"), Some(Problem::NoSlashes("https")));
        assert_eq!(problem("https:///sitemap.xml"), Some(Problem::NoHost));
        assert_eq!(problem("sitemap.xml"), Some(Problem::Relative));
        assert_eq!(problem("sitemaps/index.xml"), Some(Problem::Relative));
        assert_eq!(problem("www.example.com"), Some(Problem::NoScheme));
        assert_eq!(problem("<https://example.com/>"), Some(Problem::NotUrl));
    }
}
