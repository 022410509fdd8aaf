//! `robolint URL` and `robolint fetch` against a small HTTP server on 127.0.0.1 that each
//! test starts on a port of its own and that answers with hand-written bytes. Nothing here
//! leaves the loopback interface.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Output};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use flate2::write::{GzEncoder, ZlibEncoder};
use flate2::Compression;

/// What the server does for one path.
enum Reply {
    /// Writes these bytes and closes the connection.
    Bytes(Vec<u8>),
    /// Reads the request and never answers.
    Silence,
}

/// A response with `Content-Length` and `Connection: close` added.
fn response(status: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
    let mut bytes = format!("HTTP/1.1 {status}\r\n").into_bytes();
    for (name, value) in headers {
        bytes.extend_from_slice(format!("{name}: {value}\r\n").as_bytes());
    }
    bytes.extend_from_slice(format!("Content-Length: {}\r\nConnection: close\r\n\r\n", body.len()).as_bytes());
    bytes.extend_from_slice(body);
    Reply::Bytes(bytes)
}

fn text_plain(body: &str) -> Reply {
    response("200 OK", &[("Content-Type", "text/plain"), ("Cache-Control", "max-age=3600")], body.as_bytes())
}

fn redirect(status: &str, location: &str) -> Reply {
    response(status, &[("Location", location)], b"")
}

/// A server on 127.0.0.1 with a port of its own, and the request heads it has seen.
struct Site {
    port: u16,
    requests: Arc<Mutex<Vec<String>>>,
}

impl Site {
    /// Starts a server; `routes` gets the port (for absolute Locations) and maps paths to
    /// replies. Unknown paths get a 404.
    fn start(routes: impl FnOnce(u16) -> Vec<(String, Reply)>) -> Site {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a free port on 127.0.0.1");
        let port = listener.local_addr().expect("the listener's address").port();
        let routes: Arc<HashMap<String, Reply>> = Arc::new(routes(port).into_iter().collect());
        let requests = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&requests);
        // The thread ends with the test process: each test has its own server.
        thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (routes, seen) = (Arc::clone(&routes), Arc::clone(&seen));
                thread::spawn(move || answer(stream, &routes, &seen));
            }
        });
        Site { port, requests }
    }

    fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    fn robots_txt(&self) -> String {
        self.url("/robots.txt")
    }

    fn requests(&self) -> Vec<String> {
        self.requests.lock().map(|requests| requests.clone()).unwrap_or_default()
    }
}

fn answer(mut stream: TcpStream, routes: &HashMap<String, Reply>, seen: &Mutex<Vec<String>>) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") && head.len() < 16 * 1024 {
        match stream.read(&mut byte) {
            Ok(1) => head.push(byte[0]),
            _ => return,
        }
    }
    let head = String::from_utf8_lossy(&head).into_owned();
    let path = head.split_whitespace().nth(1).unwrap_or("/").to_string();
    if let Ok(mut requests) = seen.lock() {
        requests.push(head);
    }
    match routes.get(&path) {
        Some(Reply::Bytes(bytes)) => {
            // The client may stop reading at its size cap and close: that is not an error.
            let _ = stream.write_all(bytes);
        }
        Some(Reply::Silence) => thread::sleep(Duration::from_secs(20)),
        None => {
            let _ = stream.write_all(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
        }
    }
}

/// Runs robolint without a configuration file, colour or proxy.
fn robolint(args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_robolint"));
    // Last, so that it also follows a subcommand.
    // Every finding, information about older robots included: these tests are about what a
    // fetch gives the lint, not about what a default run leaves out.
    command.args(args).arg("--no-config").arg("--all-infos").env_remove("NO_COLOR");
    for proxy in ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] {
        command.env_remove(proxy);
    }
    command.output().expect("robolint runs")
}

/// `robolint --format concise URL` (plus `extra` flags): exit status and output.
fn concise(url: &str, extra: &[&str]) -> (Option<i32>, String) {
    let mut args = vec!["--format", "concise"];
    args.extend_from_slice(extra);
    args.push(url);
    let output = robolint(&args);
    let text = String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr);
    (output.status.code(), text)
}

