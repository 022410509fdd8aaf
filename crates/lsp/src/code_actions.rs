//! Code actions: a quick fix per fixable finding, "Disable `<rule>` for this line", and
//! "Fix all safe problems" when asked for.

use std::collections::HashMap;

use super::positions::LspPositions;
use lsp_types::{CodeAction, CodeActionKind, CodeActionOrCommand, Range, TextEdit, WorkspaceEdit};

use super::diagnostics::to_lsp;
use super::documents::Linted;
use robolint::diagnostic::{Applicability, Diagnostic, Edit, Fix};
use robolint::lint::Report;
use robolint::model::{LineIndex as LineNumber, LineKind, Span};
use robolint::rules::suppressions::{self, Scope};
use robolint::rules::{self, Category};

pub const FIX_ALL_TITLE: &str = "Fix all safe problems";

/// Whether the client asked for actions, or its editor asks on its own as the cursor moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    Invoked,
    Automatic,
}

/// The actions for the findings that touch `range`, of the kinds in `only` (all when
/// `None`), quick fixes first. Fix-all fixes the whole document, so it is worked out only
/// when asked for: `only` names it, or the user opened the menu of actions (editors ask
/// automatically at every cursor move, and fixing a large file takes a while).
pub fn code_actions(
    document: &Linted<'_>,
    range: Range,
    only: Option<&[CodeActionKind]>,
    trigger: Trigger,
) -> Vec<CodeActionOrCommand> {
    let wanted = |kind: &CodeActionKind| only.is_none_or(|only| only.iter().any(|prefix| is_within(kind, prefix)));
    let fix_all_asked_for = only.is_some() || trigger == Trigger::Invoked;
    let mut actions = Vec::new();
    if wanted(&CodeActionKind::QUICKFIX) {
        let requested = document.lines.lsp_span(document.text, range);
        let touching: Vec<&Diagnostic> =
            document.report.diagnostics.iter().filter(|d| touches(d.span, requested)).collect();
        actions.extend(touching.iter().filter_map(|diagnostic| quick_fix(document, diagnostic)));
        actions.extend(disable_actions(document, &touching));
    }
    if fix_all_asked_for && wanted(&CodeActionKind::SOURCE_FIX_ALL) {
        actions.extend(fix_all(document));
    }
    actions.into_iter().map(CodeActionOrCommand::CodeAction).collect()
}

/// `source.fixAll` is within `source` and within itself, not within `source.fix`.
fn is_within(kind: &CodeActionKind, prefix: &CodeActionKind) -> bool {
    let (kind, prefix) = (kind.as_str(), prefix.as_str());
    kind == prefix || kind.strip_prefix(prefix).is_some_and(|rest| rest.starts_with('.'))
}

/// Inclusive at both ends, so a cursor (an empty range) at either end of a finding counts.
fn touches(span: Span, requested: Span) -> bool {
    span.start() <= requested.end() && requested.start() <= span.end()
}

fn quick_fix(document: &Linted<'_>, diagnostic: &Diagnostic) -> Option<CodeAction> {
    // Spans address the decoded text; only when that is the document are they edits to it.
    let Fix { message, edits, applicability } =
        diagnostic.fix.as_deref().filter(|_| document.report.source.is_exact())?;
    let title = match applicability {
        Applicability::Safe => message.clone(),
        Applicability::Unsafe => format!("{message} (unsafe: check the result)"),
    };
    Some(CodeAction {
        title,
        kind: Some(CodeActionKind::QUICKFIX),
        diagnostics: Some(vec![to_lsp(diagnostic, document.uri, document.text, document.lines)]),
        edit: Some(workspace_edit(document, edits)),
        is_preferred: Some(*applicability == Applicability::Safe),
        ..CodeAction::default()
    })
}

/// One "Disable <rule> for this line" per rule and line among `touching`.
fn disable_actions(document: &Linted<'_>, touching: &[&Diagnostic]) -> Vec<CodeAction> {
    let mut seen: Vec<(LineNumber, &str)> = Vec::new();
    let mut actions = Vec::new();
    for diagnostic in touching {
        let Some(line) = document.report.document.line_at(diagnostic.span.start()) else { continue };
        if seen.contains(&(line, diagnostic.name)) {
            continue;
        }
        seen.push((line, diagnostic.name));
        let Some(edit) = disable_edit(document.report, line, diagnostic) else { continue };
        actions.push(CodeAction {
            title: format!("Disable {} for this line", diagnostic.name),
            kind: Some(CodeActionKind::QUICKFIX),
            diagnostics: Some(vec![to_lsp(diagnostic, document.uri, document.text, document.lines)]),
            edit: Some(workspace_edit(document, std::slice::from_ref(&edit))),
            is_preferred: Some(false),
            ..CodeAction::default()
        });
    }
    actions
}

fn workspace_edit(document: &Linted<'_>, edits: &[Edit]) -> WorkspaceEdit {
    let edits = edits
        .iter()
        .map(|edit| TextEdit::new(document.lines.lsp_range(document.text, edit.span), edit.replacement.to_string()))
        .collect();
    WorkspaceEdit::new(HashMap::from([(document.uri.clone(), edits)]))
}

