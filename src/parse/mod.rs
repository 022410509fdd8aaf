//! Text → model. The only module that knows pest exists: both grammars are run here and
//! their results are turned into `model` types with byte spans.

mod lenient;
mod scan;
mod strict;

use crate::model::{Directive, Document, Line, LineKind, Record, Span, NO_RECORD};
use crate::parallel;
use crate::source::Source;

pub use strict::{parse_file as parse_strict, parse_production, syntax_tree};

/// Parses any text into a document. Never fails: what the strict grammar rejects is kept on
/// each line (`Line::strict_failure`) and on the document (`Document::structure_failures`).
pub fn parse(source: &Source) -> Document {
    parse_on(source, parallel::available_threads())
}

/// [`parse`] on at most `threads` threads: a large text's lines are checked on two.
pub fn parse_on(source: &Source, threads: usize) -> Document {
    Document { original: source.original.clone(), ..parse_text_on(&source.text, threads) }
}

/// Parses text into the lines and records robots read, skipping the draft grammar's checks
/// (every line reads as accepted): for answering what robots may fetch (`check`, `matrix`,
/// `diff`, `audit`), and for a lint without strict-syntax, where the strict verdicts are
/// unused and were most of the parse.
pub fn parse_for_answers(source: &Source) -> Document {
    let (bom, lines) = scan::scan_lines(&source.text);
    let (records, record_of_line) = group_records(&lines);
    Document { bom, lines, records, record_of_line, structure_failures: Vec::new(), original: source.original.clone() }
}

/// [`parse`] for text with no bytes behind it: the document keeps no original bytes.
pub fn parse_text(text: &str) -> Document {
    parse_text_on(text, parallel::available_threads())
}

/// [`parse_text`] on at most `threads` threads.
pub(crate) fn parse_text_on(text: &str, threads: usize) -> Document {
    let (bom, mut lines) = scan::scan_lines(text);
    let second_thread = text.len() >= SECOND_THREAD_FROM_BYTES && threads > 1;
    check_lines(&mut lines, text, second_thread);
    let structure_failures = strict::check_structure(&lines);
    let (records, record_of_line) = group_records(&lines);
    Document { bom, lines, records, record_of_line, structure_failures, original: None }
}

/// From this size on, the second half of the lines is checked against the draft's grammar on
/// a second thread: those checks are most of a parse, and an editor parses a large file
/// again on every keystroke. Below it, a thread costs more than it saves.
const SECOND_THREAD_FROM_BYTES: usize = 64 * 1024;

/// Checks each line against its production of the draft's grammar; with a second thread,
/// it checks the second half of the lines.
fn check_lines(lines: &mut [Line], text: &str, second_thread: bool) {
    if second_thread {
        let half = lines.len() / 2;
        let (first_half, second_half) = lines.split_at_mut(half);
        std::thread::scope(|scope| {
            scope.spawn(|| check_lines(second_half, text, false));
            check_lines(first_half, text, false);
        });
        return;
    }
    let mut scratch = String::new();
    for line in lines {
        line.strict_failure = strict::check_line(line, text, &mut scratch).map(Box::new);
    }
}

/// The lines `grammar/lenient.pest` itself produces (with no strict verdicts), and the
/// byte-order mark. `parse_text` gets the same lines from a faster hand-written scanner;
/// this is the definition it is tested against.
pub fn lenient_lines_from_grammar(text: &str) -> (Option<Span>, Vec<Line>) {
    lenient::parse_lines(text)
}

/// Groups lines into records: a blank line ends a record, and so does a User-agent line
/// that follows Allow/Disallow lines. Comment lines join the record they stand in.
fn group_records(lines: &[Line]) -> (Vec<Record>, Vec<u32>) {
    let mut records: Vec<Record> = Vec::new();
    let mut record_of_line = vec![NO_RECORD; lines.len()];
    let mut open = false;
    for (index, line) in lines.iter().enumerate() {
        match &line.kind {
            LineKind::Blank => {
                open = false;
                continue;
            }
            LineKind::Comment if !open => continue,
            _ => {}
        }
        let directive = line.directive();
        let splits = directive == Some(Directive::UserAgent)
            && open
            && records.last().is_some_and(|record| !record.rules.is_empty());
        if !open || splits {
            records.push(Record { split_without_blank_line: splits, ..Record::default() });
            open = true;
        }
        let record_index = records.len() - 1;
        let record = &mut records[record_index];
        record.lines.push(index);
        match (&line.kind, directive) {
            (_, Some(Directive::UserAgent)) => record.agents.push(index),
            (_, Some(directive)) if directive.is_access_rule() => record.rules.push(index),
            (LineKind::Field(_), _) => record.extensions.push(index),
            _ => {}
        }
        // Fewer records than lines, and a file has fewer than 4 G lines (32-bit spans).
        record_of_line[index] = u32::try_from(record_index).unwrap_or(NO_RECORD);
    }
    (records, record_of_line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_checked_on_two_threads_get_the_verdicts_of_one() {
        let lines = ["User-agent: *", "Disallow: /a b", "Allow /x", "Disalow: /c", "# note", "", "Crawl-delay: 5"];
        let text = format!("{}\n", lines.join("\n")).repeat(2_000);
        let (_, mut on_one_thread) = scan::scan_lines(&text);
        let mut on_two_threads = on_one_thread.clone();
        check_lines(&mut on_one_thread, &text, false);
        check_lines(&mut on_two_threads, &text, true);
        assert!(on_one_thread.iter().filter(|line| line.strict_failure.is_some()).count() >= 2_000);
        assert_eq!(on_one_thread, on_two_threads);
    }

    #[test]
    fn a_record_governs_its_rules_after_its_first_user_agent_line() {
        let text = "Disallow: /orphan\nUser-agent: a\n# note\nUser-agent: b\nAllow: /a\nDisallow: /b\n";
        let document = parse(&Source::from(text));
        let governed: Vec<Vec<usize>> =
            document.records.iter().map(|record| record.governed_rules().collect()).collect();
        assert!(governed.contains(&vec![4, 5]), "{governed:?}");
        for (record, governed) in document.records.iter().zip(&governed) {
            assert_eq!(&(0..7).filter(|&line| record.governs(line)).collect::<Vec<_>>(), governed);
        }
    }

    #[test]
    fn a_parse_for_answers_is_the_full_parse_without_the_grammar_verdicts() {
        let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
        let mut cases = 0;
        for folder in std::fs::read_dir(&corpus).expect("corpus/").flatten() {
            for case in std::fs::read_dir(folder.path()).expect("a case folder").flatten() {
                if case.path().extension().is_none_or(|extension| extension != "txt") {
                    continue;
                }
                let source = Source::from_bytes(&std::fs::read(case.path()).expect("a case"));
                let mut full = parse(&source);
                full.lines.iter_mut().for_each(|line| line.strict_failure = None);
                full.structure_failures.clear();
                assert_eq!(parse_for_answers(&source), full, "{}", case.path().display());
                cases += 1;
            }
        }
        assert!(cases > 200, "only {cases} corpus cases");
    }
}
