//! The playground's HTTP/1.1 layer: one connection's requests read and answered, with every
//! amount a client controls bounded before it is read or allocated.
//!
//! httparse parses the request line and headers; the rest (framing the body, keep-alive,
//! writing answers) is here because the playground needs so little of HTTP. A client that
//! breaks a bound is answered once and its connection closed, so nothing it sent afterwards
//! is read: a header block over [`HEAD_CAP`] (431), a `Content-Length` over the body cap
//! (413, without reading the body), a `Transfer-Encoding` (411: `fetch()` with a string body
//! always sends a length, so decoding chunks would be code only a hostile client uses), or a
//! request httparse cannot parse (400). Each request must arrive whole within [`TIMEOUT`],
//! and a kept-alive connection is dropped after as long without a request, or as soon as
//! another connection waits for a worker, so a silent or slow client holds a worker for at
//! most that long and an idle one not at all while others wait.

use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use robolint::playground::Answer;

/// The most a request line and its headers may take together: browsers send well under 4 KiB.
pub const HEAD_CAP: usize = 16 * 1024;

/// How long a request may take to arrive, and a kept-alive connection may sit idle.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// How often a connection with no request under way asks whether others wait for its worker.
const IDLE_CHECK: Duration = Duration::from_millis(50);

/// More headers than any browser sends; a request with more is refused like a long one.
const MAX_HEADERS: usize = 64;

/// A request's line and headers, owned so the connection can keep reading.
pub struct Head {
    pub method: String,
    pub target: String,
    headers: Vec<(String, Vec<u8>)>,
    is_http_1_0: bool,
}

impl Head {
    /// The first header called `name`, if it is text.
    pub fn header(&self, name: &str) -> Option<&str> {
        let (_, value) = self.headers.iter().find(|(field, _)| field.eq_ignore_ascii_case(name))?;
        std::str::from_utf8(value).ok()
    }

    /// Every header called `name`, in order: its value, or `None` where it is not text.
    pub fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = Option<&'a str>> + 'a {
        let named = self.headers.iter().filter(move |(field, _)| field.eq_ignore_ascii_case(name));
        named.map(|(_, value)| std::str::from_utf8(value).ok())
    }

    /// Whether the client keeps the connection for another request: HTTP/1.1's default
    /// unless it says `Connection: close`; HTTP/1.0 clients are answered and closed.
    fn keeps_alive(&self) -> bool {
        let closes = self
            .header("Connection")
            .is_some_and(|tokens| tokens.split(',').any(|token| token.trim().eq_ignore_ascii_case("close")));
        !self.is_http_1_0 && !closes
    }

    /// The announced body length (0 without a `Content-Length`), or the [`Answer`] refusing a
    /// length that cannot be trusted or is over `cap`.
    fn body_length(&self, cap: usize) -> Result<usize, Answer> {
        if self.has_header("Transfer-Encoding") {
            return Err(Answer::error(411, "send the body with a Content-Length (chunked bodies are not read)"));
        }
        let mut lengths = self.headers.iter().filter(|(field, _)| field.eq_ignore_ascii_case("Content-Length"));
        let Some((_, first)) = lengths.next() else { return Ok(0) };
        // Two different lengths would let two readers of one stream disagree where it ends.
        if lengths.any(|(_, other)| other != first) {
            return Err(Answer::error(400, "conflicting Content-Length headers"));
        }
        if first.is_empty() || !first.iter().all(u8::is_ascii_digit) {
            return Err(Answer::error(400, "Content-Length must be a number"));
        }
        // All digits: a parse can only fail by overflow, which is over any cap.
        let length = std::str::from_utf8(first).ok().and_then(|digits| digits.parse::<usize>().ok());
        match length {
            Some(length) if length <= cap => Ok(length),
            _ => Err(too_large(cap)),
        }
    }

    fn has_header(&self, name: &str) -> bool {
        self.headers.iter().any(|(field, _)| field.eq_ignore_ascii_case(name))
    }
}

/// The 413 answer for a body over `cap` bytes.
fn too_large(cap: usize) -> Answer {
    Answer::error(413, &format!("robolint reads at most {} MiB of robots.txt", cap / (1024 * 1024)))
}

/// Why a request was not read: the client must be answered (then the connection closed),
/// or it is gone (hung up, timed out, or the socket failed) and there is no one to answer.
pub enum Unread {
    Refused(Answer),
    Gone,
}

impl From<io::Error> for Unread {
    fn from(_: io::Error) -> Unread {
        Unread::Gone
    }
}

/// One client's connection: its socket and what has been read from it but not yet used
/// (the rest of a head's read, which is the start of its body or of the next request).
pub struct Connection {
    stream: TcpStream,
    unused: Vec<u8>,
    headers: &'static [(&'static str, &'static str)],
}

impl Connection {
    /// Every answer on this connection carries `headers` besides its type and length.
    pub fn new(stream: TcpStream, headers: &'static [(&'static str, &'static str)]) -> io::Result<Connection> {
        // A keep-alive answer goes out at once rather than waiting for the browser's delayed
        // ACK of the previous one (40 ms a request with Nagle's algorithm).
        stream.set_nodelay(true)?;
        // A client that stops reading cannot hold a worker in a write either.
        stream.set_write_timeout(Some(TIMEOUT))?;
        Ok(Connection { stream, unused: Vec::new(), headers })
    }

