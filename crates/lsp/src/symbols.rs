//! Document symbols: one per record, named by its agents, with its rule lines inside. A
//! document lists at most [`SYMBOLS_PER_DOCUMENT`], then one symbol saying how many more.

use lsp_types::{DocumentSymbol, SymbolKind};

use super::positions::{LineIndex, LspPositions};
use robolint::lint::Report;
use robolint::model::{Document, Line, Record, Span};

/// How many records and rules the outline lists. An outline of 100,000 rules helps no one,
/// and its answer cost the server 600 MB at the 2 MiB cap (the JSON of every symbol is built
/// before it is sent).
pub const SYMBOLS_PER_DOCUMENT: usize = 5_000;

/// How many agents a record's symbol names.
const AGENTS_NAMED: usize = 10;

pub fn document_symbols(report: &Report, lines: &LineIndex) -> Vec<DocumentSymbol> {
    let text = report.source.text.as_str();
    let document = &report.document;
    let mut listed = 0;
    let mut symbols = Vec::new();
    // Where the first record or rule left out starts, and how many were.
    let mut left_out: Option<(usize, usize)> = None;
    for record in &document.records {
        let room = SYMBOLS_PER_DOCUMENT - listed;
        if room == 0 {
            let (_, count) = left_out.get_or_insert((record.span(&document.lines).start(), 0));
            *count += 1 + record.rules.len();
            continue;
        }
        let rules = &record.rules[..record.rules.len().min(room - 1)];
        if let Some(&first_omitted) = record.rules.get(rules.len()) {
            left_out = Some((document.lines[first_omitted].span.start(), record.rules.len() - rules.len()));
        }
        listed += 1 + rules.len();
        symbols.push(record_symbol(document, record, rules, text, lines));
    }
    if let Some((from, count)) = left_out {
        let rest = Span::new(from, text.len());
        let name = format!("{count} more records and rules not listed (the outline lists {SYMBOLS_PER_DOCUMENT})");
        symbols.push(symbol(name, SymbolKind::NULL, lines, text, rest, None, None));
    }
    symbols
}

fn record_symbol(
    document: &Document,
    record: &Record,
    rules: &[usize],
    text: &str,
    lines: &LineIndex,
) -> DocumentSymbol {
    let agents: Vec<&str> = record
        .agents
        .iter()
        .filter_map(|&line| document.lines[line].field())
        .map(|field| field.value.text(text))
        .take(AGENTS_NAMED)
        .collect();
    let more = record.agents.len().saturating_sub(AGENTS_NAMED);
    let name = match (agents.is_empty(), more) {
        (true, _) => "(no User-agent)".to_string(),
        (false, 0) => format!("User-agent: {}", agents.join(", ")),
        (false, more) => format!("User-agent: {} and {more} more", agents.join(", ")),
    };
    let head = record.agents.first().or(record.lines.first()).map(|&line| document.lines[line].span);
    let children = rules.iter().map(|&line| rule_symbol(&document.lines[line], text, lines)).collect();
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
    span: Span,
    selection: Option<Span>,
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
        range: lines.lsp_range(text, span),
        selection_range: lines.lsp_range(text, selection.unwrap_or(span)),
        children,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use robolint::{lint, Settings, Source};

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

    fn listed(symbols: &[DocumentSymbol]) -> usize {
        symbols.iter().map(|symbol| 1 + symbol.children.as_ref().map_or(0, Vec::len)).sum()
    }

    #[test]
    fn a_large_outline_stops_at_the_limit_and_counts_the_rest() {
        // One record of more rules than the outline lists, then two more records.
        let rules: String = (0..SYMBOLS_PER_DOCUMENT + 10).map(|rule| format!("Disallow: /p{rule}/\n")).collect();
        let text = format!("User-agent: a\n{rules}\nUser-agent: b\nDisallow: /b\n\nUser-agent: c\nDisallow: /c\n");
        let report = lint(Source::from(text.as_str()), None, &Settings::default());
        let index = LineIndex::new(&text);
        let symbols = document_symbols(&report, &index);
        assert_eq!(symbols.len(), 2, "the record, then the count of the rest");
        assert_eq!(listed(&symbols[..1]), SYMBOLS_PER_DOCUMENT);
        let rest = &symbols[1];
        // 11 rules of the first record, and two records of one rule each.
        assert!(rest.name.starts_with("15 more records and rules not listed"), "{}", rest.name);
        // The agent is line 0, so the first rule left out (the 5,000th) is on line 5,000.
        assert_eq!(rest.range.start.line as usize, SYMBOLS_PER_DOCUMENT);
        assert_eq!(rest.range.end, index.lsp_range(&text, Span::new(text.len(), text.len())).end);
    }

    #[test]
    fn a_record_of_many_agents_names_the_first_ten() {
        let agents: String = (0..25).map(|agent| format!("User-agent: bot{agent}\n")).collect();
        let text = format!("{agents}Disallow: /\n");
        let report = lint(Source::from(text.as_str()), None, &Settings::default());
        let symbols = document_symbols(&report, &LineIndex::new(&text));
        assert_eq!(
            symbols[0].name,
            "User-agent: bot0, bot1, bot2, bot3, bot4, bot5, bot6, bot7, bot8, bot9 and 15 more"
        );
        assert_eq!(symbols.len(), 1);
    }
}
