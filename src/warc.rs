//! WARC input: the robots.txt captures of a web crawl's archive (WARC 1.0 and 1.1, plain or
//! gzipped record by record as Common Crawl writes them), each linted as the fetch it records.
//!
//! A `response` record whose `WARC-Target-URI` path is `/robots.txt` holds the raw HTTP answer
//! the crawler got: its status line and headers are read with httparse and its body goes
//! through the fetch path's own reading ([`crate::fetch`]: content coding removed, size cap),
//! so [`lint_capture`] judges a 503 capture as a whole-site block and an HTML body as an error,
//! exactly as `robolint URL` would have. Every other record is skipped unread.
//!
//! Records are read one at a time and nothing of one outlives the next: a record's WARC
//! header block is held (at most [`MAX_HEADER_BYTES`]), its HTTP head (at most as much) and
//! its body up to the cap; the rest of a record is read past, never stored.
//!
//! ```
//! use robolint::warc::{lint_capture, Captures};
//! use robolint::{Linter, Settings};
//!
//! let answer = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\n\r\n";
//! let warc = format!(
//!     "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: https://example.com/robots.txt\r\n\
//!      WARC-Date: 2024-05-01T10:00:00Z\r\nContent-Length: {}\r\n\r\n{answer}\r\n\r\n",
//!     answer.len()
//! );
//! let capture = Captures::new(warc.as_bytes()).next().expect("one capture").expect("a well-formed record");
//! let report = lint_capture(&capture, &Linter::new(Settings::default()));
//! assert_eq!(report.status, Some(503));
//! assert!(report.rules.contains_key("RL606")); // robots-txt-unreachable
//! ```
//!
//! The reader is written here rather than taken from the `warc` crate (0.4.0): measured
//! against it, that crate's streaming reader panics on a header value that is not UTF-8
//! (`Record::header` unwraps), ends without an error when the input stops inside a header
//! block, and hands out a cut body as if whole. Header fields are parsed by httparse, whose
//! field grammar is the one WARC borrows from HTTP.

use std::collections::BTreeMap;
use std::io::{self, BufRead, BufReader, Read};

use flate2::read::MultiGzDecoder;
use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;

use crate::diagnostic::Severity;
use crate::fetch::{
    follow, Failure, FailureKind, FetchOutcome, Headers, HttpUrl, RawResponse, Transport, DEFAULT_MAX_SIZE,
};
use crate::lint::{Linter, Report};
use crate::render::json::findings;
use crate::render::Linted;

/// The most bytes a record's WARC header block, or its HTTP head, may take. Common Crawl's
/// take about 1 KiB; anything near this is not a WARC record.
pub const MAX_HEADER_BYTES: u64 = 64 * 1024;

/// How many header fields a WARC header block or an HTTP head may have.
const MAX_FIELDS: usize = 128;

/// One robots.txt capture: what the crawler asked for, when, and what it got.
#[derive(Debug, Clone)]
pub struct Capture {
    /// The record's position in its input, from 1 (every record counts, captures or not).
    pub record: u64,
    /// `WARC-Target-URI`, as written (without the angle brackets WARC 1.0 allowed).
    pub target_uri: String,
    /// `WARC-Date`, as written.
    pub date: Option<String>,
    /// `WARC-Record-ID`, as written.
    pub record_id: Option<String>,
    /// What the crawler got: an answer to lint, or a redirect.
    pub answer: Answer,
}

/// What the capture holds.
#[derive(Debug, Clone)]
pub enum Answer {
    /// A final answer (any status that is not a redirect), or an HTTP message robolint cannot
    /// read, recorded as the fetch path records a server's invalid answer.
    Fetched(Box<FetchOutcome>),
    /// A 3xx answer: the crawl archives what it leads to as a capture of its own, so there is
    /// nothing here to lint.
    Redirect {
        /// The 3xx status, as in `301`.
        status: u16,
        /// The `Location` header's value, as written, when there is one.
        location: Option<String>,
    },
}

/// Why a record could not be read or linted. After an error that breaks the framing (the
/// input ends early or is not WARC), [`Captures`] ends: no later record can be found; after
/// one about a single capture (a target that is no http(s) URL), reading goes on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WarcError {
    /// The record it concerns, from 1.
    pub record: u64,
    /// What is wrong, in a sentence.
    pub message: String,
}

impl std::fmt::Display for WarcError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "record {}: {}", self.record, self.message)
    }
}

