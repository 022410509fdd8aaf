//! `robolint diff OLD NEW`: the URLs and robots a robots.txt change blocks or opens, grouped
//! so a large change reads in a few lines, and a gate for CI.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::Command;

use clap::{Args, ValueEnum};
use serde_json::{json, Value};

use robolint::agents::{Purpose, Registry};
use robolint::dialect::{Dialect, Verdict};
use robolint::diff::{self, Change, Comparison, Robot, Side};
use robolint::fetch::{self, looks_like_http_url, FetchOptions, HttpUrl};
use robolint::source::DEFAULT_SIZE_CAP;
use robolint::Source;

const EXIT_NO_GATE: u8 = 0;
const EXIT_GATE: u8 = 1;
/// The most a sitemap may hold once decompressed, and the most URLs taken from all of them.
const SITEMAP_MAX_BYTES: u64 = 50 * 1024 * 1024;
const SITEMAP_MAX_URLS: usize = 100_000;
/// Robots named per group of changes in human output (the rest are counted).
const NAMED_ROBOTS: usize = 6;
/// Example URLs shown per group of changes in human output.
const EXAMPLES: usize = 3;

/// The registry purposes whose robots are compared when `--agents` names none: the crawlers
/// that read the file to index or train, whose answers a robots.txt change decides.
const DEFAULT_PURPOSES: [Purpose; 3] = [Purpose::Search, Purpose::AiTraining, Purpose::AiSearch];

#[derive(Args)]
pub struct DiffArgs {
    /// OLD and NEW: each a file, `-`, a git revision's copy (`HEAD:robots.txt`) or an http(s)
    /// URL (the live file). With --against, the files to compare with that revision's copies.
    #[arg(value_name = "OLD NEW", required = true)]
    sides: Vec<String>,

    /// Compare each file named with its copy in this git revision (a file the revision lacks
    /// counts as empty): what the pre-commit hook `robolint-diff` runs with HEAD.
    #[arg(long, value_name = "REV")]
    against: Option<String>,

    /// The robots to compare, comma-separated [default: the registry's current search, AI
    /// training and AI search crawlers, each read in its own dialect].
    #[arg(long, value_name = "A,B", value_delimiter = ',')]
    agents: Vec<String>,

    /// How the robots --agents names read the files: a dialect name.
    #[arg(long, value_name = "D", default_value = "google")]
    dialect: Dialect,

    /// More URLs or paths to ask, one a line (blank and `#` lines skipped).
    #[arg(long, value_name = "FILE")]
    urls: Vec<PathBuf>,

    /// A sitemap or sitemap index (XML, or gzip'd XML): every `<loc>` is asked.
    #[arg(long, value_name = "FILE")]
    sitemap: Vec<PathBuf>,

    /// An access log in Common or Combined Log Format: every requested path is asked.
    #[arg(long, value_name = "FILE")]
    log: Vec<PathBuf>,

    /// When to exit 1: `blocked` (a URL becomes disallowed for a robot), `any` change, `never`.
    #[arg(long, value_enum, default_value_t = Gate::Blocked)]
    fail_on: Gate,