/// The codes robolint reported, in output order.
fn codes(output: &str) -> Vec<&str> {
    output.lines().filter_map(|line| line.split_once('[')?.1.split_once(' ').map(|(code, _)| code)).collect()
}

/// Finds the output line of a code.
fn line_of<'a>(output: &'a str, code: &str) -> &'a str {
    let tag = format!("[{code} ");
    output.lines().find(|line| line.contains(&tag)).unwrap_or_else(|| panic!("no {code} in:\n{output}"))
}

const BODY: &str = "User-agent: *\nDisallow: /tmp/*\nDisallow /cgi-bin/\n";

#[test]
fn a_text_plain_file_is_linted_under_its_url_and_asked_for_politely() {
    let site = Site::start(|_| vec![("/robots.txt".into(), text_plain(BODY))]);
    let (status, output) = concise(&site.url("/"), &[]);
    assert_eq!(status, Some(1), "{output}");
    let name = site.robots_txt();
    assert!(output.contains(&format!("{name}:2:16: info[RL301 glob-pattern]")), "{output}");
    assert!(output.contains(&format!("{name}:3:1: error[RL101 missing-colon]")), "{output}");
    assert!(!output.contains("[RL6"), "a plain, cached 200 has nothing to say about HTTP:\n{output}");
    let requests = site.requests();
    assert_eq!(requests.len(), 1, "{requests:?}");
    let head = requests[0].to_ascii_lowercase();
    assert!(head.starts_with("get /robots.txt http/1.1\r\n"), "{head}");
    assert!(head.contains(&format!("user-agent: robolint/{}\r\n", env!("CARGO_PKG_VERSION"))), "{head}");
    assert!(head.contains("accept-encoding: gzip, deflate\r\n"), "{head}");
}

#[test]
fn the_user_agent_can_be_changed() {
    let site = Site::start(|_| vec![("/robots.txt".into(), text_plain(BODY))]);
    concise(&site.robots_txt(), &["--user-agent", "ExampleBot/2.0 (+https://example.com/bot)"]);
    let head = site.requests().concat().to_ascii_lowercase();
    assert!(head.contains("user-agent: examplebot/2.0 (+https://example.com/bot)\r\n"), "{head}");
}

#[test]
fn an_html_page_served_as_robots_txt_is_reported_twice() {
    let page = "<!DOCTYPE html>\n<html><head><title>Home</title></head><body>Welcome</body></html>\n";
    let site = Site::start(|_| {
        vec![(
            "/robots.txt".into(),
            response("200 OK", &[("Content-Type", "text/html; charset=utf-8")], page.as_bytes()),
        )]
    });
    let (status, output) = concise(&site.robots_txt(), &[]);
    assert_eq!(status, Some(1), "{output}");
    assert!(line_of(&output, "RL607").contains("served as `text/html`"), "{output}");
    assert!(codes(&output).contains(&"RL005"), "html-document reads the body: {output}");
}

#[test]
fn a_chain_of_three_redirects_is_followed_and_listed() {
    let site = Site::start(|port| {
        vec![
            ("/robots.txt".into(), redirect("301 Moved Permanently", "/a/robots.txt")),
            ("/a/robots.txt".into(), redirect("302 Found", &format!("http://127.0.0.1:{port}/b/robots.txt"))),
            ("/b/robots.txt".into(), redirect("307 Temporary Redirect", "../c/robots.txt")),
            ("/c/robots.txt".into(), text_plain(BODY)),
        ]
    });
    let (status, output) = concise(&site.robots_txt(), &[]);
    assert_eq!(status, Some(1), "{output}");
    let chain = format!(
        "{} 301 → {} 302 → {} 307 → {}",
        site.robots_txt(),
        site.url("/a/robots.txt"),
        site.url("/b/robots.txt"),
        site.url("/c/robots.txt")
    );
    let finding = line_of(&output, "RL601");
    assert!(finding.contains("3 redirects away") && finding.contains(&chain), "{finding}");
    assert!(!codes(&output).contains(&"RL602"), "same host: {output}");
    assert!(codes(&output).contains(&"RL301"), "the final body is linted: {output}");
}

