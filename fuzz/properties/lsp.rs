//! The language server, fed in lockstep (`robolint_lsp::serve_in_lockstep`). The input is
//! used twice: as raw bytes on the server's input, which exercises the framing and every way
//! a message can be malformed; and as a robots.txt opened in a session of well-formed
//! requests. In the session, the bytes after the first NUL (if any) choose the requests, five
//! bytes each: what to ask, and a range's start and end line and character, out of range or
//! inside a surrogate pair as often as not. Without them, a fixed tour asks about every line.
//! The server must end the session as the client asked, with no panic along the way (the
//! fuzzer's panic hook aborts before the server's own guard could catch one).

use std::io::Cursor;

use serde_json::{json, Value};

const URI: &str = "file:///robolint-fuzz/robots.txt";

/// Text a change inserts, chosen by a byte of the script.
const INSERTIONS: [&str; 8] =
    ["", "\n", "\r\n", "\r", "Disallow: /a*$\n", "User-agent: *", "\u{1F600}é", "# robolint: disable=ALL"];

/// Panics where the property fails for `bytes`.
pub fn check(bytes: &[u8]) {
    let _ = robolint_lsp::serve_in_lockstep(Cursor::new(bytes), std::io::sink());

    let (document, script) = match memchr::memchr(0, bytes) {
        Some(nul) => (&bytes[..nul], Some(&bytes[nul + 1..])),
        None => (bytes, None),
    };
    let text = String::from_utf8_lossy(document);
    let requests = match script {
        Some(script) => script.chunks(5).enumerate().map(|(index, op)| scripted(index, op)).collect(),
        None => tour(&text),
    };
    let mut session = Session::default();
    session.send(json!({"id": 0, "method": "initialize", "params": {"capabilities": {}}}));
    session.send(json!({"method": "initialized", "params": {}}));
    session.send(json!({"method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": URI, "languageId": "robots-txt", "version": 1, "text": text}
    }}));
    for request in requests {
        session.send(request);
    }
    session.send(json!({"id": 1_000_000, "method": "shutdown"}));
    session.send(json!({"method": "exit"}));
    let status = robolint_lsp::serve_in_lockstep(Cursor::new(session.bytes), std::io::sink());
    assert_eq!(status.ok(), Some(0), "the session did not end with shutdown and exit");
}

#[derive(Default)]
struct Session {
    bytes: Vec<u8>,
}

impl Session {
    fn send(&mut self, mut message: Value) {
        message["jsonrpc"] = json!("2.0");
        let body = message.to_string();
        self.bytes.extend_from_slice(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }
}

fn document() -> Value {
    json!({"uri": URI})
}

/// A position from two bytes: small values, and the largest one LSP allows.
fn position(line: u8, character: u8) -> Value {
    let widen = |byte: u8| if byte == u8::MAX { u32::MAX } else { u32::from(byte) };
    json!({"line": widen(line), "character": widen(character)})
}

/// One request from five script bytes (missing ones read as 0).
fn scripted(index: usize, op: &[u8]) -> Value {
    let byte = |at: usize| op.get(at).copied().unwrap_or(0);
    let (start, end) = (position(byte(1), byte(2)), position(byte(3), byte(4)));
    let id = index + 1;
    match byte(0) % 8 {
        0 => {
            json!({"id": id, "method": "textDocument/hover", "params": {"textDocument": document(), "position": start}})
        }
        1 => {
            json!({"id": id, "method": "textDocument/completion", "params": {"textDocument": document(), "position": start}})
        }
        2 => json!({"id": id, "method": "textDocument/codeAction", "params": {
            "textDocument": document(), "range": {"start": start, "end": end}, "context": {"diagnostics": []}
        }}),
        3 => json!({"id": id, "method": "textDocument/documentSymbol", "params": {"textDocument": document()}}),
        4 => json!({"id": id, "method": "textDocument/formatting", "params": {
            "textDocument": document(), "options": {"tabSize": 4, "insertSpaces": true}
        }}),
        5 => {
            let inserted = INSERTIONS[usize::from(byte(0) / 8) % INSERTIONS.len()];
            json!({"method": "textDocument/didChange", "params": {
                "textDocument": {"uri": URI, "version": id + 1},
                "contentChanges": [{"range": {"start": start, "end": end}, "text": inserted}]
            }})
        }
        6 => json!({"method": "workspace/didChangeWatchedFiles", "params": {"changes": []}}),
        _ => json!({"id": id, "method": "textDocument/codeAction", "params": {
            "textDocument": document(), "range": {"start": start, "end": start},
            "context": {"diagnostics": [], "only": ["source.fixAll"]}
        }}),
    }
}

/// Without a script: hover and completion at the start, middle and end of each of the first
/// lines, a code action over the whole text, symbols and formatting.
fn tour(text: &str) -> Vec<Value> {
    let mut requests = Vec::new();
    for (line, content) in text.lines().take(50).enumerate() {
        let width = content.encode_utf16().count();
        for character in [0, width / 2, width] {
            let at = json!({"line": line, "character": character});
            for method in ["textDocument/hover", "textDocument/completion"] {
                let id = requests.len() + 1;
                requests
                    .push(json!({"id": id, "method": method, "params": {"textDocument": document(), "position": at}}));
            }
        }
    }
    let everything = json!({"start": {"line": 0, "character": 0}, "end": {"line": u32::MAX, "character": 0}});
    for (method, params) in [
        (
            "textDocument/codeAction",
            json!({"textDocument": document(), "range": everything, "context": {"diagnostics": []}}),
        ),
        ("textDocument/documentSymbol", json!({"textDocument": document()})),
        (
            "textDocument/formatting",
            json!({"textDocument": document(), "options": {"tabSize": 4, "insertSpaces": true}}),
        ),
    ] {
        let id = requests.len() + 1;
        requests.push(json!({"id": id, "method": method, "params": params}));
    }
    requests
}
