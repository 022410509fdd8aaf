//! Document symbols: one per record, named by its agents, with its rule lines inside.

use lsp_types::{DocumentSymbol, SymbolKind};

use super::positions::LineIndex;
use crate::lint::Report;
use crate::model::{Document, Line, Record};

pub fn document_symbols(report: &Report, lines: &LineIndex) -> Vec<DocumentSymbol> {
    let text = report.source.text.as_str();
    let document = &report.document;
    document.records.iter().map(|record| record_symbol(document, record, text, lines)).collect()
}

fn record_symbol(document: &Document, record: &Record, text: &str, lines: &LineIndex) -> DocumentSymbol {
    let agents: Vec<&str> = record
        .agents
        .iter()
        .filter_map(|&line| document.lines[line].field())
        .map(|field| field.value.text(text))
        .collect();
    let name =
        if agents.is_empty() { "(no User-agent)".to_string() } else { format!("User-agent: {}", agents.join(", ")) };
    let head = record.agents.first().or(record.lines.first()).map(|&line| document.lines[line].span);
    let children = record.rules.iter().map(|&line| rule_symbol(&document.lines[line], text, lines)).collect();
    symbol(name, SymbolKind::NAMESPACE, lines, text, record.span(&document.lines), head, Some(children))
}

fn rule_symbol(line: &Line, text: &str, lines: &LineIndex) -> DocumentSymbol {
    let written = match line.field() {
        Some(field) => format!("{}: {}", field.name.text(text), field.value.text(text)),
        None => line.span.text(text).to_string(),
    };
    symbol(written.trim_end().to_string(), SymbolKind::KEY, lines, text, line.span, None, None)
}

fn symbol(
    name: String,
    kind: SymbolKind,
    lines: &LineIndex,
    text: &str,
    span: crate::model::Span,
    selection: Option<crate::model::Span>,
    children: Option<Vec<DocumentSymbol>>,
) -> DocumentSymbol {
    // `deprecated` is superseded by `tags`, but the struct still has the field.
    #[allow(deprecated)]
    DocumentSymbol {
        name,
        detail: None,
        kind,
        tags: None,
        deprecated: None,
        range: lines.range(text, span),
        selection_range: lines.range(text, selection.unwrap_or(span)),
        children,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{lint, Settings, Source};

    #[test]
    fn one_symbol_per_record_with_rules_inside() {
        let text = "# head\nUser-agent: a\nUser-agent: b\nDisallow: /x\nAllow: /x/y\n\nUser-agent: *\nDisallow:\n";
        let report = lint(Source::from(text), None, &Settings::default());
        let symbols = document_symbols(&report, &LineIndex::new(text));
        let names: Vec<&str> = symbols.iter().map(|symbol| symbol.name.as_str()).collect();
        assert_eq!(names, ["User-agent: a, b", "User-agent: *"]);
        let children: Vec<&str> = symbols[0].children.iter().flatten().map(|child| child.name.as_str()).collect();
        assert_eq!(children, ["Disallow: /x", "Allow: /x/y"]);
        assert_eq!(symbols[0].kind, SymbolKind::NAMESPACE);
        assert_eq!((symbols[0].range.start.line, symbols[0].range.end.line), (1, 4));
        assert_eq!(symbols[1].children.iter().flatten().next().map(|child| child.name.as_str()), Some("Disallow:"));
    }
}