#[test]
fn a_redirect_loop_is_caught() {
    let site = Site::start(|_| {
        vec![
            ("/robots.txt".into(), redirect("301 Moved Permanently", "/elsewhere/robots.txt")),
            ("/elsewhere/robots.txt".into(), redirect("301 Moved Permanently", "/robots.txt")),
        ]
    });
    let (status, output) = concise(&site.robots_txt(), &[]);
    assert_eq!(status, Some(1), "{output}");
    assert!(line_of(&output, "RL603").contains("loop"), "{output}");
    assert_eq!(site.requests().len(), 2, "robolint asks each URL once");
}

#[test]
fn a_sixth_redirect_is_not_followed() {
    let site = Site::start(|_| {
        let mut routes: Vec<(String, Reply)> = (0..6)
            .map(|hop| {
                let from = if hop == 0 { "/robots.txt".to_string() } else { format!("/{hop}/robots.txt") };
                (from, redirect("302 Found", &format!("/{}/robots.txt", hop + 1)))
            })
            .collect();
        routes.push(("/6/robots.txt".into(), text_plain(BODY)));
        routes
    });
    let (status, output) = concise(&site.robots_txt(), &[]);
    assert_eq!(status, Some(1), "{output}");
    assert!(line_of(&output, "RL603").contains("more than 5 redirects away"), "{output}");
    assert_eq!(site.requests().len(), 6, "six answers, no request for the sixth target");
}

#[test]
fn a_redirect_to_another_host_is_reported() {
    // 127.0.0.1 and localhost are two hosts to robots, and both are this machine.
    let site = Site::start(|port| {
        vec![
            (
                "/robots.txt".into(),
                redirect("301 Moved Permanently", &format!("http://localhost:{port}/shared/robots.txt")),
            ),
            ("/shared/robots.txt".into(), text_plain(BODY)),
        ]
    });
    let (_, output) = concise(&site.robots_txt(), &[]);
    let finding = line_of(&output, "RL602");
    assert!(finding.contains("robots.txt for 127.0.0.1 is served from another host, localhost"), "{finding}");
}

#[test]
fn unauthorized_and_forbidden_mean_opposite_things_to_the_dialects() {
    for status in ["401 Unauthorized", "403 Forbidden"] {
        let site = Site::start(|_| {
            vec![("/robots.txt".into(), response(status, &[("Content-Type", "text/html")], b"<html>no</html>"))]
        });
        let (code, output) = concise(&site.robots_txt(), &[]);
        assert_eq!(code, Some(1), "{output}");
        let finding = line_of(&output, "RL604");
        assert!(finding.contains(&format!("answered {status}")), "{finding}");
        assert!(finding.contains("1996 draft treat the whole site as disallowed"), "{finding}");
        assert!(finding.contains("RFC 9309 robots and Google treat robots.txt as unavailable"), "{finding}");
        assert_eq!(codes(&output), ["RL604"], "an error page is not linted as robots.txt: {output}");
    }
}

#[test]
fn not_found_means_no_restrictions_and_passes() {
    let site = Site::start(|_| {
        vec![(
            "/robots.txt".into(),
            response("404 Not Found", &[("Content-Type", "text/html")], b"<html>Not found</html>"),
        )]
    });
    let (status, output) = concise(&site.robots_txt(), &[]);
    assert_eq!(status, Some(0), "an info finding does not fail the run: {output}");
    assert_eq!(codes(&output), ["RL605"], "{output}");
    assert!(line_of(&output, "RL605").contains("every robot may crawl the whole site"), "{output}");
}

#[test]
fn server_errors_keep_robots_away() {
    for status in ["500 Internal Server Error", "503 Service Unavailable"] {
        let site = Site::start(|_| vec![("/robots.txt".into(), response(status, &[("Retry-After", "120")], b"busy"))]);
        let (code, output) = concise(&site.robots_txt(), &[]);
        assert_eq!(code, Some(1), "{output}");
        let finding = line_of(&output, "RL606");
        assert!(finding.contains(&format!("answered {status}")), "{finding}");
        assert!(finding.contains("defer visits"), "the draft's reading: {finding}");
        assert!(finding.contains("assume the whole site is disallowed"), "RFC 9309's reading: {finding}");
    }
}

