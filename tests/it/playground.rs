//! The playground: `robolint serve`'s API over real HTTP, the server's guards (loopback only,
//! Host header, body cap) and bounds on what a client sends, the committed page bundle, and
//! the page in a real browser (web/test/playground.mjs with Debian's chromium), both as the
//! server serves it and as the static WebAssembly site (web/site.mjs), which also holds the
//! documentation site: every internal link of it is checked.
//!
//! The browser and bundle tests need Node, `npm ci` in web/ and /usr/bin/chromium, the
//! WebAssembly one also the wasm32 target and wasm-bindgen: where one is missing they print
//! why and pass, except under `CI=true`, where they fail.

use crate::support::links;
use crate::support::shared;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpStream, UdpSocket};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use serde_json::Value;

/// robolint's input cap (src/source.rs), which the server holds request bodies to.
const SIZE_CAP: usize = robolint::source::DEFAULT_SIZE_CAP;

/// A `robolint serve --port 0` process, ended when dropped.
struct Served {
    child: Child,
    port: u16,
}

impl Served {
    fn start() -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_robolint"))
            .args(["serve", "--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("robolint serve starts");
        let mut line = String::new();
        let stdout = child.stdout.take().expect("standard output");
        BufReader::new(stdout).read_line(&mut line).expect("robolint serve prints its address");
        let url = line.trim().strip_prefix("robolint playground: ").unwrap_or_else(|| panic!("first line: {line:?}"));
        let port = url
            .strip_prefix("http://127.0.0.1:")
            .and_then(|rest| rest.strip_suffix('/'))
            .and_then(|port| port.parse().ok())
            .unwrap_or_else(|| panic!("a loopback URL with a port: {url}"));
        Served { child, port }
    }

    fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }

    fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect((Ipv4Addr::LOCALHOST, self.port)).expect("connect to the playground");
        // A server waiting for a body it should have refused fails the test instead of hanging it.
        stream.set_read_timeout(Some(std::time::Duration::from_secs(60))).expect("a read timeout");
        stream
    }

    /// Sends `head` (request line and headers, without the blank line) and `body`; returns
    /// the status and the body of the answer.
    fn exchange(&self, head: &str, body: &[u8]) -> (u16, Vec<u8>) {
        let mut request = format!("{head}\r\nConnection: close\r\n\r\n").into_bytes();
        request.extend_from_slice(body);
        self.send(&request)
    }

    /// Sends `request` as it is and reads the answer until the server closes the connection.
    fn send(&self, request: &[u8]) -> (u16, Vec<u8>) {
        let mut stream = self.connect();
        // The server may answer (and close) before taking all of a request it refuses.
        let _ = stream.write_all(request);
        let mut answer = Vec::new();
        // Closing with a refused request's bytes unread makes the server's side send a reset,
        // which may follow its answer: what arrived before it is the answer.
        let _ = stream.read_to_end(&mut answer);
        let split = answer.windows(4).position(|window| window == b"\r\n\r\n").expect("an HTTP answer");
        let head = String::from_utf8_lossy(&answer[..split]).to_string();
        let status = head.split(' ').nth(1).and_then(|code| code.parse().ok()).expect("a status code");
        (status, answer[split + 4..].to_vec())
    }

    fn get(&self, path: &str) -> (u16, Vec<u8>) {
        self.exchange(&format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{}", self.port), b"")
    }

    /// POSTs `text` to an API path and reads the JSON answer, which must be a success.
    fn post(&self, path: &str, text: &str) -> Value {
        let head = format!("POST {path} HTTP/1.1\r\nHost: localhost:{}\r\nContent-Length: {}", self.port, text.len());
        let (status, body) = self.exchange(&head, text.as_bytes());
        assert_eq!(status, 200, "{path}: {}", String::from_utf8_lossy(&body));
        serde_json::from_slice(&body).expect("a JSON answer")
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const TYPO: &str = "User-agent: *\nDissallow: /private/\nDisallow: /tmp/*\n";

#[test]
fn lint_answers_findings_with_their_places_and_fixes() {
    let served = Served::start();
    let answer = served.post("/api/lint?target=today", TYPO);
    let findings = answer["diagnostics"].as_array().expect("a list of findings");
    let typo = findings.iter().find(|finding| finding["name"] == "field-typo").expect("field-typo fires");
    assert_eq!(typo["code"], "RL102");
    assert_eq!((typo["line"].as_u64(), typo["column"].as_u64()), (Some(2), Some(1)));
    assert_eq!(typo["range"]["start"], serde_json::json!({"line": 1, "character": 0}));
    assert_eq!(typo["fix"]["applicability"], "safe");
    assert_eq!(typo["fix"]["edits"][0]["replacement"], "Disallow");
}

#[test]
fn the_target_changes_what_is_reported() {
    let served = Served::start();
    let level = |target: &str| {
        let answer = served.post(&format!("/api/lint?target={target}"), "User-agent: *\nDisallow: /tmp/*\n");
        let findings = answer["diagnostics"].as_array().cloned().unwrap_or_default();
        let glob = findings.into_iter().find(|finding| finding["name"] == "glob-pattern");
        glob.map(|finding| finding["severity"].as_str().unwrap_or_default().to_string())
    };
    // A `*` is a wildcard for today's robots and a literal character for 1996 ones.
    assert_eq!(level("today").as_deref(), Some("info"));
    assert_eq!(level("draft-1996").as_deref(), Some("error"));
    let head =
        format!("POST /api/lint?target=klingon HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Length: 0", served.port);
    assert_eq!(served.exchange(&head, b"").0, 400);
}

#[test]
fn fix_applies_one_finding_or_every_safe_fix() {
    let served = Served::start();
    let findings = served.post("/api/lint", TYPO)["diagnostics"].as_array().cloned().expect("findings");
    let index = findings.iter().position(|finding| finding["name"] == "field-typo").expect("field-typo fires");
    let one = served.post(&format!("/api/fix?finding={index}&code=RL102"), TYPO);
    assert_eq!(one["text"], "User-agent: *\nDisallow: /private/\nDisallow: /tmp/*\n");
    let all = served.post("/api/fix?finding=safe", TYPO);
    assert_eq!(all["text"], "User-agent: *\nDisallow: /private/\nDisallow: /tmp/\n");
    assert_eq!(all["applied"], 2);
}

#[test]
fn check_answers_for_every_robot_of_the_registry_with_the_deciding_line() {
    let served = Served::start();
    let text =
        "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nAllow: /private/press/\nDisallow: /private/\n";
    let answer = served.post("/api/check?url=%2Fprivate%2Freport.html", text);
    assert_eq!(answer["url"], "/private/report.html");
    let robots = answer["robots"].as_array().expect("robots");
    assert_eq!(robots.len(), robolint::agents::Registry::builtin().agents().len());
    let robot = |token: &str| robots.iter().find(|robot| robot["token"] == token).expect("a registry robot").clone();
    let googlebot = robot("Googlebot");
    assert_eq!(googlebot["allowed"], false);
    assert_eq!(googlebot["obeys"], "own");
    assert_eq!(googlebot["decided_by"]["line"], 6);
    assert_eq!(googlebot["decided_by"]["text"], "Disallow: /private/");
    assert_eq!(googlebot["decided_by"]["range"]["start"]["line"], 5);
    assert_eq!(robot("GPTBot")["decided_by"]["line"], 2);
    let press = served.post("/api/check?url=/private/press/a.html", text);
    let googlebot =
        press["robots"].as_array().and_then(|robots| robots.iter().find(|robot| robot["token"] == "Googlebot"));
    assert_eq!(googlebot.map(|robot| robot["allowed"].clone()), Some(Value::Bool(true)));
}

#[test]
fn rule_docs_are_what_robolint_rule_prints() {
    let served = Served::start();
    let printed = Command::new(env!("CARGO_BIN_EXE_robolint")).args(["rule", "glob-pattern"]).output().expect("runs");
    let (status, text) = served.get("/rules/RL301");
    assert_eq!(status, 200);
    assert_eq!(text, printed.stdout);
    let (status, json) = served.get("/api/rules/glob-pattern");
    assert_eq!(status, 200);
    let json: Value = serde_json::from_slice(&json).expect("JSON");
    assert_eq!(json["documentation"].as_str().map(str::as_bytes), Some(printed.stdout.as_slice()));
    assert_eq!(served.get("/api/rules/no-such-rule").0, 404);
    let (_, list) = served.get("/api/rules");
    let list: Value = serde_json::from_slice(&list).expect("JSON");
    assert_eq!(list.as_array().map(Vec::len), Some(robolint::rules::all().len()));
    let (_, agents) = served.get("/api/agents");
    let agents: Value = serde_json::from_slice(&agents).expect("JSON");
    assert!(agents.as_array().is_some_and(|agents| agents.iter().any(|agent| agent["token"] == "GPTBot")));
}

#[test]
fn the_page_is_served_from_the_binary() {
    let served = Served::start();
    for (path, file) in
        [("/", "src/index.html"), ("/playground.js", "dist/playground.js"), ("/playground.css", "src/playground.css")]
    {
        let (status, body) = served.get(path);
        assert_eq!(status, 200, "{path}");
        let committed = std::fs::read(web().join(file)).expect("the page's file is committed");
        assert!(body == committed, "{path} is not web/{file}");
    }
    assert_eq!(served.get("/nothing-here").0, 404);
}

#[test]
fn requests_to_another_host_name_are_refused() {
    let served = Served::start();
    let port = served.port;
    // A DNS-rebinding page reaches 127.0.0.1 under its own name, which its Host header gives.
    for host in [format!("evil.example:{port}"), format!("127.0.0.1:{}", port.wrapping_add(1)), "127.0.0.1".into()] {
        let (status, _) = served.exchange(&format!("GET /api/targets HTTP/1.1\r\nHost: {host}"), b"");
        assert_eq!(status, 403, "Host: {host}");
    }
    let (status, _) = served.exchange("GET /api/targets HTTP/1.0", b"");
    assert_eq!(status, 403, "no Host header");
    let (status, _) = served.exchange(&format!("GET /api/targets HTTP/1.1\r\nHost: LOCALHOST:{port}"), b"");
    assert_eq!(status, 200);
    let from_elsewhere = format!(
        "POST /api/lint HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: https://evil.example\r\nContent-Length: 3"
    );
    assert_eq!(served.exchange(&from_elsewhere, b"a:b").0, 403);
    let from_the_page = format!(
        "POST /api/lint HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\nContent-Length: 3"
    );
    assert_eq!(served.exchange(&from_the_page, b"a:b").0, 200);
    // Issue 34: only the first Origin was read, so a second one from elsewhere went through.
    let page = format!("http://127.0.0.1:{port}");
    for origins in [[page.as_str(), "https://evil.example"], ["https://evil.example", page.as_str()]] {
        let head = format!(
            "POST /api/lint HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: {}\r\nOrigin: {}\r\nContent-Length: 3",
            origins[0], origins[1]
        );
        assert_eq!(served.exchange(&head, b"a:b").0, 403, "Origins {origins:?}");
    }
    let second_host = format!("GET /api/targets HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nHost: evil.example:{port}");
    assert_eq!(served.exchange(&second_host, b"").0, 403, "a second Host");
}

#[test]
fn bodies_over_the_input_cap_are_refused() {
    let served = Served::start();
    let port = served.port;
    let announced = format!("POST /api/lint HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: {}", SIZE_CAP + 1);
    assert_eq!(served.exchange(&announced, b"").0, 413);
    // At the cap, the text is linted.
    let at_cap = "#".repeat(SIZE_CAP);
    let answer = served.post("/api/lint", &at_cap);
    assert!(answer["diagnostics"].is_array());
}

#[test]
fn a_huge_announced_length_is_refused_without_reading_and_the_server_lives_on() {
    let served = Served::start();
    let port = served.port;
    // tiny_http 0.12 allocated the announced length when it dropped such a request, and the
    // failed allocation aborted the server: the second request then found nobody listening.
    for length in ["1000000000000000", "99999999999999999999999999"] {
        let head = format!("POST /api/lint HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: {length}");
        assert_eq!(served.exchange(&head, b"User-agent: *\n").0, 413, "Content-Length: {length}");
        assert_eq!(served.get("/api/targets").0, 200, "after Content-Length: {length}");
    }
}

#[test]
fn malformed_or_unbounded_requests_are_refused_and_the_server_lives_on() {
    let served = Served::start();
    let port = served.port;
    let host = format!("Host: 127.0.0.1:{port}");
    let long_header = format!("GET / HTTP/1.1\r\n{host}\r\nX-Filler: {}\r\n\r\n", "a".repeat(64 * 1024));
    assert_eq!(served.send(long_header.as_bytes()).0, 431, "a header block over 16 KiB");
    let many_headers = format!("GET / HTTP/1.1\r\n{host}\r\n{}\r\n", "X-A: b\r\n".repeat(100));
    assert_eq!(served.send(many_headers.as_bytes()).0, 431, "more headers than a browser sends");
    assert_eq!(served.send(b"GET\x01/ HTTP/1.1\r\n\r\n").0, 400, "a malformed request line");
    assert_eq!(served.send(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03").0, 400, "TLS to an HTTP port");
    let digits = format!("POST /api/lint HTTP/1.1\r\n{host}\r\nContent-Length: +3");
    assert_eq!(served.exchange(&digits, b"a:b").0, 400, "a length that is not digits");
    let twice = format!("POST /api/lint HTTP/1.1\r\n{host}\r\nContent-Length: 3\r\nContent-Length: 4");
    assert_eq!(served.exchange(&twice, b"a:bc").0, 400, "two lengths");
    assert_eq!(served.get("/api/targets").0, 200);
}

#[test]
fn chunked_bodies_are_refused_with_length_required() {
    let served = Served::start();
    // fetch() with a string body always sends a Content-Length, so only other clients chunk.
    let head = format!("POST /api/lint HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nTransfer-Encoding: chunked", served.port);
    let (status, body) = served.exchange(&head, b"3\r\na:b\r\n0\r\n\r\n");
    assert_eq!(status, 411, "{}", String::from_utf8_lossy(&body));
    assert_eq!(served.get("/api/targets").0, 200);
}

#[test]
fn requests_on_one_kept_alive_connection_are_answered_in_turn() {
    let served = Served::start();
    let mut stream = served.connect();
    let request = format!("GET /api/targets HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\r\n", served.port);
    // Both requests in one write: the second must be read from what came after the first.
    stream.write_all(request.repeat(2).as_bytes()).expect("send two requests");
    let mut reader = BufReader::new(stream);
    for _ in 0..2 {
        let mut status_line = String::new();
        reader.read_line(&mut status_line).expect("a status line");
        assert!(status_line.starts_with("HTTP/1.1 200 "), "{status_line:?}");
        let mut length = 0;
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).expect("a header line");
            if line == "\r\n" {
                break;
            }
            if let Some(value) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                length = value.trim().parse().expect("a length");
            }
        }
        let mut body = vec![0; length];
        reader.read_exact(&mut body).expect("the body");
        assert!(serde_json::from_slice::<Value>(&body).is_ok());
    }
}

#[test]
fn silent_clients_do_not_keep_others_waiting_forever() {
    let served = Served::start();
    // More silent connections than the server has workers: each is dropped after its timeout,
    // so the request behind them is answered.
    let silent: Vec<TcpStream> = (0..=robolint_cli::serve::WORKERS).map(|_| served.connect()).collect();
    assert_eq!(served.get("/api/targets").0, 200);
    drop(silent);
}

/// Issue 34: each worker served one connection for as long as it stayed, so as many
/// kept-alive clients as workers, each asking something now and then, left every other
/// client waiting for as long as they stayed. A worker now drops an idle connection when
/// another waits. The kept-alive clients here ask again every half second, for longer than
/// an idle connection is kept: the new client must be answered while they are still there.
#[test]
fn kept_alive_clients_do_not_starve_a_new_one() {
    let served = Served::start();
    let request = format!("GET /api/targets HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n\r\n", served.port);
    let mut kept_alive: Vec<TcpStream> = (0..robolint_cli::serve::WORKERS).map(|_| served.connect()).collect();
    let mut buffer = vec![0; 1 << 16];
    let mut ask = |kept_alive: &mut Vec<TcpStream>| {
        // A connection the server dropped is dropped here too; the others get an answer.
        kept_alive.retain_mut(|stream| stream.write_all(request.as_bytes()).is_ok());
        kept_alive.retain_mut(|stream| stream.read(&mut buffer).is_ok_and(|read| read > 0));
    };
    ask(&mut kept_alive);
    assert_eq!(kept_alive.len(), robolint_cli::serve::WORKERS, "every kept-alive client is answered");
    let (answered, answer) = std::sync::mpsc::channel();
    let mut newcomer = served.connect();
    let closing = request.replace("\r\n\r\n", "\r\nConnection: close\r\n\r\n");
    let newcomer = std::thread::spawn(move || {
        let mut answer = String::new();
        let _ = newcomer.write_all(closing.as_bytes());
        let _ = newcomer.read_to_string(&mut answer);
        let _ = answered.send(answer.split(' ').nth(1).and_then(|status| status.parse::<u16>().ok()));
    });
    let mut status = None;
    for _ in 0..40 {
        if let Ok(received) = answer.recv_timeout(std::time::Duration::from_millis(500)) {
            status = received;
            break;
        }
        ask(&mut kept_alive);
    }
    assert_eq!(status, Some(200), "the new client is answered while the kept-alive ones stay");
    newcomer.join().expect("the new client's thread");
}

/// The machine's address on the interface it would reach the Internet from (no packet is
/// sent: a UDP socket only picks its route), when it has one that is not loopback.
fn outward_address() -> Option<std::net::IpAddr> {
    let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    socket.connect(("192.0.2.1", 9)).ok()?;
    socket.local_addr().ok().map(|address| address.ip()).filter(|ip| !ip.is_loopback() && !ip.is_unspecified())
}

#[test]
fn the_server_cannot_be_reached_from_another_interface() {
    let served = Served::start();
    assert!(TcpStream::connect((Ipv4Addr::LOCALHOST, served.port)).is_ok(), "loopback reaches it");
    let Some(address) = outward_address() else {
        eprintln!("SKIPPED: this machine has no address but loopback, so there is no other interface to try");
        return;
    };
    let outside = TcpStream::connect_timeout(&SocketAddr::new(address, served.port), std::time::Duration::from_secs(2));
    assert!(outside.is_err(), "{address}:{} answered: the server listens beyond loopback", served.port);
}

fn web() -> PathBuf {
    Path::new(crate::support::ROOT).join("web")
}

/// Node and web/'s npm packages (`npm ci` in web/), or `None` after saying what is missing.
fn node_with_packages(packages: &[&str]) -> Option<()> {
    let node = Command::new("node").arg("--version").output();
    if !node.is_ok_and(|output| output.status.success()) {
        shared::missing("node is not installed (Node 20 runs the page's build and browser test)");
        return None;
    }
    for package in packages {
        if !web().join("node_modules").join(package).exists() {
            shared::missing(&format!("web/node_modules/{package} is missing: run `npm ci` in web/"));
            return None;
        }
    }
    Some(())
}

#[test]
#[cfg_attr(not(ci), ignore = "needs node and web/node_modules (npm ci in web/); CI=true runs it")]
fn the_committed_bundle_is_what_the_sources_build() {
    if node_with_packages(&["esbuild", "@codemirror/view"]).is_none() {
        return;
    }
    let fresh = Path::new(env!("CARGO_TARGET_TMPDIR")).join("playground-dist");
    let built = Command::new("node").arg(web().join("build.mjs")).arg(&fresh).status().expect("node runs");
    assert!(built.success(), "web/build.mjs failed");
    let committed = std::fs::read(web().join("dist/playground.js")).expect("web/dist is committed");
    let rebuilt = std::fs::read(fresh.join("playground.js")).expect("the build wrote it");
    assert!(
        committed == rebuilt,
        "web/dist/playground.js is not what web/src builds: run `npm run build` in web/ and commit"
    );
}

/// Debian's chromium and what drives it, or `None` after saying what is missing.
fn browser() -> Option<PathBuf> {
    node_with_packages(&["playwright-core"])?;
    let chromium = std::env::var_os("CHROMIUM").map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from);
    if !chromium.exists() {
        shared::missing(&format!("{} is missing: apt-get install chromium", chromium.display()));
        return None;
    }
    Some(chromium)
}

