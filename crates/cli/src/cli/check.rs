//! `robolint check`: what a robot may fetch under each dialect, and the line that decided,
//! for people (text) and scripts (JSON). The file reading and URL lists `robolint matrix`
//! shares live here too.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use serde::Serialize;

use robolint::agents::{Agent, Answered, Obeys, Registry, RobotMatcher, Treatment};
use robolint::dialect::{Dialect, Matcher, Reason, Verdict};
use robolint::render;
use robolint::text::{abbreviate, QUOTED_LINE_CHARS, QUOTED_URL_CHARS};
use robolint::{parse, Report, Source};

use super::agents::RegistryArgs;
use super::output::{JsonArray, OutputFormat};
use super::CliError;

const EXIT_ALL_ALLOWED: u8 = 0;
const EXIT_SOME_DISALLOWED: u8 = 1;

#[derive(Args)]
pub struct CheckArgs {
    /// The robots.txt to read: a file, `-` for standard input, or an http(s) URL on the site
    /// (a robots.txt request that gives no file is answered as each robot treats it).
    #[arg(value_name = "FILE|URL", required_unless_present = "files_from")]
    file: Option<PathBuf>,

    /// Check every robots.txt this file lists, a file or URL a line (`-` reads the list from
    /// standard input), in one process: the answers stream file by file, each file's headed
    /// by `==> FILE <==` (in JSON, each answer names its `file`). Every positional argument
    /// is then a URL or path to check.
    #[arg(long, value_name = "LIST")]
    files_from: Option<PathBuf>,

    /// The robot: its name or its User-agent header (`FigTree/0.1` is the robot `figtree`).
    #[arg(long, value_name = "NAME")]
    agent: String,

    /// norobots-1994, draft-1996, rfc9309, google, python-robotparser, or all [default: as the robot reads the
    /// file when the registry knows it (`robolint agents`), then all five].
    #[arg(long, value_name = "D", value_parser = parse_dialects)]
    dialect: Option<Dialects>,

    #[command(flatten)]
    registry: RegistryArgs,

    /// Output format: each URL, then a line per dialect (allowed or disallowed, and why), or
    /// an array of `{url, dialect, allowed, decided_by: {line, text, pattern}}` objects, or
    /// `{url, dialect, allowed, reason}` where no line decided.
    #[arg(long, value_enum, default_value_t = OutputFormat::Human)]
    format: OutputFormat,

    /// A file of URLs or paths to check, one a line (blank lines and `#` lines are skipped).
    #[arg(long, value_name = "FILE")]
    urls: Option<PathBuf>,

    /// URLs (`https://example.com/a?b`) or paths (`/a?b`) to check.
    #[arg(value_name = "URL|PATH")]
    targets: Vec<String>,
}

/// The dialects a command answers for.
#[derive(Clone)]
pub(super) struct Dialects(Vec<Dialect>);

impl Dialects {
    /// The dialects asked for; all four when none were named.
    pub(super) fn or_all(dialects: &Option<Dialects>) -> &[Dialect] {
        dialects.as_ref().map_or(&Dialect::ALL, |dialects| &dialects.0)
    }
}

pub(super) fn parse_dialects(text: &str) -> Result<Dialects, String> {
    if text.eq_ignore_ascii_case("all") {
        return Ok(Dialects(Dialect::ALL.to_vec()));
    }
    text.parse::<Dialect>().map(|dialect| Dialects(vec![dialect])).map_err(|error| format!("{error}, or all"))
}

/// A robots.txt, parsed once, with what rendering line numbers needs; for a URL whose
/// request gave no file, the answer, which each robot treats its own way.
pub(super) struct Robots {
    pub(super) report: Report,
    pub(super) answered: Option<Answered>,
}

impl Robots {
    /// A file, standard input (`-`) or a URL, read as `diff` and `audit` read them.
    pub(super) fn read(path: &Path) -> Result<Robots, String> {
        if let Some(url) = path.to_str().filter(|path| robolint::fetch::looks_like_http_url(path)) {
            let side = super::diff::read_side(url)?;
            let report = Report { source: side.source, document: side.document, diagnostics: Vec::new() };
            return Ok(Robots { report, answered: side.answered });
        }
        let source: Source = super::inputs::read_source(path)?;
        let document = parse::parse_for_answers(&source);
        Ok(Robots { report: Report { source, document, diagnostics: Vec::new() }, answered: None })
    }

