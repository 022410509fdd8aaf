//! Inputs that are no robots.txt, or robots.txt files of absurd size, as users meet them:
//! through the real binary, because the point is what the user sees (one clear finding that
//! names the problem, not a wall of them). Big inputs are generated into a temporary folder
//! when the test runs, streamed to disk.
//!
//! No test asserts a time: a loaded machine would make it flaky. Each case must finish, and
//! CI's time limit stops a run that does not; the cases that once took minutes (quadratic
//! rules on 100,000 records or a 200 KB path) now take a second or two in a debug build.
//! Memory is asserted where the issue sets a goal: linting a 100 MB file keeps the process
//! under 64 MiB, because robolint reads only `DEFAULT_SIZE_CAP` bytes of it.
//!
//! Every case here runs robolint as a child process and this process stays small: a child
//! is charged the peak memory of the process that spawned it (`tests/it/support/child.rs`), so
//! a case that lints a large document in this process would make the memory assertions
//! fail. That case is `tests/it/many_records.rs`.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::Command;

use robolint::source::DEFAULT_SIZE_CAP;

use crate::support::child;
use crate::support::records;
use child::Run;
use records::write_records;

/// A folder of generated inputs, removed when the test ends (the big ones are 100 MB).
struct Scratch(tempfile::TempDir);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = tempfile::Builder::new().prefix(&format!("robolint-bad-input-{name}-")).tempdir();
        Scratch(dir.expect("creating a temporary folder"))
    }

    fn file(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let path = self.0.path().join(name);
        fs::write(&path, bytes).expect("writing a test input");
        path
    }

    /// A file written piece by piece, so a 100 MB input is never held in memory.
    fn streamed(&self, name: &str, write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>) -> PathBuf {
        let path = self.0.path().join(name);
        let mut out = BufWriter::new(File::create(&path).expect("creating a test input"));
        write(&mut out).and_then(|()| out.flush()).expect("writing a test input");
        path
    }
}

/// A finding of `--format concise`: `path:line:column: severity[CODE name]: message`.
#[derive(Debug)]
struct Finding {
    line: usize,
    code: String,
    name: String,
    message: String,
}

impl Run {
    fn findings(&self) -> Vec<Finding> {
        self.stdout
            .lines()
            .filter_map(|line| {
                let (location, rest) = line.split_once(": ")?;
                let (_, rest) = rest.split_once('[')?;
                let (rule, message) = rest.split_once("]: ")?;
                let (code, name) = rule.split_once(' ')?;
                let line = location.rsplit(':').nth(1)?.parse().ok()?;
                Some(Finding { line, code: code.into(), name: name.into(), message: message.into() })
            })
            .collect()
    }

    /// The rule names reported, in order.
    fn names(&self) -> Vec<String> {
        self.findings().into_iter().map(|finding| finding.name).collect()
    }

    fn only(&self, name: &str) -> Finding {
        let mut found: Vec<Finding> = self.findings().into_iter().filter(|finding| finding.name == name).collect();
        assert_eq!(found.len(), 1, "expected one {name} finding in:\n{}{}", self.stdout, self.stderr);
        found.remove(0)
    }
}

/// What the binary holds before it reads anything (`--version`): its own pages, which a debug
/// build has many of (about 9 MB) and which grow with every feature, not with the input. The
/// budget is for what an input costs on top of that.
fn startup_rss_kib() -> i64 {
    robolint(&["--version"]).peak_rss_kib
}

/// Runs robolint with `args` to its end, with its peak memory.
fn robolint(args: &[&str]) -> Run {
    child::run(Command::new(env!("CARGO_BIN_EXE_robolint")).args(args).env_remove("NO_COLOR"))
}

/// Every finding, information about older robots included: these tests are about what
/// robolint survives, not about what a default run leaves out.
fn lint_file(path: &Path) -> Run {
    robolint(&["--no-config", "--all-infos", "--format", "concise", path.to_str().expect("a UTF-8 temporary path")])
}

// ---------------------------------------------------------------------------------------
// Small files

#[test]
fn an_empty_file_is_reported_as_empty() {
    let scratch = Scratch::new("empty");
    let run = lint_file(&scratch.file("robots.txt", b""));
    assert_eq!(run.names(), ["empty-file"], "{}", run.stdout);
    assert!(run.only("empty-file").message.starts_with("the file is empty"), "{}", run.stdout);
    assert_eq!(run.status, Some(0), "an info finding does not fail the run");
}

#[test]
fn a_file_of_only_a_byte_order_mark_is_empty_with_a_mark() {
    let scratch = Scratch::new("bom");
    let run = lint_file(&scratch.file("robots.txt", "\u{FEFF}".as_bytes()));
    let mut names = run.names();
    names.sort();
    assert_eq!(names, ["byte-order-mark", "empty-file"], "{}", run.stdout);
    assert!(run.only("empty-file").message.starts_with("the file is empty"), "{}", run.stdout);
}