    /// The next request's head, `Ok(None)` when the client closed between requests, or when
    /// `others_wait` says so while no byte of a request has come.
    pub fn read_head(&mut self, others_wait: impl Fn() -> bool) -> Result<Option<Head>, Unread> {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let mut slots = [httparse::EMPTY_HEADER; MAX_HEADERS];
            let mut request = httparse::Request::new(&mut slots);
            match request.parse(&self.unused) {
                Ok(httparse::Status::Complete(head_length)) => {
                    let head = Head {
                        method: request.method.unwrap_or_default().to_string(),
                        target: request.path.unwrap_or_default().to_string(),
                        headers: request.headers.iter().map(|h| (h.name.to_string(), h.value.to_vec())).collect(),
                        is_http_1_0: request.version == Some(0),
                    };
                    self.unused.drain(..head_length);
                    return Ok(Some(head));
                }
                Ok(httparse::Status::Partial) if self.unused.len() >= HEAD_CAP => {
                    return Err(Unread::Refused(head_too_large()));
                }
                Ok(httparse::Status::Partial) => {}
                Err(httparse::Error::TooManyHeaders) => return Err(Unread::Refused(head_too_large())),
                Err(error) => return Err(Unread::Refused(Answer::error(400, &format!("malformed request: {error}")))),
            }
            if self.unused.is_empty() {
                match self.fill_for(deadline, IDLE_CHECK) {
                    Ok(0) => return Ok(None),
                    Ok(_) => {}
                    Err(error) if is_timeout(&error) && Instant::now() < deadline => {
                        if others_wait() {
                            return Ok(None);
                        }
                    }
                    Err(error) => return Err(error.into()),
                }
            } else if self.fill(deadline)? == 0 {
                // Closed inside a request: nobody to answer.
                return Err(Unread::Gone);
            }
        }
    }

    /// The request's body, at most `cap` bytes: a longer one is refused before any of it is read.
    pub fn read_body(&mut self, head: &Head, cap: usize) -> Result<Vec<u8>, Unread> {
        let length = head.body_length(cap).map_err(Unread::Refused)?;
        let deadline = Instant::now() + TIMEOUT;
        while self.unused.len() < length {
            if self.fill(deadline)? == 0 {
                return Err(Unread::Gone);
            }
        }
        let rest = self.unused.split_off(length);
        Ok(std::mem::replace(&mut self.unused, rest))
    }

    /// Writes `answer` to `head`'s request (no body for HEAD); `Ok(true)` if the connection
    /// stays open for another request.
    pub fn respond(&mut self, head: &Head, answer: &Answer) -> io::Result<bool> {
        let keep_alive = head.keeps_alive();
        self.write_answer(answer, head.method != "HEAD", keep_alive)?;
        Ok(keep_alive)
    }

    /// Answers a request that was refused unread; the caller then drops the connection, since
    /// what follows on it (an unread body, the rest of a long head) cannot be told from a request.
    pub fn refuse(&mut self, answer: &Answer) -> io::Result<()> {
        self.write_answer(answer, true, false)
    }

    fn write_answer(&mut self, answer: &Answer, with_body: bool, keep_alive: bool) -> io::Result<()> {
        let mut message = format!("HTTP/1.1 {} {}\r\n", answer.status, reason(answer.status));
        message.push_str(&format!("Content-Type: {}\r\n", answer.content_type));
        message.push_str(&format!("Content-Length: {}\r\n", answer.body.len()));
        for (name, value) in self.headers {
            message.push_str(&format!("{name}: {value}\r\n"));
        }
        if !keep_alive {
            message.push_str("Connection: close\r\n");
        }
        message.push_str("\r\n");
        // One write for head and body: with TCP_NODELAY two writes would be two packets.
        let mut bytes = message.into_bytes();
        if with_body {
            bytes.extend_from_slice(&answer.body);
        }
        self.stream.write_all(&bytes)?;
        self.stream.flush()
    }

    /// Reads what the client has sent next into `unused`, waiting no later than `deadline`;
    /// `Ok(0)` when it has closed the connection.
    fn fill(&mut self, deadline: Instant) -> io::Result<usize> {
        self.fill_for(deadline, TIMEOUT)
    }

    /// [`Connection::fill`], waiting at most `longest` too.
    fn fill_for(&mut self, deadline: Instant, longest: Duration) -> io::Result<usize> {
        let remaining = deadline.saturating_duration_since(Instant::now());
        if remaining.is_zero() {
            return Err(io::ErrorKind::TimedOut.into());
        }
        self.stream.set_read_timeout(Some(remaining.min(longest)))?;
        let mut buffer = [0; 16 * 1024];
        let read = self.stream.read(&mut buffer)?;
        self.unused.extend_from_slice(&buffer[..read]);
        Ok(read)
    }
}

/// A read that waited out its timeout (Unix reports `WouldBlock`, Windows `TimedOut`).
fn is_timeout(error: &io::Error) -> bool {
    matches!(error.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut)
}

fn head_too_large() -> Answer {
    Answer::error(431, &format!("the request line and headers must fit in {} KiB", HEAD_CAP / 1024))
}

/// The reason phrase of each status the playground answers with.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        409 => "Conflict",
        411 => "Length Required",
        413 => "Content Too Large",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        // The reason phrase is optional (RFC 9112, section 4).
        _ => "",
    }
}