    /// How `agent` reads the file in `dialect`; where the request gave no file, as robots of
    /// that dialect treat the answer.
    pub(super) fn matcher(&self, registry: &Registry, agent: &str, dialect: Dialect) -> Matcher {
        match self.treatment(|answer| registry.reading_treatment(dialect, answer)) {
            Some(treatment) => treatment.matcher(agent, dialect),
            None => Matcher::new(&self.report.document, &self.report.source.text, agent, dialect),
        }
    }

    /// How a robot of the registry reads the file; where the request gave no file, as it
    /// treats the answer.
    pub(super) fn robot_matcher(&self, registry: &Registry, agent: &Agent) -> RobotMatcher {
        match self.treatment(|answer| registry.treatment(agent, answer)) {
            Some(treatment) => RobotMatcher {
                matcher: treatment.matcher(&agent.token, agent.matching_dialect()),
                obeys: Obeys::NoGroup,
            },
            None => agent.matcher(&self.report.document, &self.report.source.text),
        }
    }

    /// What decides instead of the file when the request gave none: the treatment `treats`
    /// gives the answer.
    fn treatment(&self, treats: impl FnOnce(robolint::agents::FetchAnswer) -> Treatment) -> Option<Treatment> {
        self.answered.as_ref().map(|answered| treats(answered.answer))
    }

    /// The note of an answer the treatment decided, when the request gave no file.
    fn answered_note(&self, treats: impl FnOnce(robolint::agents::FetchAnswer) -> Treatment) -> Option<String> {
        let answered = self.answered.as_ref()?;
        Some(answered.note(treats(answered.answer)))
    }

    /// Where the robot's group is, for people: `line 4 `User-agent: Googlebot`, Googlebot's
    /// group (it has none of its own)`.
    fn describe_group(&self, robot: &RobotMatcher) -> String {
        let lines: Vec<String> = robot
            .matcher
            .agent_lines()
            .iter()
            .map(|&line| format!("line {} `{}`", self.line_number(line), self.line_text(line)))
            .collect();
        let lines = lines.join(", ");
        match &robot.obeys {
            Obeys::OwnGroup => format!("its group: {lines}"),
            Obeys::Fallback(token) => format!("no group names it, so {token}'s: {lines}"),
            Obeys::Star => format!("no group names it, so `*`: {lines}"),
            Obeys::NoGroup => "no group applies to it".to_string(),
        }
    }

    /// The 1-based line number of a line.
    fn line_number(&self, line: usize) -> usize {
        let start = self.report.document.lines.get(line).map_or(0, |line| line.span.start());
        render::position(&self.report, start).line
    }

    fn value_text(&self, line: usize) -> &str {
        let field = self.report.document.lines.get(line).and_then(|line| line.field());
        field.map_or("", |field| field.value.text(&self.report.source.text))
    }

    fn line_text(&self, line: usize) -> Cow<'_, str> {
        let text = self.report.document.lines.get(line).map_or("", |line| line.span.text(&self.report.source.text));
        abbreviate(text.trim(), QUOTED_LINE_CHARS)
    }
}

/// The URLs of the command line and of `--urls`, each checked to be a URL or a path unless
/// `any_target` (Google's matcher, which takes the path of anything, is asked).
pub(super) fn read_targets(
    listed: &[String],
    urls_file: Option<&Path>,
    any_target: bool,
) -> Result<Vec<String>, String> {
    let mut targets = listed.to_vec();
    if let Some(path) = urls_file {
        let text = std::fs::read_to_string(path).map_err(|error| format!("{}: {error}", path.display()))?;
        let lines = text.lines().map(str::trim).filter(|line| !line.is_empty() && !line.starts_with('#'));
        targets.extend(lines.map(str::to_string));
    }
    if targets.is_empty() {
        return Err("no URL to check: give URLs or paths, or --urls FILE".into());
    }
    let not_a_url = |target: &&String| robolint::dialect::path_and_query(target).is_none();
    if let Some(bad) = targets.iter().find(not_a_url).filter(|_| !any_target) {
        return Err(format!("`{bad}` is neither a URL (https://host/path) nor a path starting with `/`"));
    }
    Ok(targets)
}

/// The folder whose robolint.toml applies to `file` (the current one for standard input
/// and URLs).
pub(super) fn folder_of(file: &Path) -> &Path {
    file.parent().filter(|folder| !folder.as_os_str().is_empty() && folder.is_dir()).unwrap_or(Path::new("."))
}