#[test]
fn a_file_of_only_comments_says_so() {
    let scratch = Scratch::new("comments");
    let run = lint_file(&scratch.file("robots.txt", b"# robots.txt for example.com\n#\n# nothing here yet\n"));
    assert_eq!(run.names(), ["empty-file"], "{}", run.stdout);
    assert!(run.only("empty-file").message.starts_with("the file holds only comments"), "{}", run.stdout);
}

/// CR alone ends lines for every standard (1994: "CR, CR/NL, or NL"; RFC 9309's EOL): the
/// file is clean, its lines are read as lines, and only the pedantic CRLF rule mentions it.
#[test]
fn cr_only_line_ends_are_line_ends() {
    let scratch = Scratch::new("cr");
    let path = scratch.file("robots.txt", b"User-agent: *\rDisallow: /private-area/\r\rUser-agent: b\rDisallow: /b\r");
    let path = path.to_str().expect("UTF-8 path");
    let run = robolint(&["--no-config", "--all-infos", "--format", "concise", path]);
    assert_eq!(run.names(), Vec::<String>::new(), "{}", run.stdout);
    assert!(run.stdout.ends_with("no problems\n"), "{}", run.stdout);
    let pedantic =
        robolint(&["--no-config", "--all-infos", "--format", "concise", "--select", "non-crlf-line-ending", path]);
    assert!(pedantic.findings().iter().all(|finding| finding.message.contains("CR")), "{}", pedantic.stdout);
    let check = robolint(&["check", path, "--agent", "a", "--dialect", "draft-1996", "/private-area/x"]);
    assert!(check.stdout.contains("disallowed  line 2: Disallow: /private-area/"), "{}", check.stdout);
}

#[test]
fn an_executable_is_binary_content_once() {
    let scratch = Scratch::new("elf");
    let elf = fs::read(env!("CARGO_BIN_EXE_robolint")).expect("reading robolint's own executable");
    assert_eq!(&elf[..4], b"\x7FELF", "this test expects an ELF executable");
    let run = lint_file(&scratch.file("robots.txt", &elf));
    let binary = run.only("binary-content");
    assert_eq!((binary.code.as_str(), binary.line), ("RL006", 1));
    assert!(binary.message.starts_with("this file holds binary data"), "{}", run.stdout);
    // Nothing reads the bytes as robots.txt lines: no syntax, record or line-end findings.
    let names = run.names();
    assert!(
        names.iter().all(|name| ["binary-content", "invalid-utf8", "file-too-large"].contains(&name.as_str())),
        "{names:?}"
    );
    assert_eq!(run.status, Some(1));
}

#[test]
fn an_html_page_is_one_html_document_finding() {
    let scratch = Scratch::new("html");
    let rows: String = (0..2000).map(|row| format!("<tr><td>row {row}</td><td>Disallow: /x</td></tr>\n")).collect();
    let page = format!("<!DOCTYPE html>\n<html>\n<head><title>Not found</title></head>\n<body>\n<table>\n{rows}</table>\n</body>\n</html>\n");
    let run = lint_file(&scratch.file("robots.txt", page.as_bytes()));
    assert_eq!(run.names(), ["html-document"], "{}", run.stdout);
    assert_eq!(run.only("html-document").code, "RL005");
}

/// UTF-16 is found by its byte-order mark or by the zero bytes of ASCII text; robolint says
/// which it is and lints the decoded text.
#[test]
fn utf16_in_both_byte_orders_with_and_without_a_mark_is_named_and_decoded() {
    let scratch = Scratch::new("utf16");
    let text = "User-agent: *\r\nDisallow: /tmp/*\r\n";
    for (little_endian, with_bom) in [(true, true), (true, false), (false, true), (false, false)] {
        let units =
            text.encode_utf16().flat_map(|unit| if little_endian { unit.to_le_bytes() } else { unit.to_be_bytes() });
        let mark: &[u8] = match (with_bom, little_endian) {
            (false, _) => &[],
            (true, true) => &[0xFF, 0xFE],
            (true, false) => &[0xFE, 0xFF],
        };
        let bytes: Vec<u8> = mark.iter().copied().chain(units).collect();
        let run = lint_file(&scratch.file("robots.txt", &bytes));
        let order = if little_endian { "little-endian" } else { "big-endian" };
        let mark = if with_bom { "with" } else { "without" };
        let utf16 = run.only("utf16-encoding");
        assert_eq!(utf16.code, "RL003");
        assert_eq!(utf16.message, format!("this file is UTF-16 ({order}, {mark} a byte-order mark)"));
        assert_eq!(run.only("glob-pattern").line, 2, "the decoded text is linted: {}", run.stdout);
        assert_eq!(run.names().len(), 2, "{}", run.stdout);
    }
}

