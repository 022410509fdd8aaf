//! robolint diagnostics → LSP diagnostics.

use std::collections::HashMap;
use std::sync::OnceLock;

use lsp_types::{CodeDescription, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Uri};

use super::positions::LineIndex;
use crate::diagnostic::{Diagnostic, Severity};
use crate::rules;

pub const SOURCE: &str = "robolint";

/// Where a rule's documentation is, as a URI. Each rule's is parsed once: a file with
/// thousands of findings linked each of them, and parsing cost more than the rest of
/// converting the finding.
pub fn rule_docs_uri(rule_name: &str) -> Option<Uri> {
    static URIS: OnceLock<HashMap<&'static str, Uri>> = OnceLock::new();
    let uris = URIS.get_or_init(|| {
        rules::all().iter().filter_map(|rule| Some((rule.name(), rules::docs_url(rule.name()).parse().ok()?))).collect()
    });
    uris.get(rule_name).cloned()
}

pub fn to_lsp(diagnostic: &Diagnostic, uri: &Uri, text: &str, lines: &LineIndex) -> lsp_types::Diagnostic {
    let related = diagnostic
        .labels
        .iter()
        .map(|label| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), lines.range(text, label.span)),
            message: label.message.clone(),
        })
        .collect::<Vec<_>>();
    lsp_types::Diagnostic {
        range: lines.range(text, diagnostic.span),
        severity: Some(severity(diagnostic.severity)),
        code: Some(NumberOrString::String(diagnostic.code.to_string())),
        code_description: rule_docs_uri(diagnostic.name).map(|href| CodeDescription { href }),
        source: Some(SOURCE.to_string()),
        message: message(diagnostic),
        related_information: (!related.is_empty()).then_some(related),
        tags: None,
        data: None,
    }
}

/// The message with the rule's name (editors show the code, not the name) and the help
/// line, which says what to do about it.
fn message(diagnostic: &Diagnostic) -> String {
    match &diagnostic.help {
        Some(help) => format!("{} [{}]\nhelp: {help}", diagnostic.message, diagnostic.name),
        None => format!("{} [{}]", diagnostic.message, diagnostic.name),
    }
}

fn severity(severity: Severity) -> DiagnosticSeverity {
    match severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Info => DiagnosticSeverity::INFORMATION,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{lint, Settings, Source};

    #[test]
    fn a_finding_after_non_ascii_text_gets_a_utf16_range_code_link_and_related_information() {
        let text = "# é 😀\nUser-agent: *\nDisallow: /é😀*\n\nUser-agent: *\nDisallow: /x\n";
        let report = lint(Source::from(text), None, &Settings::default());
        let uri: Uri = "file:///robots.txt".parse().expect("a URI");
        let lines = LineIndex::new(text);
        let converted: Vec<_> = report.diagnostics.iter().map(|d| to_lsp(d, &uri, text, &lines)).collect();
        let glob = converted
            .iter()
            .find(|d| d.code == Some(NumberOrString::String("RL301".into())))
            .expect("a glob-pattern finding");
        // `Disallow: /` is 11 units, `é` 1, `😀` 2: the `*` is at unit 14.
        assert_eq!((glob.range.start.line, glob.range.start.character), (2, 14));
        assert_eq!(glob.source.as_deref(), Some("robolint"));
        assert_eq!(
            glob.code_description.as_ref().map(|description| description.href.as_str()),
            Some("https://github.com/robolint/robolint/blob/HEAD/rules/glob-pattern.toml")
        );
        let stars = converted
            .iter()
            .find(|d| d.code == Some(NumberOrString::String("RL201".into())))
            .expect("a multiple-star-records finding");
        assert!(stars.related_information.as_ref().is_some_and(|related| !related.is_empty()));
    }
}
