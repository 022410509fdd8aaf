//! What fetching a site's `/robots.txt` gave, as data: a
//! [`FetchOutcome`]: every redirect, then the final response (status, headers, body) or the
//! failure. Nothing here judges; the rules of category `http` read the outcome from the lint
//! [`Context`](crate::rules::Context) and report, and [`crate::lint::lint_fetched`] lints
//! the body like a file.
//!
//! The network is one [`Transport`]: the command line's client (ureq, in the `robolint-cli`
//! crate) for real, [`recorded`] for raw HTTP responses written in a file (the rule corpus,
//! the documentation examples). Following redirects and reading bodies is [`follow`], the
//! same code for both.

mod body;
pub mod cache;
pub mod headers;
pub mod recorded;
mod url;

use std::io::{self, Read};

pub use body::Body;
pub use headers::{Charset, ContentCoding, Headers, MediaType};
pub use url::{looks_like_http_url, HttpUrl, UrlError};

use crate::source::Source;

/// RFC 9309 §2.3.1.2: crawlers should follow at least five consecutive redirects; robolint
/// follows exactly five, so a chain that needs a sixth is reported.
pub const MAX_REDIRECTS: usize = 5;

/// How much of a body robolint keeps by default: Google reads 500 KiB, and the margin lets
/// `file-too-large` say where such a reader stops.
pub const DEFAULT_MAX_SIZE: usize = 512 * 1024;

/// Everything that happened when robolint asked for one robots.txt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchOutcome {
    /// The robots.txt URL asked for first.
    pub url: HttpUrl,
    /// The redirects followed, in order.
    pub redirects: Vec<Redirect>,
    /// How the exchange ended: a response, a failure or a broken redirect.
    pub ending: Ending,
}

/// One 3xx response that robolint followed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redirect {
    /// The URL that answered with the redirect.
    pub from: HttpUrl,
    /// The redirect's 3xx status, as in `301`.
    pub status: u16,
    /// Where its `Location` header pointed, resolved against `from`.
    pub to: HttpUrl,
}

/// How one robots.txt request ended, after any redirects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// A response that is not a redirect, of any status.
    Response(Response),
    /// No response: timeout, name resolution, connection, TLS, or malformed HTTP.
    Failed {
        /// The URL asked for when it failed.
        url: HttpUrl,
        /// What failed, and in what words.
        failure: Failure,
    },
    /// Redirects that lead nowhere.
    BrokenRedirect {
        /// The URL that answered with the last redirect.
        url: HttpUrl,
        /// That redirect's 3xx status.
        status: u16,
        /// Why robolint followed it no further.
        problem: RedirectProblem,
    },
}

/// Why a redirect led nowhere.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RedirectProblem {
    /// The last redirect in `redirects` leads back to a URL already visited.
    Loop,
    /// `redirects` holds one more redirect than [`MAX_REDIRECTS`].
    TooMany,
    /// A 3xx response without a `Location` header.
    NoLocation,
    /// A `Location` that is not an http(s) URL.
    BadLocation {
        /// The `Location` header's value, as sent.
        location: String,
        /// Why it is no http(s) URL, in words.
        error: String,
    },
}

/// The final answer to the request: not a redirect, of any status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    /// The URL that answered: the last redirect's target, or the URL asked for.
    pub url: HttpUrl,
    /// The HTTP status code, as in `200` or `404`.
    pub status: u16,
    /// The response's headers, as sent.
    pub headers: Headers,
    /// The body, with any content coding removed, up to the size cap.
    pub body: Body,
}

/// Why no response came: the kind of failure and the transport's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// What kind of failure it was.
    pub kind: FailureKind,
    /// What went wrong, in the transport's words.
    pub detail: String,
}

/// The kinds of failure that leave a request without a response.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailureKind {
    /// The request, or reading its body, took too long.
    Timeout,
    /// The host name did not resolve.
    Dns,
    /// The connection was refused or could not be made.
    Connect,
    /// The TLS handshake failed.
    Tls,
    /// The server's answer was not HTTP robolint can read.
    Protocol,
    /// Any other input/output error.
    Io,
    /// robolint did not connect: a redirect from a public address led to a private one
    /// (the redirect guard, `robolint_cli::fetch::addresses`).
    PrivateAddress,
}

impl FailureKind {
    /// Names the failure for a message: "the request timed out".
    pub fn describe(self) -> &'static str {
        match self {
            FailureKind::Timeout => "the request timed out",
            FailureKind::Dns => "the host name did not resolve",
            FailureKind::Connect => "no connection could be made",
            FailureKind::Tls => "the TLS handshake failed",
            FailureKind::Protocol => "the server's answer was not valid HTTP",
            FailureKind::Io => "the connection failed",
            FailureKind::PrivateAddress => "robolint did not connect to a private address after a public one",
        }
    }

    /// The word the recorded format uses (`FAIL timeout …`).
    pub fn keyword(self) -> &'static str {
        match self {
            FailureKind::Timeout => "timeout",
            FailureKind::Dns => "dns",
            FailureKind::Connect => "connect",
            FailureKind::Tls => "tls",
            FailureKind::Protocol => "protocol",
            FailureKind::Io => "io",
            FailureKind::PrivateAddress => "private",
        }
    }

    /// Every kind of failure, in declaration order.
    pub const ALL: [FailureKind; 7] = [
        FailureKind::Timeout,
        FailureKind::Dns,
        FailureKind::Connect,
        FailureKind::Tls,
        FailureKind::Protocol,
        FailureKind::Io,
        FailureKind::PrivateAddress,
    ];
}

