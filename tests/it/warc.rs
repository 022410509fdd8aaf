//! `robolint warc`: WARC files written here (a small writer below, each record its own gzip
//! member as Common Crawl writes them) from the protego corpus and from answers robots meet
//! (404, 503, an HTML page, a redirect), linted through the real binary and the library.
//!
//! Each file is streamed to disk record by record, so this process stays small: the memory
//! test reads the child's peak (`tests/it/support/child.rs`), which Linux also charges with the
//! spawner's.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::Command;

use flate2::write::GzEncoder;
use flate2::Compression;
use serde_json::Value;

use robolint::fetch::recorded;
use robolint::warc::{lint_capture, Answer, Captures};
use robolint::{lint_fetched, Linter, Settings};

use crate::support::child;
use crate::support::shared;

/// Writes WARC records, each gzipped alone when asked (a multi-member gzip file).
struct WarcWriter<W: Write> {
    out: W,
    gzip: bool,
    records: usize,
}

impl<W: Write> WarcWriter<W> {
    fn new(out: W, gzip: bool) -> Self {
        WarcWriter { out, gzip, records: 0 }
    }

    /// One record: its WARC header fields, then `block` (`block_tail` more bytes streamed
    /// after it, for huge bodies, as a repeated byte).
    fn record(&mut self, kind: &str, target: &[u8], block: &[u8], tail: (u8, u64)) -> io::Result<()> {
        self.records += 1;
        let mut head = format!(
            "WARC/1.1\r\nWARC-Type: {kind}\r\nWARC-Record-ID: <urn:uuid:00000000-0000-0000-0000-{:012}>\r\n\
             WARC-Date: 2024-05-01T10:00:00Z\r\nContent-Type: application/http; msgtype={kind}\r\n\
             Content-Length: {}\r\nWARC-Target-URI: ",
            self.records,
            block.len() as u64 + tail.1
        )
        .into_bytes();
        head.extend_from_slice(target);
        head.extend_from_slice(b"\r\n\r\n");
        let write = |out: &mut dyn Write| -> io::Result<()> {
            out.write_all(&head)?;
            out.write_all(block)?;
            let chunk = vec![tail.0; 64 * 1024];
            let mut left = tail.1;
            while left > 0 {
                let now = left.min(chunk.len() as u64);
                out.write_all(&chunk[..now as usize])?;
                left -= now;
            }
            out.write_all(b"\r\n\r\n")
        };
        if self.gzip {
            let mut member = GzEncoder::new(&mut self.out, Compression::fast());
            write(&mut member)?;
            member.finish().map(drop)
        } else {
            write(&mut self.out)
        }
    }

    /// A `response` record for `url` holding `answer` (status line, headers, body).
    fn response(&mut self, url: &str, answer: &[u8]) -> io::Result<()> {
        self.record("response", url.as_bytes(), answer, (0, 0))
    }
}

fn http(status: &str, content_type: &str, body: &[u8]) -> Vec<u8> {
    let mut answer = format!("HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\n\r\n").into_bytes();
    answer.extend_from_slice(body);
    answer
}

/// The answers robots meet besides a robots.txt, one capture each, with the rule each must
/// raise: a 404 (allow-all), a 503 (whole site kept off), an HTML page served as robots.txt.
const SPECIAL: [(&str, &str, &str, &[u8], &str); 3] = [
    ("http://gone.example/robots.txt", "404 Not Found", "text/html", b"<html>missing</html>", "robots-txt-not-found"),
    ("http://busy.example/robots.txt", "503 Service Unavailable", "text/plain", b"", "robots-txt-unreachable"),
    (
        "https://soft404.example/robots.txt",
        "200 OK",
        "text/plain",
        b"<!DOCTYPE html><html><head><title>Oops</title></head><body>Not here</body></html>\n",
        "html-document",
    ),
];

