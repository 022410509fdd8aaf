//! The playground's JSON API: each request's text in, the engine's answer out. Nothing here
//! touches the network, the file system or a thread of its own (the text comes in the
//! request body, the settings in its query): the WebAssembly build (`web/wasm`) exports
//! [`Api::answer`] to the page, and `robolint serve` answers the same requests over HTTP.

use std::sync::{Arc, Mutex, PoisonError};

use serde::Serialize;
use serde_json::json;

use crate::agents::{self, Agent, Obeys, Registry};
use crate::diagnostic::Applicability;
use crate::dialect::{Dialect, Reason};
use crate::lint::{Linter, Linters};
use crate::render::json::{findings, Finding};
use crate::render::positions::LineIndex;
use crate::render::{position, Linted};
use crate::{config, docs_html, fix, parse, rules, Report, Settings, Source};

/// The name findings carry in their `file` field.
const FILE_NAME: &str = "robots.txt";

/// An answer: an HTTP status and a body of `content_type`.
#[derive(Debug, PartialEq, Eq)]
pub struct Answer {
    /// The HTTP status, as in `200` or `400`.
    pub status: u16,
    /// The `Content-Type` to send, as in `application/json`.
    pub content_type: &'static str,
    /// The body's bytes.
    pub body: Vec<u8>,
}

impl Answer {
    fn json(value: &impl Serialize) -> Answer {
        match serde_json::to_vec(value) {
            Ok(body) => Answer { status: 200, content_type: "application/json", body },
            Err(error) => Answer::error(500, &format!("cannot write the answer: {error}")),
        }
    }

    fn text(text: String) -> Answer {
        Answer { status: 200, content_type: "text/plain; charset=utf-8", body: text.into_bytes() }
    }

    /// `{"error": message}` with `status`.
    pub fn error(status: u16, message: &str) -> Answer {
        let body = json!({ "error": message }).to_string().into_bytes();
        Answer { status, content_type: "application/json", body }
    }
}

/// A request as the API reads it: method, path, the decoded query parameters and the body
/// (already held to the size cap).
pub struct Request<'a> {
    /// The HTTP method, as in `GET` or `POST`.
    pub method: &'a str,
    /// The target's path, without the query, as in `/api/lint`.
    pub path: &'a str,
    /// The query string after `?`, still form-encoded; the API decodes each parameter.
    pub query: &'a str,
    /// The request's body.
    pub body: &'a [u8],
}

impl Request<'_> {
    fn parameter(&self, name: &str) -> Option<String> {
        form_urlencoded::parse(self.query.as_bytes()).find(|(key, _)| key == name).map(|(_, value)| value.into_owned())
    }

    fn text(&self) -> Result<&str, Answer> {
        std::str::from_utf8(self.body).map_err(|_| Answer::error(400, "the robots.txt text must be UTF-8"))
    }

    /// `--target`'s reading of the `target` parameter: `today` when absent.
    fn settings(&self) -> Result<Settings, Answer> {
        let target = self.parameter("target").unwrap_or_else(|| "today".to_string());
        let targets = config::parse_targets(&[target]).map_err(|unknown| Answer::error(400, &unknown.to_string()))?;
        Ok(Settings { targets, ..Settings::default() })
    }
}

/// The API, with a linter for each target it was asked about: `robolint serve` keeps one
/// for its workers, the WebAssembly build one for the page.
#[derive(Debug, Default)]
pub struct Api {
    linters: Mutex<Linters>,
}

impl Api {
    /// The answer to an API request (a path under `/api/`, or `/rules/NAME`); `None` for a
    /// path the API does not own.
    pub fn answer(&self, request: &Request) -> Option<Answer> {
        let answer = match (request.method, request.path) {
            ("POST", "/api/lint") => lint_text(self, request),
            ("POST", "/api/fix") => fix_text(self, request),
            ("POST", "/api/check") => check_url(request),
            ("GET", "/api/targets") => Ok(targets()),
            ("GET", "/api/rules") => Ok(rule_list()),
            ("GET", "/api/agents") => Ok(agent_list()),
            ("GET", path) if path.starts_with("/api/rules/") => {
                rule_docs(request, &path["/api/rules/".len()..], RuleFormat::Json)
            }
            ("GET", path) if path.starts_with("/rules/") => {
                rule_docs(request, &path["/rules/".len()..], RuleFormat::Text)
            }
            (_, path) if path.starts_with("/api/") => {
                Err(Answer::error(404, "no such API call, or not with this method"))
            }
            _ => return None,
        };
        Some(answer.unwrap_or_else(|error| error))
    }

    /// The linter for the request's `target`.
    fn linter(&self, request: &Request) -> Result<Arc<Linter>, Answer> {
        let settings = request.settings()?;
        Ok(self.linters.lock().unwrap_or_else(PoisonError::into_inner).get(&settings))
    }
}

fn lint_report(text: &str, linter: &Linter) -> Report {
    linter.lint(Source::from(text), None)
}

