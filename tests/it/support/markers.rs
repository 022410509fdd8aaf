//! What a corpus case says it expects of its folder's rule: its expectation markers.
//!
//! In the case, each marker is a comment line of its own:
//! - `# expect: rule-a, rule-b`: findings of these rules start on the next line that is not
//!   a marker.
//! - `# expect-file: rule`: a finding about the whole file, reported at its start (line 1).
//! - `# expect-none`: the folder's rule finds nothing here (a near miss).
//!
//! A case whose bytes are the point (not UTF-8, NUL bytes, a byte-order mark, carriage
//! returns, an HTML page, a recorded fetch, a file whose lines are the subject) keeps its
//! markers in a sidecar, `<case>.expect`, so that its bytes stay as they are. There, a line
//! says `expect line 3: rule` with the line it means, or `expect-file: rule`, or
//! `expect-none`; `#` starts a comment. docs/development.md says when to use which.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use robolint::diagnostic::{Diagnostic, LabelRef};
use robolint::render::position;
use robolint::rules::{Explained, Rule};
use robolint::Report;

/// A finding of a rule starting on a line (1-based).
pub type Place = (String, usize);

/// The sidecar that holds the markers of a case whose bytes cannot hold them.
fn sidecar(case: &Path) -> PathBuf {
    case.with_extension("expect")
}

/// The places the markers of `case` (its `bytes`, or its sidecar) state. An error says
/// what is wrong with the markers, or that there are none.
pub fn expected(case: &Path, bytes: &[u8]) -> Result<BTreeSet<Place>, String> {
    let in_case = std::str::from_utf8(bytes).map(inline_markers).unwrap_or_default();
    let sidecar = sidecar(case);
    let markers = match fs::read_to_string(&sidecar) {
        Ok(_) if !in_case.is_empty() => return Err(format!("markers both in the case and in {}", sidecar.display())),
        Ok(text) => sidecar_markers(&text),
        Err(_) => in_case,
    };
    places(&markers)
}

/// One marker: the rules it names and where their findings start (`None`: the file's start).
enum Marker {
    Findings { rules: Vec<String>, line: Option<usize> },
    None,
}

/// The markers written in a case's text. A marker names the next line that is not one.
fn inline_markers(text: &str) -> Vec<Result<Marker, String>> {
    let mut markers = Vec::new();
    let mut waiting: Vec<String> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let comment = line.trim().strip_prefix('#').map(str::trim);
        let Some(marker) = comment.filter(|c| c.starts_with("expect:") || c.starts_with("expect-")) else {
            if !waiting.is_empty() {
                markers.push(Ok(Marker::Findings { rules: std::mem::take(&mut waiting), line: Some(index + 1) }));
            }
            continue;
        };
        match marker.strip_prefix("expect:") {
            Some(rules) => waiting.extend(rule_names(rules)),
            None => markers.push(file_marker(marker)),
        }
    }
    if !waiting.is_empty() {
        markers.push(Err(format!("`# expect: {}` names no line: it is the last", waiting.join(", "))));
    }
    markers
}

/// The markers of a sidecar, each with the line it means.
fn sidecar_markers(text: &str) -> Vec<Result<Marker, String>> {
    let lines = text.lines().map(str::trim).filter(|line| !line.is_empty() && !line.starts_with('#'));
    lines
        .map(|line| match line.strip_prefix("expect line ").and_then(|rest| rest.split_once(':')) {
            Some((number, rules)) => match number.trim().parse() {
                Ok(number) => Ok(Marker::Findings { rules: rule_names(rules), line: Some(number) }),
                Err(_) => Err(format!("`{line}`: `{number}` is not a line number")),
            },
            None => file_marker(line),
        })
        .collect()
}

/// `expect-file: rule` or `expect-none`, the markers written alike in a case and a sidecar.
fn file_marker(marker: &str) -> Result<Marker, String> {
    match marker.strip_prefix("expect-file:") {
        Some(rules) => Ok(Marker::Findings { rules: rule_names(rules), line: None }),
        None if marker == "expect-none" => Ok(Marker::None),
        None => Err(format!("`{marker}` is no marker (expect:, expect-file:, expect-none)")),
    }
}

fn rule_names(list: &str) -> Vec<String> {
    list.split(',').map(|name| name.trim().to_string()).filter(|name| !name.is_empty()).collect()
}

/// The places the markers state; none when `expect-none` says so alone.
fn places(markers: &[Result<Marker, String>]) -> Result<BTreeSet<Place>, String> {
    if markers.is_empty() {
        return Err("no expectation marker: `# expect: <rule>` above a finding, or `# expect-none`".to_string());
    }
    let mut places = BTreeSet::new();
    for marker in markers {
        match marker.as_ref().map_err(Clone::clone)? {
            Marker::None if markers.len() > 1 => return Err("`expect-none` beside other markers".to_string()),
            Marker::None => {}
            Marker::Findings { rules, line } => {
                for rule in rules {
                    if rule_named(rule).is_none() {
                        return Err(format!("a marker names `{rule}`, which is no rule"));
                    }
                    places.insert((rule.clone(), line.unwrap_or(1)));
                }
            }
        }
    }
    Ok(places)
}

/// The places of `rule`'s findings in `report`: its own findings, the findings of other
/// rules folded into them as labels, and its findings folded into another rule's.
pub fn found(report: &Report, rule: &str) -> BTreeSet<Place> {
    let line = |offset| position(report, offset).line;
    let mut places = BTreeSet::new();
    for finding in &report.diagnostics {
        if finding.name == rule {
            places.insert((rule.to_string(), line(finding.span.start())));
        }
        for (folded, label) in finding.labels.iter().filter_map(|label| Some((folded_rule(report, label)?, label))) {
            let ours = finding.name == rule || folded == rule;
            if ours && explains(finding.name, folded) {
                places.insert((folded.to_string(), line(label.span.start())));
            }
        }
    }
    places
}

/// Whether the finding holds `rule`'s findings: its own, or one folded into it.
pub fn holds(report: &Report, finding: &Diagnostic, rule: &str) -> bool {
    finding.name == rule
        || finding.labels.iter().any(|label| {
            folded_rule(report, label).is_some_and(|folded| folded == rule && explains(finding.name, folded))
        })
}

/// The rule of a finding that folded into another as `label` ("rule: message").
fn folded_rule(report: &Report, label: LabelRef<'_>) -> Option<&'static str> {
    let message = label.message.render(&report.source.text);
    let (name, _) = message.split_once(": ")?;
    rule_named(name).map(|rule| rule.name())
}

/// Whether rule `by` names `rule` among those whose findings fold into its own.
fn explains(by: &str, rule: &str) -> bool {
    rule_named(by).is_some_and(|by| {
        by.metadata().explains.iter().any(|named| match named {
            Explained::Rule(named) => named.name() == rule,
            Explained::Any => true,
        })
    })
}

/// The rule of this exact name: a corpus folder's, or one a marker names.
pub fn rule_named(name: &str) -> Option<Rule> {
    robolint::rules::all().iter().copied().find(|rule| rule.name() == name)
}
