//! JSON-RPC framing over byte streams (`Content-Length` headers).
//!
//! lsp-server's own stdio transport stops reading at the first malformed message, which
//! would end the server; this reader reports each bad frame or payload as data and goes on
//! with the next one. A wrong Content-Length cannot desynchronise it: a body is cut short
//! where the next frame's `Content-Length:` header begins (a JSON body cannot hold one: its
//! header line ends in a raw line break, which JSON allows only between tokens, where the
//! header's words cannot stand), and bytes between frames are skipped up to the next
//! header. lsp-server's message types are used for everything that parses.

use std::io::{self, Read, Write};

use lsp_server::{ErrorCode, Message, RequestId, ResponseError};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;

/// The largest message body read into memory: a robots.txt past a few megabytes is not one,
/// and a document sent whole on every change must still fit. A longer body is skipped as it
/// arrives, never held, and reported.
pub const MAX_BODY_BYTES: usize = 64 * 1024 * 1024;

/// The longest header line kept. Real headers are a few dozen bytes; the bytes of a longer
/// line are dropped as they arrive (its last few kept, in case the next frame starts there).
pub const MAX_HEADER_LINE: usize = 8 * 1024;

/// How many bytes are read from the client at a time.
const CHUNK: usize = 64 * 1024;

/// What is kept of a line or body being dropped: enough for a `Content-Length:` header with
/// its digits, which may start there.
const KEPT_TAIL: usize = 64;

/// How much of a skipped body is kept to find the request's id in.
const ID_SEARCH_BYTES: usize = 4 * 1024;

/// The header that starts every frame, compared without regard to case.
const LENGTH_HEADER: &[u8] = b"content-length:";

/// A request's id as the client wrote it, byte for byte, which JSON-RPC wants echoed: read
/// into a `Value`, an integer past 2^64 or a number such as `1.50` was written back
/// rewritten (`1.8446744073709552e+19`). serde_json's `raw_value` keeps the text of this one
/// value; its `arbitrary_precision` would keep every number, but changes how every crate in
/// the build reads numbers.
pub type RawId = Box<RawValue>;

fn null_id() -> RawId {
    RawValue::NULL.to_owned()
}

/// What the reader got from the client.
#[derive(Debug)]
pub enum Incoming {
    Message(Message),
    /// A frame or payload that is no message; `id` is the request's id when one was found,
    /// so the error can answer that request.
    Invalid {
        id: RawId,
        code: ErrorCode,
        message: String,
    },
}

/// Reads frames from a client, with bytes read ahead and not yet taken.
pub struct Frames<R> {
    input: R,
    buffer: Vec<u8>,
    /// Where the bytes not yet taken begin in `buffer`.
    start: usize,
}

impl<R: Read> Frames<R> {
    pub fn new(input: R) -> Frames<R> {
        Frames { input, buffer: Vec::new(), start: 0 }
    }

    /// Reads the next frame, or `None` at the end of the input.
    pub fn read(&mut self) -> io::Result<Option<Incoming>> {
        let length = match self.read_headers()? {
            Headers::Ended => return Ok(None),
            Headers::Skipped(skipped) => return Ok(Some(skipped.into_incoming())),
            Headers::Frame(Err(message)) => return Ok(Some(invalid(null_id(), ErrorCode::ParseError, message))),
            Headers::Frame(Ok(length)) => length,
        };
        self.read_body(length)
    }

    /// Whether bytes of a next message have already been received: bytes read and not yet
    /// taken, other than blanks between frames.
    pub fn more_received(&self) -> bool {
        !self.pending().iter().all(u8::is_ascii_whitespace)
    }

