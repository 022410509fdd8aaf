//! `robolint diff OLD NEW` through the binary: each kind of side, each source of questions,
//! each format and the gate's exit codes.

use std::fs;
use std::io::{Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod support;

const OLD: &str = "User-agent: *\nDisallow: /admin/\n";
const NEW: &str = "User-agent: *\nDisallow: /admin/\nDisallow: /products/\n";

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("robolint-diff-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn with_files(name: &str) -> PathBuf {
    let dir = temp_dir(name);
    fs::write(dir.join("old.txt"), OLD).expect("old");
    fs::write(dir.join("new.txt"), NEW).expect("new");
    dir
}

fn run(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    support::robolint_in(dir, args, stdin)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn an_unchanged_file_prints_no_change_and_exits_0() {
    let dir = with_files("unchanged");
    let output = run(&dir, &["diff", "old.txt", "old.txt"], b"");
    assert_eq!(output.status.code(), Some(0));
    assert!(text(&output.stdout).trim_end().ends_with("no change"), "{}", text(&output.stdout));
}

#[test]
fn a_blocked_product_path_is_named_with_its_robots_line_and_urls() {
    let dir = with_files("blocked");
    let output = run(&dir, &["diff", "--agents", "Googlebot,Bingbot", "old.txt", "new.txt"], b"");
    let out = text(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{out}");
    assert!(
        out.contains("(Bingbot, Googlebot): blocks 2 URL(s), because of new line 3 `Disallow: /products/`"),
        "{out}"
    );
    assert!(out.contains("    /products/\n") && out.contains("    /products/x\n"), "{out}");
    assert!(out.contains("URLs asked of 2 robots"), "{out}");
}

#[test]
fn the_gate_follows_fail_on() {
    let dir = with_files("gate");
    // Opening a path is a change but blocks nothing.
    let opened = run(&dir, &["diff", "new.txt", "old.txt"], b"");
    assert_eq!(opened.status.code(), Some(0), "{}", text(&opened.stdout));
    assert!(text(&opened.stdout).contains("opens"), "{}", text(&opened.stdout));
    assert_eq!(run(&dir, &["diff", "--fail-on", "any", "new.txt", "old.txt"], b"").status.code(), Some(1));
    assert_eq!(run(&dir, &["diff", "--fail-on", "never", "old.txt", "new.txt"], b"").status.code(), Some(0));
}

#[test]
fn standard_input_is_a_side() {
    let dir = with_files("stdin");
    let output = run(&dir, &["diff", "old.txt", "-"], NEW.as_bytes());
    assert!(text(&output.stdout).contains("<stdin>") && text(&output.stdout).contains("/products/"));
}

#[test]
fn a_git_revision_is_a_side_and_against_compares_with_it() {
    let dir = with_files("git");
    let git = |args: &[&str]| Command::new("git").args(args).current_dir(&dir).output();
    if git(&["init", "-q"]).is_err() {
        assert!(std::env::var("CI").is_err(), "git is missing on CI");
        eprintln!("skipped: git is not installed");
        return;
    }
    fs::write(dir.join("robots.txt"), OLD).expect("robots.txt");
    let committed = git(&["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "old", "--allow-empty"]);
    git(&["add", "robots.txt"]).expect("add");
    git(&["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "robots"]).expect("commit");
    drop(committed);
    fs::write(dir.join("robots.txt"), NEW).expect("an edit");
    let by_revision = run(&dir, &["diff", "HEAD:robots.txt", "robots.txt"], b"");
    assert!(text(&by_revision.stdout).contains("HEAD:robots.txt → robots.txt"), "{}", text(&by_revision.stdout));
    assert_eq!(by_revision.status.code(), Some(1));
    let against = run(&dir, &["diff", "--against", "HEAD", "robots.txt"], b"");
    assert_eq!(against.status.code(), Some(1), "{}", text(&against.stdout));
    assert!(text(&against.stdout).contains("`Disallow: /products/`"));
}

#[test]
fn a_url_is_a_side_fetched_over_loopback() {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = listener.local_addr().expect("address").port();
    std::thread::spawn(move || {
        if let Ok((mut stream, _)) = listener.accept() {
            let mut request = [0u8; 1024];
            let _ = stream.read(&mut request);
            let answer = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{NEW}",
                NEW.len()
            );
            let _ = stream.write_all(answer.as_bytes());
        }
    });
    let dir = with_files("url");
    let output = run(&dir, &["diff", "old.txt", &format!("http://127.0.0.1:{port}/")], b"");
    let out = text(&output.stdout);
    assert!(out.contains(&format!("http://127.0.0.1:{port}/robots.txt")) && out.contains("/products/"), "{out}");
}

#[test]
fn urls_sitemaps_gzip_sitemaps_indexes_and_logs_add_questions() {
    let dir = with_files("questions");
    fs::write(dir.join("urls.txt"), "# a comment\nhttps://example.com/products/shoes?size=42\n").expect("urls");
    let sitemap = "<?xml version=\"1.0\"?><urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>https://example.com/products/hats</loc></url></urlset>";
    fs::write(dir.join("sitemap.xml"), sitemap).expect("sitemap");
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gzip.write_all(sitemap.replace("hats", "coats").as_bytes()).expect("gzip");
    fs::write(dir.join("sitemap.xml.gz"), gzip.finish().expect("gzip")).expect("gz");
    let index = "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><sitemap><loc>https://example.com/products/sitemap-2.xml</loc></sitemap></sitemapindex>";
    fs::write(dir.join("index.xml"), index).expect("index");
    fs::write(
        dir.join("access.log"),
        "1.2.3.4 - - [01/Jan/2026:00:00:00 +0000] \"GET /products/socks HTTP/1.1\" 200 5 \"-\" \"x\"\n",
    )
    .expect("log");
    let args = [
        "diff",
        "--format",
        "json",
        "--agents",
        "Googlebot",
        "--urls",
        "urls.txt",
        "--sitemap",
        "sitemap.xml",
        "--sitemap",
        "sitemap.xml.gz",
        "--sitemap",
        "index.xml",
        "--log",
        "access.log",
        "old.txt",
        "new.txt",
    ];
    let output = run(&dir, &args, b"");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    let changed: Vec<&str> =
        json["changes"].as_array().expect("changes").iter().filter_map(|change| change["url"].as_str()).collect();
    for url in [
        "https://example.com/products/shoes?size=42",
        "https://example.com/products/hats",
        "https://example.com/products/coats",
        "https://example.com/products/sitemap-2.xml",
        "/products/socks",
    ] {
        assert!(changed.contains(&url), "{url} not in {changed:?}");
    }
    assert_eq!(json["changes"][0]["after"]["line"], 3, "{json}");
    assert_eq!(json["changes"][0]["before"]["allowed"], true, "{json}");
    assert!(json["urls_asked"].as_u64().is_some_and(|asked| asked >= 10), "{json}");
}

#[test]
fn github_annotations_point_at_the_line_that_caused_the_change() {
    let dir = with_files("github");
    let output = run(&dir, &["diff", "--format", "github", "--agents", "Googlebot", "old.txt", "new.txt"], b"");
    assert_eq!(
        text(&output.stdout),
        "::warning file=new.txt,line=3,title=robolint diff::2 URL(s) become disallowed for Googlebot (e.g. /products/)\n"
    );
}