impl std::error::Error for WarcError {}

/// The robots.txt captures of one WARC input, read one record at a time.
pub struct Captures<R> {
    reader: R,
    max_size: usize,
    records: u64,
    finished: bool,
}

/// Reads WARC from a file or stream, gzipped (any number of gzip members, as Common Crawl
/// writes one per record) or not, told apart by gzip's magic bytes rather than a file name.
pub fn read(input: impl Read + Send + 'static) -> io::Result<Captures<Box<dyn BufRead + Send>>> {
    let mut input = BufReader::with_capacity(64 * 1024, input);
    let gzipped = input.fill_buf()?.starts_with(&[0x1f, 0x8b]);
    let reader: Box<dyn BufRead + Send> = if gzipped {
        Box::new(BufReader::with_capacity(64 * 1024, MultiGzDecoder::new(input)))
    } else {
        Box::new(input)
    };
    Ok(Captures::new(reader))
}

impl<R: BufRead> Captures<R> {
    /// Reads uncompressed WARC (gzipped input through [`read`]),
    /// keeping at most [`DEFAULT_MAX_SIZE`] bytes of each body, as `robolint URL` does.
    pub fn new(reader: R) -> Captures<R> {
        Captures { reader, max_size: DEFAULT_MAX_SIZE, records: 0, finished: false }
    }

    /// The most body bytes kept, counted after the content coding is removed (`--max-size`).
    pub fn with_max_size(mut self, max_size: usize) -> Captures<R> {
        self.max_size = max_size;
        self
    }

    /// How many records have been read so far, captures or not.
    pub fn records_read(&self) -> u64 {
        self.records
    }

    /// The next robots.txt capture, skipping other records, or why a robots.txt record cannot
    /// be linted; `Ok(None)` at the end.
    fn next_capture(&mut self) -> Result<Option<Result<Capture, String>>, Framing> {
        loop {
            let Some(fields) = self.next_header_block()? else { return Ok(None) };
            let length = fields.content_length()?;
            let mut block = (&mut self.reader).take(length);
            let capture = robots_txt_target(&fields).map(|target| {
                target.map(|url| Capture {
                    record: self.records,
                    target_uri: fields.target_uri().unwrap_or_default().to_string(),
                    date: fields.get("WARC-Date").map(str::to_string),
                    record_id: fields.get("WARC-Record-ID").map(str::to_string),
                    answer: read_answer(url, &mut block, self.max_size),
                })
            });
            // What the answer left unread (its body past the cap, or a whole skipped record).
            io::copy(&mut block, &mut io::sink()).map_err(Framing::Read)?;
            if block.limit() > 0 {
                return Err(Framing::Broken(format!(
                    "the input ends inside the record: its Content-Length says {length} bytes, {} are missing",
                    block.limit()
                )));
            }
            self.end_of_record()?;
            if capture.is_some() {
                return Ok(capture);
            }
        }
    }

    /// The `WARC/1.x` line and the header fields after it; `None` at the end of the input.
    fn next_header_block(&mut self) -> Result<Option<WarcFields>, Framing> {
        let mut block = Vec::new();
        // Blank lines between records are tolerated, as other readers do.
        loop {
            block.clear();
            if read_line(&mut self.reader, &mut block, MAX_HEADER_BYTES)? == 0 {
                return Ok(None);
            }
            if !block.trim_ascii().is_empty() {
                break;
            }
        }
        self.records += 1;
        let version = block.trim_ascii();
        if !(version == b"WARC/1.0" || version == b"WARC/1.1") {
            let shown = String::from_utf8_lossy(&version[..version.len().min(40)]).into_owned();
            return Err(Framing::Broken(format!("expected a `WARC/1.0` or `WARC/1.1` line, found `{shown}`")));
        }
        block.clear();
        loop {
            let budget = MAX_HEADER_BYTES.saturating_sub(block.len() as u64);
            let read = read_line(&mut self.reader, &mut block, budget)?;
            // The cap reached: at a line end (nothing more may be read) or inside a line.
            let at_cap = read as u64 == budget && (budget == 0 || !block.ends_with(b"\n"));
            if at_cap {
                return Err(Framing::Broken(format!(
                    "the record's header block is longer than {MAX_HEADER_BYTES} bytes"
                )));
            }
            if read == 0 || !block.ends_with(b"\n") {
                return Err(Framing::Broken("the input ends inside the record's header block".into()));
            }
            if matches!(&block[block.len() - read..], b"\r\n" | b"\n") {
                break;
            }
        }
        WarcFields::parse(&block).map(Some)
    }

