//! Fetches without a network: a file of raw HTTP answers, replayed to the same redirect and
//! body code the network uses. The rule corpus (`corpus/<rule>/<case>.http`) and the
//! documentation examples of `http` rules are written this way.
//!
//! ```text
//! GET http://example.com/robots.txt      (optional; this URL is the default)
//! max-size: 120                          (optional; robolint's size cap, default 512 KiB)
//! # comments and blank lines before the first answer are skipped
//!
//! HTTP/1.1 301 Moved Permanently         (a redirect: status line, headers, blank line)
//! Location: https://example.com/robots.txt
//!
//! HTTP/1.1 200 OK                        (the last answer: its body is every byte after
//! Content-Type: text/plain                the blank line, to the end of the file)
//!
//! User-agent: *
//! Disallow: /private/
//! ```
//!
//! Answers are given to robolint's requests in order. A 3xx answer has no body: the next
//! answer starts at its next non-blank line. Instead of a response, an answer may be
//! `FAIL <kind> <detail>`, where kind is timeout, dns, connect, tls, protocol, io, or private
//! (robolint refused a redirect from a public address to a private one).

use std::collections::VecDeque;

use super::{follow, Failure, FailureKind, FetchOutcome, Headers, HttpUrl, RawResponse, Transport, DEFAULT_MAX_SIZE};

const DEFAULT_URL: &str = "http://example.com/robots.txt";

/// Replays a recording and returns what fetching would have, or what is wrong with the
/// recording (with its line number).
pub fn replay(recording: &[u8]) -> Result<FetchOutcome, ReplayError> {
    let mut lines = Lines { bytes: recording, at: 0, number: 0 };
    let mut url = HttpUrl::parse(DEFAULT_URL).expect("DEFAULT_URL is a valid URL");
    let mut max_size = DEFAULT_MAX_SIZE;
    let mut answers = VecDeque::new();
    // The request: everything before the first answer.
    loop {
        let start = lines.at;
        let Some(line) = lines.next_line()? else { return Err(ReplayError::NoAnswer) };
        let line = line.trim();
        if let Some(target) = line.strip_prefix("GET ") {
            url = HttpUrl::parse(target).map_err(|error| lines.error(&error.to_string()))?;
        } else if let Some(size) = strip_prefix_ignoring_case(line, "max-size:") {
            max_size = size.trim().parse().map_err(|_| lines.error("max-size takes a number of bytes"))?;
        } else if line.starts_with("HTTP/") || line.starts_with("FAIL ") {
            lines.at = start;
            lines.number -= 1;
            break;
        } else if !line.is_empty() && !line.starts_with('#') {
            return Err(lines.error("expected `GET <url>`, `max-size: <bytes>`, a comment, or an answer"));
        }
    }
    while let Some(line) = lines.next_line()? {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(failure) = line.strip_prefix("FAIL ") {
            answers.push_back(Answer::Fail(parse_failure(failure).map_err(|error| lines.error(&error))?));
            continue;
        }
        let status = parse_status_line(line).map_err(|error| lines.error(&error))?;
        let mut headers = Vec::new();
        while let Some(header) = lines.next_line()? {
            if header.is_empty() {
                break;
            }
            let (name, value) = header.split_once(':').ok_or_else(|| lines.error("a header line needs a colon"))?;
            headers.push((name.trim().to_string(), value.trim().to_string()));
        }
        let is_redirect = (300..400).contains(&status);
        let body = if is_redirect { Vec::new() } else { lines.rest().to_vec() };
        answers.push_back(Answer::Response { status, headers: Headers::new(headers), body });
        if !is_redirect {
            break;
        }
    }
    Ok(follow(url, &mut Replay(answers), max_size))
}

/// What is wrong with a recording.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The recording ends before an answer: no `HTTP/` status line and no `FAIL` line.
    #[error("the recording holds no answer")]
    NoAnswer,
    /// The 1-based number of the line, and what is wrong with it.
    #[error("line {0}: {1}")]
    AtLine(usize, String),
}

fn strip_prefix_ignoring_case<'a>(line: &'a str, prefix: &str) -> Option<&'a str> {
    let head = line.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix).then(|| &line[prefix.len()..])
}

fn parse_status_line(line: &str) -> Result<u16, String> {
    let mut parts = line.split_whitespace();
    let _version = parts.next();
    let code = parts.next().unwrap_or_default();
    code.parse::<u16>()
        .ok()
        .filter(|code| (100..1000).contains(code))
        .ok_or_else(|| format!("`{line}` is not a status line such as `HTTP/1.1 200 OK`"))
}

fn parse_failure(text: &str) -> Result<Failure, String> {
    let (keyword, detail) = text.trim().split_once(' ').unwrap_or((text.trim(), ""));
    let kind = FailureKind::ALL.into_iter().find(|kind| kind.keyword() == keyword).ok_or_else(|| {
        let known: Vec<&str> = FailureKind::ALL.iter().map(|kind| kind.keyword()).collect();
        format!("`{keyword}` is not a failure kind ({})", known.join(", "))
    })?;
    Ok(Failure::new(kind, detail.trim()))
}

enum Answer {
    Response { status: u16, headers: Headers, body: Vec<u8> },
    Fail(Failure),
}

struct Replay(VecDeque<Answer>);