/// One column of answers: a dialect, or a robot of the registry reading the file its way.
struct Reader {
    label: String,
    matcher: Matcher,
    /// For a robot of the registry, which group it obeys.
    robot: Option<RobotMatcher>,
    /// What the robot does beyond its parser that changed the answer: its file-size limit,
    /// or its treatment of an answer that was no file (which then decided alone).
    as_fetched: Option<String>,
    /// For a robot of the registry, how it reads the file, in a few words (empty for a dialect).
    reading: String,
}

impl Reader {
    fn dialect(robots: &Robots, registry: &Registry, agent: &str, dialect: Dialect) -> Reader {
        Reader {
            label: dialect.name().to_string(),
            matcher: robots.matcher(registry, agent, dialect),
            robot: None,
            as_fetched: robots.answered_note(|answer| registry.reading_treatment(dialect, answer)),
            reading: String::new(),
        }
    }

    fn robot(robots: &Robots, registry: &Registry, agent: &Agent) -> Reader {
        let robot = robots.robot_matcher(registry, agent);
        let text = &robots.report.source.text;
        let as_fetched = robots.answered_note(|answer| registry.treatment(agent, answer)).or_else(|| {
            let cut = agent.cut_at(text)?;
            Some(format!("it reads only the first {cut} bytes of the {} (its documented limit)", text.len()))
        });
        let reading = agent.reading_words();
        Reader {
            label: agent.token.to_string(),
            matcher: robot.matcher.clone(),
            robot: Some(robot),
            as_fetched,
            reading,
        }
    }
}

fn check_agent(agent: &str) -> Result<(), String> {
    if agent.trim().is_empty() {
        return Err("--agent: give the robot's name, such as googlebot".into());
    }
    Ok(())
}

/// `robolint check`: exit 0 when every URL is allowed, 1 when one is not, as the robot asked
/// about reads the file when the registry knows it and no `--dialect` is given (the
/// dialects' answers are shown too), else under every dialect asked. Google's matcher answers any agent and URL (an empty one, `Foo Bar`, a host
/// without scheme), so when it is asked nothing is refused, and the other dialects answer
/// as their matchers do (an empty name names no robot; a URL that is not one is compared
/// as given).
pub fn run_check(args: &CheckArgs) -> Result<u8, CliError> {
    let google_asked = args.dialect.as_ref().is_none_or(|dialects| dialects.0.contains(&Dialect::Google));
    if !google_asked {
        check_agent(&args.agent)?;
    }
    let (files, listed): (Box<dyn Iterator<Item = Result<PathBuf, String>>>, Vec<String>) = match &args.files_from {
        Some(list) => {
            // With a list of files, every positional argument is a URL to check.
            let listed = args.file.iter().map(|first| first.to_string_lossy().into_owned());
            (listed_files(list)?, listed.chain(args.targets.iter().cloned()).collect())
        }
        None => (Box::new(args.file.clone().map(Ok).into_iter()), args.targets.clone()),
    };
    let targets = read_targets(&listed, args.urls.as_deref(), google_asked)?;
    // Answers are written as they come, so a batch of a million URLs or files needs no more
    // memory than one: check streams its answers rather than building one value for
    // output::print.
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut answers = Answers::open(&mut out, args.format).map_err(super::cannot_write)?;
    let mut registries = Registries::new(&args.registry);
    let mut unreadable = Unreadable::default();
    for file in files {
        let file = file?;
        let named = args.files_from.as_ref().map(|_| file.as_path());
        let robots = match named {
            Some(_) => match unreadable.read(&file) {
                Some(robots) => robots,
                None => continue,
            },
            None => Robots::read(&file)?,
        };
        let registry = registries.for_file(&file)?;
        let readers = readers(args, &robots, registry);
        answers.of_file(&mut out, named, &robots, &readers, &targets).map_err(super::cannot_write)?;
    }
    let all_allowed = answers.all_allowed;
    answers.close(&mut out).map_err(super::cannot_write)?;
    unreadable.into_result()?;
    Ok(exit_status(all_allowed))
}

/// The registries of a run over many files, read once per folder (a robolint.toml's
/// `[[agent]]` tables add to the built-in one).
pub(super) struct Registries<'a> {
    args: &'a RegistryArgs,
    read: HashMap<PathBuf, Cow<'static, Registry>>,
}