/// Writes the specials, a redirect, records that are not robots.txt captures, and then a
/// capture per `files` entry; the number of records written.
fn write_corpus_warc(path: &Path, files: &[PathBuf]) -> usize {
    let mut warc = WarcWriter::new(BufWriter::new(File::create(path).expect("a scratch file")), true);
    warc.record("warcinfo", b"", b"software: tests/it/warc.rs\r\n", (0, 0)).expect("writing");
    for (url, status, content_type, body, _) in SPECIAL {
        warc.response(url, &http(status, content_type, body)).expect("writing");
    }
    warc.response(
        "http://moved.example/robots.txt",
        b"HTTP/1.1 301 Moved Permanently\r\nLocation: https://moved.example/robots.txt\r\n\r\n",
    )
    .expect("writing");
    warc.record("request", b"http://moved.example/robots.txt", b"GET /robots.txt HTTP/1.1\r\n\r\n", (0, 0))
        .expect("writing");
    warc.response("http://moved.example/index.html", &http("200 OK", "text/html", b"<html></html>")).expect("writing");
    for (index, file) in files.iter().enumerate() {
        let body = fs::read(file).expect("a protego file");
        warc.response(&format!("https://site{index}.example/robots.txt"), &http("200 OK", "text/plain", &body))
            .expect("writing");
    }
    let records = warc.records;
    warc.out.flush().expect("writing");
    records
}

fn robolint(args: &[&str]) -> child::Run {
    child::run(Command::new(env!("CARGO_BIN_EXE_robolint")).args(args))
}

/// Each output line, parsed; the run must not have panicked.
fn lines(run: &child::Run) -> Vec<Value> {
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    run.stdout.lines().map(|line| serde_json::from_str(line).unwrap_or_else(|_| panic!("not JSON: {line}"))).collect()
}

fn of_type<'a>(lines: &'a [Value], kind: &str) -> Vec<&'a Value> {
    lines.iter().filter(|line| line["type"] == kind).collect()
}

fn rule_names(capture: &Value) -> Vec<&str> {
    capture["findings"].as_array().expect("findings").iter().filter_map(|finding| finding["name"].as_str()).collect()
}

#[test]
#[cfg_attr(not(ci), ignore = "needs ../shared beside the clone; CI=true runs it")]
fn every_protego_capture_is_linted_and_counted_with_the_special_answers() {
    let Some(files) = shared::protego_files() else { return };
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let path = scratch.path().join("protego.warc.gz");
    let records = write_corpus_warc(&path, &files);
    let run = robolint(&["warc", "--fail-on", "never", path.to_str().expect("a UTF-8 path")]);
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let lines = lines(&run);
    let captures = of_type(&lines, "capture");
    // Every robots.txt response, and only those: not the warcinfo, request or HTML page.
    assert_eq!(captures.len(), files.len() + SPECIAL.len() + 1);
    for (url, status, _, _, rule) in SPECIAL {
        let capture = captures.iter().find(|capture| capture["target_uri"] == url).expect("the special capture");
        assert_eq!(capture["status"].as_u64(), status[..3].parse().ok());
        assert!(rule_names(capture).contains(&rule), "{url}: {capture}");
    }
    let redirect = captures.iter().find(|capture| capture["status"] == 301).expect("the redirect");
    assert_eq!(redirect["location"], "https://moved.example/robots.txt");
    assert_eq!(redirect["findings"], serde_json::json!([]));

    // The summary is the sum of the lines.
    let summary = of_type(&lines, "summary");
    assert_eq!(summary.len(), 1);
    assert!(lines.last().is_some_and(|last| last["type"] == "summary"), "the summary comes last");
    let summary = summary[0];
    assert_eq!(summary["captures"].as_u64(), Some(captures.len() as u64));
    assert_eq!(summary["records"].as_u64(), Some(records as u64));
    assert_eq!(summary["errors"], 0);
    let mut per_rule = std::collections::BTreeMap::<String, u64>::new();
    let mut errors = 0;
    for capture in &captures {
        for (code, count) in capture["rules"].as_object().expect("rules") {
            *per_rule.entry(code.clone()).or_default() += count.as_u64().expect("a count");
        }
        errors += capture["counts"]["error"].as_u64().expect("a count");
        let findings = capture["findings"].as_array().expect("findings").len() as u64;
        let counted: u64 =
            ["error", "warning", "info"].iter().map(|severity| capture["counts"][severity].as_u64().unwrap_or(0)).sum();
        assert_eq!(findings, counted, "{capture}");
    }
    assert_eq!(summary["counts"]["error"].as_u64(), Some(errors));
    assert!(errors > 0, "the 503 and the HTML page are errors");
    let summed: Value = per_rule.into_iter().map(|(code, count)| (code, Value::from(count))).collect();
    assert_eq!(summary["rules"], summed);
}

