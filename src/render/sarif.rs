//! `--format sarif`: a SARIF 2.1.0 log with one run whose results cover every input, the form
//! GitHub code scanning uploads. Columns are UTF-16 code units (`columnKind`), counted by the
//! same mapper as the language server's.

use std::io::{self, Write};

use serde::Serialize;

use super::json::{witness, ArrayItems, WitnessOut};
use super::positions::LineIndex;
use super::Linted;
use crate::diagnostic::{Applicability, Diagnostic, Severity};
use crate::fetch::looks_like_http_url;
use crate::model::Span;
use crate::rules::{self, Rule};

/// The `$id` of the official SARIF 2.1.0 schema.
const SCHEMA: &str = "https://raw.githubusercontent.com/oasis-tcs/sarif-spec/master/Schemata/sarif-schema-2.1.0.json";

/// Every result of a run: [`Log::add`] each linted input, then [`Log::finish`]. Results are
/// written as each input comes, after the tool and its rules, so memory holds one input's
/// results at a time (gathered, the protego corpus's 106,000 took 117 MB).
#[derive(Debug, Default)]
pub struct Log {
    /// Whether the log up to the opening of `results` has been written.
    opened: bool,
    results: ArrayItems,
}

impl Log {
    /// Writes a result for each finding of `input`, opening the log first.
    pub fn add(&mut self, out: &mut impl Write, input: &Linted<'_>) -> io::Result<()> {
        self.open(out)?;
        let text = input.report.source.text.as_str();
        let lines = LineIndex::new(text);
        let uri = artifact_uri(input.name);
        let located = |span: Span| PhysicalLocation {
            artifact_location: ArtifactLocation { uri: uri.clone() },
            region: region(&lines, text, span),
        };
        for diagnostic in &input.report.diagnostics {
            let result = SarifResult {
                rule_id: diagnostic.code,
                rule_index: rules::all().iter().position(|rule| rule.code() == diagnostic.code),
                level: level(diagnostic.severity),
                message: Message::text(diagnostic.message.render(text).into_owned()),
                locations: vec![Location { id: None, physical_location: located(diagnostic.span), message: None }],
                related_locations: (1..)
                    .zip(&diagnostic.labels)
                    .map(|(id, label)| Location {
                        id: Some(id),
                        physical_location: located(label.span),
                        message: Some(Message::text(label.message.render(text).into_owned())),
                    })
                    .collect(),
                fixes: diagnostic
                    .fix
                    .iter()
                    .map(|fix| SarifFix {
                        description: Message::text(fix.message.clone()),
                        artifact_changes: vec![ArtifactChange {
                            artifact_location: ArtifactLocation { uri: uri.clone() },
                            replacements: fix
                                .edits
                                .iter()
                                .map(|edit| Replacement {
                                    deleted_region: region(&lines, text, edit.span),
                                    inserted_content: Content { text: edit.replacement.to_string() },
                                })
                                .collect(),
                        }],
                        properties: FixProperties { applicability: fix.applicability },
                    })
                    .collect(),
                properties: result_properties(diagnostic, text),
            };
            self.results.write(out, &result)?;
        }
        Ok(())
    }

    /// Ends the log; it is one line of JSON and a line end.
    pub fn finish(mut self, out: &mut impl Write) -> io::Result<()> {
        self.open(out)?;
        out.write_all(b"]}]}\n")
    }

    /// Writes `{"$schema":…,"version":"2.1.0","runs":[{"tool":…,"columnKind":…,"results":[`.
    fn open(&mut self, out: &mut impl Write) -> io::Result<()> {
        if self.opened {
            return Ok(());
        }
        self.opened = true;
        let version = env!("CARGO_PKG_VERSION");
        let tool = Tool {
            driver: Driver {
                name: "robolint",
                version,
                semantic_version: version,
                information_uri: rules::HOME_PAGE,
                rules: rules::all().iter().map(descriptor).collect(),
            },
        };
        write!(out, "{{\"$schema\":\"{SCHEMA}\",\"version\":\"2.1.0\",\"runs\":[{{\"tool\":")?;
        serde_json::to_writer(&mut *out, &tool).map_err(io::Error::from)?;
        out.write_all(b",\"columnKind\":\"utf16CodeUnits\",\"results\":[")
    }
}

/// The artifact's URI: a fetched URL as it is, a path as a relative reference (or a `file:`
/// URI when absolute) with every byte outside RFC 3986's unreserved set and `/` %-encoded.
fn artifact_uri(name: &str) -> String {
    if looks_like_http_url(name) {
        return name.to_string();
    }
    let mut path = name;
    // GitHub matches results to files by their path from the repository's root.
    while let Some(rest) = path.strip_prefix("./") {
        path = rest;
    }
    let mut uri = String::with_capacity(path.len());
    if path.starts_with('/') {
        uri.push_str("file://");
    }
    for byte in path.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~' | b'/') {
            uri.push(char::from(byte));
        } else {
            uri.push_str(&format!("%{byte:02X}"));
        }
    }
    uri
}

