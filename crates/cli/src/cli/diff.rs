//! `robolint diff OLD NEW`: the URLs and robots a robots.txt change blocks or opens, grouped
//! so a large change reads in a few lines, and a gate for CI.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::Command;

use clap::{Args, ValueEnum};
use serde::Serialize;

use robolint::agents::{Answered, FetchAnswer, Purpose, Registry};
use robolint::diagnostic::Diagnostic;
use robolint::dialect::{DecidingRule, Dialect, Verdict};
use robolint::diff::{self, Change, Comparison, Robot, Side};
use robolint::fetch::{looks_like_http_url, Ending, FetchOutcome, HttpUrl, RedirectProblem};
use robolint::model::{LineIndex, Span};
use robolint::render::{github, sarif, Linted};
use robolint::source::DEFAULT_SIZE_CAP;
use robolint::{Report, Severity, Source};
use robolint_cli::fetch::addresses::SharedGuard;
use robolint_cli::fetch::{self, FetchOptions};

use super::output::{print, Answer, JsonLayout, OutputFormat};
use super::CliError;

const EXIT_NO_GATE: u8 = 0;
const EXIT_GATE: u8 = 1;
/// The most one sitemap may hold once decompressed (the sitemaps.org limit), the most all
/// of them together may, the most URLs taken from all of them, and the most child sitemaps
/// read from an index.
const SITEMAP_MAX_BYTES: usize = 50 * 1024 * 1024;
const SITEMAPS_MAX_BYTES: usize = 200 * 1024 * 1024;
const SITEMAP_MAX_URLS: usize = 100_000;
const SITEMAP_MAX_CHILDREN: usize = 100;
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

    /// How the robots --agents names read the files: a dialect name [default: as the
    /// registry says for a robot it knows (`robolint agents`), else google].
    #[arg(long, value_name = "D")]
    dialect: Option<Dialect>,

    /// More URLs or paths to ask, one a line (blank and `#` lines skipped).
    #[arg(long, value_name = "FILE")]
    urls: Vec<PathBuf>,

    /// A sitemap or sitemap index (XML, or gzip'd XML), a file or an http(s) URL: every
    /// `<loc>` is asked. An index fetched from a URL has its sitemaps fetched too.
    #[arg(long, value_name = "FILE|URL")]
    sitemap: Vec<String>,

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
    /// A SARIF 2.1.0 log: a result per group, on the line that caused it.
    Sarif,
}

impl Gate {
    /// Whether a change alone meets the gate.
    fn fires_on(self, change: &Change) -> bool {
        match self {
            Gate::Blocked => change.blocks(),
            Gate::Any => true,
            Gate::Never => false,
        }
    }
}