fn findings_of(report: &Report) -> Vec<Finding<'_>> {
    findings(&Linted { name: FILE_NAME, report }).collect()
}

/// `POST /api/lint?target=T`, the text as the body: `{"diagnostics": [...]}`, each finding
/// as `--format json` writes it (docs/json-format.md).
fn lint_text(api: &Api, request: &Request) -> Result<Answer, Answer> {
    let text = request.text()?;
    let linter = api.linter(request)?;
    let report = lint_report(text, &linter);
    Ok(Answer::json(&json!({ "diagnostics": findings_of(&report) })))
}

/// `POST /api/fix?target=T&finding=N&code=C`: the text with the fix of the lint's Nth finding
/// (which must still be rule C's, so a fix is never applied to a text it was not made for);
/// `finding=safe` applies every safe fix, as `robolint --fix` does, and `finding=unsafe`
/// every fix, as `robolint --fix --unsafe-fixes` does.
fn fix_text(api: &Api, request: &Request) -> Result<Answer, Answer> {
    let text = request.text()?;
    let linter = api.linter(request)?;
    let finding = request
        .parameter("finding")
        .ok_or_else(|| Answer::error(400, "give finding=N, finding=safe or finding=unsafe"))?;
    let every_fix = match finding.as_str() {
        "safe" => Some(Applicability::Safe),
        "unsafe" => Some(Applicability::Unsafe),
        _ => None,
    };
    if let Some(allowed) = every_fix {
        let fixed = linter.fix(text, None, allowed);
        return Ok(Answer::json(&json!({ "text": fixed.text, "applied": fixed.applied })));
    }
    let index: usize = finding.parse().map_err(|_| Answer::error(400, "finding must be a number or `safe`"))?;
    let report = lint_report(text, &linter);
    let diagnostic = report.diagnostics.get(index).ok_or_else(|| Answer::error(409, "no such finding in this text"))?;
    if request.parameter("code").is_some_and(|code| code != diagnostic.code) {
        return Err(Answer::error(409, "the text changed: lint it again"));
    }
    let edits = diagnostic
        .fix
        .as_ref()
        .map(|fix| fix.edits.as_slice())
        .ok_or_else(|| Answer::error(409, &format!("{} {} has no fix", diagnostic.code, diagnostic.name)))?;
    let (fixed, taken) = fix::apply_fixes(text, std::iter::once(edits));
    Ok(Answer::json(&json!({ "text": fixed, "applied": taken.len() })))
}

/// Per robot of the registry: may it fetch the URL, and which line decided.
#[derive(Serialize)]
struct RobotAnswer<'a> {
    token: &'a str,
    name: &'a str,
    purpose: &'static str,
    /// The dialect it reads the file with.
    dialect: &'static str,
    allowed: bool,
    /// `own`, `fallback`, `star` or `none`: which group it obeys.
    obeys: &'static str,
    decided_by: Option<DecidedBy<'a>>,
    /// Why it is allowed when no line decided.
    reason: Option<&'static str>,
}

/// The deciding line: 1-based line number, its text, the pattern that matched, and the
/// line's LSP range (0-based line, UTF-16 columns), which is what an editor highlights.
#[derive(Serialize)]
struct DecidedBy<'a> {
    line: usize,
    text: &'a str,
    pattern: String,
    range: crate::render::positions::Utf16Range,
}

/// `POST /api/check?url=U`, the text as the body: every robot of the built-in registry
/// answering through its own reading of the file (`Agent::matcher`, as `robolint check` and
/// `robolint audit` ask it).
fn check_url(request: &Request) -> Result<Answer, Answer> {
    let text = request.text()?;
    let url = request.parameter("url").filter(|url| !url.trim().is_empty());
    let url = url.ok_or_else(|| Answer::error(400, "give url=/path or a full URL"))?;
    if crate::dialect::path_and_query(&url).is_none() {
        return Err(Answer::error(
            400,
            &format!("`{url}` is neither a URL (https://host/path) nor a path starting with `/`"),
        ));
    }
    let source = Source::from(text);
    let document = parse::parse_for_answers(&source);
    let report = Report { source, document, diagnostics: Vec::new() };
    let text = report.source.text.as_str();
    let lines = LineIndex::new(text);
    let agents: Vec<&Agent> = Registry::builtin().agents().iter().collect();
    let robots = agents::matchers(&agents, &report.document, text);
    let answers: Vec<RobotAnswer> = agents
        .iter()
        .zip(&robots)
        .map(|(agent, robot)| {
            let verdict = robot.matcher.allowed(&url);
            let decided_by = verdict.reason.rule().and_then(|rule| {
                let line = report.document.lines.get(rule.line)?;
                Some(DecidedBy {
                    line: position(&report, line.span.start()).line,
                    text: line.span.text(text).trim(),
                    pattern: rule.pattern.to_string(),
                    range: lines.range(text, line.span),
                })
            });
            RobotAnswer {
                token: &agent.token,
                name: &agent.name,
                purpose: agent.purpose.name(),
                dialect: robot.matcher.dialect().name(),
                allowed: verdict.allowed,
                obeys: match robot.obeys {
                    Obeys::OwnGroup => "own",
                    Obeys::Fallback(_) => "fallback",
                    Obeys::Star => "star",
                    Obeys::NoGroup => "none",
                },
                reason: match verdict.reason {
                    Reason::Rule(_) => None,
                    ref other => Some(other.describe()),
                },
                decided_by,
            }
        })
        .collect();
    Ok(Answer::json(&json!({ "url": url, "robots": answers })))
}

