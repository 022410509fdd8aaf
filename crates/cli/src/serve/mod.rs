//! `robolint serve`: the playground page and its API on a loopback HTTP server.
//!
//! The page (`web/`, built into `web/dist/` and compiled into the binary) runs in the
//! browser; every answer comes from the engine here, through [`robolint::playground`] (the
//! static site asks the same API compiled to WebAssembly instead). The server binds
//! 127.0.0.1 and nothing else (there is no address to choose), answers only requests
//! addressed to that address or `localhost` by their Host header (a DNS-rebinding page
//! names its own host), refuses cross-origin requests that say so (`Origin`), and reads a
//! body only up to robolint's input cap. One thread accepts connections and queues them;
//! `http` reads and answers their requests, bounded in size and time, on a few worker
//! threads, and a worker waiting on an idle kept-alive connection drops it for a queued one.

mod http;

use std::collections::VecDeque;
use std::io;
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::sync::{Condvar, Mutex, PoisonError};

use http::{Connection, Head, Unread};
use robolint::playground::{self, Answer};
use robolint::source::DEFAULT_SIZE_CAP;

/// The port `robolint serve` listens on unless `--port` says otherwise: RFC 9309's number.
pub const DEFAULT_PORT: u16 = 9309;

/// The page and its assets: the HTML and CSS as written in `web/src/`, the script as
/// `web/build.mjs` bundles it into `web/dist/` (committed, so a clone builds without Node).
const ASSETS: &[(&str, &str, &[u8])] = &[
    ("/", "text/html; charset=utf-8", include_bytes!("../../../../web/src/index.html")),
    ("/playground.js", "text/javascript; charset=utf-8", include_bytes!("../../../../web/dist/playground.js")),
    ("/playground.css", "text/css; charset=utf-8", include_bytes!("../../../../web/src/playground.css")),
];

/// CodeMirror writes its styles into `<style>` elements, hence `'unsafe-inline'` for styles
/// only; scripts, requests and everything else come from this server alone.
const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'";

/// Headers on every answer: the page's policy, and nothing kept or guessed from an answer.
const ANSWER_HEADERS: &[(&str, &str)] = &[
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-store"),
];

/// Connections served at once. A browser opens up to six to one host and keeps them alive,
/// so a single worker would leave the page's parallel requests waiting out an idle
/// connection's timeout; a fixed number bounds the threads a local client can tie up.
pub const WORKERS: usize = 8;

/// Connections accepted and waiting for a worker; one more is closed at once, so a flood of
/// connections costs the server no more than this many sockets.
const QUEUED: usize = 64;

/// The connections accepted and not yet taken by a worker.
#[derive(Default)]
struct Queue {
    waiting: Mutex<Waiting>,
    arrived: Condvar,
}

#[derive(Default)]
struct Waiting {
    connections: VecDeque<TcpStream>,
    /// Accepting failed: the workers end once the queue is empty.
    closed: bool,
}

impl Queue {
    fn lock(&self) -> std::sync::MutexGuard<'_, Waiting> {
        // A worker that panicked holding the lock left the queue whole: it only pushes and pops.
        self.waiting.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Queues `stream` unless [`QUEUED`] already wait (it is then closed).
    fn push(&self, stream: TcpStream) {
        let mut waiting = self.lock();
        if waiting.connections.len() < QUEUED {
            waiting.connections.push_back(stream);
            self.arrived.notify_one();
        }
    }

    /// The next connection, waiting for one; `None` once accepting has failed.
    fn pop(&self) -> Option<TcpStream> {
        let mut waiting = self.lock();
        loop {
            if let Some(stream) = waiting.connections.pop_front() {
                return Some(stream);
            }
            if waiting.closed {
                return None;
            }
            waiting = self.arrived.wait(waiting).unwrap_or_else(PoisonError::into_inner);
        }
    }

    fn has_waiting(&self) -> bool {
        !self.lock().connections.is_empty()
    }

    fn close(&self) {
        self.lock().closed = true;
        self.arrived.notify_all();
    }
}

/// A playground server listening on a loopback port.
pub struct Playground {
    listener: TcpListener,
    address: SocketAddr,
    /// The API the workers share, with its linters.
    api: playground::Api,
}