pub fn run_diff(args: &DiffArgs) -> Result<u8, CliError> {
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
fn diff_pair(args: &DiffArgs, old: &Side, new: &Side) -> Result<bool, CliError> {
    // The user's own questions (URLs, sitemaps, logs) are told apart from the probes made
    // from the rules: every format shows them first.
    let mut given = BTreeSet::new();
    for path in &args.urls {
        given.extend(read_lines(path)?.into_iter().filter(|line| !line.starts_with('#')));
    }
    let mut sitemaps = SitemapReading::default();
    for argument in &args.sitemap {
        sitemaps.read(argument)?;
    }
    given.extend(sitemaps.urls);
    for path in &args.log {
        given.extend(read_lines(path)?.iter().filter_map(|line| diff::logged_path(line)).map(str::to_string));
    }
    let mut urls = diff::questions_from_rules([old, new]);
    urls.extend(given.iter().cloned());
    let robots = robots(args);
    let mut comparison = diff::compare(old, new, robots, &urls);
    // Stable: within the user's URLs and within the probes, the order stays by robot, then URL.
    comparison.changes.sort_by_key(|change| !given.contains(&*change.url));
    let as_fetched = [old, new].into_iter().filter_map(|side| {
        let answered = side.answered.as_ref()?;
        Some(format!("as fetched: {}; each robot answers as it treats that answer (`robolint agents`)", answered.said))
    });
    let notes: Vec<String> = as_fetched.chain(sitemaps.notes).collect();
    let answer = || DiffAnswer::new(old, new, &comparison, &given, &notes);
    match args.format {
        DiffFormat::Human => print(OutputFormat::Human, &answer(), false)?,
        DiffFormat::Json => print(OutputFormat::Json, &answer(), false)?,
        DiffFormat::Github => {
            let annotations = github(old, new, &comparison, &given, &notes, args.fail_on);
            io::stdout().lock().write_all(annotations.as_bytes()).map_err(super::cannot_write)?;
        }
        DiffFormat::Sarif => {
            // SARIF has no place for them that code scanning shows; they go where people look.
            for note in &notes {
                super::to_stderr(format_args!("robolint diff: note: {note}"));
            }
            sarif_log(&mut io::stdout().lock(), old, new, &comparison, &given, args.fail_on)
                .map_err(super::cannot_write)?;
        }
    }
    Ok(comparison.changes.iter().any(|change| args.fail_on.fires_on(change)))
}

fn robots(args: &DiffArgs) -> Vec<Robot> {
    if !args.agents.is_empty() {
        let listed = |token: &String| match (args.dialect, Registry::builtin().find(token)) {
            (None, Some(known)) => {
                Robot { token: token.clone(), purpose: "listed".into(), ..Robot::of_registry(known) }
            }
            (dialect, _) => Robot {
                token: token.clone(),
                dialect: dialect.unwrap_or(Dialect::Google),
                purpose: "listed".into(),
                entry: None,
            },
        };
        return args.agents.iter().map(listed).collect();
    }
    let current = Registry::builtin().agents().iter().filter(|agent| !agent.is_retired());
    current.filter(|agent| DEFAULT_PURPOSES.contains(&agent.purpose)).map(Robot::of_registry).collect()
}

/// The kind of answer a fetch without a file to read gave.
fn fetch_answer(outcome: &FetchOutcome) -> FetchAnswer {
    match &outcome.ending {
        Ending::Response(response) => FetchAnswer::of_status(response.status),
        Ending::Failed { .. } => FetchAnswer::Unreachable,
        Ending::BrokenRedirect { problem: RedirectProblem::Loop | RedirectProblem::TooMany, .. } => {
            FetchAnswer::TooManyRedirects
        }
        Ending::BrokenRedirect { .. } => FetchAnswer::Unreachable,
    }
}

/// A side named on the command line: `-`, a URL, a file, or `REV:PATH` read through git. A
/// URL whose robots.txt request gives no file (an error status, no answer, redirects that
/// lead nowhere) is a side that keeps the answer, which each robot treats its own way
/// (`agents/fetching.toml`): what `diff`, `audit`, `check` and `matrix` read a URL with.
pub(crate) fn read_side(argument: &str) -> Result<Side, String> {
    if argument == "-" {
        let source =
            Source::read(io::stdin().lock(), DEFAULT_SIZE_CAP, None).map_err(|e| format!("standard input: {e}"))?;
        return Ok(Side::new("<stdin>", source));
    }
    if looks_like_http_url(argument) {
        let url = HttpUrl::parse(argument).map_err(|error| error.to_string())?.robots_txt();
        let outcome = fetch::fetch(&url, &FetchOptions::default());
        return Ok(match outcome.source() {
            Some(source) => Side::new(url.to_string(), source),
            None => {
                let answered = Answered { answer: fetch_answer(&outcome), said: no_body(&outcome) };
                Side::answered(url.to_string(), answered)
            }
        });
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

/// Why a fetch gave no body to read: the status that answered, the failure, or where its
/// redirects broke.
fn no_body(outcome: &FetchOutcome) -> String {
    match &outcome.ending {
        Ending::Response(response) => response.answered(),
        Ending::Failed { url, failure } => format!("{url}: {}: {}", failure.kind.describe(), failure.detail),
        Ending::BrokenRedirect { url, status, problem } => {
            let problem = match problem {
                RedirectProblem::Loop => "a redirect loop".to_string(),
                RedirectProblem::TooMany => format!("more than {} redirects", robolint::fetch::MAX_REDIRECTS),
                RedirectProblem::NoLocation => "a redirect without a Location".to_string(),
                RedirectProblem::BadLocation { location, error } => format!("a redirect to `{location}`: {error}"),
            };
            format!("{url}: {} is {problem}", robolint::fetch::status_text(*status))
        }
    }
}

/// The URLs every `--sitemap` names, within the bounds, and what the bounds left out.
#[derive(Default)]
struct SitemapReading {
    urls: Vec<String>,
    /// Bytes read from every sitemap so far, decompressed.
    bytes: usize,
    notes: Vec<String>,
}

impl SitemapReading {
    /// Reads a `--sitemap` argument: a file or a URL, and for a URL that is a sitemap index,
    /// the sitemaps it names, fetched under the index's address guard (a public index may not
    /// name sitemaps in a private network).
    fn read(&mut self, argument: &str) -> Result<(), String> {
        let from_url = looks_like_http_url(argument);
        let guard = SharedGuard::new(false);
        let sitemap = self.read_one(argument, &guard)?;
        if !sitemap.is_index {
            self.urls.extend(sitemap.locations);
            return Ok(());
        }
        if !from_url {
            self.notes.push(format!(
                "{argument} is a sitemap index: its {} sitemaps are asked as URLs, not read (give the index's URL to read them)",
                sitemap.locations.len()
            ));
            self.urls.extend(sitemap.locations);
            return Ok(());
        }
        if sitemap.locations.len() > SITEMAP_MAX_CHILDREN {
            self.notes.push(format!(
                "{argument}: only the first {SITEMAP_MAX_CHILDREN} of its {} sitemaps are read",
                sitemap.locations.len()
            ));
        }
        for child in sitemap.locations.iter().take(SITEMAP_MAX_CHILDREN) {
            // One unreadable sitemap of many leaves the others' URLs worth asking.
            match self.read_one(child, &guard) {
                Ok(child_sitemap) if child_sitemap.is_index => {
                    self.notes.push(format!("{child}: an index inside an index is not followed"));
                }
                Ok(child_sitemap) => self.urls.extend(child_sitemap.locations),
                Err(error) => self.notes.push(format!("{child} is skipped: {error}")),
            }
        }
        Ok(())
    }

    /// One sitemap's locations, within what the bounds leave of them.
    fn read_one(&mut self, argument: &str, guard: &SharedGuard) -> Result<diff::Sitemap, String> {
        let urls_left = SITEMAP_MAX_URLS.saturating_sub(self.urls.len());
        let bytes_left = SITEMAPS_MAX_BYTES.saturating_sub(self.bytes);
        if urls_left == 0 || bytes_left == 0 {
            self.notes.push(format!("{argument} is not read: the bounds on all sitemaps are reached"));
            return Ok(diff::Sitemap::default());
        }
        let cap = SITEMAP_MAX_BYTES.min(bytes_left);
        let (xml, cut) = sitemap_bytes(argument, cap, guard)?;
        self.bytes += xml.len();
        let sitemap = diff::read_sitemap(&xml, urls_left);
        if cut {
            self.notes.push(format!("{argument} is read up to its first {cap} bytes, the rest is left out"));
        }
        if sitemap.cut {
            self.notes.push(format!("{argument}: URLs past the first {SITEMAP_MAX_URLS} of all sitemaps are left out"));
        }
        match &sitemap.error {
            Some(error) if !cut => Err(format!("{argument}: {error}")),
            _ => Ok(sitemap),
        }
    }
}

/// A sitemap's bytes, from a file or fetched, gunzipped when they are gzip (whether the
/// server coded them or the file is a `.gz`), at most `cap` of them; true when cut there.
fn sitemap_bytes(argument: &str, cap: usize, guard: &SharedGuard) -> Result<(Vec<u8>, bool), String> {
    let bytes = if looks_like_http_url(argument) {
        let url = HttpUrl::parse(argument).map_err(|error| error.to_string())?;
        let outcome = fetch::fetch_guarded(&url, &FetchOptions { max_size: cap, ..FetchOptions::default() }, guard);
        let response = outcome.robots_txt().ok_or_else(|| no_body(&outcome))?;
        if let Some(error) = &response.body.decoding_error {
            return Err(format!("{argument}: {error}"));
        }
        response.body.bytes.clone()
    } else {
        let mut bytes = Vec::new();
        std::fs::File::open(argument)
            .and_then(|file| file.take(cap as u64 + 1).read_to_end(&mut bytes))
            .map_err(|e| format!("{argument}: {e}"))?;
        bytes
    };
    let compressed_cut = bytes.len() > cap;
    let mut xml = Vec::new();
    if bytes.starts_with(&[0x1f, 0x8b]) {
        let decoded = flate2::read::MultiGzDecoder::new(bytes.as_slice()).take(cap as u64 + 1).read_to_end(&mut xml);
        // A gzip stream cut at the bound ends early; what it gave before that is kept.
        if let (Err(error), false) = (decoded, compressed_cut) {
            return Err(format!("{argument}: not gzip: {error}"));
        }
    } else {
        xml = bytes;
    }
    let cut = compressed_cut || xml.len() > cap;
    xml.truncate(cap);
    Ok((xml, cut))
}

/// What one compared pair answers: every change with both verdicts, the robots asked and the
/// notes on what the sitemap bounds left out. Its structs list their fields in alphabetical
/// order, the JSON's key order since it was built as a `serde_json::Value` (whose map sorts
/// its keys): scripts and saved outputs see the same bytes.
#[derive(Serialize)]
struct DiffAnswer<'a> {
    changes: Vec<ChangeAnswer<'a>>,
    new: &'a str,
    notes: &'a [String],
    old: &'a str,
    robots: Vec<RobotAnswer<'a>>,
    urls_asked: usize,
    /// How many of the URLs asked the user gave (`--urls`, `--sitemap`, `--log`); the rest
    /// are probes made from the rules.
    urls_given: usize,
}

/// One robot's answer on one URL that changed.
#[derive(Serialize)]
struct ChangeAnswer<'a> {
    after: VerdictAnswer<'a>,
    before: VerdictAnswer<'a>,
    /// The user asked about this URL; false for a probe made from the rules.
    given: bool,
    purpose: &'a str,
    robot: &'a str,
    url: &'a str,
}

#[derive(Serialize)]
struct VerdictAnswer<'a> {
    allowed: bool,
    #[serde(flatten)]
    decided_by: DecidedBy<'a>,
}