/// `GET /api/targets`: what the target selector offers, as `--target` spells it.
fn targets() -> Answer {
    let dialects = Dialect::ALL.iter().map(|dialect| dialect.name());
    let names: Vec<&str> = ["today", "portable"].into_iter().chain(dialects).collect();
    Answer::json(&json!({ "default": "today", "targets": names }))
}

/// `GET /api/rules`: every rule's code, name, summary, category and default severity.
fn rule_list() -> Answer {
    let mut rules: Vec<&rules::Metadata> = rules::all().iter().map(|rule| rule.metadata()).collect();
    rules.sort_by(|a, b| a.code.cmp(&b.code));
    let rules: Vec<_> = rules
        .into_iter()
        .map(|metadata| {
            json!({
                "code": metadata.code,
                "name": metadata.name,
                "summary": metadata.summary,
                "category": metadata.category,
                "severity": metadata.severity,
                "fix": metadata.fix,
            })
        })
        .collect();
    Answer::json(&rules)
}

enum RuleFormat {
    Json,
    Text,
}

/// `GET /api/rules/NAME?target=T` (JSON) or `GET /rules/NAME?target=T` (plain text, where
/// findings' codes link): what `robolint rule NAME --target T` prints, with the severity the
/// rule's findings get under the page's target.
fn rule_docs(request: &Request, code_or_name: &str, format: RuleFormat) -> Result<Answer, Answer> {
    let rule = rules::find(code_or_name).ok_or_else(|| Answer::error(404, &format!("no rule `{code_or_name}`")))?;
    let metadata = rule.metadata();
    let settings = request.settings()?;
    let targets = settings.targets();
    Ok(match format {
        RuleFormat::Text => Answer::text(metadata.documentation(targets)),
        RuleFormat::Json => Answer::json(&json!({
            "code": metadata.code,
            "name": metadata.name,
            "summary": metadata.summary,
            "severity": metadata.severity_under(targets),
            "documentation": metadata.documentation(targets),
            "html": docs_html::rule_documentation(metadata, targets, 3),
        })),
    })
}

/// `GET /api/agents`: the built-in crawler registry, as `robolint agents` lists it.
fn agent_list() -> Answer {
    let agents: Vec<_> = Registry::builtin()
        .agents()
        .iter()
        .map(|agent| {
            json!({
                "token": agent.token,
                "name": agent.name,
                "operator": agent.operator,
                "purpose": agent.purpose.name(),
                "honours": agent.honours.name(),
                "dialect": agent.dialect.name(),
                "retired": agent.is_retired(),
            })
        })
        .collect();
    Answer::json(&agents)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn post(path: &str, query: &str, body: &str) -> serde_json::Value {
        let answer = Api::default()
            .answer(&Request { method: "POST", path, query, body: body.as_bytes() })
            .expect("an API path");
        assert_eq!(answer.status, 200, "{}", String::from_utf8_lossy(&answer.body));
        serde_json::from_slice(&answer.body).expect("JSON")
    }

    #[test]
    fn a_fix_for_a_changed_text_is_refused() {
        let text = "User-agent: *\nDissallow: /private/\n";
        let linted = post("/api/lint", "", text);
        let code = linted["diagnostics"][0]["code"].as_str().expect("a finding").to_string();
        let request =
            Request { method: "POST", path: "/api/fix", query: "finding=0&code=RL999", body: text.as_bytes() };
        assert_ne!(code, "RL999");
        assert_eq!(Api::default().answer(&request).map(|answer| answer.status), Some(409));
    }

    #[test]
    fn every_unsafe_fix_is_applied_only_when_asked_for() {
        // A path without its leading `/` is a guess to fix: path-not-absolute's fix is unsafe.
        let text = "User-agent: *\nDisallow: images/\n";
        let unsafe_fixed = post("/api/fix", "finding=unsafe", text);
        let safe_fixed = post("/api/fix", "finding=safe", text);
        assert_eq!(unsafe_fixed["text"], "User-agent: *\nDisallow: /images/\n");
        assert_eq!(safe_fixed["text"], text);
    }

    #[test]
    fn paths_outside_the_api_are_left_to_the_page() {
        let request = Request { method: "GET", path: "/index.html", query: "", body: b"" };
        assert!(Api::default().answer(&request).is_none());
    }
}