    /// Reads header lines up to the blank line that ends them. Lines that are no header are
    /// skipped, and reported once the next header is in sight.
    fn read_headers(&mut self) -> io::Result<Headers> {
        let mut length: Option<Result<usize, String>> = None;
        let mut headers = 0;
        let mut skipped = Skipped::default();
        loop {
            let Some((end, too_long)) = self.next_line()? else {
                return Ok(if skipped.any { Headers::Skipped(skipped) } else { Headers::Ended });
            };
            let line = trim_line_end(&self.pending()[..end]);
            if line.is_empty() && !too_long {
                self.consume(end);
                if headers > 0 {
                    break;
                }
                continue; // Stray blank lines between frames.
            }
            if !too_long && is_header(line) {
                if headers == 0 && skipped.any {
                    return Ok(Headers::Skipped(skipped)); // This header is read next time.
                }
                if let Some(value) = strip_prefix_ignoring_case(line, LENGTH_HEADER) {
                    let value = String::from_utf8_lossy(value);
                    let value = value.trim();
                    length = Some(value.parse().map_err(|_| format!("bad Content-Length `{value}`")));
                }
                headers += 1;
                self.consume(end);
                continue;
            }
            // Not a header: the rest of a body whose length was wrong, or junk. A frame may
            // begin on the same line, right after it.
            let next_frame = rfind_ignoring_case(line, LENGTH_HEADER).filter(|&at| at > 0 || too_long);
            skipped.note(&self.pending()[..next_frame.unwrap_or(end)], too_long);
            self.consume(next_frame.unwrap_or(end));
            (headers, length) = (0, None);
        }
        Ok(Headers::Frame(length.unwrap_or_else(|| Err("a message header without Content-Length".to_string()))))
    }

    /// Reads a body of `length` bytes, or fewer when the next frame's header begins inside
    /// it; a body longer than [`MAX_BODY_BYTES`] is dropped as it arrives.
    fn read_body(&mut self, length: usize) -> io::Result<Option<Incoming>> {
        let oversized = length > MAX_BODY_BYTES;
        let mut dropped = 0;
        let mut head = Vec::new();
        let mut searched = 0;
        loop {
            let left = length - dropped;
            let available = self.pending().len();
            let search = find_length_header(self.pending(), searched, left);
            if let Search::Found(at) = search {
                return Ok(Some(if oversized && dropped > 0 {
                    self.consume(at);
                    too_long(length, &head)
                } else {
                    self.take_body(at)
                }));
            }
            if available >= left {
                // A body that may end in the first bytes of the next frame's header is read
                // on, to know, unless it is a message as declared.
                let undecided = matches!(search, Search::Partial)
                    && serde_json::from_slice::<Value>(&self.pending()[..left]).is_err();
                if !undecided {
                    return Ok(Some(if oversized {
                        self.consume(left);
                        too_long(length, &head)
                    } else {
                        self.take_body(left)
                    }));
                }
            }
            searched = available.saturating_sub(KEPT_TAIL);
            if oversized && available > CHUNK {
                if head.is_empty() {
                    head = self.pending()[..ID_SEARCH_BYTES].to_vec();
                }
                let cut = available - KEPT_TAIL;
                self.consume(cut);
                dropped += cut;
                searched = 0;
            }
            if !self.fill()? {
                return Ok(None); // The input ended inside a body.
            }
        }
    }

    fn take_body(&mut self, length: usize) -> Incoming {
        let incoming = parse_body(&self.pending()[..length]);
        self.consume(length);
        incoming
    }

    /// The next line among the pending bytes (reading more as needed): its length with the
    /// line break, and whether the start of a line longer than [`MAX_HEADER_LINE`] was
    /// dropped. `None` at the end of the input.
    fn next_line(&mut self) -> io::Result<Option<(usize, bool)>> {
        let mut searched = 0;
        let mut too_long = false;
        loop {
            if let Some(at) = memchr::memchr(b'\n', &self.pending()[searched..]) {
                return Ok(Some((searched + at + 1, too_long)));
            }
            let available = self.pending().len();
            if available > MAX_HEADER_LINE {
                self.consume(available - KEPT_TAIL);
                too_long = true;
            }
            searched = self.pending().len();
            if !self.fill()? {
                return Ok((!self.pending().is_empty()).then_some((self.pending().len(), too_long)));
            }
        }
    }