#[test]
fn a_server_that_never_answers_times_out() {
    let site = Site::start(|_| vec![("/robots.txt".into(), Reply::Silence)]);
    let started = Instant::now();
    let (status, output) = concise(&site.robots_txt(), &["--timeout", "1"]);
    assert!(started.elapsed() < Duration::from_secs(10), "--timeout 1 took {:?}", started.elapsed());
    assert_eq!(status, Some(1), "{output}");
    assert!(line_of(&output, "RL606").contains("the request timed out"), "{output}");
}

#[test]
fn a_refused_connection_and_garbage_are_findings_not_crashes() {
    let closed_port = {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
        listener.local_addr().expect("address").port()
    };
    let (status, output) = concise(&format!("http://127.0.0.1:{closed_port}/"), &["--timeout", "5"]);
    assert_eq!(status, Some(1), "{output}");
    assert!(line_of(&output, "RL606").contains("failed"), "{output}");

    let site = Site::start(|_| vec![("/robots.txt".into(), Reply::Bytes(b"this is not HTTP at all\r\n\r\n".to_vec()))]);
    let (status, output) = concise(&site.robots_txt(), &["--timeout", "5"]);
    assert_eq!(status, Some(1), "{output}");
    assert!(line_of(&output, "RL606").contains("failed"), "{output}");
}

fn numbered_lines(count: usize) -> String {
    (0..count).map(|n| format!("Disallow: /section-{n:05}/\n")).collect()
}

#[test]
fn a_body_past_the_cap_is_cut_at_a_line_end_and_reported() {
    let body = format!("User-agent: *\n{}", numbered_lines(300));
    let site = Site::start(|_| vec![("/robots.txt".into(), text_plain(&body))]);
    let (_, output) = concise(&site.robots_txt(), &["--max-size", "1000"]);
    let finding = line_of(&output, "RL610");
    // The User-agent line, then 26-byte lines: robolint keeps the whole lines before byte 1000.
    let kept = 14 + 26 * ((1000 - 14) / 26);
    assert!(finding.contains("after 1000 bytes") && finding.contains(&format!("the first {kept} bytes")), "{finding}");
}

#[test]
fn the_default_cap_is_google_s_500_kib_and_a_margin() {
    let body = format!("User-agent: *\n{}", numbered_lines(24_000));
    assert!(body.len() > 512 * 1024);
    let site = Site::start(|_| vec![("/robots.txt".into(), text_plain(&body))]);
    let (_, output) = concise(&site.robots_txt(), &["--select", "RL004,RL610"]);
    assert!(line_of(&output, "RL610").contains("after 524288 bytes"), "{output}");
    assert!(
        line_of(&output, "RL004").contains(&format!("{} bytes", body.len())),
        "Content-Length gives the size: {output}"
    );
}

fn compressed<W: Write>(mut encoder: W, finish: impl FnOnce(W) -> std::io::Result<Vec<u8>>) -> Vec<u8> {
    encoder.write_all(BODY.as_bytes()).expect("compressing in memory");
    finish(encoder).expect("compressing in memory")
}

#[test]
fn gzip_and_deflate_bodies_read_like_plain_ones() {
    let gzip = compressed(GzEncoder::new(Vec::new(), Compression::default()), GzEncoder::finish);
    let deflate = compressed(ZlibEncoder::new(Vec::new(), Compression::default()), ZlibEncoder::finish);
    let plain_site = Site::start(|_| vec![("/robots.txt".into(), text_plain(BODY))]);
    let plain = concise(&plain_site.robots_txt(), &[]).1.replace(&plain_site.robots_txt(), "NAME");
    assert!(codes(&plain).contains(&"RL301"), "{plain}");
    for (coding, body) in [("gzip", gzip), ("deflate", deflate)] {
        let headers = [("Content-Type", "text/plain"), ("Cache-Control", "max-age=3600"), ("Content-Encoding", coding)];
        let site = Site::start(|_| vec![("/robots.txt".into(), response("200 OK", &headers, &body))]);
        let (_, output) = concise(&site.url("/"), &[]);
        assert_eq!(output.replace(&site.robots_txt(), "NAME"), plain, "{coding}");
    }
}

