//! `robolint serve`: the playground page and its API on a loopback HTTP server.
//!
//! The page (`web/`, built into `web/dist/` and compiled into the binary) runs in the
//! browser; every answer comes from the engine here, through [`crate::playground`] (the
//! static site asks the same API compiled to WebAssembly instead). The server binds
//! 127.0.0.1 and nothing else (there is no address to choose), answers only requests
//! addressed to that address or `localhost` by their Host header (a DNS-rebinding page
//! names its own host), refuses cross-origin requests that say so (`Origin`), and reads a
//! body only up to robolint's input cap. [`http`] reads and answers the requests, bounded in
//! size and time, on a few worker threads.

mod http;

use std::io;
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};

use crate::playground::{self, Answer};
use crate::source::DEFAULT_SIZE_CAP;
use http::{Connection, Head, Unread};

/// The port `robolint serve` listens on unless `--port` says otherwise: RFC 9309's number.
pub const DEFAULT_PORT: u16 = 9309;

/// The page and its assets: the HTML and CSS as written in `web/src/`, the script as
/// `web/build.mjs` bundles it into `web/dist/` (committed, so a clone builds without Node).
const ASSETS: &[(&str, &str, &[u8])] = &[
    ("/", "text/html; charset=utf-8", include_bytes!("../../web/src/index.html")),
    ("/playground.js", "text/javascript; charset=utf-8", include_bytes!("../../web/dist/playground.js")),
    ("/playground.css", "text/css; charset=utf-8", include_bytes!("../../web/src/playground.css")),
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

/// A playground server listening on a loopback port.
pub struct Playground {
    listener: TcpListener,
    address: SocketAddr,
}

impl Playground {
    /// Listens on 127.0.0.1:`port` (`0`: a free port the system picks).
    pub fn bind(port: u16) -> io::Result<Playground> {
        // std sets SO_REUSEADDR on Unix, so a restarted server gets its port back.
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port))?;
        let address = listener.local_addr()?;
        Ok(Playground { listener, address })
    }

    /// The page's address: `http://127.0.0.1:PORT/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// Answers requests on [`WORKERS`] threads, each taking one connection at a time, until
    /// the process ends; a worker whose accepting fails stops, and the first such error is
    /// returned once all have.
    pub fn run(&self) -> io::Result<()> {
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..WORKERS).map(|_| scope.spawn(|| self.accept_connections())).collect();
            workers.into_iter().try_for_each(|worker| {
                worker.join().unwrap_or_else(|_| Err(io::Error::other("a playground worker panicked")))
            })
        })
    }

    fn accept_connections(&self) -> io::Result<()> {
        loop {
            let (stream, _) = self.listener.accept()?;
            // A client that hangs up or breaks a bound loses its connection, not the server.
            let _ = self.serve_connection(stream);
        }
    }

    /// Answers the connection's requests until the client closes it, keeps nothing alive, or
    /// sends what cannot be answered and read on from.
    fn serve_connection(&self, stream: TcpStream) -> io::Result<()> {
        let mut connection = Connection::new(stream, ANSWER_HEADERS)?;
        loop {
            let head = match connection.read_head() {
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
            if !connection.respond(&head, &answer(&head, &body))? {
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
        match head.header("Host") {
            Some(host) if is_ours(host, "") => {}
            _ => return Some(Answer::error(403, "this server answers only requests to 127.0.0.1 or localhost")),
        }
        if head.header("Origin").is_some_and(|origin| !is_ours(origin, "http://")) {
            return Some(Answer::error(403, "requests from other sites are refused"));
        }
        None
    }
}

/// The API's answer, else the page's file at that path.
fn answer(head: &Head, body: &[u8]) -> Answer {
    let (path, query) = head.target.split_once('?').unwrap_or((&head.target, ""));
    let method = head.method.as_str();
    let api_request = playground::Request { method, path, query, body };
    if let Some(answer) = playground::answer(&api_request) {
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