/// What decided a verdict: a line of the file (numbered from 1), or the reason no line did.
#[derive(Serialize)]
#[serde(untagged)]
enum DecidedBy<'a> {
    Line {
        line: usize,
        text: Cow<'a, str>,
    },
    Reason {
        reason: &'static str,
    },
    /// The side's robots.txt request gave no file: the robot's treatment of the answer.
    AsFetched {
        as_fetched: String,
    },
}

#[derive(Serialize)]
struct RobotAnswer<'a> {
    dialect: &'static str,
    purpose: &'a str,
    token: &'a str,
}

impl<'a> DiffAnswer<'a> {
    fn new(
        old: &'a Side,
        new: &'a Side,
        comparison: &'a Comparison,
        given: &BTreeSet<String>,
        notes: &'a [String],
    ) -> DiffAnswer<'a> {
        let changes = comparison
            .changes
            .iter()
            .map(|change| {
                let robot = &comparison.robots[change.robot];
                ChangeAnswer {
                    after: VerdictAnswer::new(new, robot, &change.after),
                    before: VerdictAnswer::new(old, robot, &change.before),
                    given: given.contains(&*change.url),
                    purpose: &robot.purpose,
                    robot: &robot.token,
                    url: &change.url,
                }
            })
            .collect();
        let robots = comparison
            .robots
            .iter()
            .map(|robot| RobotAnswer { dialect: robot.dialect.name(), purpose: &robot.purpose, token: &robot.token })
            .collect();
        let urls_given = given.len();
        let urls_asked = comparison.urls_asked;
        DiffAnswer { changes, new: &new.name, notes, old: &old.name, robots, urls_asked, urls_given }
    }
}