impl Failure {
    /// A failure of `kind`, with `detail` in the transport's words.
    pub fn new(kind: FailureKind, detail: impl Into<String>) -> Failure {
        Failure { kind, detail: detail.into() }
    }

    /// A failure while reading a body, classified by the error's kind.
    fn reading_body(error: &io::Error) -> Failure {
        let kind = match error.kind() {
            io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock => FailureKind::Timeout,
            io::ErrorKind::ConnectionRefused => FailureKind::Connect,
            io::ErrorKind::InvalidData => FailureKind::Protocol,
            _ => FailureKind::Io,
        };
        Failure::new(kind, format!("{error} (while reading the body)"))
    }
}

impl FetchOutcome {
    /// The final response, whatever its status.
    pub fn response(&self) -> Option<&Response> {
        match &self.ending {
            Ending::Response(response) => Some(response),
            _ => None,
        }
    }

    /// The final response when it is a success (2xx): the one whose body robots read.
    pub fn robots_txt(&self) -> Option<&Response> {
        self.response().filter(|response| (200..300).contains(&response.status))
    }

    /// The robots.txt text to lint, decoded as its charset says, when robots read a body.
    pub fn source(&self) -> Option<Source> {
        let response = self.robots_txt()?;
        let body = &response.body;
        // A Content-Length counts coded bytes; only without a coding is it the file's size.
        let total = response.headers.content_length().filter(|_| body.coding == ContentCoding::Identity);
        Some(match response.charset() {
            Charset::Windows1252 => Source::from_windows_1252_prefix(&body.bytes, body.cap, total),
            Charset::Utf8 | Charset::Other(_) => Source::from_prefix(&body.bytes, body.cap, total),
        })
    }

    /// The redirects as a chain: `http://a/robots.txt 301 → https://a/robots.txt`, each URL
    /// followed by the status that sent robolint on; empty without redirects.
    pub fn redirect_chain(&self) -> String {
        let mut chain: Vec<String> =
            self.redirects.iter().map(|redirect| format!("{} {} →", redirect.from, redirect.status)).collect();
        if let Some(last) = self.redirects.last() {
            chain.push(last.to.to_string());
        }
        chain.join(" ")
    }
}

impl Response {
    /// `GET https://example.com/robots.txt answered 404 Not Found`.
    pub fn answered(&self) -> String {
        answered(&self.url, self.status)
    }

    /// The charset the Content-Type declares; UTF-8 when it declares none.
    pub fn charset(&self) -> Charset {
        let declared = self.headers.media_type().and_then(|media_type| media_type.charset);
        declared.map_or(Charset::Utf8, |label| Charset::from_label(&label))
    }
}

/// `GET https://example.com/robots.txt answered 404 Not Found`: how findings name an answer.
pub fn answered(url: &HttpUrl, status: u16) -> String {
    format!("GET {url} answered {}", status_text(status))
}

/// `404 Not Found`, or just `599` for a code without a registered reason phrase.
pub fn status_text(status: u16) -> String {
    let reason = ureq::http::StatusCode::from_u16(status).ok().and_then(|code| code.canonical_reason());
    match reason {
        Some(reason) => format!("{status} {reason}"),
        None => status.to_string(),
    }
}

/// A response whose body has not been read yet.
pub struct RawResponse<'a> {
    /// The HTTP status code.
    pub status: u16,
    /// The response's headers.
    pub headers: Headers,
    /// The body as the server sent it, content coding included.
    pub body: Box<dyn Read + 'a>,
}

/// One GET, without following redirects: the network in robolint's command line, a
/// recording in [`recorded`].
pub trait Transport {
    /// Asks for `url` once and returns the answer, or why there was none.
    fn get(&mut self, url: &HttpUrl) -> Result<RawResponse<'_>, Failure>;
}