#[test]
fn a_nul_byte_in_a_path_says_what_google_reads() {
    let scratch = Scratch::new("nul");
    let run = lint_file(&scratch.file("robots.txt", b"User-agent: *\nDisallow: /a\0b\n"));
    assert_eq!(run.names(), ["nul-byte"], "{}", run.stdout);
    assert!(run.only("nul-byte").message.contains("Google reads the path only up to it, as `/a`"), "{}", run.stdout);
}

#[test]
fn invalid_utf8_is_reported_where_it_starts() {
    let scratch = Scratch::new("latin1");
    let run = lint_file(&scratch.file("robots.txt", b"User-agent: *\nDisallow: /caf\xE9/\n"));
    let invalid = run.only("invalid-utf8");
    assert_eq!((invalid.code.as_str(), invalid.line), ("RL002", 2));
    assert_eq!(invalid.message, "the file is not valid UTF-8 from here on");
}

// ---------------------------------------------------------------------------------------
// Big files

/// A realistic file of any size: records of a comment, a robot and a rule, about 17 bytes a
/// line. Every record is clean, so the only findings are about the size.
/// robolint reads the first `DEFAULT_SIZE_CAP` bytes of a 100 MB file, says what it ignored,
/// and stays under 64 MiB doing it.
#[test]
fn a_100_mb_file_is_read_up_to_the_cap_in_bounded_memory() {
    let scratch = Scratch::new("100mb");
    let path = scratch.streamed("robots.txt", |out| write_records(out, 100_000_000));
    let size = fs::metadata(&path).expect("the input's size").len();
    let run = robolint(&["--no-config", "--all-infos", "--color", "never", path.to_str().expect("UTF-8 path")]);
    assert!(run.stdout.contains("[RL004 file-too-large]"), "{}", run.stdout);
    assert!(run.stdout.contains(&format!("the file is {size} bytes; RFC 9309 robots may stop reading at 500 KiB")));
    let read: usize = run
        .stdout
        .split("robolint read the first ")
        .nth(1)
        .and_then(|rest| rest.split(" bytes and ignored the rest").next())
        .and_then(|number| number.parse().ok())
        .unwrap_or_else(|| panic!("no label saying what robolint ignored: {}", run.stdout));
    // Cut at the last line end before the cap; a record is 68 bytes.
    assert!((DEFAULT_SIZE_CAP - 68..=DEFAULT_SIZE_CAP).contains(&read), "read {read} bytes");
    assert!(run.stdout.contains("[RL211 too-many-rules]"), "{}", run.stdout);
    // No crawler of today caps the number of rules: too-many-rules is information for them.
    assert!(run.stdout.ends_with("2 problems (1 warning, 1 info)\n"), "{}", run.stdout);
    if cfg!(target_os = "linux") {
        let cost = run.peak_rss_kib - startup_rss_kib();
        assert!(cost < 60 * 1024, "linting a 100 MB file took {} KiB more than starting", cost);
    }
}

/// A single 10 MB line: robolint keeps its first part (rather than dropping the line and
/// judging the record without it) and says that Google cuts it far sooner.
#[test]
fn a_10_mb_line_is_kept_up_to_the_cap_and_reported_as_long() {
    let scratch = Scratch::new("long-line");
    let path = scratch.streamed("robots.txt", |out| {
        out.write_all(b"User-agent: *\nDisallow: /")?;
        (0..10_000).try_for_each(|_| out.write_all(&[b'a'; 1000]))?;
        out.write_all(b"\n")
    });
    let run = lint_file(&path);
    let mut names = run.names();
    names.sort();
    assert_eq!(names, ["file-too-large", "long-line", "path-too-long"], "{}", run.stdout);
    let long_line = run.only("long-line");
    assert_eq!(long_line.line, 2);
    assert!(long_line.message.starts_with("this line goes on past the 2,097,13"), "{}", long_line.message);
    assert!(run.only("file-too-large").message.starts_with("the file is 10000026 bytes"), "{}", run.stdout);
    if cfg!(target_os = "linux") {
        let cost = run.peak_rss_kib - startup_rss_kib();
        assert!(cost < 60 * 1024, "a 10 MB line took {} KiB more than starting", cost);
    }
}