impl<'a> Registries<'a> {
    pub(super) fn new(args: &'a RegistryArgs) -> Registries<'a> {
        Registries { args, read: HashMap::new() }
    }

    /// The registry that applies to `file`.
    pub(super) fn for_file(&mut self, file: &Path) -> Result<&Registry, String> {
        let folder = folder_of(file);
        if !self.read.contains_key(folder) {
            self.read.insert(folder.to_path_buf(), self.args.registry(folder)?);
        }
        let read: Option<&Registry> = self.read.get(folder).map(|registry| registry.as_ref());
        Ok(read.unwrap_or_else(|| Registry::builtin()))
    }
}

/// The files of a `--files-from` list that could not be read: each is named on standard
/// error as it comes and the others answered; the run then fails.
#[derive(Default)]
pub(super) struct Unreadable(usize);

impl Unreadable {
    /// `file` read, or `None` once its error is told.
    pub(super) fn read(&mut self, file: &Path) -> Option<Robots> {
        Robots::read(file)
            .inspect_err(|error| {
                super::to_stderr(format_args!("robolint: {error}"));
                self.0 += 1;
            })
            .ok()
    }

    /// The run's error when a file could not be read.
    pub(super) fn into_result(self) -> Result<(), String> {
        match self.0 {
            0 => Ok(()),
            count => Err(format!("{count} listed file(s) could not be read")),
        }
    }
}

/// The files `--files-from` lists, read as they are needed (blank lines skipped).
pub(super) fn listed_files(list: &Path) -> Result<Box<dyn Iterator<Item = Result<PathBuf, String>>>, String> {
    let reader: Box<dyn BufRead> = if list == Path::new("-") {
        Box::new(io::stdin().lock())
    } else {
        Box::new(io::BufReader::new(std::fs::File::open(list).map_err(|error| format!("{}: {error}", list.display()))?))
    };
    let files = reader.lines().filter_map(|line| match line {
        Ok(line) if line.trim().is_empty() => None,
        Ok(line) => Some(Ok(PathBuf::from(line.trim()))),
        Err(error) => Some(Err(format!("--files-from: {error}"))),
    });
    Ok(Box::new(files))
}

/// Who answers for the robot asked about: its own reading when the registry knows it,
/// then each dialect asked.
fn readers(args: &CheckArgs, robots: &Robots, registry: &Registry) -> (Vec<Reader>, usize) {
    let known = own_reading(registry, &args.agent, &args.dialect);
    let own_reading = known.map(|agent| Reader::robot(robots, registry, agent));
    let dialects =
        Dialects::or_all(&args.dialect).iter().map(|&dialect| Reader::dialect(robots, registry, &args.agent, dialect));
    let readers: Vec<Reader> = own_reading.into_iter().chain(dialects).collect();
    // The robot's own reading, when there is one, is the answer scripts gate on.
    let deciding = if known.is_some() { 1 } else { readers.len() };
    (readers, deciding)
}

/// `check`'s output as it is written, file after file.
struct Answers {
    format: OutputFormat,
    /// The JSON array the answers are elements of, in that format.
    array: Option<JsonArray>,
    all_allowed: bool,
}

impl Answers {
    fn open(out: &mut impl Write, format: OutputFormat) -> io::Result<Answers> {
        let array = match format {
            OutputFormat::Json => Some(JsonArray::open(out)?),
            OutputFormat::Human => None,
        };
        Ok(Answers { format, array, all_allowed: true })
    }

    /// The answers of one file's readers for every target; `named` is the file's name when
    /// the run answers for a list of files.
    fn of_file(
        &mut self,
        out: &mut impl Write,
        named: Option<&Path>,
        robots: &Robots,
        (readers, deciding): &(Vec<Reader>, usize),
        targets: &[String],
    ) -> io::Result<()> {
        let label_width = readers.iter().map(|reader| reader.label.chars().count()).max().unwrap_or(0).max(14);
        if let (Some(file), OutputFormat::Human) = (named, self.format) {
            writeln!(out, "==> {} <==", file.display())?;
        }
        let file = named.map(|file| file.to_string_lossy());
        for target in targets {
            if self.format == OutputFormat::Human {
                writeln!(out, "{target}")?;
            }
            for (position, reader) in readers.iter().enumerate() {
                let verdict = reader.matcher.allowed(target);
                if position < *deciding {
                    self.all_allowed &= verdict.allowed;
                }
                match &mut self.array {
                    Some(array) => {
                        array.element(out, &json_answer(file.as_deref(), robots, target, reader, &verdict))?
                    }
                    None => human_answer(out, robots, reader, label_width, &verdict)?,
                }
            }
        }
        Ok(())
    }