impl Transport for Replay {
    fn get(&mut self, url: &HttpUrl) -> Result<RawResponse<'_>, Failure> {
        match self.0.pop_front() {
            Some(Answer::Response { status, headers, body }) => {
                Ok(RawResponse { status, headers, body: Box::new(std::io::Cursor::new(body)) })
            }
            Some(Answer::Fail(failure)) => Err(failure),
            None => Err(Failure::new(FailureKind::Io, format!("the recording has no answer for {url}"))),
        }
    }
}

/// Lines of the recording's text parts, and the raw bytes of a body.
struct Lines<'a> {
    bytes: &'a [u8],
    at: usize,
    /// The 1-based number of the line last read.
    number: usize,
}

impl<'a> Lines<'a> {
    /// The next line without its line end (LF or CRLF), or `None` at the end.
    fn next_line(&mut self) -> Result<Option<&'a str>, ReplayError> {
        if self.at >= self.bytes.len() {
            return Ok(None);
        }
        let rest = &self.bytes[self.at..];
        let end = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
        self.at += (end + 1).min(rest.len());
        self.number += 1;
        let line = rest[..end].strip_suffix(b"\r").unwrap_or(&rest[..end]);
        std::str::from_utf8(line).map(Some).map_err(|_| self.error("a status or header line that is not UTF-8"))
    }

    fn rest(&self) -> &'a [u8] {
        &self.bytes[self.at.min(self.bytes.len())..]
    }

    fn error(&self, problem: &str) -> ReplayError {
        ReplayError::AtLine(self.number, problem.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fetch::{Ending, RedirectProblem};

    #[test]
    fn a_redirect_then_a_body() {
        let recording = b"GET http://example.com/robots.txt\r\n\r\nHTTP/1.1 301 Moved\r\nLocation: https://example.com/robots.txt\r\n\r\n\
                          HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nUser-agent: *\r\nDisallow: /\r\n";
        let outcome = replay(recording).expect("a valid recording");
        assert_eq!(outcome.redirects.len(), 1);
        let response = outcome.robots_txt().expect("a 200 response");
        assert_eq!(response.url.to_string(), "https://example.com/robots.txt");
        assert_eq!(response.headers.get("content-type"), Some("text/plain"));
        assert_eq!(response.body.bytes, b"User-agent: *\r\nDisallow: /\r\n");
    }

    #[test]
    fn failures_and_size_caps() {
        let outcome = replay(b"FAIL timeout no answer in 30 s\n").expect("a valid recording");
        assert!(matches!(outcome.ending, Ending::Failed { ref failure, .. } if failure.kind == FailureKind::Timeout));
        let outcome = replay(b"max-size: 4\n\nHTTP/1.1 200 OK\n\n0123456789").expect("a valid recording");
        assert!(outcome.robots_txt().is_some_and(|response| response.body.was_cut()));
    }

    #[test]
    fn running_out_of_answers_is_a_failure_not_a_panic() {
        let outcome = replay(b"HTTP/1.1 302 Found\nLocation: /elsewhere\n").expect("a valid recording");
        assert!(matches!(outcome.ending, Ending::Failed { .. }));
        let outcome = replay(b"HTTP/1.1 302 Found\nLocation: /robots.txt\n").expect("a valid recording");
        assert!(matches!(outcome.ending, Ending::BrokenRedirect { problem: RedirectProblem::Loop, .. }));
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config { cases: 300, ..Default::default() })]

        /// Whatever a server answers, judging it and linting the body never panics.
        #[test]
        fn any_answer_is_judged_without_panicking(
            status in 100u16..1000,
            headers in proptest::collection::vec(
                (
                    proptest::sample::select(vec![
                        "Content-Type", "Content-Encoding", "Cache-Control", "Expires", "Date", "Location",
                        "Content-Length",
                    ]),
                    "[^\r\n]{0,40}",
                ),
                0..6,
            ),
            body in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..300),
        ) {
            let mut recording = format!("HTTP/1.1 {status} Whatever\n").into_bytes();
            for (name, value) in &headers {
                recording.extend_from_slice(format!("{name}: {value}\n").as_bytes());
            }
            recording.push(b'\n');
            // In a recording, a redirect has no body: its next line starts the next answer.
            if !(300..400).contains(&status) {
                recording.extend_from_slice(&body);
            }
            let outcome = replay(&recording).expect("a well-formed recording");
            let report = crate::lint::lint_fetched(&outcome, &crate::lint::Settings::default());
            proptest::prop_assert!(report.diagnostics.iter().all(|d| d.span.end() <= report.source.text.len()));
        }
    }

    #[test]
    fn malformed_recordings_say_where() {
        for (recording, problem) in [
            (&b""[..], "no answer"),
            (b"POST /\n", "line 1: expected"),
            (b"HTTP/1.1 abc\n", "line 1: `HTTP/1.1 abc` is not a status line"),
            (b"HTTP/1.1 200 OK\nno colon\n\n", "line 2: a header line needs a colon"),
            (b"FAIL sleepy\n", "not a failure kind"),
            (b"GET ftp://x/\n", "line 1"),
        ] {
            let error = replay(recording).expect_err("malformed").to_string();
            assert!(error.contains(problem), "{error}");
        }
    }
}
