//! `robolint audit FILE|URL`: the registry's robots by purpose, what each may fetch under the
//! file (all, some, none) and the group that decides, and what the file says about usage.

use std::borrow::Cow;
use std::io::{self, IsTerminal, Write};
use std::path::Path;

use clap::{Args, ValueEnum};
use serde::{Serialize, Serializer};

use robolint::agents::{Answered, FetchAnswer, Honours, Obeys, Purpose};
use robolint::audit::{Access, Audit, RobotAccess};
use robolint::diff::Side;
use robolint::model::Directive;

use robolint::text::{abbreviate, QUOTED_URL_CHARS};

use super::agents::RegistryArgs;
use super::output::{print, Answer, OutputFormat};
use super::CliError;
use super::ColorChoice;

/// Operators' names are cut to this many characters in the table (JSON has them whole).
const OPERATOR_WIDTH: usize = 24;
/// The JSON's `version`.
const JSON_VERSION: u32 = 1;
/// The table's columns; FETCH, the access, is the one coloured in each robot's row.
const COLUMNS: [&str; 7] = ["PURPOSE", "ROBOT", "OPERATOR", "FETCH", "DECIDED BY", "USAGE", "NOTE"];
const FETCH_COLUMN: usize = 3;
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

#[derive(Args)]
pub struct AuditArgs {
    /// The robots.txt to audit: a file, `-` for standard input, or an http(s) URL on the site.
    #[arg(value_name = "FILE|URL")]
    input: String,

    /// Only robots of these purposes (comma-separated): search, ai-training, ai-search,
    /// user-triggered, control, seo, archive, social-preview, library, other [default: all].
    #[arg(long, value_name = "P,Q", value_delimiter = ',', value_parser = str::parse::<Purpose>)]
    purpose: Vec<Purpose>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = AuditFormat::Human)]
    format: AuditFormat,

    /// When to colour the output (`auto` honours NO_COLOR and whether stdout is a terminal).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,

    #[command(flatten)]
    registry: RegistryArgs,
}

/// The output layer's two formats (`OutputFormat`), with help that says what audit prints
/// in each.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum AuditFormat {
    /// A table by purpose, then the usage preferences the file states.
    Human,
    /// `{"version": 1, "robots": [...], "preferences": [...]}`.
    Json,
}

/// `robolint audit`.
pub fn run_audit(args: &AuditArgs) -> Result<u8, CliError> {
    let side = super::diff::read_side(&args.input)?;
    let folder = Path::new(&args.input).parent().filter(|folder| folder.is_dir()).unwrap_or(Path::new("."));
    let registry = args.registry.registry(folder)?;
    let robots = Audit::current_robots(&registry, &args.purpose);
    let format = match args.format {
        AuditFormat::Human => OutputFormat::Human,
        AuditFormat::Json => OutputFormat::Json,
    };
    let color = args.color.enabled(io::stdout().is_terminal());
    match &side.answered {
        None => {
            let audit = Audit::new(&side.document, &side.source.text, &[]);
            let answers = audit.robots(&robots, |_| true);
            print(format, &AuditAnswer::new(&side, &audit, &answers), color)?;
        }
        // No file to read: each robot answers as it treats what the server said.
        Some(Answered { answer, said }) => {
            let answer = *answer;
            let answers = Audit::answered(&registry, &robots, answer);
            let as_fetched = format!("{said}; each robot answers as it treats that answer (`robolint agents`)");
            let rows = answers.iter().map(|robot| RobotAnswer::answered(robot, answer)).collect();
            let answer = AuditAnswer {
                as_fetched: Some(as_fetched),
                file: &side.name,
                paths_asked: 0,
                preferences: Vec::new(),
                robots: rows,
                version: JSON_VERSION,
            };
            print(format, &answer, color)?;
        }
    }
    Ok(0)
}

/// What `audit` answers: each robot's access and the group that decides, and the usage
/// preferences the file states. Its structs list their fields in alphabetical order, the
/// JSON's key order since it was built as a `serde_json::Value` (whose map sorts its keys):
/// scripts and saved outputs see the same bytes.
#[derive(Serialize)]
struct AuditAnswer<'a> {
    /// When the robots.txt URL gave no file: what answered, which decided for every robot.
    #[serde(skip_serializing_if = "Option::is_none")]
    as_fetched: Option<String>,
    file: &'a str,
    paths_asked: usize,
    preferences: Vec<PreferenceAnswer<'a>>,
    robots: Vec<RobotAnswer<'a>>,
    version: u32,
}