impl<'a> VerdictAnswer<'a> {
    fn new(side: &'a Side, robot: &Robot, verdict: &Verdict) -> VerdictAnswer<'a> {
        let decided_by = match (&side.answered, verdict.reason.rule()) {
            (Some(answered), _) => DecidedBy::AsFetched { as_fetched: answered.note(robot.treatment(answered)) },
            (None, Some(rule)) => DecidedBy::Line { line: rule.line + 1, text: side.line_text(rule.line) },
            (None, None) => DecidedBy::Reason { reason: verdict.reason.describe() },
        };
        VerdictAnswer { allowed: verdict.allowed, decided_by }
    }
}

impl ChangeAnswer<'_> {
    /// A URL that was allowed and no longer is.
    fn blocks(&self) -> bool {
        self.before.allowed && !self.after.allowed
    }

    /// The change's cause as the reviewer reads it: the new line that now decides, or the
    /// old line that no longer does.
    fn cause(&self) -> String {
        match (&self.after.decided_by, &self.before.decided_by) {
            (DecidedBy::Line { line, text }, _) => format!("new line {line} `{text}`"),
            (DecidedBy::AsFetched { as_fetched }, _) => format!("the new robots.txt as fetched, {as_fetched}"),
            (DecidedBy::Reason { .. }, DecidedBy::Line { line, text }) => {
                format!("old line {line} `{text}` no longer applies")
            }
            (DecidedBy::Reason { .. }, DecidedBy::AsFetched { as_fetched }) => {
                format!("the old robots.txt as fetched, {as_fetched}, no longer applies")
            }
            (DecidedBy::Reason { .. }, DecidedBy::Reason { .. }) => "the groups that apply changed".to_string(),
        }
    }
}

