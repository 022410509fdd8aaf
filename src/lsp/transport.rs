//! JSON-RPC framing over byte streams (`Content-Length` headers).
//!
//! lsp-server's own stdio transport stops reading at the first malformed message, which
//! would end the server; this reader reports each bad frame or payload as data and goes on
//! with the next one. lsp-server's message types are used for everything that parses.

use std::io::{self, BufRead, Read, Write};

use lsp_server::{ErrorCode, Message};
use serde::Serialize;
use serde_json::{json, Value};

/// The largest message body read into memory. A longer one is skipped and reported: a
/// robots.txt past a few megabytes is not one, and the cap keeps a bad length from taking
/// all memory.
pub const MAX_BODY_BYTES: usize = 64 * 1024 * 1024;

/// What the reader got from the client.
#[derive(Debug)]
pub enum Incoming {
    Message(Message),
    /// A frame or payload that is no message; `id` is the request's id when one was found,
    /// so the error can answer that request.
    Invalid {
        id: Value,
        code: ErrorCode,
        message: String,
    },
}

/// Reads the next frame, or `None` at the end of the input.
pub fn read(input: &mut impl BufRead) -> io::Result<Option<Incoming>> {
    let Some(length) = read_headers(input)? else { return Ok(None) };
    let length = match length {
        Ok(length) => length,
        Err(message) => return Ok(Some(invalid(Value::Null, ErrorCode::ParseError, message))),
    };
    if length > MAX_BODY_BYTES {
        io::copy(&mut input.take(length as u64), &mut io::sink())?;
        let message = format!("message of {length} bytes skipped: the limit is {MAX_BODY_BYTES}");
        return Ok(Some(invalid(Value::Null, ErrorCode::InvalidRequest, message)));
    }
    let mut body = vec![0; length];
    if let Err(error) = input.read_exact(&mut body) {
        return if error.kind() == io::ErrorKind::UnexpectedEof { Ok(None) } else { Err(error) };
    }
    Ok(Some(parse_body(&body)))
}

/// Reads header lines up to the blank line. `Ok(None)`: the input ended; `Ok(Some(Err))`: a
/// frame without a usable Content-Length, which cannot be read past except by skipping it.
fn read_headers(input: &mut impl BufRead) -> io::Result<Option<Result<usize, String>>> {
    let mut length: Option<Result<usize, String>> = None;
    let mut saw_any = false;
    let mut line = Vec::new();
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(None);
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            if saw_any {
                break;
            }
            continue; // Stray blank lines between frames.
        }
        saw_any = true;
        if let Some((name, value)) = text.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                let value = value.trim();
                length = Some(value.parse().map_err(|_| format!("bad Content-Length `{value}`")));
            }
        }
    }
    Ok(Some(length.unwrap_or_else(|| Err("a message header without Content-Length".to_string()))))
}

fn parse_body(body: &[u8]) -> Incoming {
    let value: Value = match serde_json::from_slice(body) {
        Ok(value) => value,
        Err(error) => return invalid(Value::Null, ErrorCode::ParseError, format!("malformed JSON: {error}")),
    };
    let id = match value.get("id") {
        Some(id @ (Value::Number(_) | Value::String(_))) => id.clone(),
        _ => Value::Null,
    };
    match serde_json::from_value::<Message>(value) {
        Ok(message) => Incoming::Message(message),
        Err(error) => invalid(id, ErrorCode::InvalidRequest, format!("not a JSON-RPC message: {error}")),
    }
}

fn invalid(id: Value, code: ErrorCode, message: String) -> Incoming {
    Incoming::Invalid { id, code, message }
}

/// Writes one message in a frame and flushes it.
pub fn write(output: &mut impl Write, message: &Message) -> io::Result<()> {
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
pub fn write_error(output: &mut impl Write, id: Value, code: ErrorCode, message: &str) -> io::Result<()> {
    let body = json!({"jsonrpc": "2.0", "id": id, "error": {"code": code as i32, "message": message}}).to_string();
    write!(output, "Content-Length: {}\r\n\r\n{body}", body.len())?;
    output.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    fn read_all(input: &str) -> Vec<Incoming> {
        let mut reader = io::Cursor::new(input.as_bytes().to_vec());
        std::iter::from_fn(|| read(&mut reader).expect("reading from memory")).collect()
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
        match read(&mut io::Cursor::new(written)) {
            Ok(Some(Incoming::Message(Message::Notification(notification)))) => {
                assert_eq!(notification.method, "textDocument/publishDiagnostics");
                assert_eq!(notification.params, params);
            }
            other => panic!("not the notification written: {other:?}"),
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
        let mut reader = io::Cursor::new(input);
        assert!(matches!(read(&mut reader), Ok(Some(Incoming::Invalid { .. }))));
        assert!(matches!(read(&mut reader), Ok(Some(Incoming::Message(Message::Notification(_))))));
    }
}
