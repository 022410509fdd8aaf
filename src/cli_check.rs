//! `robolint check` and `robolint matrix`: what robots may fetch under each dialect, and the
//! line that decided, for people (text) and scripts (JSON).

use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use serde::Serialize;

use robolint::dialect::{Dialect, Matcher, Reason, Verdict};
use robolint::render;
use robolint::{parse, Report, Source};

const EXIT_ALL_ALLOWED: u8 = 0;
const EXIT_SOME_DISALLOWED: u8 = 1;

#[derive(Args)]
pub struct CheckArgs {
    /// The robots.txt file to read (`-` for standard input).
    #[arg(value_name = "FILE")]
    file: PathBuf,

    /// The robot: its name or its User-agent header (`FigTree/0.1` is the robot `figtree`).
    #[arg(long, value_name = "NAME")]
    agent: String,

    /// norobots-1994, draft-1996, rfc9309, google, or all.
    #[arg(long, value_name = "D", default_value = "all", value_parser = parse_dialects)]
    dialect: Dialects,

    /// Output format.
    #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
    format: CheckFormat,

    /// A file of URLs or paths to check, one a line (blank lines and `#` lines are skipped).
    #[arg(long, value_name = "FILE")]
    urls: Option<PathBuf>,

    /// URLs (`https://example.com/a?b`) or paths (`/a?b`) to check.
    #[arg(value_name = "URL|PATH")]
    targets: Vec<String>,
}

#[derive(Args)]
pub struct MatrixArgs {
    /// The robots.txt file to read (`-` for standard input).
    #[arg(value_name = "FILE")]
    file: PathBuf,

    /// The robots, comma-separated: names or User-agent headers.
    #[arg(long, value_name = "A,B,C", value_delimiter = ',', required = true)]
    agents: Vec<String>,

    /// A file of URLs or paths, one a line (blank lines and `#` lines are skipped).
    #[arg(long, value_name = "FILE")]
    urls: PathBuf,

    /// norobots-1994, draft-1996, rfc9309, google, or all (one table each).
    #[arg(long, value_name = "D", default_value = "all", value_parser = parse_dialects)]
    dialect: Dialects,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum CheckFormat {
    /// Each URL, then a line per dialect: allowed or disallowed, and why.
    Human,
    /// An array of `{url, dialect, allowed, decided_by: {line, text, pattern}}` objects, or
    /// `{url, dialect, allowed, reason}` where no line decided.
    Json,
}

/// The dialects a command answers for.
#[derive(Clone)]
struct Dialects(Vec<Dialect>);

fn parse_dialects(text: &str) -> Result<Dialects, String> {
    if text.eq_ignore_ascii_case("all") {
        return Ok(Dialects(Dialect::ALL.to_vec()));
    }
    text.parse::<Dialect>().map(|dialect| Dialects(vec![dialect])).map_err(|error| format!("{error}, or all"))
}

/// A robots.txt file, parsed once, with what rendering line numbers needs.
struct Robots {
    report: Report,
}

impl Robots {
    fn read(path: &Path) -> Result<Robots, String> {
        let source: Source = crate::read_source(path)?;
        let document = parse::parse(&source);
        Ok(Robots { report: Report { source, document, diagnostics: Vec::new() } })
    }

    fn matcher(&self, agent: &str, dialect: Dialect) -> Matcher {
        Matcher::new(&self.report.document, &self.report.source.text, agent, dialect)
    }

    /// The 1-based line number of a line.
    fn line_number(&self, line: usize) -> usize {
        let start = self.report.document.lines.get(line).map_or(0, |line| line.span.start);
        render::position(&self.report, start).line
    }

    fn value_text(&self, line: usize) -> &str {
        let field = self.report.document.lines.get(line).and_then(|line| line.field());
        field.map_or("", |field| field.value.text(&self.report.source.text))
    }