#[test]
fn a_capture_is_judged_as_the_fetch_it_records() {
    // The same answer, archived and recorded for `robolint URL`'s replay, gives the same findings.
    for (url, status, content_type, body, _) in SPECIAL {
        let answer = http(status, content_type, body);
        let mut warc = WarcWriter::new(Vec::new(), false);
        warc.response(url, &answer).expect("writing to memory");
        let capture = Captures::new(warc.out.as_slice()).next().expect("a capture").expect("a readable capture");
        assert!(matches!(capture.answer, Answer::Fetched(_)));
        let archived = lint_capture(&capture, &Linter::new(Settings::default()));
        let mut recording = format!("GET {url}\n\n").into_bytes();
        recording.extend_from_slice(&answer);
        let fetched = lint_fetched(&recorded::replay(&recording).expect("a recording"), &Settings::default());
        let codes = |diagnostics: &[robolint::Diagnostic]| diagnostics.iter().map(|d| d.code).collect::<Vec<_>>();
        let report = archived.report.as_ref().expect("a lint");
        assert_eq!(codes(&report.diagnostics), codes(&fetched.diagnostics), "{url}");
        assert!(!report.diagnostics.is_empty(), "{url}");
    }
}

#[test]
fn a_line_has_the_documented_shape_and_findings_the_json_format_shape() {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let path = scratch.path().join("one.warc");
    let mut warc = WarcWriter::new(File::create(&path).expect("a scratch file"), false);
    warc.response("https://example.com/robots.txt", &http("200 OK", "text/plain", b"User-agent: *\nDisalow: /tmp/\n"))
        .expect("writing");
    let run = robolint(&["warc", path.to_str().expect("a UTF-8 path")]);
    let lines = lines(&run);
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    let capture = &lines[0];
    let keys: Vec<&str> = capture.as_object().expect("an object").keys().map(String::as_str).collect();
    let mut expected = [
        "type",
        "file",
        "record",
        "target_uri",
        "date",
        "record_id",
        "status",
        "location",
        "counts",
        "rules",
        "findings",
    ];
    expected.sort();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(sorted, expected);
    assert_eq!(capture["file"], path.to_str().expect("a UTF-8 path"));
    assert_eq!(capture["date"], "2024-05-01T10:00:00Z");
    assert_eq!(capture["record_id"], "<urn:uuid:00000000-0000-0000-0000-000000000001>");
    assert_eq!(capture["status"], 200);
    let finding = capture["findings"].as_array().and_then(|findings| findings.first()).expect("a finding");
    // The shape of `--format json`'s findings, each naming the capture's URL as its file.
    for key in [
        "file",
        "code",
        "name",
        "severity",
        "message",
        "line",
        "column",
        "end_line",
        "end_column",
        "range",
        "labels",
        "help",
        "notes",
        "affects",
        "fix",
        "witness",
    ] {
        assert!(finding.get(key).is_some(), "no `{key}` in {finding}");
    }
    assert_eq!(finding["file"], "https://example.com/robots.txt");
    assert!(
        capture["findings"].as_array().expect("findings").iter().any(|finding| finding["name"] == "field-typo"),
        "{capture}"
    );
    assert_eq!(capture["rules"]["RL102"], 1, "{capture}");
    assert_eq!(lines[1]["type"], "summary");
    assert_eq!(run.status, Some(1), "a warning fails the run by default");
}