    /// The two line ends (CRLF CRLF) after a record's block.
    fn end_of_record(&mut self) -> Result<(), Framing> {
        let mut end = Vec::with_capacity(4);
        (&mut self.reader).take(4).read_to_end(&mut end).map_err(Framing::Read)?;
        match end.as_slice() {
            b"\r\n\r\n" => Ok(()),
            [] => Err(Framing::Broken("the input ends before the line ends that close the record".into())),
            _ => Err(Framing::Broken(
                "the record's block is not followed by two CRLF line ends: its Content-Length is wrong".into(),
            )),
        }
    }
}

impl<R: BufRead> Iterator for Captures<R> {
    type Item = Result<Capture, WarcError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.finished {
            return None;
        }
        let (record, outcome) = match self.next_capture() {
            Ok(Some(capture)) => (self.records, capture),
            Ok(None) => {
                self.finished = true;
                return None;
            }
            Err(framing) => {
                self.finished = true;
                (self.records.max(1), Err(framing.message()))
            }
        };
        Some(outcome.map_err(|message| WarcError { record, message }))
    }
}

/// A problem that leaves no way to find the next record.
enum Framing {
    Broken(String),
    Read(io::Error),
}

impl Framing {
    fn message(&self) -> String {
        match self {
            Framing::Broken(message) => message.clone(),
            Framing::Read(error) if error.kind() == io::ErrorKind::UnexpectedEof => {
                format!("the input ends early (a gzip member is cut short): {error}")
            }
            Framing::Read(error) => format!("the input cannot be read: {error}"),
        }
    }
}

/// Reads up to and including the next `\n`, at most `limit` bytes; the count read.
fn read_line(reader: &mut impl BufRead, line: &mut Vec<u8>, limit: u64) -> Result<usize, Framing> {
    reader.take(limit).read_until(b'\n', line).map_err(Framing::Read)
}

/// A record's WARC header fields.
struct WarcFields(Vec<(String, String)>);

impl WarcFields {
    /// `block` holds the fields and the blank line after them.
    fn parse(block: &[u8]) -> Result<WarcFields, Framing> {
        let mut fields = [httparse::EMPTY_HEADER; MAX_FIELDS];
        match httparse::parse_headers(block, &mut fields) {
            Ok(httparse::Status::Complete((_, fields))) => Ok(WarcFields(
                fields
                    .iter()
                    .map(|field| (field.name.to_string(), String::from_utf8_lossy(field.value).trim().to_string()))
                    .collect(),
            )),
            Ok(httparse::Status::Partial) => Err(Framing::Broken("the record's header block is incomplete".into())),
            Err(error) => Err(Framing::Broken(format!("the record's header block is not WARC: {error}"))),
        }
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().find(|(field, _)| field.eq_ignore_ascii_case(name)).map(|(_, value)| value.as_str())
    }

    fn content_length(&self) -> Result<u64, Framing> {
        let value =
            self.get("Content-Length").ok_or_else(|| Framing::Broken("the record has no Content-Length".into()))?;
        value.parse().map_err(|_| Framing::Broken(format!("the record's Content-Length `{value}` is not a number")))
    }

    fn target_uri(&self) -> Option<&str> {
        let uri = self.get("WARC-Target-URI")?;
        Some(uri.strip_prefix('<').and_then(|uri| uri.strip_suffix('>')).unwrap_or(uri))
    }
}

/// For a `response` record whose target's path is `/robots.txt`, its URL, or why that URL
/// cannot be fetched; `None` for every other record.
fn robots_txt_target(fields: &WarcFields) -> Option<Result<HttpUrl, String>> {
    if !fields.get("WARC-Type").is_some_and(|kind| kind.eq_ignore_ascii_case("response")) {
        return None;
    }
    let uri = fields.target_uri()?;
    match HttpUrl::parse(uri) {
        Ok(url) => (url.path() == "/robots.txt").then_some(Ok(url)),
        // Only a target that names a robots.txt is worth an error.
        Err(problem) => uri.contains("/robots.txt").then(|| Err(problem.to_string())),
    }
}