#[test]
fn a_latin1_body_is_decoded_and_reported() {
    let site = Site::start(|_| {
        vec![(
            "/robots.txt".into(),
            response(
                "200 OK",
                &[("Content-Type", "text/plain; charset=ISO-8859-1"), ("Cache-Control", "max-age=3600")],
                b"User-agent: *\nDisallow: /caf\xE9/\n",
            ),
        )]
    });
    let (_, output) = concise(&site.robots_txt(), &[]);
    assert!(line_of(&output, "RL608").contains("decoded them as windows-1252"), "{output}");
    assert!(line_of(&output, "RL109").starts_with(&format!("{}:2:", site.robots_txt())), "{output}");
    assert!(!codes(&output).contains(&"RL002"), "decoded, so not invalid UTF-8: {output}");
}

#[test]
fn cache_headers_decide_when_robots_come_back() {
    /// A case's name, the caching headers the server sends, and the RL6xx codes expected.
    struct Case {
        name: &'static str,
        headers: &'static [(&'static str, &'static str)],
        expected: &'static [&'static str],
    }
    let cases = [
        Case { name: "max-age", headers: &[("Cache-Control", "max-age=3600")], expected: &[] },
        Case { name: "max-age-days", headers: &[("Cache-Control", "public, max-age=172800")], expected: &["RL611"] },
        Case {
            name: "expires-date",
            headers: &[("Date", "Mon, 02 Jun 2025 10:00:00 GMT"), ("Expires", "Thu, 05 Jun 2025 10:00:00 GMT")],
            expected: &["RL611"],
        },
        Case { name: "none", headers: &[], expected: &["RL611"] },
        Case { name: "no-store", headers: &[("Cache-Control", "no-store")], expected: &["RL612"] },
        Case { name: "very-long", headers: &[("Cache-Control", "max-age=31536000")], expected: &["RL611", "RL613"] },
    ];
    let mut outputs = HashMap::new();
    for Case { name, headers, expected } in cases {
        let mut headers = headers.to_vec();
        headers.push(("Content-Type", "text/plain"));
        let body = b"User-agent: *\nDisallow: /a\n";
        let site = Site::start(|_| vec![("/robots.txt".into(), response("200 OK", &headers, body))]);
        let (status, output) = concise(&site.robots_txt(), &[]);
        assert_eq!(status, Some(0), "cache findings are information: {output}");
        let found: Vec<&str> = codes(&output).into_iter().filter(|code| code.starts_with("RL6")).collect();
        assert_eq!(found, expected, "{name}: {output}");
        outputs.insert(name, output);
    }
    let no_header = line_of(&outputs["none"], "RL611");
    assert!(no_header.contains("1996 draft fetch it again after 7 days"), "{no_header}");
    assert!(no_header.contains("RFC 9309 robots after at most 24 hours"), "{no_header}");
    assert!(line_of(&outputs["expires-date"], "RL611").contains("keeps copies fresh for 3 days"));
    assert!(line_of(&outputs["very-long"], "RL613").contains("365 days, more than 7 days"));
}

