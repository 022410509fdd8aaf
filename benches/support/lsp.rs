//! `robolint lsp` in the bench's own process: `robolint_lsp::serve`, the server loop the
//! binary runs, reading from and writing to channels instead of standard input and output,
//! so a timing covers what an editor waits for (reading the didChange, applying it,
//! re-linting, converting the findings and writing publishDiagnostics) and no pipe.

use std::io::{self, BufReader, Read, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// The server's standard input: the bytes the client sent, in order.
struct ClientBytes {
    incoming: Receiver<Vec<u8>>,
    pending: Vec<u8>,
    read: usize,
}

impl Read for ClientBytes {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.read == self.pending.len() {
            // A closed channel is the client closing its end.
            let Ok(bytes) = self.incoming.recv() else { return Ok(0) };
            (self.pending, self.read) = (bytes, 0);
        }
        let count = out.len().min(self.pending.len() - self.read);
        out[..count].copy_from_slice(&self.pending[self.read..self.read + count]);
        self.read += count;
        Ok(count)
    }
}

/// The server's standard output, handed to the client as it is written.
struct ServerBytes(Sender<Vec<u8>>);

impl Write for ServerBytes {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.send(bytes.to_vec()).map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A client of an in-process server with one document open.
pub struct Client {
    to_server: Option<Sender<Vec<u8>>>,
    from_server: Receiver<Vec<u8>>,
    received: Vec<u8>,
    server: Option<JoinHandle<io::Result<u8>>>,
    uri: String,
    version: i64,
}

impl Client {
    /// Starts a server, initializes it and opens `text` (as a file with no robolint.toml
    /// above it); returns once its diagnostics are published.
    pub fn open(text: &str) -> Client {
        let (to_server, server_input) = mpsc::channel();
        let (server_output, from_server) = mpsc::channel();
        let input = BufReader::new(ClientBytes { incoming: server_input, pending: Vec::new(), read: 0 });
        let server = thread::spawn(move || robolint_lsp::serve(input, ServerBytes(server_output)));
        let mut client = Client {
            to_server: Some(to_server),
            from_server,
            received: Vec::new(),
            server: Some(server),
            uri: "file:///nonexistent/robolint-bench/robots.txt".to_string(),
            version: 1,
        };
        client.send(&json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"processId": null, "rootUri": null, "capabilities": {}}}));
        client.receive_until(|message| message["id"] == 1);
        client.notify("initialized", json!({}));
        let item = json!({"uri": client.uri, "languageId": "robots-txt", "version": 1, "text": text});
        client.notify("textDocument/didOpen", json!({"textDocument": item}));
        client.published(1);
        client
    }

    /// Sends one didChange with `changes` and waits for the diagnostics of the new version;
    /// the time from sending to the last byte of publishDiagnostics (reading the JSON is
    /// the editor's work, not counted).
    pub fn change(&mut self, changes: Value) -> Duration {
        self.version += 1;
        let started = Instant::now();
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": self.uri, "version": self.version}, "contentChanges": changes}),
        );
        self.published(self.version) - started
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    fn send(&mut self, message: &Value) {
        let body = message.to_string();
        let frame = format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes();
        if let Some(server) = &self.to_server {
            server.send(frame).expect("the server reads its input");
        }
    }

    /// When the diagnostics of `version` were received.
    fn published(&mut self, version: i64) -> Instant {
        self.receive_until(|message| {
            message["method"] == "textDocument/publishDiagnostics" && message["params"]["version"] == version
        })
    }

    /// Reads frames until one that `wanted` takes; when its last byte arrived.
    fn receive_until(&mut self, wanted: impl Fn(&Value) -> bool) -> Instant {
        let mut arrived = Instant::now();
        loop {
            while let Some(message) = self.next_frame() {
                if wanted(&message) {
                    return arrived;
                }
            }
            let bytes = self.from_server.recv().expect("the server answers");
            arrived = Instant::now();
            self.received.extend_from_slice(&bytes);
        }
    }

    /// The first whole frame received and not yet read.
    fn next_frame(&mut self) -> Option<Value> {
        let header_end = self.received.windows(4).position(|window| window == b"\r\n\r\n")?;
        let headers = std::str::from_utf8(&self.received[..header_end]).expect("ASCII headers");
        let length: usize = headers
            .lines()
            .find_map(|line| line.strip_prefix("Content-Length: "))
            .and_then(|length| length.trim().parse().ok())
            .expect("a Content-Length header");
        let body_start = header_end + 4;
        if self.received.len() < body_start + length {
            return None;
        }
        let message = serde_json::from_slice(&self.received[body_start..body_start + length]).expect("JSON");
        self.received.drain(..body_start + length);
        Some(message)
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        self.send(&json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": null}));
        self.notify("exit", Value::Null);
        self.to_server = None;
        if let Some(server) = self.server.take() {
            let _ = server.join();
        }
    }
}