/// The HTTP answer in a record's block: its head read and parsed here, its body read by the
/// fetch path, as a fetch that got this answer.
fn read_answer(url: HttpUrl, block: &mut impl BufRead, max_size: usize) -> Answer {
    let head = match read_http_head(block) {
        Ok(head) => head,
        Err(problem) => return Answer::Fetched(Box::new(unreadable_answer(url, problem))),
    };
    let mut fields = [httparse::EMPTY_HEADER; MAX_FIELDS];
    let mut response = httparse::Response::new(&mut fields);
    let (status, headers) = match response.parse(&head) {
        Ok(httparse::Status::Complete(_)) => {
            let status = response.code.unwrap_or_default();
            let headers = response
                .headers
                .iter()
                .map(|field| (field.name.to_string(), String::from_utf8_lossy(field.value).into_owned()))
                .collect();
            (status, Headers::new(headers))
        }
        Ok(httparse::Status::Partial) => {
            return Answer::Fetched(Box::new(unreadable_answer(url, "the HTTP head is incomplete".into())))
        }
        Err(error) => return Answer::Fetched(Box::new(unreadable_answer(url, format!("the HTTP head: {error}")))),
    };
    if (300..400).contains(&status) {
        return Answer::Redirect { status, location: headers.get("location").map(str::to_string) };
    }
    let answer = RawResponse { status, headers, body: Box::new(block) };
    Answer::Fetched(Box::new(follow(url, &mut Archived(Some(answer)), max_size)))
}

/// The status line and header lines up to the blank line after them.
fn read_http_head(block: &mut impl BufRead) -> Result<Vec<u8>, String> {
    let mut head = Vec::new();
    loop {
        let budget = MAX_HEADER_BYTES.saturating_sub(head.len() as u64);
        let read = block.take(budget).read_until(b'\n', &mut head).map_err(|error| error.to_string())?;
        if read == 0 {
            return Err(if head.len() as u64 >= MAX_HEADER_BYTES {
                format!("the HTTP head is longer than {MAX_HEADER_BYTES} bytes")
            } else {
                "the record ends before the blank line that closes the HTTP head".into()
            });
        }
        let line = &head[head.len() - read..];
        // A blank line ends the head, unless it comes before the status line.
        if matches!(line, b"\r\n" | b"\n") && head.len() > read {
            return Ok(head);
        }
    }
}

/// A capture robolint cannot read as HTTP, recorded as the fetch path records a server's
/// invalid answer (a protocol failure): robots that get one keep away from the site.
fn unreadable_answer(url: HttpUrl, problem: String) -> FetchOutcome {
    let ending = crate::fetch::Ending::Failed {
        url: url.clone(),
        failure: Failure::new(FailureKind::Protocol, format!("the archived answer: {problem}")),
    };
    FetchOutcome { url, redirects: Vec::new(), ending }
}

/// The transport that answers the one request with the archived answer.
struct Archived<'r>(Option<RawResponse<'r>>);

impl Transport for Archived<'_> {
    fn get(&mut self, url: &HttpUrl) -> Result<RawResponse<'_>, Failure> {
        self.0.take().ok_or_else(|| Failure::new(FailureKind::Io, format!("the archive holds no answer for {url}")))
    }
}

/// Counts of findings by severity.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct SeverityCounts {
    /// Findings at error.
    pub error: usize,
    /// Findings at warning.
    pub warning: usize,
    /// Findings at info, those about robots beyond the targets included.
    pub info: usize,
}

impl SeverityCounts {
    fn add(&mut self, severity: Severity) {
        match severity {
            Severity::Error => self.error += 1,
            Severity::Warning => self.warning += 1,
            Severity::Info => self.info += 1,
        }
    }
}

/// One line of `robolint warc`'s output (docs/warc-format.md), as the command and the
/// Python package write it: what it is (`capture`, `error`, `summary`), the WARC input it
/// comes from when there are several, and its fields.
#[derive(Serialize)]
pub struct OutputLine<'a, T: Serialize> {
    /// The line's `type`: `capture`, `error` or `summary`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The WARC input the line comes from; `None` leaves the key out, as the summary does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<&'a str>,
    /// The line's own fields, written at the top level beside `type`.
    #[serde(flatten)]
    pub fields: &'a T,
}

/// The fields of an `error` line: an input or record that could not be read.
#[derive(Serialize)]
pub struct ErrorLine<'a> {
    /// The record it concerns, from 1; `None` when the input could not be opened.
    pub record: Option<u64>,
    /// What went wrong, in a sentence.
    pub message: &'a str,
}