    /// The bytes read and not yet taken.
    fn pending(&self) -> &[u8] {
        &self.buffer[self.start..]
    }

    fn consume(&mut self, count: usize) {
        self.start += count;
    }

    /// Reads more of the input after the pending bytes; `false` at its end.
    fn fill(&mut self) -> io::Result<bool> {
        self.buffer.drain(..self.start);
        self.start = 0;
        let before = self.buffer.len();
        self.buffer.resize(before + CHUNK, 0);
        let read = loop {
            match self.input.read(&mut self.buffer[before..]) {
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                other => break other,
            }
        };
        self.buffer.truncate(before + *read.as_ref().unwrap_or(&0));
        Ok(read? > 0)
    }
}

enum Headers {
    /// A frame's header, with its Content-Length or why it has none.
    Frame(Result<usize, String>),
    /// Bytes that were no frame, up to the next frame or the end of the input.
    Skipped(Skipped),
    Ended,
}

/// Bytes skipped between frames.
#[derive(Default)]
struct Skipped {
    any: bool,
    too_long: bool,
    /// The id of the request they held, when one can be seen in them.
    id: Option<RawId>,
}

impl Skipped {
    fn note(&mut self, bytes: &[u8], too_long: bool) {
        self.any = true;
        self.too_long |= too_long;
        if self.id.is_none() {
            self.id = recover_id(bytes);
        }
    }

    fn into_incoming(self) -> Incoming {
        let message = if self.too_long {
            format!("a header line longer than {MAX_HEADER_LINE} bytes skipped")
        } else {
            "bytes that are no message skipped, up to the next Content-Length header".to_string()
        };
        invalid(self.id.unwrap_or_else(null_id), ErrorCode::ParseError, message)
    }
}

enum Search {
    /// A whole header line begins here.
    Found(usize),
    /// The bytes at the end may begin a header line that the next ones finish.
    Partial,
    Absent,
}

/// Where a whole `Content-Length: <digits>` line begins in `bytes`, looking at the starts
/// from `from` up to `before`.
fn find_length_header(bytes: &[u8], from: usize, before: usize) -> Search {
    let starts = bytes.get(from..before.min(bytes.len())).unwrap_or_default();
    let mut partial = false;
    for at in memchr::memchr2_iter(b'c', b'C', starts).map(|at| from + at) {
        let candidate = &bytes[at..bytes.len().min(at + KEPT_TAIL)];
        match length_header_at(candidate) {
            Some(true) => return Search::Found(at),
            // A header line is shorter than KEPT_TAIL: one cut there is none.
            None => partial |= candidate.len() < KEPT_TAIL,
            Some(false) => {}
        }
    }
    if partial {
        Search::Partial
    } else {
        Search::Absent
    }
}

/// Whether `bytes` begin with a whole `Content-Length: <digits>` line; `None` when they
/// end before that is known.
fn length_header_at(bytes: &[u8]) -> Option<bool> {
    let name = bytes.len().min(LENGTH_HEADER.len());
    if !bytes[..name].eq_ignore_ascii_case(&LENGTH_HEADER[..name]) {
        return Some(false);
    }
    let rest = bytes.get(LENGTH_HEADER.len()..).filter(|rest| !rest.is_empty())?;
    let blanks = |rest: &[u8]| rest.iter().take_while(|&&byte| byte == b' ' || byte == b'\t').count();
    let rest = &rest[blanks(rest)..];
    let digits = rest.iter().take_while(|byte| byte.is_ascii_digit()).count();
    if digits == rest.len() {
        return None;
    }
    if digits == 0 {
        return Some(false);
    }
    let rest = &rest[digits..];
    match &rest[blanks(rest)..] {
        [] | [b'\r'] => None,
        [b'\n', ..] | [b'\r', b'\n', ..] => Some(true),
        _ => Some(false),
    }
}

/// A header line: a name of letters, digits and dashes, then a colon.
fn is_header(line: &[u8]) -> bool {
    let name = line.iter().take_while(|byte| byte.is_ascii_alphanumeric() || **byte == b'-').count();
    name > 0 && line.get(name) == Some(&b':')
}

