//! robolint diagnostics → LSP diagnostics.

use std::collections::HashMap;
use std::sync::OnceLock;

use lsp_types::{
    CodeDescription, DiagnosticRelatedInformation, DiagnosticSeverity, DiagnosticTag, Location, NumberOrString, Uri,
};

use super::documents::{LetGo, KEPT_ACROSS_DOCUMENTS, KEPT_PER_DOCUMENT};
use super::positions::{LineIndex, LspPositions};
use robolint::diagnostic::{Diagnostic, Severity};
use robolint::lint::Report;
use robolint::rules::{self, Rule};
use robolint::source::DEFAULT_SIZE_CAP;

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

/// How many findings are published for one document. A hostile file at the size cap can
/// have a finding on every line (60,000 and more): editors slow down showing them, and
/// converting them costs each edit more than linting.
pub const PUBLISHED_PER_DOCUMENT: usize = 1_000;

/// The findings to publish for a document: when the linter read only the start of it, a
/// diagnostic at the top saying so; then the first [`PUBLISHED_PER_DOCUMENT`] findings in
/// order, and when there were more, one diagnostic at the top saying how many were left out.
pub fn published(report: &Report, uri: &Uri, text: &str, lines: &LineIndex) -> Vec<lsp_types::Diagnostic> {
    let mut published = Vec::new();
    if let Some(cut) = report.source.truncation {
        published.push(at_top(over_the_cap(text.len(), cut.kept_bytes)));
    }
    let diagnostics = &report.diagnostics;
    let shown = diagnostics.len().min(PUBLISHED_PER_DOCUMENT);
    let mut places_left = PLACES_PER_DOCUMENT;
    for diagnostic in &diagnostics[..shown] {
        let finding = to_lsp(diagnostic, uri, text, lines);
        let places: Vec<_> = other_places(diagnostic, &finding, uri, text, lines).take(places_left).collect();
        places_left -= places.len();
        published.push(finding);
        published.extend(places);
    }
    let left_out = diagnostics.len() - shown;
    if left_out > 0 {
        published.push(at_top(format!(
            "{left_out} more findings not shown: the editor gets the first {PUBLISHED_PER_DOCUMENT}; \
             run `robolint` on the file to see them all"
        )));
    }
    published
}

/// A note about the whole document, shown at its top.
pub fn at_top(message: String) -> lsp_types::Diagnostic {
    lsp_types::Diagnostic {
        range: lsp_types::Range::default(),
        severity: Some(DiagnosticSeverity::INFORMATION),
        source: Some(SOURCE.to_string()),
        message,
        ..lsp_types::Diagnostic::default()
    }
}

/// What the client is told about a document whose text the server let go (it grew past
/// [`KEPT_PER_DOCUMENT`], or the open documents' texts past [`KEPT_ACROSS_DOCUMENTS`]): the
/// only diagnostic it has, and the answer to a formatting request.
pub fn let_go(why: LetGo) -> String {
    match why {
        LetGo::TooLarge(document_bytes) => format!(
            "this document grew to {document_bytes} bytes, over the {KEPT_PER_DOCUMENT} robolint keeps of one \
             document: it is no longer linted or formatted; close and reopen it once it is smaller"
        ),
        LetGo::TooMuchOpen(open_bytes) => format!(
            "with this document, the open documents grew to {open_bytes} bytes, over the {KEPT_ACROSS_DOCUMENTS} \
             robolint keeps of all of them: it is no longer linted or formatted; close other documents, then \
             close and reopen this one"
        ),
    }
}

/// What the client is told about a document larger than robolint reads (the size cap files
/// have too): by how much it is over, what was linted, and that it is not formatted. Both the
/// diagnostic at the top and the answer to a formatting request say it.
pub fn over_the_cap(document_bytes: usize, linted_bytes: usize) -> String {
    let cap = DEFAULT_SIZE_CAP;
    format!(
        "this document is {document_bytes} bytes, {} more than robolint reads ({cap}): its findings are \
         those of the first {linted_bytes} bytes, and it is not formatted",
        document_bytes.saturating_sub(cap)
    )
}

/// How many of a finding's labels become related information. A finding folded from
/// 100,000 lines has a label for each (its message counts them): sent whole, one publication
/// grew to 16 MB.
pub const RELATED_PER_DIAGNOSTIC: usize = 100;

/// How many of a document's findings' other places are published as diagnostics of their
/// own (beside [`PUBLISHED_PER_DOCUMENT`] findings, each with up to
/// [`RELATED_PER_DIAGNOSTIC`] places).
pub const PLACES_PER_DOCUMENT: usize = 1_000;