#[test]
fn a_gzip_member_cut_short_gives_the_captures_before_it_then_an_error() {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let whole = scratch.path().join("whole.warc.gz");
    let mut warc = WarcWriter::new(File::create(&whole).expect("a scratch file"), true);
    for site in ["a", "b", "c"] {
        warc.response(
            &format!("http://{site}.example/robots.txt"),
            &http("200 OK", "text/plain", b"User-agent: *\nDisallow:\n"),
        )
        .expect("writing");
    }
    drop(warc);
    let bytes = fs::read(&whole).expect("the file");
    let cut = scratch.path().join("cut.warc.gz");
    fs::write(&cut, &bytes[..bytes.len() - 30]).expect("writing");
    let run = robolint(&["warc", cut.to_str().expect("a UTF-8 path")]);
    let lines = lines(&run);
    assert_eq!(of_type(&lines, "capture").len(), 2, "{}", run.stdout);
    let errors = of_type(&lines, "error");
    assert_eq!(errors.len(), 1, "{}", run.stdout);
    assert_eq!(errors[0]["record"], 3);
    assert!(errors[0]["message"].as_str().is_some_and(|message| message.contains("ends")), "{}", errors[0]);
    assert!(run.stderr.contains("cut.warc.gz: record 3:"), "{}", run.stderr);
    assert_eq!(run.status, Some(2), "a file that cannot be read whole is an error, as for lint");
}

#[test]
fn broken_heads_bad_targets_and_non_warc_input_are_reported_and_reading_goes_on() {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let path = scratch.path().join("bad.warc");
    let mut warc = WarcWriter::new(File::create(&path).expect("a scratch file"), false);
    warc.response("http://broken.example/robots.txt", b"HTTP/1.1 two hundred\r\n\r\nUser-agent: *\n").expect("writing");
    warc.response("http://headless.example/robots.txt", b"User-agent: *\nDisallow: /\n").expect("writing");
    warc.record("response", b"http://bytes.example/\xff/robots.txt", b"HTTP/1.1 200 OK\r\n\r\n", (0, 0))
        .expect("writing");
    warc.response("ftp://files.example/robots.txt", b"HTTP/1.1 200 OK\r\n\r\n").expect("writing");
    warc.response("http://fine.example/robots.txt", &http("200 OK", "text/plain", b"User-agent: *\nDisallow:\n"))
        .expect("writing");
    drop(warc);
    let not_warc = scratch.path().join("robots.txt");
    fs::write(&not_warc, "User-agent: *\nDisallow: /\n").expect("writing");
    let missing = scratch.path().join("missing.warc");
    let run = robolint(&[
        "warc",
        "--fail-on",
        "never",
        path.to_str().expect("UTF-8"),
        not_warc.to_str().expect("UTF-8"),
        missing.to_str().expect("UTF-8"),
    ]);
    let lines = lines(&run);
    let captures = of_type(&lines, "capture");
    let targets: Vec<&str> = captures.iter().filter_map(|capture| capture["target_uri"].as_str()).collect();
    assert_eq!(
        targets,
        ["http://broken.example/robots.txt", "http://headless.example/robots.txt", "http://fine.example/robots.txt"]
    );
    // An answer that is not HTTP is what the fetch path calls a protocol failure.
    for capture in &captures[..2] {
        assert_eq!(capture["status"], Value::Null);
        let finding = &capture["findings"][0];
        assert_eq!(finding["name"], "robots-txt-unreachable", "{capture}");
        assert!(finding["message"].as_str().is_some_and(|message| message.contains("not valid HTTP")), "{finding}");
    }
    assert_eq!(captures[2]["status"], 200);
    assert!(!rule_names(captures[2]).contains(&"robots-txt-unreachable"), "{}", captures[2]);
    let errors: Vec<(Value, String)> = of_type(&lines, "error")
        .iter()
        .map(|error| (error["record"].clone(), format!("{} {}", error["file"], error["message"])))
        .collect();
    assert_eq!(errors.len(), 3, "{errors:?}");
    // A target naming a robots.txt that is no http(s) URL: an error for that record only.
    assert_eq!(errors[0].0, 4);
    assert!(errors[0].1.contains("bad.warc") && errors[0].1.contains("only http and https"), "{errors:?}");
    // A file that is not WARC at all.
    assert_eq!(errors[1].0, 1);
    assert!(errors[1].1.contains("robots.txt") && errors[1].1.contains("WARC/1.0"), "{errors:?}");
    assert!(errors[2].0.is_null() && errors[2].1.contains("missing.warc"), "{errors:?}");
    assert_eq!(run.status, Some(2));
}