    /// Output format.
    #[arg(long, value_enum, default_value_t = DiffFormat::Human)]
    format: DiffFormat,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Gate {
    Blocked,
    Any,
    Never,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum DiffFormat {
    /// Changes grouped by purpose, direction and the line that caused them, with examples.
    Human,
    /// Every change with both verdicts and deciding lines.
    Json,
    /// GitHub Actions annotations on the new file's line that caused each group.
    Github,
}

pub fn run_diff(args: &DiffArgs) -> Result<u8, String> {
    let pairs: Vec<(Side, Side)> = match (&args.against, args.sides.as_slice()) {
        (Some(revision), files) => files
            .iter()
            .map(|file| Ok((revision_copy(revision, file)?, read_side(file)?)))
            .collect::<Result<_, String>>()?,
        (None, [old, new]) => vec![(read_side(old)?, read_side(new)?)],
        (None, _) => return Err("diff takes two robots.txt, OLD and NEW (or --against REV and files)".into()),
    };
    let mut gated = false;
    for (old, new) in &pairs {
        gated |= diff_pair(args, old, new)?;
    }
    Ok(if gated { EXIT_GATE } else { EXIT_NO_GATE })
}

/// A file's copy in a git revision; empty when the revision has no such file.
fn revision_copy(revision: &str, file: &str) -> Result<Side, String> {
    let name = format!("{revision}:{file}");
    let relative = if Path::new(file).is_absolute() { file.to_string() } else { format!("./{file}") };
    let output = Command::new("git").args(["show", &format!("{revision}:{relative}")]).output();
    let output = output.map_err(|e| format!("{name}: git: {e}"))?;
    let bytes = if output.status.success() { output.stdout } else { Vec::new() };
    Ok(Side::new(name, Source::from_bytes(&bytes)))
}

/// Compares one pair and prints it; true when the gate is met.
fn diff_pair(args: &DiffArgs, old: &Side, new: &Side) -> Result<bool, String> {
    let mut urls = diff::questions_from_rules([old, new]);
    for path in &args.urls {
        urls.extend(read_lines(path)?.into_iter().filter(|line| !line.starts_with('#')));
    }
    for path in &args.sitemap {
        urls.extend(
            diff::sitemap_locations(&read_sitemap(path)?, SITEMAP_MAX_URLS)
                .map_err(|e| format!("{}: {e}", path.display()))?,
        );
    }
    for path in &args.log {
        urls.extend(read_lines(path)?.iter().filter_map(|line| diff::logged_path(line)).map(str::to_string));
    }
    let robots = robots(args);
    let comparison = diff::compare(old, new, robots, &urls);
    let text = match args.format {
        DiffFormat::Human => human(old, new, &comparison),
        DiffFormat::Json => json_document(old, new, &comparison).to_string() + "\n",
        DiffFormat::Github => github(new, &comparison),
    };
    std::io::stdout().lock().write_all(text.as_bytes()).map_err(crate::cannot_write)?;
    Ok(match args.fail_on {
        Gate::Blocked => comparison.changes.iter().any(Change::blocks),
        Gate::Any => !comparison.changes.is_empty(),
        Gate::Never => false,
    })
}

fn robots(args: &DiffArgs) -> Vec<Robot> {
    if !args.agents.is_empty() {
        let listed = |token: &String| Robot {
            token: token.clone(),
            dialect: args.dialect,
            purpose: "listed".into(),
            entry: None,
        };
        return args.agents.iter().map(listed).collect();
    }
    let current = Registry::builtin().agents().iter().filter(|agent| !agent.is_retired());
    current
        .filter(|agent| DEFAULT_PURPOSES.contains(&agent.purpose))
        .map(|agent| Robot {
            token: agent.token.clone(),
            dialect: agent.dialect.dialect(),
            purpose: agent.purpose.name().into(),
            entry: Some(agent),
        })
        .collect()
}

/// A side named on the command line: `-`, a URL, a file, or `REV:PATH` read through git.
fn read_side(argument: &str) -> Result<Side, String> {
    if argument == "-" {
        let source = Source::read(std::io::stdin().lock(), DEFAULT_SIZE_CAP, None)
            .map_err(|e| format!("standard input: {e}"))?;
        return Ok(Side::new("<stdin>", source));
    }
    if looks_like_http_url(argument) {
        let url = HttpUrl::parse(argument)?.robots_txt();
        let outcome = fetch::fetch(&url, &FetchOptions::default());
        let source = match (outcome.source(), outcome.response()) {
            (Some(source), _) => source,
            // RFC 9309 §2.3.1.3: an unavailable robots.txt (4xx) lets robots fetch everything.
            (None, Some(response)) if (400..500).contains(&response.status) => Source::from(""),
            (None, Some(response)) => return Err(response.answered()),
            (None, None) => return Err(format!("{url}: no answer")),
        };
        return Ok(Side::new(url.to_string(), source));
    }
    let path = Path::new(argument);
    if path.exists() {
        let bytes = std::fs::read(path).map_err(|e| format!("{argument}: {e}"))?;
        return Ok(Side::new(argument, Source::from_bytes(&bytes)));
    }
    if argument.contains(':') {
        let output =
            Command::new("git").args(["show", argument]).output().map_err(|e| format!("{argument}: git: {e}"))?;
        if !output.status.success() {
            return Err(format!("{argument}: {}", String::from_utf8_lossy(&output.stderr).trim()));
        }
        return Ok(Side::new(argument, Source::from_bytes(&output.stdout)));
    }
    Err(format!("{argument}: no such file (a git revision's copy is written REV:PATH)"))
}

fn read_lines(path: &Path) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(text.lines().map(str::trim).filter(|line| !line.is_empty()).map(str::to_string).collect())
}

/// A sitemap's bytes, gunzipped when they are gzip, at most SITEMAP_MAX_BYTES of them.
fn read_sitemap(path: &Path) -> Result<Vec<u8>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return Ok(bytes);
    }
    let mut xml = Vec::new();
    flate2::read::GzDecoder::new(bytes.as_slice())
        .take(SITEMAP_MAX_BYTES)
        .read_to_end(&mut xml)
        .map_err(|e| format!("{}: not gzip: {e}", path.display()))?;
    Ok(xml)
}

/// The line that decided a verdict, as `line N `text``, or the reason when no line did.
fn decided_by(side: &Side, verdict: &Verdict) -> String {
    match verdict.reason.rule() {
        Some(rule) => format!("line {} `{}`", rule.line + 1, side.line_text(rule.line)),
        None => verdict.reason.describe().to_string(),
    }
}