/// The robots a group of changes affects, and the URLs: the user's, then the probes.
type Affected<'a> = (BTreeSet<&'a str>, BTreeSet<(bool, &'a str)>);

/// `2 URL(s)` when all are probes, else `3 of your URLs and 2 probes`: the user's questions
/// are the ones they came with, so they are counted apart.
fn url_count(given: usize, probes: usize) -> String {
    match (given, probes) {
        (0, probes) => format!("{probes} URL(s)"),
        (given, 0) => format!("{given} of your URL(s)"),
        (given, probes) => format!("{given} of your URL(s) and {probes} probe(s)"),
    }
}

impl Answer for DiffAnswer<'_> {
    /// `--against` compares several pairs in one run and prints an answer for each: each on
    /// one line (JSON Lines), so that a script can read them apart.
    const JSON_LAYOUT: JsonLayout = JsonLayout::Compact;

    /// The notes, a summary line, then the changes grouped by purpose, direction and cause,
    /// with a few robots and example URLs each.
    fn write_human(&self, out: &mut dyn Write, _color: bool) -> io::Result<()> {
        for note in self.notes {
            writeln!(out, "note: {note}")?;
        }
        let urls = counted(self.urls_asked, "URL", "URLs");
        let asked = match self.urls_given {
            0 => urls,
            given => {
                format!("{urls} ({given} yours, {})", counted(self.urls_asked.saturating_sub(given), "probe", "probes"))
            }
        };
        let robots = counted(self.robots.len(), "robot", "robots");
        write!(out, "{} → {}: {asked} asked of {robots}", self.old, self.new)?;
        if self.changes.is_empty() {
            return writeln!(out, ": no change");
        }
        let changes = match self.changes.len() {
            1 => "1 answer changes".to_string(),
            many => format!("{many} answers change"),
        };
        writeln!(out, ": {changes}")?;
        // (purpose, opens rather than blocks, cause) → the robots and the URLs.
        let mut groups: BTreeMap<(&str, bool, String), Affected<'_>> = BTreeMap::new();
        for change in &self.changes {
            let group = groups.entry((change.purpose, !change.blocks(), change.cause())).or_default();
            group.0.insert(change.robot);
            group.1.insert((!change.given, change.url));
        }
        for ((purpose, opens, cause), (robots, urls)) in &groups {
            let direction = if *opens { "opens" } else { "blocks" };
            let named: Vec<&str> = robots.iter().take(NAMED_ROBOTS).copied().collect();
            let more = robots.len().saturating_sub(NAMED_ROBOTS);
            let robots = if more > 0 { format!("{} and {more} more", named.join(", ")) } else { named.join(", ") };
            let given = urls.iter().filter(|(probe, _)| !probe).count();
            let count = url_count(given, urls.len() - given);
            writeln!(out, "{purpose} ({robots}): {direction} {count}, because of {cause}")?;
            // Every URL of the user's is listed; probes fill what room is left.
            let shown = given.max(EXAMPLES);
            for (_, url) in urls.iter().take(shown) {
                writeln!(out, "    {url}")?;
            }
            if urls.len() > shown {
                writeln!(out, "    … and {} more", urls.len() - shown)?;
            }
        }
        Ok(())
    }
}

