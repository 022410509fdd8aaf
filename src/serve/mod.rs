//! `robolint serve`: the playground page and its API on a loopback HTTP server.
//!
//! The page (`web/`, built into `web/dist/` and compiled into the binary) runs in the
//! browser; every answer comes from the engine here, through [`api`]. The server binds
//! 127.0.0.1 and nothing else (there is no address to choose), answers only requests
//! addressed to that address or `localhost` by their Host header (a DNS-rebinding page
//! names its own host), refuses cross-origin requests that say so (`Origin`), and reads a
//! body only up to robolint's input cap.

pub mod api;

use std::io::{self, Read};
use std::net::{Ipv4Addr, SocketAddr, TcpListener};

use socket2::{Domain, Protocol, Socket, Type};
use tiny_http::{Header, Request, Response, Server};

use crate::source::DEFAULT_SIZE_CAP;
use api::Answer;

/// The port `robolint serve` listens on unless `--port` says otherwise: RFC 9309's number.
pub const DEFAULT_PORT: u16 = 9309;

/// The page and its assets, as built by `web/build.mjs` and committed in `web/dist/`.
const ASSETS: &[(&str, &str, &[u8])] = &[
    ("/", "text/html; charset=utf-8", include_bytes!("../../web/dist/index.html")),
    ("/playground.js", "text/javascript; charset=utf-8", include_bytes!("../../web/dist/playground.js")),
    ("/playground.css", "text/css; charset=utf-8", include_bytes!("../../web/dist/playground.css")),
];

/// CodeMirror writes its styles into `<style>` elements, hence `'unsafe-inline'` for styles
/// only; scripts, requests and everything else come from this server alone.
const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'";

/// A playground server listening on a loopback port.
pub struct Playground {
    server: Server,
    address: SocketAddr,
}

impl Playground {
    /// Listens on 127.0.0.1:`port` (`0`: a free port the system picks).
    pub fn bind(port: u16) -> io::Result<Playground> {
        let socket = Socket::new(Domain::IPV4, Type::STREAM, Some(Protocol::TCP))?;
        // What std's TcpListener::bind sets, so a restarted server gets its port back.
        socket.set_reuse_address(true)?;
        // Inherited by each accepted connection: a keep-alive answer is sent at once rather
        // than held for the browser's delayed ACK of its first part (40 ms a request).
        socket.set_tcp_nodelay(true)?;
        socket.bind(&SocketAddr::from((Ipv4Addr::LOCALHOST, port)).into())?;
        socket.listen(128)?;
        let server = Server::from_listener(TcpListener::from(socket), None).map_err(io::Error::other)?;
        let address = server.server_addr().to_ip().ok_or_else(|| io::Error::other("not an IP listener"))?;
        Ok(Playground { server, address })
    }

    /// The page's address: `http://127.0.0.1:PORT/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// Answers requests, one at a time, until the process ends.
    pub fn run(&self) -> io::Result<()> {
        loop {
            let request = self.server.recv()?;
            // A client that hangs up before its answer is written is no reason to stop.
            let _ = self.handle(request);
        }
    }

    fn handle(&self, mut request: Request) -> io::Result<()> {
        let answer = match self.refusal(&request) {
            Some(refused) => refused,
            None => match read_body(&mut request) {
                Ok(body) => answer(&request, &body),
                Err(refused) => refused,
            },
        };
        respond(request, answer)
    }

    /// Why the request is refused before its body is read: addressed to another host, sent
    /// from another origin, or announcing a body over the cap.
    fn refusal(&self, request: &Request) -> Option<Answer> {
        let port = self.address.port();
        let is_ours = |value: &str, prefix: &str| {
            ["127.0.0.1", "localhost"].iter().any(|host| value.eq_ignore_ascii_case(&format!("{prefix}{host}:{port}")))
        };
        match header(request, "Host") {
            Some(host) if is_ours(host, "") => {}
            _ => return Some(Answer::error(403, "this server answers only requests to 127.0.0.1 or localhost")),
        }
        if header(request, "Origin").is_some_and(|origin| !is_ours(origin, "http://")) {
            return Some(Answer::error(403, "requests from other sites are refused"));
        }
        if request.body_length().is_some_and(|length| length > DEFAULT_SIZE_CAP) {
            return Some(too_large());
        }
        None
    }
}

/// The API's answer, else the page's file at that path.
fn answer(request: &Request, body: &[u8]) -> Answer {
    let (path, query) = request.url().split_once('?').unwrap_or((request.url(), ""));
    let method = request.method().as_str();
    let api_request = api::Request { method, path, query, body };
    if let Some(answer) = api::answer(&api_request) {
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

fn too_large() -> Answer {
    Answer::error(413, &format!("robolint reads at most {} MiB of robots.txt", DEFAULT_SIZE_CAP / (1024 * 1024)))
}

fn header<'a>(request: &'a Request, name: &'static str) -> Option<&'a str> {
    request.headers().iter().find(|header| header.field.equiv(name)).map(|header| header.value.as_str())
}

/// The body, up to the cap: a chunked body that goes past it is refused like an announced one.
fn read_body(request: &mut Request) -> Result<Vec<u8>, Answer> {
    let mut body = Vec::new();
    let read = request.as_reader().take(DEFAULT_SIZE_CAP as u64 + 1).read_to_end(&mut body);
    match read {
        Err(error) => Err(Answer::error(400, &format!("cannot read the request: {error}"))),
        Ok(length) if length > DEFAULT_SIZE_CAP => Err(too_large()),
        Ok(_) => Ok(body),
    }
}

fn respond(request: Request, answer: Answer) -> io::Result<()> {
    let headers = [
        ("Content-Type", answer.content_type),
        ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-store"),
    ];
    let mut response = Response::from_data(answer.body).with_status_code(answer.status);
    for (name, value) in headers {
        if let Ok(header) = Header::from_bytes(name, value) {
            response.add_header(header);
        }
    }
    request.respond(response)
}