/// A capture linted: the fields of a `capture` line.
#[derive(Debug)]
pub struct CaptureReport {
    /// The record's position in its input, from 1: [`Capture::record`].
    pub record: u64,
    /// `WARC-Target-URI`, as written: the URL the robots.txt was fetched from.
    pub target_uri: String,
    /// `WARC-Date`, as written.
    pub date: Option<String>,
    /// `WARC-Record-ID`, as written.
    pub record_id: Option<String>,
    /// The HTTP status, when the capture holds a readable answer.
    pub status: Option<u16>,
    /// Where a 3xx capture leads.
    pub location: Option<String>,
    /// The capture's findings by severity, all of them counted.
    pub counts: SeverityCounts,
    /// Findings per rule code.
    pub rules: BTreeMap<&'static str, usize>,
    /// The lint, for the findings; `None` for a redirect.
    pub report: Option<Report>,
}

/// Lints a capture as `robolint URL` lints the fetch it records.
pub fn lint_capture(capture: &Capture, linter: &Linter) -> CaptureReport {
    let (status, location, report) = match &capture.answer {
        Answer::Redirect { status, location } => (Some(*status), location.clone(), None),
        Answer::Fetched(fetch) => {
            (fetch.response().map(|response| response.status), None, Some(linter.lint_fetched(fetch)))
        }
    };
    let mut counts = SeverityCounts::default();
    let mut rules = BTreeMap::new();
    for diagnostic in report.iter().flat_map(|report| &report.diagnostics) {
        counts.add(diagnostic.severity);
        *rules.entry(diagnostic.code).or_insert(0) += 1;
    }
    CaptureReport {
        record: capture.record,
        target_uri: capture.target_uri.clone(),
        date: capture.date.clone(),
        record_id: capture.record_id.clone(),
        status,
        location,
        counts,
        rules,
        report,
    }
}

impl CaptureReport {
    /// The most severe finding that counts toward `--fail-on`: as for `robolint lint`,
    /// information about robots outside the targets does not.
    pub fn worst(&self) -> Option<Severity> {
        let diagnostics = self.report.iter().flat_map(|report| &report.diagnostics);
        diagnostics.filter(|diagnostic| !diagnostic.beyond_targets).map(|diagnostic| diagnostic.severity).max()
    }
}

impl Serialize for CaptureReport {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_struct("CaptureReport", 9)?;
        out.serialize_field("record", &self.record)?;
        out.serialize_field("target_uri", &self.target_uri)?;
        out.serialize_field("date", &self.date)?;
        out.serialize_field("record_id", &self.record_id)?;
        out.serialize_field("status", &self.status)?;
        out.serialize_field("location", &self.location)?;
        out.serialize_field("counts", &self.counts)?;
        out.serialize_field("rules", &self.rules)?;
        out.serialize_field("findings", &Findings(self))?;
        out.end()
    }
}

/// A capture's findings in `--format json`'s shape, each with `file` set to the target URI.
struct Findings<'a>(&'a CaptureReport);

impl Serialize for Findings<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let CaptureReport { target_uri, report, .. } = self.0;
        match report {
            Some(report) => serializer.collect_seq(findings(&Linted { name: target_uri, report })),
            None => serializer.collect_seq(std::iter::empty::<()>()),
        }
    }
}

/// The counts over a whole run: the last line of `robolint warc`'s output.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// WARC inputs read.
    pub files: usize,
    /// Records read, captures or not.
    pub records: u64,
    /// robots.txt captures linted.
    pub captures: usize,
    /// Error lines: records or inputs that could not be read.
    pub errors: usize,
    /// Findings by severity over every capture.
    pub counts: SeverityCounts,
    /// Findings per rule code over every capture.
    pub rules: BTreeMap<&'static str, usize>,
    /// The most severe finding that counts toward `--fail-on` ([`CaptureReport::worst`]).
    #[serde(skip)]
    pub worst: Option<Severity>,
}

impl Summary {
    /// Counts one more linted capture and its findings.
    /// Files, records and errors are the caller's to count.
    pub fn add(&mut self, report: &CaptureReport) {
        self.captures += 1;
        self.worst = self.worst.max(report.worst());
        self.counts.error += report.counts.error;
        self.counts.warning += report.counts.warning;
        self.counts.info += report.counts.info;
        for (code, count) in &report.rules {
            *self.rules.entry(code).or_insert(0) += count;
        }
    }
}