/// One robot of the registry reading the file.
#[derive(Serialize)]
struct RobotAnswer<'a> {
    access: Access,
    allowed_example: Option<ExampleAnswer<'a>>,
    dialect: &'static str,
    disallowed_example: Option<ExampleAnswer<'a>>,
    /// The User-agent lines of the groups it obeys, numbered from 1.
    group_lines: Vec<usize>,
    honours: Honours,
    #[serde(serialize_with = "obeys_name")]
    obeys: &'a Obeys,
    operator: &'a str,
    /// Its groups' `Content-Signal` and `Content-Usage` lines, numbered from 1.
    preference_lines: Vec<usize>,
    purpose: Purpose,
    token: &'a str,
    /// Those lines' values, which the table's USAGE column quotes. Not in the JSON, which
    /// gives the lines' numbers here and their text under `preferences`.
    #[serde(skip)]
    usage: Vec<&'a str>,
    /// When the robots.txt URL gave no file: the kind of answer that decided.
    #[serde(skip_serializing_if = "Option::is_none")]
    fetch_answer: Option<FetchAnswer>,
}

/// A URL asked and the robot's verdict on it: the deciding line (from 1), if any, and why.
#[derive(Serialize)]
struct ExampleAnswer<'a> {
    line: Option<usize>,
    /// A path as long as the file (2 MiB) is cut around `…`: every robot shows two.
    url: Cow<'a, str>,
    why: String,
}

/// A `Content-Signal` or `Content-Usage` line, with the User-agent values of its group.
#[derive(Serialize)]
struct PreferenceAnswer<'a> {
    group: String,
    line: usize,
    text: &'a str,
}

impl<'a> AuditAnswer<'a> {
    fn new(side: &'a Side, audit: &Audit<'_>, answers: &'a [RobotAccess<'_>]) -> AuditAnswer<'a> {
        AuditAnswer {
            as_fetched: None,
            file: &side.name,
            paths_asked: audit.urls().len(),
            preferences: preferences(side),
            robots: answers.iter().map(|robot| RobotAnswer::new(side, audit, robot)).collect(),
            version: JSON_VERSION,
        }
    }
}

impl<'a> RobotAnswer<'a> {
    fn new(side: &'a Side, audit: &Audit<'_>, robot: &'a RobotAccess<'_>) -> RobotAnswer<'a> {
        let example = |answer: &'a Option<robolint::audit::Answer>| {
            answer.as_ref().map(|answer| ExampleAnswer {
                line: answer.verdict.reason.rule().map(|rule| rule.line + 1),
                url: abbreviate(&answer.url, QUOTED_URL_CHARS),
                why: audit.explain(robot, answer),
            })
        };
        let usage = robot
            .preferences
            .iter()
            .filter_map(|&line| side.document.lines[line].field())
            .map(|field| field.value.text(&side.source.text))
            .collect();
        RobotAnswer {
            access: robot.access,
            allowed_example: example(&robot.first_allowed),
            dialect: robot.agent.dialect.name(),
            disallowed_example: example(&robot.first_disallowed),
            group_lines: robot.agent_lines.iter().map(|line| line + 1).collect(),
            honours: robot.agent.honours,
            obeys: &robot.obeys,
            operator: &robot.agent.operator,
            preference_lines: robot.preferences.iter().map(|line| line + 1).collect(),
            purpose: robot.agent.purpose,
            token: &robot.agent.token,
            usage,
            fetch_answer: None,
        }
    }

    /// A robot whose access the answer to the robots.txt request decided.
    fn answered(robot: &'a RobotAccess<'_>, answer: FetchAnswer) -> RobotAnswer<'a> {
        RobotAnswer {
            access: robot.access,
            allowed_example: None,
            dialect: robot.agent.dialect.name(),
            disallowed_example: None,
            group_lines: Vec::new(),
            honours: robot.agent.honours,
            obeys: &robot.obeys,
            operator: &robot.agent.operator,
            preference_lines: Vec::new(),
            purpose: robot.agent.purpose,
            token: &robot.agent.token,
            usage: Vec::new(),
            fetch_answer: Some(answer),
        }
    }

    /// "own group (line 3)", "`*` (line 7)", "Googlebot's group (line 2)", "no group".
    fn decided_by(&self) -> String {
        if let Some(answer) = self.fetch_answer {
            return format!("the {} answer", answer.name());
        }
        match (self.obeys, self.group_lines.first()) {
            (Obeys::OwnGroup, Some(line)) => format!("own group (line {line})"),
            (Obeys::Fallback(token), Some(line)) => format!("{token}'s group (line {line})"),
            (Obeys::Star, Some(line)) => format!("`*` (line {line})"),
            _ => "no group".to_string(),
        }
    }

    /// What the registry says that changes how far the answer holds.
    fn caveat(&self) -> &'static str {
        match (self.honours, self.purpose) {
            (_, Purpose::Control) => "no crawler: carries a usage preference",
            (Honours::No, _) => "does not obey robots.txt",
            (Honours::UserTriggered, _) => "fetches for a person; robots.txt may not apply",
            (Honours::Unknown, _) => "not known to obey robots.txt",
            (Honours::Yes, _) => "",
        }
    }

    /// The robot's cells, in the order of [`COLUMNS`].
    fn cells(&self) -> [String; 7] {
        [
            self.purpose.to_string(),
            self.token.to_string(),
            abbreviate(self.operator, OPERATOR_WIDTH).into_owned(),
            self.access.as_str().to_string(),
            self.decided_by(),
            self.usage.join("; "),
            self.caveat().to_string(),
        ]
    }
}