/// Where a group of changes is shown: the new file's line that now decides, else the old
/// file's line that no longer does, else the new file as a whole.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Place {
    New(LineIndex),
    Old(LineIndex),
    NewFile,
}

impl Place {
    /// A side whose robots.txt gave no file has no line to show a change on.
    fn of(change: &Change, old: &Side, new: &Side) -> Place {
        fn rule_of<'v>(side: &Side, verdict: &'v Verdict) -> Option<&'v DecidingRule> {
            side.answered.is_none().then(|| verdict.reason.rule()).flatten()
        }
        match (rule_of(new, &change.after), rule_of(old, &change.before)) {
            (Some(rule), _) => Place::New(rule.line),
            (None, Some(rule)) => Place::Old(rule.line),
            (None, None) => Place::NewFile,
        }
    }
}

/// The changes grouped by where they are shown and whether they block, with whether any of
/// them meets the gate: what the github and sarif formats report one by one.
struct PlacedGroup<'a> {
    place: Place,
    blocks: bool,
    gated: bool,
    robots: BTreeSet<&'a str>,
    /// The user's URLs first (false sorts before true), then the probes.
    urls: BTreeSet<(bool, &'a str)>,
}

impl PlacedGroup<'_> {
    /// `2 URL(s) become disallowed for Bingbot, Googlebot (e.g. /products/)`, and the old
    /// line that no longer applies when the group is shown there.
    fn message(&self, old: &Side) -> String {
        let verb = if self.blocks { "become disallowed" } else { "become allowed" };
        let robots: Vec<&str> = self.robots.iter().copied().collect();
        let example = self.urls.iter().next().map_or("", |(_, url)| url);
        let given = self.urls.iter().filter(|(probe, _)| !probe).count();
        let count = url_count(given, self.urls.len() - given);
        let mut message = format!("{count} {verb} for {} (e.g. {example})", robots.join(", "));
        if let Place::Old(line) = self.place {
            message.push_str(&format!(": old line {} `{}` no longer applies", line + 1, old.line_text(line)));
        }
        message
    }

    /// A group that meets the gate is an error; otherwise a block warns and an opening informs.
    fn severity(&self) -> Severity {
        match (self.gated, self.blocks) {
            (true, _) => Severity::Error,
            (false, true) => Severity::Warning,
            (false, false) => Severity::Info,
        }
    }
}