/// Asks for `url`, following up to [`MAX_REDIRECTS`] redirects, and reads the final body
/// (at most `max_size` bytes after its content coding is removed, plus one).
pub fn follow(url: HttpUrl, transport: &mut impl Transport, max_size: usize) -> FetchOutcome {
    let mut redirects: Vec<Redirect> = Vec::new();
    let mut current = url.clone();
    let ending = loop {
        let response = match transport.get(&current) {
            Ok(response) => response,
            Err(failure) => break Ending::Failed { url: current, failure },
        };
        let status = response.status;
        if !(300..400).contains(&status) {
            let coding = ContentCoding::from_header(response.headers.get("content-encoding"));
            break match body::read_body(response.body, coding, max_size) {
                Ok(body) => Ending::Response(Response { url: current, status, headers: response.headers, body }),
                Err(error) => Ending::Failed { failure: Failure::reading_body(&error), url: current },
            };
        }
        let problem = match response.headers.get("location") {
            None => RedirectProblem::NoLocation,
            Some(location) => match current.resolve(location) {
                Err(error) => RedirectProblem::BadLocation { location: location.to_string(), error: error.to_string() },
                Ok(next) => {
                    let seen = next == url || redirects.iter().any(|redirect| redirect.from == next);
                    redirects.push(Redirect { from: current.clone(), status, to: next.clone() });
                    if seen {
                        RedirectProblem::Loop
                    } else if redirects.len() > MAX_REDIRECTS {
                        RedirectProblem::TooMany
                    } else {
                        current = next;
                        continue;
                    }
                }
            },
        };
        break Ending::BrokenRedirect { url: current, status, problem };
    };
    FetchOutcome { url, redirects, ending }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A status, its headers and a body.
    type Answer = (u16, Vec<(&'static str, &'static str)>, &'static [u8]);

    /// Answers from a list, in order.
    struct Script(Vec<Answer>);

    impl Transport for Script {
        fn get(&mut self, _: &HttpUrl) -> Result<RawResponse<'_>, Failure> {
            if self.0.is_empty() {
                return Err(Failure::new(FailureKind::Connect, "refused"));
            }
            let (status, headers, body) = self.0.remove(0);
            let headers = headers.into_iter().map(|(name, value)| (name.to_string(), value.to_string())).collect();
            Ok(RawResponse { status, headers: Headers::new(headers), body: Box::new(body) })
        }
    }

    fn start() -> HttpUrl {
        HttpUrl::parse("http://example.com/robots.txt").expect("a valid URL")
    }

    fn redirect(to: &'static str) -> Answer {
        (301, vec![("Location", to)], b"moved")
    }

    #[test]
    fn redirects_are_followed_and_recorded() {
        let mut script = Script(vec![redirect("/a"), redirect("https://example.com/robots.txt"), (200, vec![], b"ok")]);
        let outcome = follow(start(), &mut script, 100);
        assert_eq!(
            outcome.redirect_chain(),
            "http://example.com/robots.txt 301 → http://example.com/a 301 → https://example.com/robots.txt"
        );
        assert_eq!(outcome.robots_txt().map(|response| response.body.bytes.as_slice()), Some(&b"ok"[..]));
    }

    #[test]
    fn a_loop_stops_at_the_first_repeat() {
        let mut script = Script(vec![redirect("/a"), redirect("/robots.txt"), (200, vec![], b"never read")]);
        let outcome = follow(start(), &mut script, 100);
        assert!(matches!(outcome.ending, Ending::BrokenRedirect { problem: RedirectProblem::Loop, .. }));
        assert_eq!(outcome.redirects.len(), 2);
    }

    #[test]
    fn five_redirects_are_followed_and_a_sixth_is_not() {
        let paths = ["/1", "/2", "/3", "/4", "/5", "/6"];
        let mut five: Vec<_> = paths[..5].iter().map(|path| redirect(path)).collect();
        five.push((200, vec![], b""));
        assert!(follow(start(), &mut Script(five), 100).robots_txt().is_some());
        let mut six: Vec<_> = paths.iter().map(|path| redirect(path)).collect();
        six.push((200, vec![], b""));
        let outcome = follow(start(), &mut Script(six), 100);
        assert!(matches!(outcome.ending, Ending::BrokenRedirect { problem: RedirectProblem::TooMany, .. }));
        assert_eq!(outcome.redirects.len(), MAX_REDIRECTS + 1);
    }

    #[test]
    fn redirects_without_a_usable_location_are_broken() {
        let outcome = follow(start(), &mut Script(vec![(302, vec![], b"")]), 100);
        assert!(matches!(outcome.ending, Ending::BrokenRedirect { problem: RedirectProblem::NoLocation, .. }));
        let outcome = follow(start(), &mut Script(vec![redirect("ftp://example.com/robots.txt")]), 100);
        assert!(matches!(outcome.ending, Ending::BrokenRedirect { problem: RedirectProblem::BadLocation { .. }, .. }));
    }

    #[test]
    fn only_success_has_a_source() {
        let outcome = follow(start(), &mut Script(vec![(404, vec![], b"<html>Not found</html>")]), 100);
        assert!(outcome.response().is_some() && outcome.source().is_none());
        let outcome = follow(
            start(),
            &mut Script(vec![(200, vec![("Content-Type", "text/plain; charset=latin1")], b"Disallow: /caf\xE9\n")]),
            100,
        );
        assert_eq!(outcome.source().map(|source| source.text), Some("Disallow: /caf\u{E9}\n".to_string()));
    }

    #[test]
    fn status_texts() {
        assert_eq!(status_text(404), "404 Not Found");
        assert_eq!(status_text(599), "599");
    }
}