/// How the JSON names the group a robot obeys: `own-group`, `fallback:TOKEN`, `star`, `no-group`.
fn obeys_name<S: Serializer>(obeys: &&Obeys, serializer: S) -> Result<S::Ok, S::Error> {
    match obeys {
        Obeys::OwnGroup => serializer.serialize_str("own-group"),
        Obeys::Fallback(token) => serializer.collect_str(&format_args!("fallback:{token}")),
        Obeys::Star => serializer.serialize_str("star"),
        Obeys::NoGroup => serializer.serialize_str("no-group"),
    }
}

/// The colour of an access in the table: all green, some yellow, none red.
fn access_style(access: Access) -> &'static str {
    match access {
        Access::All => "\x1b[32m",
        Access::Some => "\x1b[33m",
        Access::None => "\x1b[31m",
    }
}

/// One row of the table: each cell (in its style, when colouring and it has one) padded to
/// its column's width and two spaces, the line's trailing blanks trimmed.
fn write_row<'c>(
    out: &mut dyn Write,
    widths: &[usize; COLUMNS.len()],
    cells: impl IntoIterator<Item = (&'c str, &'c str)>,
    color: bool,
) -> io::Result<()> {
    let mut line = String::new();
    for (column, (cell, style)) in cells.into_iter().enumerate() {
        if color && !style.is_empty() {
            line.push_str(&format!("{style}{cell}{RESET}"));
        } else {
            line.push_str(cell);
        }
        if column + 1 < widths.len() {
            line.push_str(&" ".repeat(widths[column] + 2 - cell.chars().count()));
        }
    }
    writeln!(out, "{}", line.trim_end())
}

impl Answer for AuditAnswer<'_> {
    /// A summary line, the table by purpose, then the usage preferences the file states.
    fn write_human(&self, out: &mut dyn Write, color: bool) -> io::Result<()> {
        let count = |access: Access| self.robots.iter().filter(|robot| robot.access == access).count();
        if let Some(note) = &self.as_fetched {
            writeln!(out, "as fetched: {note}")?;
        }
        writeln!(
            out,
            "{}: of {} robots, {} may fetch all, {} some, {} none of the {} paths asked\n",
            self.file,
            self.robots.len(),
            count(Access::All),
            count(Access::Some),
            count(Access::None),
            self.paths_asked
        )?;
        let rows: Vec<[String; 7]> = self.robots.iter().map(RobotAnswer::cells).collect();
        let mut widths = COLUMNS.map(str::len);
        for row in &rows {
            for (width, cell) in widths.iter_mut().zip(row) {
                *width = (*width).max(cell.chars().count());
            }
        }
        write_row(out, &widths, COLUMNS.map(|title| (title, BOLD)), color)?;
        for (robot, row) in self.robots.iter().zip(&rows) {
            let style = |column| if column == FETCH_COLUMN { access_style(robot.access) } else { "" };
            write_row(
                out,
                &widths,
                row.iter().enumerate().map(|(column, cell)| (cell.as_str(), style(column))),
                color,
            )?;
        }
        if !self.preferences.is_empty() {
            writeln!(out, "\nUsage preferences in the file:")?;
            for preference in &self.preferences {
                writeln!(out, "  line {} `{}`, for {}", preference.line, preference.text, preference.group)?;
            }
        }
        Ok(())
    }
}

/// Every `Content-Signal` and `Content-Usage` line, with the User-agent values of its group.
fn preferences(side: &Side) -> Vec<PreferenceAnswer<'_>> {
    let document = &side.document;
    document
        .records
        .iter()
        .flat_map(|record| {
            let agents: Vec<&str> = record
                .agents
                .iter()
                .filter_map(|&line| document.lines[line].field())
                .map(|field| field.value.text(&side.source.text))
                .collect();
            let group = if agents.is_empty() { "no group".to_string() } else { agents.join(", ") };
            record
                .extensions
                .iter()
                .filter(|&&line| document.lines[line].directive().is_some_and(Directive::is_usage_preference))
                .map(move |&line| PreferenceAnswer {
                    group: group.clone(),
                    line: line + 1,
                    text: document.lines[line].span.text(&side.source.text).trim_end(),
                })
        })
        .collect()
}