/// One Disallow path as long as the cap: `audit` quotes it for each of 200 robots, which held
/// 900 MB of copies and wrote 450 MB of JSON. Memory and output now stay small.
#[test]
fn an_audit_of_one_path_as_long_as_the_cap_stays_small() {
    let scratch = Scratch::new("audit-long-path");
    let path = scratch.streamed("robots.txt", |out| {
        out.write_all(b"User-agent: *\nDisallow: /")?;
        (0..2_000).try_for_each(|_| out.write_all(&[b'a'; 1000]))?;
        out.write_all(b"\n")
    });
    let path = path.to_str().expect("a UTF-8 temporary path");
    for format in ["human", "json"] {
        let run = robolint(&["audit", "--no-config", "--format", format, path]);
        assert_eq!(run.status, Some(0), "{format}: {}", run.stderr);
        assert!(format == "human" || run.stdout.contains("aaaa…aaaa"), "the JSON's example URLs are cut short");
        assert!(run.stdout.len() < 1_000_000, "{format}: {} bytes of output", run.stdout.len());
        if cfg!(target_os = "linux") {
            let cost = run.peak_rss_kib - startup_rss_kib();
            assert!(cost < 64 * 1024, "{format}: the audit took {cost} KiB more than starting");
        }
    }
}

/// A deciding line as long as the cap (a short rule, then a 2 MiB comment): `check` and
/// `diff` quote it for every URL, which wrote 2 MiB per answer (4 GB for 2,000 URLs). The
/// quotes are now cut around `…`, in every format.
#[test]
fn a_deciding_line_as_long_as_the_cap_is_quoted_short() {
    let scratch = Scratch::new("long-deciding-line");
    let path = scratch.streamed("robots.txt", |out| {
        out.write_all(b"User-agent: *\nDisallow: /a #")?;
        (0..2_000).try_for_each(|_| out.write_all(&[b'c'; 1000]))?;
        out.write_all(b"\n")
    });
    let urls = scratch.file("urls.txt", (0..200).map(|n| format!("/a{n}\n")).collect::<String>().as_bytes());
    let empty = scratch.file("empty.txt", b"");
    let (path, urls, empty) = (path.to_str(), urls.to_str(), empty.to_str());
    let (Some(path), Some(urls), Some(empty)) = (path, urls, empty) else { panic!("UTF-8 temporary paths") };
    let check = ["check", "--no-config", "--agent", "Googlebot", "--urls", urls];
    let check_json = [&check[..], &["--format", "json", path]].concat();
    // `check` exits 1 on a disallowed URL; `diff` warns of newly allowed ones.
    let runs = [([&check[..], &[path]].concat(), 1), (check_json, 1), (vec!["diff", "--urls", urls, path, empty], 0)];
    for (args, status) in runs {
        let run = robolint(&args);
        assert_eq!(run.status, Some(status), "{args:?}: {}", run.stderr);
        assert!(run.stdout.contains("cccc…cccc"), "{args:?}: the quoted line is not cut");
        assert!(run.stdout.len() < 1_000_000, "{args:?}: {} bytes of output", run.stdout.len());
    }
}

/// A million lines fit in the size cap when they are this short: every one is parsed.
#[test]
fn a_million_short_lines_are_all_read_and_judged_once() {
    let scratch = Scratch::new("million-lines");
    let path = scratch.streamed("robots.txt", |out| (0..1_000_000).try_for_each(|_| out.write_all(b"#\n")));
    let run = lint_file(&path);
    let mut names = run.names();
    names.sort();
    assert_eq!(names, ["empty-file", "file-too-large"], "{}", run.stdout);
    assert!(run.only("file-too-large").message.contains("Google ignores everything from this line on"));
    assert_eq!(run.only("file-too-large").line, 500 * 1024 / 2 + 1, "the first line past 500 KiB");
}

/// `/*a*a*a…` (100,000 characters) against a 100,000-character path that matches and one
/// that does not. Matching is linear (`tests/it/dialect.rs` runs the matcher itself on such
/// patterns); this runs `check` and the lint as a user would, and relies on their finishing.
#[test]
fn a_100_000_character_wildcard_pattern_is_matched_and_linted() {
    let scratch = Scratch::new("stars");
    let pattern = format!("/{}", "*a".repeat(49_999));
    assert_eq!(pattern.len(), 99_999);
    let robots = scratch.file("robots.txt", format!("User-agent: *\nDisallow: {pattern}$\n").as_bytes());
    let matching = format!("/{}", "a".repeat(99_999));
    let not_matching = format!("/{}b", "a".repeat(99_998));
    let urls = scratch.file("urls.txt", format!("{matching}\n{not_matching}\n").as_bytes());
    let robots = robots.to_str().expect("UTF-8 path");
    let urls = urls.to_str().expect("UTF-8 path");
    let check = robolint(&["check", robots, "--agent", "bot", "--dialect", "rfc9309", "--urls", urls]);
    let verdicts: Vec<&str> = check.stdout.lines().filter_map(|line| line.split_whitespace().nth(1)).collect();
    assert_eq!(verdicts, ["disallowed", "allowed"], "{}", check.stderr);

    let run = lint_file(Path::new(robots));
    let mut names = run.names();
    names.sort();
    assert_eq!(names, ["glob-pattern", "long-line", "path-too-long"], "{}", run.stdout);
}