/// The rule whose findings are comments that do nothing: editors grey them out, as they do
/// ruff's unused `noqa`.
const UNNECESSARY: Rule = Rule::UnusedSuppression;

/// A finding's other places (a folded finding's other lines, the lines it names) as hints of
/// their own, each pointing back to the finding: `relatedInformation` alone leaves them
/// unmarked in clients that do not show it (Neovim 0.7, many others).
fn other_places<'a>(
    diagnostic: &'a Diagnostic,
    finding: &'a lsp_types::Diagnostic,
    uri: &'a Uri,
    text: &'a str,
    lines: &'a LineIndex,
) -> impl Iterator<Item = lsp_types::Diagnostic> + 'a {
    let headline = finding.message.lines().next().unwrap_or_default();
    let back = DiagnosticRelatedInformation {
        location: Location::new(uri.clone(), finding.range),
        message: headline.to_string(),
    };
    diagnostic.labels.iter().take(RELATED_PER_DIAGNOSTIC).filter(move |label| label.span != diagnostic.span).map(
        move |label| lsp_types::Diagnostic {
            range: lines.lsp_range(text, label.span),
            severity: Some(DiagnosticSeverity::HINT),
            code: finding.code.clone(),
            code_description: finding.code_description.clone(),
            source: Some(SOURCE.to_string()),
            message: format!(
                "{} (part of the finding on line {}: {headline})",
                label.message.render(text),
                finding.range.start.line + 1
            ),
            related_information: Some(vec![back.clone()]),
            tags: finding.tags.clone(),
            data: None,
        },
    )
}

pub fn to_lsp(diagnostic: &Diagnostic, uri: &Uri, text: &str, lines: &LineIndex) -> lsp_types::Diagnostic {
    let related = diagnostic
        .labels
        .iter()
        .take(RELATED_PER_DIAGNOSTIC)
        .map(|label| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), lines.lsp_range(text, label.span)),
            message: label.message.render(text).into_owned(),
        })
        .collect::<Vec<_>>();
    lsp_types::Diagnostic {
        range: lines.lsp_range(text, diagnostic.span),
        // Information about robots outside the targets is a hint: editors draw it faintly,
        // where the command line leaves it out.
        severity: Some(if diagnostic.beyond_targets {
            DiagnosticSeverity::HINT
        } else {
            severity(diagnostic.severity)
        }),
        code: Some(NumberOrString::String(diagnostic.code.to_string())),
        code_description: rule_docs_uri(diagnostic.name).map(|href| CodeDescription { href }),
        source: Some(SOURCE.to_string()),
        message: message(diagnostic, text),
        related_information: (!related.is_empty()).then_some(related),
        tags: (diagnostic.name == UNNECESSARY.name()).then(|| vec![DiagnosticTag::UNNECESSARY]),
        data: None,
    }
}