/// The change's cause as the reviewer reads it: the new line that now decides, or the old
/// line that no longer does.
fn cause(old: &Side, new: &Side, change: &Change) -> String {
    match (change.after.reason.rule(), change.before.reason.rule()) {
        (Some(_), _) => format!("new {}", decided_by(new, &change.after)),
        (None, Some(_)) => format!("old {} no longer applies", decided_by(old, &change.before)),
        (None, None) => "the groups that apply changed".to_string(),
    }
}

/// The robots a group of changes affects, and the URLs.
type Affected<'a> = (BTreeSet<&'a str>, BTreeSet<&'a str>);

fn human(old: &Side, new: &Side, comparison: &Comparison) -> String {
    let mut out = format!(
        "{} → {}: {} URLs asked of {} robots",
        old.name,
        new.name,
        comparison.urls_asked,
        comparison.robots.len()
    );
    if comparison.changes.is_empty() {
        out.push_str(": no change\n");
        return out;
    }
    out.push_str(&format!(": {} answers change\n", comparison.changes.len()));
    // (purpose, blocked first, cause) → robots, URLs
    // (purpose, opens rather than blocks, cause) → the robots and the URLs.
    let mut groups: BTreeMap<(String, bool, String), Affected<'_>> = BTreeMap::new();
    for change in &comparison.changes {
        let robot = &comparison.robots[change.robot];
        let key = (robot.purpose.clone(), !change.blocks(), cause(old, new, change));
        let group = groups.entry(key).or_default();
        group.0.insert(&robot.token);
        group.1.insert(&change.url);
    }
    for ((purpose, opens, cause), (robots, urls)) in &groups {
        let direction = if *opens { "opens" } else { "blocks" };
        let named: Vec<&str> = robots.iter().take(NAMED_ROBOTS).copied().collect();
        let more = robots.len().saturating_sub(NAMED_ROBOTS);
        let robots = if more > 0 { format!("{} and {more} more", named.join(", ")) } else { named.join(", ") };
        out.push_str(&format!("{purpose} ({robots}): {direction} {} URL(s), because of {cause}\n", urls.len()));
        for url in urls.iter().take(EXAMPLES) {
            out.push_str(&format!("    {url}\n"));
        }
        if urls.len() > EXAMPLES {
            out.push_str(&format!("    … and {} more\n", urls.len() - EXAMPLES));
        }
    }
    out
}

fn verdict_json(side: &Side, verdict: &Verdict) -> Value {
    match verdict.reason.rule() {
        Some(rule) => json!({"allowed": verdict.allowed, "line": rule.line + 1, "text": side.line_text(rule.line)}),
        None => json!({"allowed": verdict.allowed, "reason": verdict.reason.describe()}),
    }
}

fn json_document(old: &Side, new: &Side, comparison: &Comparison) -> Value {
    let changes: Vec<Value> = comparison
        .changes
        .iter()
        .map(|change| {
            let robot = &comparison.robots[change.robot];
            json!({
                "robot": robot.token,
                "purpose": robot.purpose,
                "url": change.url,
                "before": verdict_json(old, &change.before),
                "after": verdict_json(new, &change.after),
            })
        })
        .collect();
    let robots: Vec<Value> = comparison
        .robots
        .iter()
        .map(|robot| json!({"token": robot.token, "purpose": robot.purpose, "dialect": robot.dialect.name()}))
        .collect();
    json!({"old": old.name, "new": new.name, "urls_asked": comparison.urls_asked, "robots": robots, "changes": changes})
}

/// One annotation per (line of the new file, direction): GitHub shows it on that line of the
/// pull request; a change no new line caused is annotated on the file.
fn github(new: &Side, comparison: &Comparison) -> String {
    let file = new.name.rsplit_once(':').map_or(new.name.as_str(), |(_, path)| path);
    // (the new line that caused it, blocks) → the robots and the URLs.
    let mut groups: BTreeMap<(Option<usize>, bool), Affected<'_>> = BTreeMap::new();
    for change in &comparison.changes {
        let line = change.after.reason.rule().map(|rule| rule.line + 1);
        let group = groups.entry((line, change.blocks())).or_default();
        group.0.insert(&comparison.robots[change.robot].token);
        group.1.insert(&change.url);
    }
    let mut out = String::new();
    for ((line, blocks), (robots, urls)) in groups {
        let (level, verb) = if blocks { ("warning", "become disallowed") } else { ("notice", "become allowed") };
        let place = line.map_or(format!("file={file}"), |line| format!("file={file},line={line}"));
        let robots: Vec<&str> = robots.into_iter().collect();
        let example = urls.iter().next().copied().unwrap_or_default();
        out.push_str(&format!(
            "::{level} {place},title=robolint diff::{} URL(s) {verb} for {} (e.g. {example})\n",
            urls.len(),
            robots.join(", ")
        ));
    }
    out
}