fn region(lines: &LineIndex, text: &str, span: Span) -> Region {
    let range = lines.range(text, span);
    // SARIF counts lines and columns from 1; its end column is the one just past the region.
    Region {
        start_line: range.start.line + 1,
        start_column: range.start.character + 1,
        end_line: range.end.line + 1,
        end_column: range.end.character + 1,
    }
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

fn result_properties(diagnostic: &Diagnostic, text: &str) -> Option<ResultProperties> {
    let properties = ResultProperties {
        help: diagnostic.help.as_ref().map(|help| help.render(text).into_owned()),
        notes: diagnostic.notes.clone(),
        affects: diagnostic.affects.iter().map(|dialect| dialect.name()).collect(),
        witness: witness(diagnostic),
        beyond_targets: diagnostic.beyond_targets,
    };
    let empty = properties.help.is_none()
        && properties.notes.is_empty()
        && properties.affects.is_empty()
        && properties.witness.is_none()
        && !properties.beyond_targets;
    (!empty).then_some(properties)
}

fn descriptor(rule: &Rule) -> ReportingDescriptor<'_> {
    let metadata = rule.metadata();
    let docs = &metadata.docs;
    let indented = |example: &str| example.lines().map(|line| format!("    {line}\n")).collect::<String>();
    let help_text = format!(
        "{why}\n\nBad:\n{bad}\nGood:\n{good}\nSpec: {spec}",
        why = docs.why.trim(),
        bad = indented(&docs.bad),
        good = indented(&docs.good),
        spec = metadata.spec,
    );
    ReportingDescriptor {
        id: &metadata.code,
        name: &metadata.name,
        short_description: Message::text(metadata.summary.clone()),
        full_description: Message::text(docs.why.trim().to_string()),
        help: Message { text: help_text, markdown: Some(metadata.docs_markdown()) },
        help_uri: rules::docs_url(&metadata.name),
        default_configuration: Configuration { enabled: metadata.default_enabled, level: level(metadata.severity) },
        properties: RuleProperties { tags: [metadata.category.as_str()] },
    }
}

#[derive(Serialize)]
struct Tool {
    driver: Driver,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver {
    name: &'static str,
    version: &'static str,
    semantic_version: &'static str,
    information_uri: &'static str,
    rules: Vec<ReportingDescriptor<'static>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ReportingDescriptor<'a> {
    id: &'a str,
    name: &'a str,
    short_description: Message,
    full_description: Message,
    help: Message,
    help_uri: String,
    default_configuration: Configuration,
    properties: RuleProperties<'a>,
}

#[derive(Serialize)]
struct Configuration {
    enabled: bool,
    level: &'static str,
}

/// Code scanning shows `tags` as filters; the category is the useful one.
#[derive(Serialize)]
struct RuleProperties<'a> {
    tags: [&'a str; 1],
}

#[derive(Debug, Serialize)]
struct Message {
    text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    markdown: Option<String>,
}

impl Message {
    fn text(text: String) -> Message {
        Message { text, markdown: None }
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult {
    rule_id: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule_index: Option<usize>,
    level: &'static str,
    message: Message,
    locations: Vec<Location>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related_locations: Vec<Location>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    fixes: Vec<SarifFix>,
    #[serde(skip_serializing_if = "Option::is_none")]
    properties: Option<ResultProperties>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Location {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<usize>,
    physical_location: PhysicalLocation,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<Message>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation {
    artifact_location: ArtifactLocation,
    region: Region,
}

#[derive(Debug, Serialize)]
struct ArtifactLocation {
    uri: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: u32,
    start_column: u32,
    end_line: u32,
    end_column: u32,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifFix {
    description: Message,
    artifact_changes: Vec<ArtifactChange>,
    properties: FixProperties,
}

/// SARIF has no notion of a fix that may change behaviour; robolint's applicability rides
/// in the property bag.
#[derive(Debug, Serialize)]
struct FixProperties {
    applicability: Applicability,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct ArtifactChange {
    artifact_location: ArtifactLocation,
    replacements: Vec<Replacement>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Replacement {
    deleted_region: Region,
    inserted_content: Content,
}

#[derive(Debug, Serialize)]
struct Content {
    text: String,
}

#[derive(Debug, Serialize)]
struct ResultProperties {
    #[serde(skip_serializing_if = "Option::is_none")]
    help: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    notes: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    affects: Vec<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    witness: Option<WitnessOut>,
    /// Information about robots outside the targets only, which people's formats leave out.
    #[serde(rename = "beyondTargets", skip_serializing_if = "std::ops::Not::not")]
    beyond_targets: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uri_references_and_urls_stay() {
        assert_eq!(artifact_uri("sites/a b/robots.txt"), "sites/a%20b/robots.txt");
        assert_eq!(artifact_uri("./www/robots.txt"), "www/robots.txt");
        assert_eq!(artifact_uri("/srv/é/robots.txt"), "file:///srv/%C3%A9/robots.txt");
        assert_eq!(artifact_uri("<stdin>"), "%3Cstdin%3E");
        assert_eq!(artifact_uri("a:b/robots.txt"), "a%3Ab/robots.txt");
        assert_eq!(artifact_uri("https://example.com/robots.txt"), "https://example.com/robots.txt");
    }

    #[test]
    fn a_run_with_no_input_is_a_whole_log() {
        let mut written = Vec::new();
        Log::default().finish(&mut written).expect("writing to memory");
        let log: serde_json::Value = serde_json::from_slice(&written).expect("one JSON document");
        assert_eq!(log["runs"][0]["results"], serde_json::json!([]));
        assert!(log["runs"][0]["tool"]["driver"]["rules"].as_array().is_some_and(|rules| !rules.is_empty()));
    }
}