/// The edit that silences `diagnostic` on `line`: the rule's name added to the line's
/// `# robolint: disable=` comment, or such a comment added. `None` where a line comment
/// cannot work: blank and comment-only lines (a comment there applies to the next line),
/// and the suppression rules, which run after suppressions are applied.
pub fn disable_edit(report: &Report, line_number: LineNumber, diagnostic: &Diagnostic) -> Option<Edit> {
    let text = report.source.text.as_str();
    let document = &report.document;
    let line = document.lines.get(line_number)?;
    let suppressible = rules::find(diagnostic.code).is_some_and(|rule| rule.category() != Category::Suppression);
    if !suppressible || !matches!(line.kind, LineKind::Field(_) | LineKind::Invalid) || !report.source.is_exact() {
        return None;
    }
    let existing = suppressions::find(document, text).into_iter().find(|found| {
        found.scope == Scope::Line(line_number)
            && line.span.start() <= found.comment.start()
            && found.comment.end() <= line.span.end()
    });
    if let Some(existing) = existing {
        let last = existing.names.last()?;
        return Some(Edit::insert(last.span.end(), format!(",{}", diagnostic.name)));
    }
    let comment = format!("# robolint: disable={}", diagnostic.name);
    Some(match line.comment {
        // A comment's first word decides whether it is a suppression, so the new one goes
        // first and the old comment follows it.
        Some(old) => Edit::insert(old.start(), format!("{comment} ")),
        None => Edit::replace(line.trailing_whitespace, format!(" {comment}")),
    })
}

/// The whole document, with every safe fix applied, as one edit (or nothing to offer).
fn fix_all(document: &Linted<'_>) -> Option<CodeAction> {
    let fixed = document.linter.fix(document.text, document.path, Applicability::Safe);
    if fixed.applied == 0 || fixed.text == document.text {
        return None;
    }
    let whole = document.lines.lsp_range(document.text, Span::new(0, document.text.len()));
    let edit = WorkspaceEdit::new(HashMap::from([(document.uri.clone(), vec![TextEdit::new(whole, fixed.text)])]));
    Some(CodeAction {
        title: FIX_ALL_TITLE.to_string(),
        kind: Some(CodeActionKind::SOURCE_FIX_ALL),
        edit: Some(edit),
        ..CodeAction::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use robolint::fix::apply_fixes;
    use robolint::{lint, Settings, Source};

    /// Applies "disable for this line" for the first finding of `code` and lints again.
    fn disable_first(text: &str, code: &str) -> Option<(String, Report)> {
        let report = lint(Source::from(text), None, &Settings::default());
        let diagnostic = report.diagnostics.iter().find(|d| d.code == code).expect("the finding");
        let line = report.document.line_at(diagnostic.span.start()).expect("a line");
        let edit = disable_edit(&report, line, diagnostic)?;
        let (fixed, _) = apply_fixes(text, std::iter::once(std::slice::from_ref(&edit)));
        let relinted = lint(Source::from(fixed.as_str()), None, &Settings::default());
        Some((fixed, relinted))
    }

    #[test]
    fn disabling_adds_a_comment_that_silences_the_rule() {
        let (fixed, report) = disable_first("User-agent: *\nDisallow: /tmp/*   \n", "RL301").expect("an edit");
        assert_eq!(fixed, "User-agent: *\nDisallow: /tmp/* # robolint: disable=glob-pattern\n");
        assert!(!report.diagnostics.iter().any(|d| d.code == "RL301"), "{:?}", report.diagnostics);
    }

    #[test]
    fn disabling_appends_to_an_existing_suppression() {
        let text = "User-agent: *\nDisallow: /tmp/*?x # robolint: disable=query-in-path\n";
        let (fixed, report) = disable_first(text, "RL301").expect("an edit");
        assert_eq!(fixed, "User-agent: *\nDisallow: /tmp/*?x # robolint: disable=query-in-path,glob-pattern\n");
        assert!(!report.diagnostics.iter().any(|d| d.code == "RL301" || d.code == "RL303"), "{:?}", report.diagnostics);
    }

    #[test]
    fn disabling_on_a_line_with_another_comment_goes_before_it() {
        let (fixed, report) = disable_first("User-agent: *\nDisallow: /tmp/* # why\n", "RL301").expect("an edit");
        assert_eq!(fixed, "User-agent: *\nDisallow: /tmp/* # robolint: disable=glob-pattern # why\n");
        assert!(!report.diagnostics.iter().any(|d| d.code == "RL301"), "{:?}", report.diagnostics);
    }

    #[test]
    fn no_disable_action_where_a_line_comment_cannot_work() {
        // record-without-disallow points at the User-agent line: that one works.
        assert!(disable_first("User-agent: *\n", "RL202").is_some());
        // An unused suppression is reported after suppressions are applied.
        assert!(disable_first("User-agent: *\nDisallow: /x # robolint: disable=glob-pattern\n", "RL901").is_none());
    }

    #[test]
    fn kinds_nest_by_dotted_prefix() {
        let kind = |name: &str| CodeActionKind::from(name.to_string());
        assert!(is_within(&CodeActionKind::SOURCE_FIX_ALL, &kind("source")));
        assert!(is_within(&CodeActionKind::SOURCE_FIX_ALL, &CodeActionKind::SOURCE_FIX_ALL));
        assert!(!is_within(&CodeActionKind::SOURCE_FIX_ALL, &kind("source.fix")));
        assert!(!is_within(&CodeActionKind::QUICKFIX, &kind("source")));
    }
}
