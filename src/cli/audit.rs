//! `robolint audit FILE|URL`: the registry's robots by purpose, what each may fetch under the
//! file (all, some, none) and the group that decides, and what the file says about usage.

use std::io::{self, Write};
use std::path::Path;

use clap::{Args, ValueEnum};
use serde_json::{json, Value};

use robolint::agents::{Honours, Obeys, Purpose};
use robolint::audit::{Access, Answer, Audit, RobotAccess};
use robolint::diff::Side;
use robolint::model::Directive;

use robolint::text::abbreviate;

use super::agents::RegistryArgs;
use super::ColorChoice;

/// Operators' names are cut to this many characters in the table (JSON has them whole).
const OPERATOR_WIDTH: usize = 24;

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

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum AuditFormat {
    /// A table by purpose, then the usage preferences the file states.
    Human,
    /// `{"version": 1, "robots": [...], "preferences": [...]}`.
    Json,
}

/// `robolint audit`.
pub fn run_audit(args: &AuditArgs) -> Result<u8, String> {
    let side = super::diff::read_side(&args.input)?;
    let folder = Path::new(&args.input).parent().filter(|folder| folder.is_dir()).unwrap_or(Path::new("."));
    let registry = args.registry.registry(folder)?;
    let text = &side.source.text;
    let audit = Audit::new(&side.document, text, &[]);
    let robots = Audit::current_robots(&registry, &args.purpose);
    let answers = audit.robots(&robots, |_| true);
    let output = match args.format {
        AuditFormat::Human => {
            let color = args.color.enabled(std::io::IsTerminal::is_terminal(&io::stdout()));
            human(&side, &audit, &answers, color)
        }
        AuditFormat::Json => {
            let document = json_document(&side, &audit, &answers);
            serde_json::to_string_pretty(&document).map_err(|error| format!("cannot write JSON: {error}"))? + "\n"
        }
    };
    io::stdout().lock().write_all(output.as_bytes()).map_err(|error| format!("cannot write output: {error}"))?;
    Ok(0)
}

/// "own group (line 3)", "`*` (line 7)", "Googlebot's group (line 2)", "no group".
fn decided_by(robot: &RobotAccess<'_>) -> String {
    let line = robot.agent_lines.first().map(|line| line + 1);
    match (&robot.obeys, line) {
        (Obeys::OwnGroup, Some(line)) => format!("own group (line {line})"),
        (Obeys::Fallback(token), Some(line)) => format!("{token}'s group (line {line})"),
        (Obeys::Star, Some(line)) => format!("`*` (line {line})"),
        _ => "no group".to_string(),
    }
}