fn trim_line_end(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

fn strip_prefix_ignoring_case<'a>(bytes: &'a [u8], prefix: &[u8]) -> Option<&'a [u8]> {
    let head = bytes.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix).then(|| &bytes[prefix.len()..])
}

fn rfind_ignoring_case(bytes: &[u8], needle: &[u8]) -> Option<usize> {
    (0..=bytes.len().checked_sub(needle.len())?)
        .rev()
        .find(|&at| bytes[at..at + needle.len()].eq_ignore_ascii_case(needle))
}

fn too_long(length: usize, head: &[u8]) -> Incoming {
    let message = format!("message of {length} bytes skipped: the limit is {MAX_BODY_BYTES}");
    invalid(recover_id(head).unwrap_or_else(null_id), ErrorCode::InvalidRequest, message)
}

/// The id of a request that is not valid JSON, when its bytes still show one: the first
/// `"id": <number or string>` in them. An error that names the request lets the client stop
/// waiting for its answer.
fn recover_id(bytes: &[u8]) -> Option<RawId> {
    let finder = memchr::memmem::find_iter(bytes, b"\"id\"");
    finder
        .filter_map(|at| {
            let rest = bytes[at + 4..].trim_ascii_start().strip_prefix(b":")?.trim_ascii_start();
            let id = serde_json::Deserializer::from_slice(rest).into_iter::<RawId>().next()?.ok()?;
            matches!(id.get().as_bytes().first(), Some(b'"' | b'-' | b'0'..=b'9')).then_some(id)
        })
        .next()
}

/// lsp-server's `RequestId` holds an `i32` or a string, where JSON-RPC allows any number,
/// and null in error responses. Such an id travels through the server as a string no client
/// sends (it starts with a NUL) holding the id's JSON text, and is written back as that text.
/// A client's own string id starting with a NUL goes the same way, so none is mistaken.
const CARRIED_ID: &str = "\0robolint-json-id:";

/// `id`, written as `written`, carried when lsp-server cannot hold it as it was written.
fn carried_id(id: &Value, written: &str) -> Option<Value> {
    let fits = match id {
        Value::Number(_) => written.parse::<i32>().is_ok_and(|number| number.to_string() == written),
        Value::String(text) => !text.starts_with('\0'),
        _ => false,
    };
    (!fits).then(|| Value::String(format!("{CARRIED_ID}{written}")))
}

/// The id a client sent, when `id` carries one lsp-server could not hold.
fn original_id(id: &RequestId) -> Option<RawId> {
    let text = serde_json::to_value(id).ok()?;
    RawValue::from_string(text.as_str()?.strip_prefix(CARRIED_ID)?.to_string()).ok()
}

/// The text of a message's id, read apart from the rest, which a `Value` holds.
#[derive(Deserialize)]
struct WrittenId<'a> {
    #[serde(borrow)]
    id: Option<&'a RawValue>,
}

fn parse_body(body: &[u8]) -> Incoming {
    let mut value: Value = match serde_json::from_slice(body) {
        Ok(value) => value,
        Err(error) => {
            let id = recover_id(body).unwrap_or_else(null_id);
            return invalid(id, ErrorCode::ParseError, format!("malformed JSON: {error}"));
        }
    };
    // Only a number's text may differ from what its `Value` writes; requests, which have ids,
    // are small, so reading one twice costs little.
    let written = match value.get("id") {
        Some(Value::Number(_)) => serde_json::from_slice::<WrittenId<'_>>(body).ok().and_then(|written| written.id),
        _ => None,
    };
    let id = match (written, value.get("id")) {
        (Some(written), _) => written.to_owned(),
        (None, Some(id @ Value::String(_))) => serde_json::value::to_raw_value(id).unwrap_or_else(|_| null_id()),
        _ => null_id(),
    };
    let carried = value.get("id").and_then(|id| match written {
        Some(written) => carried_id(id, written.get()),
        None => carried_id(id, &id.to_string()),
    });
    if let Some(carried) = carried {
        value["id"] = carried;
    }
    match serde_json::from_value::<Message>(value) {
        Ok(message) => Incoming::Message(message),
        Err(error) => invalid(id, ErrorCode::InvalidRequest, format!("not a JSON-RPC message: {error}")),
    }
}

