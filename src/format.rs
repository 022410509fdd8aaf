//! The canonical layout of a robots.txt file: what `textDocument/formatting` returns.
//!
//! Formatting changes layout only, never what any robot reads: it applies the layout fixes
//! robolint marks safe (field-name case, the space after the colon, indentation of complete
//! field lines, trailing whitespace, the blank line between records, one line-end style) and
//! nothing that needs a guess. Comments are kept byte for byte, less trailing whitespace.

use crate::model::{Document, Line, LineEnding, LineKind, Separator};
use crate::source::{Source, LARGEST_CAP};

/// Formats `text`. Formatting a formatted text changes nothing.
pub fn format(text: &str) -> String {
    // No size cap: formatting must keep every line, including those past what lint reads.
    // Past what spans index, it could not, and leaves the text alone.
    if text.len() > LARGEST_CAP {
        return text.to_string();
    }
    let source = Source::from_bytes_capped(text.as_bytes(), text.len());
    if !source.is_exact() {
        // Spans would address decoded text, not `text`: leave such an input alone.
        return text.to_string();
    }
    let document = crate::parse::parse(&source);
    let ending = most_common_ending(&document);
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    if let Some(bom) = document.bom {
        out.push_str(bom.text(text));
    }
    for piece in layout(&document) {
        match piece {
            Piece::Blank => out.push_str(ending),
            Piece::Line(index) => {
                write_line(&mut out, &document.lines[index], text);
                out.push_str(ending);
            }
        }
    }
    out
}

/// What the output is made of, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Piece {
    Line(usize),
    Blank,
}

/// The non-blank lines in order, with one blank line wherever the input had one or more
/// and wherever a new record starts with no blank line before it; none at the start or
/// the end. Records end at blank lines, so no record gains or loses a line.
fn layout(document: &Document) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut blank_before = false;
    for (index, line) in document.lines.iter().enumerate() {
        if line.is_blank() {
            blank_before = true;
            continue;
        }
        let starts_unseparated_record = document
            .record_index_of(index)
            .is_some_and(|record| document.records[record].split_without_blank_line && starts_record(document, index));
        if !pieces.is_empty() && (blank_before || starts_unseparated_record) {
            pieces.push(Piece::Blank);
        }
        pieces.push(Piece::Line(index));
        blank_before = false;
    }
    pieces
}

fn starts_record(document: &Document, index: usize) -> bool {
    document.record_index_of(index).is_some_and(|record| document.records[record].lines.first() == Some(&index))
}

/// The line end the file uses most; LF when it has none (or on a tie with LF).
fn most_common_ending(document: &Document) -> &'static str {
    let count = |wanted: LineEnding| document.lines.iter().filter(|line| line.ending == wanted).count();
    let (lf, crlf, cr) = (count(LineEnding::Lf), count(LineEnding::CrLf), count(LineEnding::Cr));
    if crlf > lf && crlf >= cr {
        "\r\n"
    } else if cr > lf && cr > crlf {
        "\r"
    } else {
        "\n"
    }
}

fn write_line(out: &mut String, line: &Line, text: &str) {
    match &line.kind {
        LineKind::Field(field) => match field.separator {
            Separator::Colon { .. } => {
                let name = field.name.text(text);
                out.push_str(match field.directive {
                    Some(directive) => directive.canonical_name(),
                    None => name,
                });
                out.push(':');
                let value = field.value.text(text);
                if !value.is_empty() {
                    out.push(' ');
                    out.push_str(value);
                }
                write_comment(out, line, text, " ");
            }
            // No colon: the line is not complete, so only its trailing whitespace goes
            // (which part is the name is a guess that the missing-colon fix makes).
            Separator::Whitespace(_) | Separator::Missing => write_trimmed(out, line, text),
        },
        LineKind::Comment => write_comment(out, line, text, ""),
        LineKind::Invalid | LineKind::Blank => write_trimmed(out, line, text),
    }
}