/// What the registry says that changes how far the answer holds.
fn caveat(robot: &RobotAccess<'_>) -> &'static str {
    match (robot.agent.honours, robot.agent.purpose) {
        (_, Purpose::Control) => "no crawler: carries a usage preference",
        (Honours::No, _) => "does not obey robots.txt",
        (Honours::UserTriggered, _) => "fetches for a person; robots.txt may not apply",
        (Honours::Unknown, _) => "not known to obey robots.txt",
        (Honours::Yes, _) => "",
    }
}

fn line_text(side: &Side, line: usize) -> &str {
    side.document.lines[line].span.text(&side.source.text).trim_end()
}

fn human(side: &Side, audit: &Audit<'_>, answers: &[RobotAccess<'_>], color: bool) -> String {
    let count = |access: Access| answers.iter().filter(|robot| robot.access == access).count();
    let mut out = format!(
        "{}: of {} robots, {} may fetch all, {} some, {} none of the {} paths asked\n\n",
        side.name,
        answers.len(),
        count(Access::All),
        count(Access::Some),
        count(Access::None),
        audit.urls().len()
    );
    let header = ["PURPOSE", "ROBOT", "OPERATOR", "FETCH", "DECIDED BY", "USAGE", "NOTE"];
    let rows: Vec<[String; 7]> = answers
        .iter()
        .map(|robot| {
            let usage: Vec<&str> = robot
                .preferences
                .iter()
                .filter_map(|&line| side.document.lines[line].field())
                .map(|field| field.value.text(&side.source.text))
                .collect();
            [
                robot.agent.purpose.to_string(),
                robot.agent.token.clone(),
                abbreviate(&robot.agent.operator, OPERATOR_WIDTH).into_owned(),
                robot.access.as_str().to_string(),
                decided_by(robot),
                usage.join("; "),
                caveat(robot).to_string(),
            ]
        })
        .collect();
    let mut widths = header.map(str::len);
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let mut push_row = |cells: Vec<(String, &str)>| {
        let last = cells.len() - 1;
        let mut line = String::new();
        for (column, (cell, style)) in cells.into_iter().enumerate() {
            let padding = if column == last { 0 } else { widths[column] + 2 - cell.chars().count() };
            if color && !style.is_empty() {
                line.push_str(&format!("{style}{cell}\x1b[0m"));
            } else {
                line.push_str(&cell);
            }
            line.push_str(&" ".repeat(padding));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    };
    push_row(header.iter().map(|title| (title.to_string(), "\x1b[1m")).collect());
    for row in rows {
        let style = match row[3].as_str() {
            "all" => "\x1b[32m",
            "some" => "\x1b[33m",
            _ => "\x1b[31m",
        };
        push_row(
            row.into_iter().enumerate().map(|(column, cell)| (cell, if column == 3 { style } else { "" })).collect(),
        );
    }
    let preferences = preference_lines(side);
    if !preferences.is_empty() {
        out.push_str("\nUsage preferences in the file:\n");
        for (line, group) in preferences {
            out.push_str(&format!("  line {} `{}`, for {}\n", line + 1, line_text(side, line), group));
        }
    }
    out
}

/// Every `Content-Signal` and `Content-Usage` line, with the User-agent values of its group.
fn preference_lines(side: &Side) -> Vec<(usize, String)> {
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
                .map(move |&line| (line, group.clone()))
        })
        .collect()
}

fn json_document(side: &Side, audit: &Audit<'_>, answers: &[RobotAccess<'_>]) -> Value {
    let answer = |robot: &RobotAccess<'_>, answer: &Option<Answer>| match answer {
        Some(answer) => json!({
            "url": answer.url,
            "line": answer.verdict.reason.rule().map(|rule| rule.line + 1),
            "why": audit.explain(robot, answer),
        }),
        None => Value::Null,
    };
    let robots: Vec<Value> = answers
        .iter()
        .map(|robot| {
            let obeys = match &robot.obeys {
                Obeys::OwnGroup => "own-group".to_string(),
                Obeys::Fallback(token) => format!("fallback:{token}"),
                Obeys::Star => "star".to_string(),
                Obeys::NoGroup => "no-group".to_string(),
            };
            json!({
                "token": robot.agent.token,
                "purpose": robot.agent.purpose,
                "operator": robot.agent.operator,
                "honours": robot.agent.honours,
                "dialect": robot.agent.dialect.name(),
                "access": robot.access,
                "obeys": obeys,
                "group_lines": robot.agent_lines.iter().map(|line| line + 1).collect::<Vec<_>>(),
                "allowed_example": answer(robot, &robot.first_allowed),
                "disallowed_example": answer(robot, &robot.first_disallowed),
                "preference_lines": robot.preferences.iter().map(|line| line + 1).collect::<Vec<_>>(),
            })
        })
        .collect();
    let preferences: Vec<Value> = preference_lines(side)
        .into_iter()
        .map(|(line, group)| json!({"line": line + 1, "text": line_text(side, line), "group": group}))
        .collect();
    json!({
        "version": 1,
        "file": side.name,
        "paths_asked": audit.urls().len(),
        "robots": robots,
        "preferences": preferences,
    })
}