fn placed_groups<'a>(
    old: &Side,
    new: &Side,
    comparison: &'a Comparison,
    given: &BTreeSet<String>,
    gate: Gate,
) -> Vec<PlacedGroup<'a>> {
    let mut groups: BTreeMap<(Place, bool), PlacedGroup<'_>> = BTreeMap::new();
    for change in &comparison.changes {
        let (place, blocks) = (Place::of(change, old, new), change.blocks());
        let group = groups.entry((place, blocks)).or_insert_with(|| PlacedGroup {
            place,
            blocks,
            gated: false,
            robots: BTreeSet::new(),
            urls: BTreeSet::new(),
        });
        group.gated |= gate.fires_on(change);
        group.robots.insert(&comparison.robots[change.robot].token);
        group.urls.insert((!given.contains(&*change.url), &change.url));
    }
    groups.into_values().collect()
}

/// The file a side names, as GitHub and code scanning know it: a git revision's copy by its
/// path in the repository.
fn file_name(side: &Side) -> &str {
    if looks_like_http_url(&side.name) {
        return &side.name;
    }
    side.name.rsplit_once(':').map_or(side.name.as_str(), |(_, path)| path)
}

/// One annotation per group: GitHub shows it on that line of the new file in the pull
/// request; a group the old file placed is annotated on the file, naming the old line.
fn github(
    old: &Side,
    new: &Side,
    comparison: &Comparison,
    given: &BTreeSet<String>,
    notes: &[String],
    gate: Gate,
) -> String {
    let file = github::escape_property(file_name(new));
    let mut out: String =
        notes.iter().map(|note| format!("::notice title=robolint diff::{}\n", github::escape_data(note))).collect();
    for group in placed_groups(old, new, comparison, given, gate) {
        let place = match group.place {
            Place::New(line) => format!("file={file},line={}", line + 1),
            Place::Old(_) | Place::NewFile => format!("file={file}"),
        };
        let (level, message) = (github::command(group.severity()), github::escape_data(&group.message(old)));
        out.push_str(&format!("::{level} {place},title=robolint diff::{message}\n"));
    }
    out
}

/// A SARIF log through the lint's renderer: each group becomes a finding on the file and
/// line it is placed on, `diff-blocks` or `diff-opens`.
fn sarif_log(
    out: &mut impl Write,
    old: &Side,
    new: &Side,
    comparison: &Comparison,
    given: &BTreeSet<String>,
    gate: Gate,
) -> io::Result<()> {
    let report =
        |side: &Side| Report { source: side.source.clone(), document: side.document.clone(), diagnostics: Vec::new() };
    let (mut old_report, mut new_report) = (report(old), report(new));
    let line_span =
        |side: &Side, line: LineIndex| side.document.lines.get(line).map_or(Span::new(0, 0), |line| line.span);
    for group in placed_groups(old, new, comparison, given, gate) {
        let (report, span) = match group.place {
            Place::New(line) => (&mut new_report, line_span(new, line)),
            Place::Old(line) => (&mut old_report, line_span(old, line)),
            Place::NewFile => (&mut new_report, Span::new(0, 0)),
        };
        let (code, name) = if group.blocks { ("diff-blocks", "blocks") } else { ("diff-opens", "opens") };
        report.diagnostics.push(Diagnostic::new(code, name, group.severity(), span, group.message(old)));
    }
    let mut log = sarif::Log::default();
    for (side, report) in [(new, &new_report), (old, &old_report)] {
        if !report.diagnostics.is_empty() {
            log.add(out, &Linted { name: file_name(side), report })?;
        }
    }
    log.finish(out)
}

/// `count` and the word for that many: "1 robot", "2 robots".
fn counted(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}