fn invalid(id: RawId, code: ErrorCode, message: String) -> Incoming {
    Incoming::Invalid { id, code, message }
}

/// A response with its id as the client wrote it.
#[derive(Serialize)]
struct ResponseToId<'a> {
    jsonrpc: &'static str,
    id: &'a RawValue,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<&'a Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a ResponseError>,
}

/// Writes one message in a frame and flushes it.
pub fn write(output: &mut impl Write, message: &Message) -> io::Result<()> {
    if let Message::Response(response) = message {
        if let Some(id) = original_id(&response.id) {
            let (result, error) = (response.response_result.as_ref().ok(), response.response_result.as_ref().err());
            let body = serde_json::to_string(&ResponseToId { jsonrpc: "2.0", id: &id, result, error })?;
            return write_body(output, &body);
        }
    }
    // lsp-server's writer adds the `jsonrpc` member and the framing.
    message.write(output)
}

/// Writes a notification in a frame and flushes it, serialising `params` straight to bytes.
/// `lsp_server::Notification` holds its params as a `serde_json::Value`: for a
/// publishDiagnostics of thousands of findings, building and dropping that tree of maps took
/// about a third of the time from didChange to the last byte published.
pub fn write_notification(output: &mut impl Write, method: &str, params: &impl Serialize) -> io::Result<()> {
    #[derive(Serialize)]
    struct Notification<'a, P> {
        jsonrpc: &'static str,
        method: &'a str,
        params: &'a P,
    }
    let body = serde_json::to_vec(&Notification { jsonrpc: "2.0", method, params })?;
    write!(output, "Content-Length: {}\r\n\r\n", body.len())?;
    output.write_all(&body)?;
    output.flush()
}

/// Writes an error response whose id may be null (which lsp-server's types cannot hold).
pub fn write_error(output: &mut impl Write, id: &RawValue, code: ErrorCode, message: &str) -> io::Result<()> {
    let error = ResponseError { code: code as i32, message: message.to_string(), data: None };
    let body = serde_json::to_string(&ResponseToId { jsonrpc: "2.0", id, result: None, error: Some(&error) })?;
    write_body(output, &body)
}