#[test]
fn a_url_gives_the_same_findings_as_a_local_copy_plus_http_ones() {
    let body = "User-agent: *\nDisallow: /tmp/*\n\nUser-agent: *\nDisallow: /robots.txt\nDissallow: /x\n";
    let site = Site::start(|_| {
        vec![("/robots.txt".into(), response("200 OK", &[("Content-Type", "text/html")], body.as_bytes()))]
    });
    let folder = tempfile::Builder::new().prefix("robolint-fetch-").tempdir().expect("a temporary folder");
    let copy = folder.path().join("robots.txt");
    std::fs::write(&copy, body).expect("writing the local copy");
    let copy_name = copy.to_string_lossy().into_owned();

    for format in ["concise", "human"] {
        let run = |input: &str| {
            let output = robolint(&["--format", format, "--color", "never", input]);
            (output.status.code(), String::from_utf8_lossy(&output.stdout).into_owned())
        };
        let (file_status, from_file) = run(&copy_name);
        let (url_status, from_url) = run(&site.robots_txt());
        assert_eq!(file_status, url_status);
        let from_url = from_url.replace(&site.robots_txt(), "NAME");
        let from_file = from_file.replace(&copy_name, "NAME");
        if format == "concise" {
            let http: Vec<&str> = from_url.lines().filter(|line| line.contains("[RL6")).collect();
            assert_eq!(codes(&http.join("\n")), ["RL607", "RL611"], "{from_url}");
            let rest: Vec<&str> = from_url.lines().filter(|line| !line.contains("[RL6")).collect();
            // The summary lines (counts, fixable counts) differ with the HTTP findings.
            let without_summary =
                |lines: Vec<&str>| lines.into_iter().filter(|line| line.contains("]: ")).collect::<Vec<_>>().join("\n");
            assert_eq!(without_summary(rest), without_summary(from_file.lines().collect()));
        } else {
            // Every finding about the file is drawn exactly as for the local copy.
            assert!(from_url.contains("─[ NAME:2:16 ]"), "{from_url}");
            let drawings = human_reports(&from_file);
            assert!(drawings.len() >= 3, "{from_file}");
            for drawing in drawings {
                assert!(from_url.contains(&drawing), "missing from the URL's output:\n{drawing}\n\n{from_url}");
            }
        }
    }
}

/// Each finding the human renderer drew: from its `[CODE name]` line to the box's end.
fn human_reports(output: &str) -> Vec<String> {
    let mut reports: Vec<String> = Vec::new();
    for line in output.lines() {
        if line.starts_with('[') {
            reports.push(String::new());
        }
        if let Some(report) = reports.last_mut().filter(|report| !report.ends_with("╯\n")) {
            report.push_str(line);
            report.push('\n');
        }
    }
    reports
}

#[test]
fn the_fetch_subcommand_takes_the_lint_flags_and_only_urls() {
    let site = Site::start(|_| vec![("/robots.txt".into(), text_plain(BODY))]);
    let output = robolint(&[
        "fetch",
        "--select",
        "RL3",
        "--format",
        "concise",
        "--fail-on",
        "never",
        &site.url("/any/page.html"),
    ]);
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert_eq!(codes(&text), ["RL301"], "{text}");
    assert!(text.contains(&format!("{}:2:16:", site.robots_txt())), "{text}");

    let output = robolint(&["fetch", "example.com"]);
    let message = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "{message}");
    assert!(message.contains("did you mean https://example.com/"), "{message}");

    let output = robolint(&["ftp://example.com/"]);
    assert_eq!(output.status.code(), Some(2));
    let output = robolint(&["fetch", "--timeout", "0", &site.robots_txt()]);
    assert_eq!(output.status.code(), Some(2), "a zero timeout is a usage error");
}

#[test]
fn a_fetched_file_is_never_fixed() {
    let site = Site::start(|_| vec![("/robots.txt".into(), text_plain(BODY))]);
    let output = robolint(&["--fix", "--format", "concise", &site.robots_txt()]);
    let message = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(message.contains("not fixed: a fetched file cannot be changed in place"), "{message}");
    assert!(String::from_utf8_lossy(&output.stdout).contains("[RL301"), "still linted");
    let output = robolint(&["--add-suppressions", "--format", "concise", &site.robots_txt()]);
    let message = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(message.contains("no suppressions added: a fetched file cannot be changed in place"), "{message}");
    assert!(String::from_utf8_lossy(&output.stdout).contains("[RL301"), "still linted");
}