impl Playground {
    /// Listens on 127.0.0.1:`port` (`0`: a free port the system picks).
    pub fn bind(port: u16) -> io::Result<Playground> {
        // std sets SO_REUSEADDR on Unix, so a restarted server gets its port back.
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port))?;
        let address = listener.local_addr()?;
        Ok(Playground { listener, address, api: playground::Api::default() })
    }

    /// The page's address: `http://127.0.0.1:PORT/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// Accepts connections on this thread and answers their requests on [`WORKERS`]
    /// threads, each taking one connection at a time, until the process ends; when accepting
    /// fails, the workers finish the queued connections and the error is returned.
    pub fn run(&self) -> io::Result<()> {
        let queue = Queue::default();
        std::thread::scope(|scope| {
            for _ in 0..WORKERS {
                scope.spawn(|| {
                    while let Some(stream) = queue.pop() {
                        // A client that hangs up or breaks a bound loses its connection, not the server.
                        let _ = self.serve_connection(stream, &queue);
                    }
                });
            }
            let failed = loop {
                match self.listener.accept() {
                    Ok((stream, _)) => queue.push(stream),
                    // A client that gave up before it was accepted ends nothing but itself.
                    Err(error)
                        if matches!(error.kind(), io::ErrorKind::ConnectionAborted | io::ErrorKind::Interrupted) => {}
                    Err(error) => break error,
                }
            };
            queue.close();
            Err(failed)
        })
    }

    /// Answers the connection's requests until the client closes it, keeps nothing alive,
    /// sends what cannot be answered and read on from, or sits idle while others wait.
    fn serve_connection(&self, stream: TcpStream, queue: &Queue) -> io::Result<()> {
        let mut connection = Connection::new(stream, ANSWER_HEADERS)?;
        loop {
            let head = match connection.read_head(|| queue.has_waiting()) {
                Ok(Some(head)) => head,
                Ok(None) | Err(Unread::Gone) => return Ok(()),
                Err(Unread::Refused(answer)) => return connection.refuse(&answer),
            };
            if let Some(refused) = self.refusal(&head) {
                return connection.refuse(&refused);
            }
            let body = match connection.read_body(&head, DEFAULT_SIZE_CAP) {
                Ok(body) => body,
                Err(Unread::Gone) => return Ok(()),
                Err(Unread::Refused(answer)) => return connection.refuse(&answer),
            };
            if !connection.respond(&head, &answer(&self.api, &head, &body))? {
                return Ok(());
            }
        }
    }

    /// Why the request is refused before its body is read: addressed to another host, or
    /// sent from another origin.
    fn refusal(&self, head: &Head) -> Option<Answer> {
        let port = self.address.port();
        let is_ours = |value: &str, prefix: &str| {
            ["127.0.0.1", "localhost"].iter().any(|host| value.eq_ignore_ascii_case(&format!("{prefix}{host}:{port}")))
        };
        // Every Host and every Origin is checked: a client or proxy that reads another one
        // than the first must not find a way past.
        let hosts_ours = head.all("Host").all(|host| host.is_some_and(|host| is_ours(host, "")));
        if head.all("Host").next().is_none() || !hosts_ours {
            return Some(Answer::error(403, "this server answers only requests to 127.0.0.1 or localhost"));
        }
        if !head.all("Origin").all(|origin| origin.is_some_and(|origin| is_ours(origin, "http://"))) {
            return Some(Answer::error(403, "requests from other sites are refused"));
        }
        None
    }
}

/// The API's answer, else the page's file at that path.
fn answer(api: &playground::Api, head: &Head, body: &[u8]) -> Answer {
    let (path, query) = head.target.split_once('?').unwrap_or((&head.target, ""));
    let method = head.method.as_str();
    let api_request = playground::Request { method, path, query, body };
    if let Some(answer) = api.answer(&api_request) {
        return answer;
    }
    let page_path = if path == "/index.html" { "/" } else { path };
    let asset = ASSETS.iter().find(|(asset_path, _, _)| *asset_path == page_path);
    match asset {
        Some(&(_, content_type, bytes)) if method == "GET" || method == "HEAD" => {
            Answer { status: 200, content_type, body: bytes.to_vec() }
        }
        Some(_) => Answer::error(405, "the page is read with GET"),
        None => Answer::error(404, "not found"),
    }
}