    fn close(self, out: &mut impl Write) -> io::Result<()> {
        if let Some(array) = self.array {
            array.close(out)?;
        }
        out.flush()
    }
}

/// The robot of the registry whose own reading answers for `agent`, which `check` and
/// `matrix` exit on: the registry knows it and no `--dialect` was given. Otherwise every
/// dialect asked answers for it.
pub(super) fn own_reading<'r>(registry: &'r Registry, agent: &str, dialects: &Option<Dialects>) -> Option<&'r Agent> {
    registry.find(agent).filter(|_| dialects.is_none())
}

/// `check`'s and `matrix`'s exit status: 0 when the robots asked about may fetch every URL
/// as the answers they exit on say, 1 when one may not.
pub(super) fn exit_status(all_allowed: bool) -> u8 {
    if all_allowed {
        EXIT_ALL_ALLOWED
    } else {
        EXIT_SOME_DISALLOWED
    }
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
        let _ = write!(described, " (as {})", abbreviate(&rule.pattern, QUOTED_URL_CHARS));
    }
    described
}

fn human_answer(
    out: &mut impl Write,
    robots: &Robots,
    reader: &Reader,
    label_width: usize,
    verdict: &Verdict,
) -> io::Result<()> {
    // Where the request gave no file, the robot's treatment of the answer decided alone.
    let mut why = match robots.answered {
        Some(_) => String::new(),
        None => describe(robots, &verdict.reason),
    };
    if let Some(robot) = reader.robot.as_ref().filter(|_| robots.answered.is_none()) {
        let _ = write!(why, " (as {}; {})", reader.reading, robots.describe_group(robot));
    }
    if let Some(note) = &reader.as_fetched {
        let _ = write!(why, " [as fetched: {note}]");
    }
    let why = why.trim_start();
    writeln!(out, "  {:<label_width$} {:<11} {why}", reader.label, allowed_word(verdict.allowed))
}

/// One answer of `check --format json`, its fields in this order.
#[derive(Serialize)]
struct JsonAnswer<'a> {
    /// The robots.txt answered for, when `--files-from` lists several.
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    url: &'a str,
    /// For a robot of the registry reading the file its way: its token.
    #[serde(skip_serializing_if = "Option::is_none")]
    robot: Option<&'a str>,
    dialect: &'static str,
    allowed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    decided_by: Option<DecidedBy<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    group: Option<JsonGroup<'a>>,
    /// What the robot does beyond its parser that changed the answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    as_fetched: Option<&'a str>,
}

/// The group a robot of the registry obeys.
#[derive(Serialize)]
struct JsonGroup<'a> {
    /// `own`, `fallback`, `star` or `none`.
    obeys: &'static str,
    /// The fallback token whose group it obeys.
    #[serde(skip_serializing_if = "Option::is_none")]
    via: Option<&'a str>,
    /// The group's User-agent lines (1-based).
    lines: Vec<usize>,
}

#[derive(Serialize)]
struct DecidedBy<'a> {
    line: usize,
    text: Cow<'a, str>,
    pattern: Cow<'a, str>,
}

/// One answer of `check --format json`.
fn json_answer<'a>(
    file: Option<&'a str>,
    robots: &'a Robots,
    url: &'a str,
    reader: &'a Reader,
    verdict: &'a Verdict,
) -> JsonAnswer<'a> {
    // Where the request gave no file, no line or group decided: the note says what did.
    let from_file = robots.answered.is_none();
    let rule = verdict.reason.rule().filter(|_| from_file);
    let group = reader.robot.as_ref().filter(|_| from_file).map(|robot| JsonGroup {
        obeys: match robot.obeys {
            Obeys::OwnGroup => "own",
            Obeys::Fallback(_) => "fallback",
            Obeys::Star => "star",
            Obeys::NoGroup => "none",
        },
        via: match &robot.obeys {
            Obeys::Fallback(token) => Some(token),
            _ => None,
        },
        lines: robot.matcher.agent_lines().iter().map(|&line| robots.line_number(line)).collect(),
    });
    JsonAnswer {
        file,
        url,
        robot: reader.robot.as_ref().map(|_| reader.label.as_str()),
        dialect: reader.matcher.dialect().name(),
        allowed: verdict.allowed,
        decided_by: rule.map(|rule| DecidedBy {
            line: robots.line_number(rule.line),
            text: robots.line_text(rule.line),
            pattern: abbreviate(&rule.pattern, QUOTED_URL_CHARS),
        }),
        reason: (from_file && rule.is_none()).then(|| verdict.reason.describe()),
        group,
        as_fetched: reader.as_fetched.as_deref(),
    }
}