fn write_body(output: &mut impl Write, body: &str) -> io::Result<()> {
    write!(output, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    output.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use lsp_server::Response;
    use serde_json::json;

    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    fn read_all(input: &str) -> Vec<Incoming> {
        let mut frames = Frames::new(io::Cursor::new(input.as_bytes().to_vec()));
        std::iter::from_fn(|| frames.read().expect("reading from memory")).collect()
    }

    #[test]
    fn good_and_bad_frames_in_a_row() {
        let input = [
            frame(r#"{"jsonrpc":"2.0","id":1,"method":"a"}"#),
            frame("{not json"),
            "Garbage: yes\r\n\r\n".to_string(),
            frame(r#"{"jsonrpc":"2.0","id":7}"#),
            frame(r#"[1,2]"#),
            "Content-Length: x\r\n\r\n".to_string(),
            frame(r#"{"jsonrpc":"2.0","method":"b"}"#),
        ]
        .concat();
        let read = read_all(&input);
        let summary: Vec<String> = read
            .iter()
            .map(|incoming| match incoming {
                Incoming::Message(Message::Request(request)) => format!("request {}", request.method),
                Incoming::Message(Message::Notification(notification)) => {
                    format!("notification {}", notification.method)
                }
                Incoming::Message(Message::Response(_)) => "response".to_string(),
                Incoming::Invalid { id, code, .. } => format!("invalid {} {id}", *code as i32),
            })
            .collect();
        assert_eq!(
            summary,
            [
                "request a",
                "invalid -32700 null",
                "invalid -32700 null",
                "invalid -32600 7",
                "invalid -32600 null",
                "invalid -32700 null",
                "notification b"
            ]
        );
    }

    #[test]
    fn a_written_notification_reads_back_as_the_same_message() {
        let mut written = Vec::new();
        let params = json!({"uri": "file:///robots.txt", "diagnostics": [{"message": "a \"quoted\" é"}]});
        write_notification(&mut written, "textDocument/publishDiagnostics", &params).expect("writing to memory");
        let text = String::from_utf8(written.clone()).expect("UTF-8");
        assert!(
            text.starts_with(&format!("Content-Length: {}\r\n\r\n", text.split("\r\n\r\n").nth(1).map_or(0, str::len)))
        );
        match Frames::new(written.as_slice()).read() {
            Ok(Some(Incoming::Message(Message::Notification(notification)))) => {
                assert_eq!(notification.method, "textDocument/publishDiagnostics");
                assert_eq!(notification.params, params);
            }
            other => panic!("not the notification written: {other:?}"),
        }
    }

    #[test]
    fn a_body_declared_a_few_bytes_too_long_ends_where_the_next_header_begins() {
        let first = r#"{"jsonrpc":"2.0","method":"first"}"#;
        let input = format!("Content-Length: {}\r\n\r\n{first}", first.len() + 3)
            + &frame(r#"{"jsonrpc":"2.0","method":"second"}"#);
        let methods: Vec<String> = read_all(&input)
            .into_iter()
            .map(|incoming| match incoming {
                Incoming::Message(Message::Notification(notification)) => notification.method,
                other => format!("{other:?}"),
            })
            .collect();
        assert_eq!(methods, ["first", "second"]);
    }

    #[test]
    fn an_id_lsp_server_cannot_hold_is_written_back_as_received() {
        let past_u64 = "18446744073709551616";
        let ids = ["1.5", "1.50", "1e3", "9007199254740993", "-2147483649", past_u64, "\"\\u0000x\""];
        for id in ids {
            let request = frame(&format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"m"}}"#));
            let Some(Incoming::Message(Message::Request(request))) = read_all(&request).pop() else {
                panic!("id {id}: not read as a request");
            };
            let mut written = Vec::new();
            write(&mut written, &Response::new_ok(request.id, ()).into()).expect("writing to memory");
            let text = String::from_utf8(written).expect("UTF-8");
            assert!(text.contains(&format!(r#""id":{id}"#)), "id {id}: {text}");
        }
    }

    #[test]
    fn an_invalid_request_is_answered_with_its_id_as_received() {
        for id in ["18446744073709551616", "1.50", "\"x\""] {
            for body in [format!(r#"{{"jsonrpc":"2.0","id":{id},"method":5}}"#), format!(r#"{{"id":{id},"#)] {
                let Some(Incoming::Invalid { id: read, code, message }) = read_all(&frame(&body)).pop() else {
                    panic!("{body}: not read as invalid");
                };
                let mut written = Vec::new();
                write_error(&mut written, &read, code, &message).expect("writing to memory");
                let text = String::from_utf8(written).expect("UTF-8");
                assert!(text.contains(&format!(r#""id":{id},"#)), "{body}: {text}");
            }
        }
    }

    #[test]
    fn a_truncated_body_ends_the_input() {
        assert!(read_all("Content-Length: 50\r\n\r\n{}").is_empty());
    }

    #[test]
    fn an_oversized_body_is_skipped() {
        let mut input = format!("Content-Length: {}\r\n\r\n", MAX_BODY_BYTES + 1).into_bytes();
        input.resize(input.len() + MAX_BODY_BYTES + 1, b' ');
        input.extend(frame(r#"{"jsonrpc":"2.0","method":"next"}"#).bytes());
        let mut frames = Frames::new(input.as_slice());
        assert!(matches!(frames.read(), Ok(Some(Incoming::Invalid { .. }))));
        assert!(matches!(frames.read(), Ok(Some(Incoming::Message(Message::Notification(_))))));
    }
}