/// A server that keeps each connection open after its first answer (HTTP/1.1's default: no
/// `Connection: close`), then closes it when a second request comes on it, unanswered: the
/// way a server's idle timeout ends a kept-alive connection just as the client reuses it.
/// `/robots.txt` redirects through `/hop1` … `/hop4` to `/final` (five redirects), which answers the file.
fn closes_kept_alive_connections() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port on 127.0.0.1");
    let port = listener.local_addr().expect("the listener's address").port();
    thread::spawn(move || {
        for mut stream in listener.incoming().flatten() {
            thread::spawn(move || {
                let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
                let Some(path) = read_request_path(&mut stream) else { return };
                let next = match path.as_str() {
                    "/robots.txt" => Some("/hop1".to_string()),
                    hop if hop.starts_with("/hop") => {
                        let number: u32 = hop[4..].parse().unwrap_or(4);
                        Some(if number < 4 { format!("/hop{}", number + 1) } else { "/final".to_string() })
                    }
                    _ => None,
                };
                let answer = match next {
                    Some(location) => {
                        format!("HTTP/1.1 301 Moved Permanently\r\nLocation: {location}\r\nContent-Length: 0\r\n\r\n")
                    }
                    None => format!(
                        "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\r\n{BODY}",
                        BODY.len()
                    ),
                };
                let _ = stream.write_all(answer.as_bytes());
                // The next request on this connection is read and the connection closed.
                let _ = read_request_path(&mut stream);
            });
        }
    });
    port
}

fn read_request_path(stream: &mut TcpStream) -> Option<String> {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        match stream.read(&mut byte) {
            Ok(1) => head.push(byte[0]),
            _ => return None,
        }
    }
    String::from_utf8_lossy(&head).split_whitespace().nth(1).map(str::to_string)
}

#[test]
fn a_kept_alive_connection_the_server_closed_is_not_a_failure() {
    let port = closes_kept_alive_connections();
    // Ten runs of five redirects each: fifty chances to reuse a closed connection.
    for run in 0..10 {
        let (status, output) = concise(&format!("http://127.0.0.1:{port}/robots.txt"), &["--timeout", "10"]);
        assert!(!output.contains("RL606"), "run {run}: a closed kept-alive connection is reported:\n{output}");
        assert!(output.contains("RL301"), "run {run}: the file is linted:\n{output}");
        assert_eq!(status, Some(1), "{output}");
    }
}

#[test]
fn numeric_options_at_their_largest_do_not_wrap_or_panic() {
    let site = Site::start(|_| vec![("/robots.txt".into(), text_plain(BODY))]);
    let largest = u64::MAX.to_string();
    let (status, output) = concise(&site.robots_txt(), &["--max-size", &largest]);
    assert_eq!(status, Some(1), "{output}");
    assert!(!output.contains("RL610"), "the whole body is kept: {output}");
    assert!(output.contains("RL301"), "the body is linted: {output}");
    for option in ["--timeout", "--connect-timeout"] {
        let (status, output) = concise(&site.robots_txt(), &[option, "1e300"]);
        assert_eq!(status, Some(1), "{option} 1e300: {output}");
        let (status, output) = concise(&site.robots_txt(), &[option, &largest]);
        assert_eq!(status, Some(1), "{option} {largest}: {output}");
    }
    let (status, output) = concise(&site.robots_txt(), &["--max-size", "18446744073709551616"]);
    assert_eq!(status, Some(2), "a number past the largest is a usage error: {output}");
    let (status, output) = concise(&site.robots_txt(), &["--jobs", &largest]);
    assert_eq!(status, Some(1), "--jobs {largest}: {output}");
}

#[test]
fn a_redirect_from_loopback_to_a_name_for_loopback_is_followed() {
    let site = Site::start(|port| {
        vec![
            ("/robots.txt".into(), redirect("301 Moved Permanently", &format!("http://localhost:{port}/final"))),
            ("/final".into(), text_plain(BODY)),
        ]
    });
    let (status, output) = concise(&site.robots_txt(), &[]);
    assert_eq!(status, Some(1), "{output}");
    assert!(output.contains("RL301") && !output.contains("RL606"), "the start is loopback itself: {output}");
}