/// The record loop holds one record at a time: reading many captures costs no more memory
/// than reading a few, and a 100 MB body is read up to the size cap and no further.
#[test]
fn memory_does_not_grow_with_records_and_a_huge_body_is_capped() {
    if !cfg!(target_os = "linux") {
        return;
    }
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let write = |name: &str, captures: usize| {
        let path = scratch.path().join(name);
        let mut warc = WarcWriter::new(BufWriter::new(File::create(&path).expect("a scratch file")), true);
        for index in 0..captures {
            let body = format!("User-agent: bot{index}\nDisallow: /private/{index}/\nAllow: /private/{index}/*.css$\n");
            warc.response(
                &format!("https://s{index}.example/robots.txt"),
                &http("200 OK", "text/plain", body.as_bytes()),
            )
            .expect("writing");
        }
        warc.out.flush().expect("writing");
        path
    };
    let few = write("few.warc.gz", 10);
    let many = write("many.warc.gz", 5_000);
    let peak = |path: &Path| {
        let run = robolint(&["warc", "--fail-on", "never", path.to_str().expect("UTF-8")]);
        assert_eq!(run.status, Some(0), "{}", run.stderr);
        let summary: Value = serde_json::from_str(run.stdout.lines().last().expect("a summary")).expect("JSON");
        (summary["captures"].as_u64().expect("a count"), run.peak_rss_kib)
    };
    let (few_captures, few_peak) = peak(&few);
    let (many_captures, many_peak) = peak(&many);
    assert_eq!((few_captures, many_captures), (10, 5_000));
    // 500 times the captures; a capture kept by mistake would cost tens of MiB here.
    assert!(many_peak - few_peak < 8 * 1024, "10 captures: {few_peak} KiB at the peak, 5,000: {many_peak} KiB");

    let huge = scratch.path().join("huge.warc.gz");
    let mut warc = WarcWriter::new(BufWriter::new(File::create(&huge).expect("a scratch file")), true);
    let head = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nUser-agent: *\nDisallow: /";
    warc.record("response", b"https://huge.example/robots.txt", head, (b'a', 100 << 20)).expect("writing");
    warc.response("https://after.example/robots.txt", &http("200 OK", "text/plain", b"User-agent: *\nDisallow:\n"))
        .expect("writing");
    warc.out.flush().expect("writing");
    let run = robolint(&["warc", "--fail-on", "never", huge.to_str().expect("UTF-8")]);
    let lines = lines(&run);
    let captures = of_type(&lines, "capture");
    assert_eq!(captures.len(), 2, "the record after the huge one is read too");
    assert!(rule_names(captures[0]).contains(&"response-truncated"), "{}", captures[0]);
    assert!(run.peak_rss_kib - few_peak < 60 * 1024, "a 100 MB body took {} KiB at the peak", run.peak_rss_kib);
}

/// A header block that never ends is refused after 64 KiB rather than read to the end.
#[test]
fn a_header_block_without_end_is_an_error_not_a_stall() {
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let path = scratch.path().join("endless.warc");
    let mut file = BufWriter::new(File::create(&path).expect("a scratch file"));
    file.write_all(b"WARC/1.1\r\nWARC-Type: response\r\nX-Long: ").expect("writing");
    (0..1024).try_for_each(|_| file.write_all(&[b'x'; 1024])).expect("writing");
    file.flush().expect("writing");
    drop(file);
    let run = robolint(&["warc", path.to_str().expect("UTF-8")]);
    let lines = lines(&run);
    let errors = of_type(&lines, "error");
    assert_eq!(errors.len(), 1, "{}", run.stdout);
    assert!(
        errors[0]["message"].as_str().is_some_and(|message| message.contains("longer than 65536 bytes")),
        "{}",
        errors[0]
    );
    assert_eq!(run.status, Some(2));
}