/// Runs web/test/playground.mjs on the page that `page` names (`PLAYGROUND_URL` or
/// `PLAYGROUND_SITE` and its value), writing its desktop and phone screenshots into
/// `screenshots`.
fn browser_test(chromium: &Path, page: (&str, &std::ffi::OsStr), screenshots: &Path) {
    let output = Command::new("node")
        .arg(web().join("test/playground.mjs"))
        .env(page.0, page.1)
        .env("PLAYGROUND_SCREENSHOTS", screenshots)
        .env("CHROMIUM", chromium)
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    // The measured lint time and the screenshots' paths, for the run's log.
    println!("{stdout}");
    assert!(output.status.success(), "the browser test failed:\n{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    for screenshot in ["playground-desktop.png", "playground-phone.png"] {
        assert!(
            screenshots.join(screenshot).exists(),
            "the screenshot {screenshot} is kept in {}",
            screenshots.display()
        );
    }
}

#[test]
#[cfg_attr(not(ci), ignore = "needs node, web/node_modules and chromium; CI=true runs it")]
fn the_page_works_in_a_real_browser() {
    let Some(chromium) = browser() else { return };
    let served = Served::start();
    // README shows these: the run regenerates them.
    let screenshots = Path::new(crate::support::ROOT).join("docs/screenshots");
    browser_test(&chromium, ("PLAYGROUND_URL", std::ffi::OsStr::new(&served.url())), &screenshots);
}