    fn line_text(&self, line: usize) -> &str {
        self.report.document.lines.get(line).map_or("", |line| line.span.text(&self.report.source.text).trim())
    }
}

/// The URLs of the command line and of `--urls`, each checked to be a URL or a path.
fn read_targets(listed: &[String], urls_file: Option<&Path>) -> Result<Vec<String>, String> {
    let mut targets = listed.to_vec();
    if let Some(path) = urls_file {
        let text = std::fs::read_to_string(path).map_err(|error| format!("{}: {error}", path.display()))?;
        let lines = text.lines().map(str::trim).filter(|line| !line.is_empty() && !line.starts_with('#'));
        targets.extend(lines.map(str::to_string));
    }
    if targets.is_empty() {
        return Err("no URL to check: give URLs or paths, or --urls FILE".into());
    }
    if let Some(bad) = targets.iter().find(|target| robolint::dialect::path_and_query(target).is_none()) {
        return Err(format!("`{bad}` is neither a URL (https://host/path) nor a path starting with `/`"));
    }
    Ok(targets)
}

fn check_agent(agent: &str) -> Result<(), String> {
    if agent.trim().is_empty() {
        return Err("--agent: give the robot's name, such as googlebot".into());
    }
    Ok(())
}

/// `robolint check`: exit 0 when every URL is allowed under every dialect asked, 1 when one
/// is not.
pub fn run_check(args: &CheckArgs) -> Result<u8, String> {
    check_agent(&args.agent)?;
    let targets = read_targets(&args.targets, args.urls.as_deref())?;
    let robots = Robots::read(&args.file)?;
    let matchers: Vec<Matcher> = args.dialect.0.iter().map(|&dialect| robots.matcher(&args.agent, dialect)).collect();
    // Answers are written as they come, so a batch of a million URLs needs no more memory
    // than one.
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut all_allowed = true;
    let written: io::Result<()> = (|| {
        if args.format == CheckFormat::Json {
            out.write_all(b"[")?;
        }
        for (index, target) in targets.iter().enumerate() {
            if args.format == CheckFormat::Human {
                writeln!(out, "{target}")?;
            }
            for (position, matcher) in matchers.iter().enumerate() {
                let verdict = matcher.allowed(target);
                all_allowed &= verdict.allowed;
                match args.format {
                    CheckFormat::Human => human_answer(&mut out, &robots, matcher.dialect(), &verdict)?,
                    CheckFormat::Json => {
                        let first = index == 0 && position == 0;
                        out.write_all(if first { b"\n  " } else { b",\n  " })?;
                        json_answer(&mut out, &robots, target, matcher.dialect(), &verdict)?;
                    }
                }
            }
        }
        if args.format == CheckFormat::Json {
            out.write_all(b"\n]\n")?;
        }
        out.flush()
    })();
    written.map_err(|error| format!("cannot write output: {error}"))?;
    Ok(if all_allowed { EXIT_ALL_ALLOWED } else { EXIT_SOME_DISALLOWED })
}

fn write_stdout(text: &str) -> Result<(), String> {
    io::stdout().lock().write_all(text.as_bytes()).map_err(|error| format!("cannot write output: {error}"))
}

fn allowed_word(allowed: bool) -> &'static str {
    if allowed {
        "allowed"
    } else {
        "disallowed"
    }
}

/// `line 5: Disallow: /tmp`, or the reason no line decided.
fn describe(robots: &Robots, reason: &Reason) -> String {
    let Some(rule) = reason.rule() else { return reason.describe().to_string() };
    let mut described = format!("line {}: {}", robots.line_number(rule.line), robots.line_text(rule.line));
    // Google's index.htm rule decides by a pattern the line does not spell out.
    if robots.value_text(rule.line) != &*rule.pattern {
        let _ = write!(described, " (as {})", rule.pattern);
    }
    described
}

fn human_answer(out: &mut impl Write, robots: &Robots, dialect: Dialect, verdict: &Verdict) -> io::Result<()> {
    let why = describe(robots, &verdict.reason);
    writeln!(out, "  {:<14} {:<11} {why}", dialect.name(), allowed_word(verdict.allowed))
}

/// One answer of `check --format json`, its fields in this order.
#[derive(Serialize)]
struct JsonAnswer<'a> {
    url: &'a str,
    dialect: &'static str,
    allowed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    decided_by: Option<DecidedBy<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
}

#[derive(Serialize)]
struct DecidedBy<'a> {
    line: usize,
    text: &'a str,
    pattern: &'a str,
}

fn json_answer(
    out: &mut impl Write,
    robots: &Robots,
    url: &str,
    dialect: Dialect,
    verdict: &Verdict,
) -> io::Result<()> {
    let rule = verdict.reason.rule();
    let answer = JsonAnswer {
        url,
        dialect: dialect.name(),
        allowed: verdict.allowed,
        decided_by: rule.map(|rule| DecidedBy {
            line: robots.line_number(rule.line),
            text: robots.line_text(rule.line),
            pattern: &rule.pattern,
        }),
        reason: rule.is_none().then(|| verdict.reason.describe()),
    };
    serde_json::to_writer(out, &answer).map_err(io::Error::from)
}

/// `robolint matrix`: a Yes/No table of URLs × robots per dialect, like the draft's §4.
pub fn run_matrix(args: &MatrixArgs) -> Result<u8, String> {
    if args.agents.iter().any(|agent| agent.trim().is_empty()) {
        return Err(format!("--agents: a robot name is empty in `{}`", args.agents.join(",")));
    }
    let targets = read_targets(&[], Some(&args.urls))?;
    let robots = Robots::read(&args.file)?;
    let tables: Vec<String> =
        args.dialect.0.iter().map(|&dialect| matrix_table(&robots, &args.agents, &targets, dialect)).collect();
    write_stdout(&tables.join("\n"))?;
    Ok(0)
}

fn matrix_table(robots: &Robots, agents: &[String], targets: &[String], dialect: Dialect) -> String {
    let (document, text) = (&robots.report.document, &robots.report.source.text);
    let matchers = Matcher::for_robots(document, text, agents.iter().map(String::as_str), dialect);
    let mut rows = vec![std::iter::once(dialect.name().to_string()).chain(agents.iter().cloned()).collect::<Vec<_>>()];
    for target in targets {
        let cells = matchers.iter().map(|matcher| if matcher.allowed(target).allowed { "Yes" } else { "No" });
        rows.push(std::iter::once(target.clone()).chain(cells.map(str::to_string)).collect());
    }
    aligned(&rows)
}

/// Rows of cells in left-aligned columns two spaces apart.
fn aligned(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|column| rows.iter().filter_map(|row| row.get(column)).map(|cell| cell.chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in rows {
        let cells: Vec<String> = row.iter().zip(&widths).map(|(cell, &width)| format!("{cell:<width$}")).collect();
        let _ = writeln!(out, "{}", cells.join("  ").trim_end());
    }
    out
}