/// The line's comment, after `gap`, without trailing whitespace.
fn write_comment(out: &mut String, line: &Line, text: &str, gap: &str) {
    if let Some(comment) = line.comment {
        out.push_str(gap);
        out.push_str(trim_end_blanks(comment.text(text)));
    }
}

/// The line as written, less trailing spaces and tabs.
fn write_trimmed(out: &mut String, line: &Line, text: &str) {
    out.push_str(trim_end_blanks(line.span.text(text)));
}

/// Trailing whitespace as robots.txt knows it: spaces and tabs.
fn trim_end_blanks(text: &str) -> &str {
    text.trim_end_matches([' ', '\t'])
}

#[cfg(test)]
mod tests {
    use super::format;

    #[test]
    fn canonical_case_one_space_after_the_colon_and_no_trailing_whitespace() {
        assert_eq!(
            format("user-AGENT:*\n  disallow :   /tmp/   \nSITEMAP:https://example.com/s.xml\t\n"),
            "User-agent: *\nDisallow: /tmp/\nSitemap: https://example.com/s.xml\n"
        );
    }

    #[test]
    fn unknown_fields_keep_their_spelling() {
        assert_eq!(
            format("User-agent: *\nDisallow:\nRevisit-After:7 days\n"),
            "User-agent: *\nDisallow:\nRevisit-After: 7 days\n"
        );
    }

    #[test]
    fn one_blank_line_between_records_and_none_at_the_ends() {
        let text =
            "\n\nUser-agent: a\nDisallow: /a\n\n\n\nUser-agent: b\nDisallow: /b\nUser-agent: c\nDisallow: /c\n\n\n";
        assert_eq!(
            format(text),
            "User-agent: a\nDisallow: /a\n\nUser-agent: b\nDisallow: /b\n\nUser-agent: c\nDisallow: /c\n"
        );
    }

    #[test]
    fn comments_are_kept_byte_for_byte_and_stay_with_their_record() {
        let text = "# head  \n#weird   spacing #\nUser-agent: *\n# inside\nDisallow: /x #  why   \n";
        assert_eq!(format(text), "# head\n#weird   spacing #\nUser-agent: *\n# inside\nDisallow: /x #  why\n");
    }

    #[test]
    fn empty_value_with_a_comment_gets_one_space() {
        assert_eq!(format("User-agent: *\nDisallow:# all\n"), "User-agent: *\nDisallow: # all\n");
    }

    #[test]
    fn the_most_common_line_end_wins_and_the_last_line_gets_one() {
        assert_eq!(
            format("User-agent: *\r\nDisallow: /a\r\nAllow: /b\nAllow: /c"),
            "User-agent: *\r\nDisallow: /a\r\nAllow: /b\r\nAllow: /c\r\n"
        );
        assert_eq!(format("User-agent: *"), "User-agent: *\n");
    }

    #[test]
    fn lines_without_a_colon_and_invalid_lines_are_only_trimmed() {
        assert_eq!(format("User-agent: *\nDisallow /x  \n<html>  \n"), "User-agent: *\nDisallow /x\n<html>\n");
    }

    #[test]
    fn a_blank_line_before_orphan_rules_stays_because_removing_it_changes_their_meaning() {
        let text = "User-agent: *\nDisallow: /a\n\nDisallow: /b\n";
        assert_eq!(format(text), text);
    }

    #[test]
    fn byte_order_mark_and_empty_input() {
        assert_eq!(format("\u{feff}user-agent: *\n"), "\u{feff}User-agent: *\n");
        assert_eq!(format(""), "");
        assert_eq!(format("\n\n  \n"), "");
    }

    #[test]
    fn non_ascii_values_survive() {
        assert_eq!(format("User-agent: *\nDisallow:  /café/😀  # é\n"), "User-agent: *\nDisallow: /café/😀 # é\n");
    }
}
