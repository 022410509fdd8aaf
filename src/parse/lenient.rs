//! The lenient pest grammar (`grammar/lenient.pest`) and its conversion into model lines.

use pest::iterators::Pair;
use pest::Parser;
use pest_derive::Parser;

use crate::model::{Directive, Field, Line, LineEnding, LineKind, Separator, Span};

#[derive(Parser)]
#[grammar = "../grammar/lenient.pest"]
struct LenientParser;

/// Lines of `text`, with the span of a leading byte-order mark.
pub(crate) fn parse_lines(text: &str) -> (Option<Span>, Vec<Line>) {
    let Ok(mut pairs) = LenientParser::parse(Rule::file, text) else {
        return (None, unparsed(text));
    };
    let Some(file) = pairs.next() else {
        return (None, unparsed(text));
    };
    let mut bom = None;
    let mut lines = Vec::with_capacity(text.len() / 24 + 1);
    for pair in file.into_inner() {
        match pair.as_rule() {
            Rule::bom => bom = Some(span_of(&pair)),
            Rule::line => lines.push(convert_line(pair, text)),
            _ => {}
        }
    }
    (bom, lines)
}

fn span_of(pair: &Pair<'_, Rule>) -> Span {
    let span = pair.as_span();
    Span::new(span.start(), span.end())
}

fn convert_line(pair: Pair<'_, Rule>, text: &str) -> Line {
    let whole = span_of(&pair);
    let mut indent = Span::empty_at(whole.start());
    let mut kind = LineKind::Blank;
    let mut comment = None;
    let mut ending = LineEnding::Missing;
    let mut ending_span = Span::empty_at(whole.end());
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::indent => indent = span_of(&part),
            Rule::comment => {
                comment = Some(span_of(&part));
                if kind == LineKind::Blank {
                    kind = LineKind::Comment;
                }
            }
            Rule::field => kind = LineKind::Field(convert_field(part, text)),
            Rule::junk => kind = LineKind::Invalid,
            Rule::eol => {
                ending_span = span_of(&part);
                ending = match part.as_str() {
                    "\r\n" => LineEnding::CrLf,
                    "\n" => LineEnding::Lf,
                    _ => LineEnding::Cr,
                };
            }
            _ => {}
        }
    }
    let span = Span::new(whole.start(), ending_span.start());
    let trailing_whitespace =
        if kind == LineKind::Blank { Span::empty_at(span.end()) } else { trailing_whitespace_of(span, text) };
    Line { span, ending_span, ending, indent, kind, comment, trailing_whitespace, strict_failure: None }
}

fn trailing_whitespace_of(span: Span, text: &str) -> Span {
    let content = span.text(text);
    let kept = content.trim_end_matches([' ', '\t']).len();
    Span::new(span.start() + kept, span.end())
}

fn convert_field(pair: Pair<'_, Rule>, text: &str) -> Field {
    let whole = span_of(&pair);
    let mut name = Span::empty_at(whole.start());
    let mut value = None;
    let mut colon = None;
    let mut space_before = Span::empty_at(whole.start());
    let mut missing_colon = None;
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::name | Rule::name_word => name = span_of(&part),
            Rule::before_colon => space_before = span_of(&part),
            Rule::colon => colon = Some(span_of(&part)),
            Rule::missing_colon => missing_colon = Some(span_of(&part)),
            Rule::value => value = Some(span_of(&part)),
            _ => {}
        }
    }
    let value = value.unwrap_or(Span::empty_at(whole.end()));
    let separator = match (colon, missing_colon) {
        (Some(colon), _) => Separator::Colon { colon, space_before },
        (None, Some(gap)) if !value.is_empty() => Separator::Whitespace(gap),
        _ => Separator::Missing,
    };
    Field { name, directive: Directive::from_name(name.text(text)), separator, value }
}

/// The grammar has a catch-all for every line, so this is unreachable unless the grammar is
/// broken; it keeps the promise that parsing never aborts even then.
fn unparsed(text: &str) -> Vec<Line> {
    let span = Span::new(0, text.len());
    vec![Line {
        span,
        ending_span: Span::empty_at(span.end()),
        ending: LineEnding::Missing,
        indent: Span::empty_at(0),
        kind: LineKind::Invalid,
        comment: None,
        trailing_whitespace: Span::empty_at(span.end()),
        strict_failure: None,
    }]
}