/// The static site: robolint compiled to WebAssembly, answering in the page with no server
/// behind it (web/site.mjs builds it: cargo for wasm32, then wasm-bindgen).
#[test]
#[cfg_attr(
    not(ci),
    ignore = "needs node, web/node_modules, chromium, the wasm32 target and wasm-bindgen-cli; CI=true runs it"
)]
fn the_webassembly_site_works_in_a_real_browser() {
    let Some(chromium) = browser() else { return };
    let check = Command::new("node").arg(web().join("site.mjs")).arg("--check").output().expect("node runs");
    if !check.status.success() {
        shared::missing(String::from_utf8_lossy(&check.stderr).trim());
        return;
    }
    let site = Path::new(crate::support::ROOT).join("target/playground-site");
    let built = Command::new("node")
        .arg(web().join("site.mjs"))
        .arg(&site)
        .env("ROBOLINT", env!("CARGO_BIN_EXE_robolint"))
        .output()
        .expect("node runs");
    // The files' sizes, gzip'd, for the run's log.
    println!("{}", String::from_utf8_lossy(&built.stdout));
    assert!(built.status.success(), "web/site.mjs failed:\n{}", String::from_utf8_lossy(&built.stderr));
    let broken = links::broken_links(&site);
    assert!(broken.is_empty(), "broken links in the static site:\n{}", broken.join("\n"));
    let screenshots = Path::new(crate::support::ROOT).join("target/playground/wasm");
    browser_test(&chromium, ("PLAYGROUND_SITE", site.as_os_str()), &screenshots);
}
