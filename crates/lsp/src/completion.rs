//! Completion: field names at the start of a line, robot names after `User-agent:`.

use lsp_types::{CompletionItem, CompletionItemKind, CompletionTextEdit, Documentation, Position, Range, TextEdit};

use super::positions::{LineIndex, LspPositions};
use robolint::agents::Registry;
use robolint::model::Directive;

/// What the text before the cursor on its line is the start of.
#[derive(Debug, PartialEq, Eq)]
enum Slot {
    /// A field name; the byte offset where the typed word starts.
    FieldName(usize),
    /// A User-agent value; where the typed value starts, and whether a space must be added
    /// after the colon first.
    Agent { start: usize, needs_space: bool },
}

pub fn complete(text: &str, lines: &LineIndex, position: Position) -> Vec<CompletionItem> {
    let line_start = lines.lsp_offset(text, Position::new(position.line, 0));
    let cursor = lines.lsp_offset(text, position);
    let Some(slot) = slot(&text[line_start..cursor]) else { return Vec::new() };
    let replace = |start: usize| lines.lsp_range(text, robolint::model::Span::new(line_start + start, cursor));
    match slot {
        Slot::FieldName(start) => field_items(replace(start)),
        Slot::Agent { start, needs_space } => agent_items(replace(start), needs_space),
    }
}

fn slot(before_cursor: &str) -> Option<Slot> {
    let indent = before_cursor.len() - before_cursor.trim_start_matches([' ', '\t']).len();
    let typed = &before_cursor[indent..];
    if !typed.contains([':', '#', ' ', '\t']) {
        return Some(Slot::FieldName(indent));
    }
    let (name, after_colon) = typed.split_once(':')?;
    if Directive::from_name(name.trim_end()) != Some(Directive::UserAgent) || after_colon.contains('#') {
        return None;
    }
    let value = after_colon.trim_start_matches([' ', '\t']);
    if value.contains([' ', '\t']) {
        return None;
    }
    Some(Slot::Agent { start: before_cursor.len() - value.len(), needs_space: after_colon.is_empty() })
}

fn field_items(range: Range) -> Vec<CompletionItem> {
    Directive::ALL
        .into_iter()
        .map(|directive| {
            let name = directive.canonical_name();
            item(name, CompletionItemKind::FIELD, TextEdit::new(range, format!("{name}: ")))
        })
        .collect()
}

/// `*`, then the robots of the registry that still crawl, each with who runs it and why.
fn agent_items(range: Range, needs_space: bool) -> Vec<CompletionItem> {
    let space = if needs_space { " " } else { "" };
    let star = item("*", CompletionItemKind::VALUE, TextEdit::new(range, format!("{space}*")));
    let robots = Registry::builtin().agents().iter().filter(|agent| !agent.is_retired()).map(|agent| {
        let token = &agent.token;
        CompletionItem {
            detail: Some(format!("{} ({}, {})", agent.name, agent.operator, agent.purpose)),
            documentation: Some(Documentation::String(agent.description.to_string())),
            ..item(token, CompletionItemKind::VALUE, TextEdit::new(range, format!("{space}{token}")))
        }
    });
    std::iter::once(star).chain(robots).collect()
}

fn item(label: &str, kind: CompletionItemKind, edit: TextEdit) -> CompletionItem {
    CompletionItem {
        label: label.to_string(),
        kind: Some(kind),
        filter_text: Some(label.to_string()),
        text_edit: Some(CompletionTextEdit::Edit(edit)),
        ..CompletionItem::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at_end(text: &str) -> Vec<CompletionItem> {
        let lines = LineIndex::new(text);
        complete(text, &lines, lines.lsp_position(text, text.len()))
    }

    fn new_text(item: &CompletionItem) -> Option<(&str, Range)> {
        match &item.text_edit {
            Some(CompletionTextEdit::Edit(edit)) => Some((edit.new_text.as_str(), edit.range)),
            _ => None,
        }
    }

    #[test]
    fn field_names_at_the_start_of_a_line_replace_the_typed_word() {
        let items = at_end("User-agent: *\n  Dis");
        let disallow = items.iter().find(|item| item.label == "Disallow").expect("Disallow");
        let (text, range) = new_text(disallow).expect("an edit");
        assert_eq!(text, "Disallow: ");
        assert_eq!((range.start, range.end), (Position::new(1, 2), Position::new(1, 5)));
        assert_eq!(items.len(), Directive::ALL.len());
    }

    #[test]
    fn robots_after_user_agent() {
        let items = at_end("user-agent: Goo");
        let googlebot = items.iter().find(|item| item.label == "Googlebot").expect("Googlebot");
        let (text, range) = new_text(googlebot).expect("an edit");
        assert_eq!((text, range.start.character, range.end.character), ("Googlebot", 12, 15));
        assert!(googlebot.detail.as_deref().is_some_and(|detail| detail.contains("Google")), "{googlebot:?}");
        let items = at_end("User-agent:");
        assert_eq!(new_text(&items[0]).map(|(text, _)| text), Some(" *"));
        assert!(items.iter().any(|item| new_text(item).map(|(text, _)| text) == Some(" GPTBot")));
        // Retired tokens are not offered for new lines.
        assert!(items.iter().all(|item| item.label != "anthropic-ai"));
        let current = Registry::builtin().agents().iter().filter(|agent| !agent.is_retired()).count();
        assert_eq!(items.len(), current + 1);
    }

    #[test]
    fn nothing_inside_values_comments_or_other_fields() {
        assert!(at_end("Disallow: /pri").is_empty());
        assert!(at_end("# Goo").is_empty());
        assert!(at_end("User-agent: a b").is_empty());
        assert!(at_end("User-agent: * # Goo").is_empty());
    }
}