/// The message with the rule's name (editors show the code, not the name), the notes that
/// back it up and the help line, which says what to do about it.
fn message(diagnostic: &Diagnostic, text: &str) -> String {
    let mut message = format!("{} [{}]", diagnostic.message.render(text), diagnostic.name);
    for note in &diagnostic.notes {
        message.push_str("\nnote: ");
        message.push_str(note);
    }
    if let Some(help) = &diagnostic.help {
        message.push_str("\nhelp: ");
        message.push_str(&help.render(text));
    }
    message
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
    use robolint::{lint, Settings, Source};

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
        // Headline and rule name, then the witness as a note, then the help.
        let message_lines: Vec<&str> = glob.message.lines().collect();
        assert!(message_lines[0].ends_with("[glob-pattern]"), "{}", glob.message);
        assert!(message_lines[1].starts_with("note: for robot `anybot`"), "{}", glob.message);
        assert!(message_lines[2].starts_with("help: "), "{}", glob.message);
        assert_eq!(
            glob.code_description.as_ref().map(|description| description.href.as_str()),
            Some("https://robolint.dev/rules/glob-pattern/")
        );
        let stars = converted
            .iter()
            .find(|d| d.code == Some(NumberOrString::String("RL201".into())))
            .expect("a multiple-star-records finding");
        assert!(stars.related_information.as_ref().is_some_and(|related| !related.is_empty()));
    }

    #[test]
    fn a_finding_folded_from_many_lines_relates_at_most_the_first_hundred() {
        let text = "User-agent: *\n".to_string() + &"Disallow: /a*b\n".repeat(RELATED_PER_DIAGNOSTIC + 50);
        let report = lint(Source::from(text.as_str()), None, &Settings::default());
        let folded =
            report.diagnostics.iter().find(|d| d.labels.len() > RELATED_PER_DIAGNOSTIC).expect("a folded finding");
        let uri: Uri = "file:///robots.txt".parse().expect("a URI");
        let converted = to_lsp(folded, &uri, &text, &LineIndex::new(&text));
        let related = converted.related_information.expect("related information");
        assert_eq!(related.len(), RELATED_PER_DIAGNOSTIC);
        assert_eq!(
            related[0].location.range,
            LineIndex::new(&text).lsp_range(&text, folded.labels.iter().next().expect("a label").span)
        );
    }

    #[test]
    fn findings_past_the_limit_are_counted_in_one_diagnostic_at_the_top() {
        let extra = 7;
        let fields: String = (0..PUBLISHED_PER_DOCUMENT + extra).map(|line| format!("Field-{line}: x\n")).collect();
        let text = format!("User-agent: *\nDisallow: /private/\n{fields}");
        // Every robot's view: one unknown-field finding per line, each naming its own field,
        // so none folds.
        let portable = Settings { targets: robolint::dialect::Dialect::ALL.to_vec(), ..Settings::default() };
        let report = lint(Source::from(text.as_str()), None, &portable);
        let unknown = report.diagnostics.iter().filter(|d| d.name == "unknown-field").count();
        assert_eq!(unknown, PUBLISHED_PER_DOCUMENT + extra);
        let uri: Uri = "file:///robots.txt".parse().expect("a URI");
        let published = published(&report, &uri, &text, &LineIndex::new(&text));
        assert_eq!(published.len(), PUBLISHED_PER_DOCUMENT + 1);
        let summary = published.last().expect("the summary");
        assert_eq!(summary.range, lsp_types::Range::default());
        let left_out = report.diagnostics.len() - PUBLISHED_PER_DOCUMENT;
        assert!(summary.message.starts_with(&format!("{left_out} more findings not shown")), "{}", summary.message);
    }

    #[test]
    fn a_folded_findings_other_places_are_hints_that_point_back() {
        let text = "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n";
        let report = lint(Source::from(text), None, &Settings::default());
        let uri: Uri = "file:///robots.txt".parse().expect("a URI");
        let lines = LineIndex::new(text);
        let published = published(&report, &uri, text, &lines);
        let stars = report.diagnostics.iter().find(|d| d.name == "multiple-star-records").expect("a finding");
        let finding = to_lsp(stars, &uri, text, &lines);
        let label = stars.labels.iter().find(|label| label.span != stars.span).expect("another place");
        let place = published
            .iter()
            .find(|d| d.range == lines.lsp_range(text, label.span) && d.code == finding.code)
            .expect("the other place is a diagnostic of its own");
        assert_eq!(place.severity, Some(DiagnosticSeverity::HINT));
        let back = &place.related_information.as_ref().expect("a way back")[0];
        assert_eq!(back.location.range, finding.range);
        assert!(place.message.contains(&format!("on line {}", finding.range.start.line + 1)), "{}", place.message);
    }

    #[test]
    fn an_unused_suppression_is_tagged_unnecessary() {
        let text = "User-agent: *\nDisallow: /a # robolint: disable=glob-pattern\n";
        let report = lint(Source::from(text), None, &Settings::default());
        let uri: Uri = "file:///robots.txt".parse().expect("a URI");
        let published = published(&report, &uri, text, &LineIndex::new(text));
        let unused = published.iter().find(|d| d.message.contains("[unused-suppression]")).expect("a finding");
        assert_eq!(unused.tags, Some(vec![DiagnosticTag::UNNECESSARY]));
        assert!(published.iter().filter(|d| d.tags.is_some()).all(|d| d.message.contains("unused-suppression")));
    }

    #[test]
    fn a_document_past_the_size_cap_says_at_the_top_what_was_linted() {
        let comment = "# nothing to find on this line\n";
        let text = comment.repeat(robolint::source::DEFAULT_SIZE_CAP / comment.len() + 10);
        let report = lint(Source::from(text.as_str()), None, &Settings::default());
        let uri: Uri = "file:///robots.txt".parse().expect("a URI");
        let published = published(&report, &uri, &text, &LineIndex::new(&text));
        let first = published.first().expect("the note about the cap");
        assert_eq!(first.range, lsp_types::Range::default());
        let kept = report.source.truncation.expect("a cut").kept_bytes;
        assert!(first.message.contains(&format!("the first {kept} bytes")), "{}", first.message);
        let over = text.len() - robolint::source::DEFAULT_SIZE_CAP;
        assert!(first.message.contains(&format!("{} bytes, {over} more than", text.len())), "{}", first.message);
    }
}
