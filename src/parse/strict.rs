//! The strict grammar (`grammar/draft-1996.pest`): the draft's BNF, corrected only where the
//! draft contradicts itself.
//!
//! The linter asks it two questions. Line by line: does this line, as the lenient parse
//! classified it, match its production (`agentline`, `disallowline`, …)? And for the file:
//! do the lines follow `robotstxt`/`record`/`commentblank`? The second question is answered
//! by a state machine over line kinds that reports every structural failure instead of
//! pest's first; `tests/it/grammar.rs` checks it against the whole-file pest parse.

use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest::Parser;
use pest_derive::Parser;

use crate::model::{
    Directive, Line, LineKind, Separator, Span, StrictFailure, StructureFailure, StructureProblem, SyntaxNode,
};

#[derive(Parser)]
#[grammar = "../grammar/draft-1996.pest"]
pub(crate) struct DraftParser;

/// Parses a whole file with the `robotstxt` production: `Ok` exactly when the draft (with
/// its errata corrected) accepts the text as it is, line ends and all.
pub fn parse_file(text: &str) -> Result<(), StrictFailure> {
    parse_with(Rule::robotstxt, "robotstxt", text, 0)
}

/// The whole file's parse tree under the `robotstxt` production, for showing the grammar at
/// work (`robolint parse`), or where the parse stopped.
pub fn syntax_tree(text: &str) -> Result<SyntaxNode, StrictFailure> {
    let mut pairs = match DraftParser::parse(Rule::robotstxt, text) {
        Ok(pairs) => pairs,
        Err(_) => return parse_with(Rule::robotstxt, "robotstxt", text, 0).map(|()| empty_tree(text)),
    };
    Ok(pairs.next().map_or_else(|| empty_tree(text), node))
}

/// The empty file's tree: what `robotstxt` (`*blankcomment`) builds from no lines.
fn empty_tree(text: &str) -> SyntaxNode {
    SyntaxNode { production: "robotstxt", span: Span::new(0, text.len()), children: Vec::new() }
}

fn node(pair: Pair<'_, Rule>) -> SyntaxNode {
    let span = pair.as_span();
    let production = production_name(pair.as_rule());
    SyntaxNode {
        production,
        span: Span::new(span.start(), span.end()),
        children: pair.into_inner().map(node).collect(),
    }
}

/// A production's name as the draft's BNF spells it (pest's rule names are the same).
fn production_name(rule: Rule) -> &'static str {
    // Rule's Debug form is its name; the names are few and fixed, so each is leaked once.
    static NAMES: std::sync::OnceLock<Vec<(Rule, &'static str)>> = std::sync::OnceLock::new();
    let names = NAMES.get_or_init(|| {
        // pest's end of input is no rule of the grammar, so `all_rules` leaves it out.
        let rules = Rule::all_rules().iter().chain([&Rule::EOI]);
        rules.map(|&rule| (rule, &*Box::leak(format!("{rule:?}").into_boxed_str()))).collect()
    });
    names.iter().find(|(known, _)| *known == rule).map_or("?", |(_, name)| name)
}

/// The production a line of this kind must match.
fn production_for(kind: &LineKind) -> (Rule, &'static str) {
    match kind {
        LineKind::Blank => (Rule::blank, "blank"),
        LineKind::Comment => (Rule::commentline, "commentline"),
        LineKind::Field(field) => match field.directive {
            Some(Directive::UserAgent) => (Rule::agentline, "agentline"),
            Some(Directive::Disallow) => (Rule::disallowline, "disallowline"),
            Some(Directive::Allow) => (Rule::allowline, "allowline"),
            _ => (Rule::extension, "extension"),
        },
        LineKind::Invalid => (Rule::ruleline, "ruleline"),
    }
}

/// Checks one line against its production. The line is checked with a CRLF end whatever
/// its own end is: line ends are a file-level question with rules of their own.
pub(crate) fn check_line(line: &Line, text: &str, scratch: &mut String) -> Option<StrictFailure> {
    let (rule, production) = production_for(&line.kind);
    if plainly_accepted(rule, line.span.text(text).as_bytes()) {
        return None;
    }
    if line.kind == LineKind::Invalid {
        // The lenient parse reads field names as letters, digits and `-_.`; the draft's
        // token is wider (`*x: y` is an extension line), and `plainly_accepted` decides
        // `extension` exactly. Anything else fails where its content begins.
        if plainly_accepted(Rule::extension, line.span.text(text).as_bytes()) {
            return None;
        }
        return Some(StrictFailure { offset: line.indent.end(), production, expected: Vec::new() });
    }
    let mut failure = match plainly_rejected(rule, line.span.text(text).as_bytes()) {
        Some((offset, expected)) => {
            StrictFailure { offset: line.span.start() + offset, production, expected: expected.to_vec() }
        }
        None => {
            scratch.clear();
            scratch.push_str(line.span.text(text));
            scratch.push_str("\r\n");
            parse_with(rule, production, scratch, line.span.start()).err()?
        }
    };
    pin_literal_failure(&mut failure, line);
    Some(failure)
}

/// The line productions restated by hand for lines that plainly match them, so most lines
/// never reach pest. `true` only where the pest production accepts the line (with CRLF
/// appended) as well; `false` means "ask pest", which then decides and explains. The
/// differential test in `tests/it/grammar.rs` holds the two together.
fn plainly_accepted(rule: Rule, line: &[u8]) -> bool {
    let after_literal = |literal: &[u8]| {
        let head = line.get(..literal.len())?;
        head.eq_ignore_ascii_case(literal).then(|| skip_space(&line[literal.len()..]))
    };
    match rule {
        // The lenient scanner only calls a line blank when it is all SP and HT.
        Rule::blank => true,
        // `*space "#" *anychar`: a comment line is SP/HT, `#`, then ASCII.
        Rule::commentline => line.is_ascii(),
        Rule::agentline => after_literal(b"user-agent:").is_some_and(|rest| {
            let token_end = rest.iter().position(|&byte| !is_token_byte(byte)).unwrap_or(rest.len());
            token_end > 0 && is_comment_tail(&rest[token_end..])
        }),
        Rule::disallowline => {
            after_literal(b"disallow:").is_some_and(|rest| is_comment_tail(skip_rpath(rest).unwrap_or(rest)))
        }
        Rule::allowline => after_literal(b"allow:").and_then(skip_rpath).is_some_and(is_comment_tail),
        Rule::extension => {
            let token_end = line.iter().position(|&byte| !is_token_byte(byte)).unwrap_or(line.len());
            let token = &line[..token_end];
            let draft_field =
                [&b"user-agent"[..], b"disallow", b"allow"].iter().any(|name| token.eq_ignore_ascii_case(name));
            token_end > 0 && !draft_field && line.get(token_end) == Some(&b':') && line.is_ascii()
        }
        _ => false,
    }
}

/// Where pest's parse of a line that fails its production stops (an offset into the line)
/// and the productions it names there, for the failures common in real files: a query
/// string or a version after a value, trailing whitespace, a value that is not a path,
/// indentation, whitespace before the colon. `None` means "ask pest", which then decides
/// and explains. Called only for lines `plainly_accepted` did not accept; the test below
/// holds every answer to pest's own.
fn plainly_rejected(rule: Rule, line: &[u8]) -> Option<(usize, &'static [&'static str])> {
    // pest names the productions it tried where it stopped: after a value, the comment or
    // the line end; before a value, more space or the value.
    const AFTER_VALUE: &[&str] = &["CRLF", "comment"];
    let (literal, whole_line): (&[u8], &'static [&'static str]) = match rule {
        Rule::agentline => (b"user-agent:", &["agentline"]),
        Rule::disallowline => (b"disallow:", &["disallowline"]),
        Rule::allowline => (b"allow:", &["allowline"]),
        Rule::extension => return plainly_rejected_extension(line),
        _ => return None,
    };
    // The field name and its colon are literals, which pest does not name: when they fail,
    // it names the whole production at the start of the line.
    if !line.get(..literal.len()).is_some_and(|head| head.eq_ignore_ascii_case(literal)) {
        return Some((0, whole_line));
    }
    let value_start = line.len() - skip_space(&line[literal.len()..]).len();
    let value = &line[value_start..];
    let value_end = if rule == Rule::agentline {
        let token_length = value.iter().position(|&byte| !is_token_byte(byte)).unwrap_or(value.len());
        if token_length == 0 {
            return None;
        }
        value_start + token_length
    } else {
        match skip_rpath(value) {
            Some(rest) => line.len() - rest.len(),
            None if value.is_empty() || value[0] == b'#' => return None,
            None if rule == Rule::disallowline => return Some((value_start, &["CRLF", "comment", "space", "rpath"])),
            None => return Some((value_start, &["space", "rpath"])),
        }
    };
    let rest = &line[value_end..];
    // A comment with non-ASCII characters ends where they start; pest says where.
    if rest.is_empty() || skip_space(rest).first() == Some(&b'#') {
        return None;
    }
    Some((value_end, AFTER_VALUE))
}

/// [`plainly_rejected`] for `extension`: a line that does not start with a token, or whose
/// token is not followed by a colon.
fn plainly_rejected_extension(line: &[u8]) -> Option<(usize, &'static [&'static str])> {
    let token_end = line.iter().position(|&byte| !is_token_byte(byte)).unwrap_or(line.len());
    if token_end == 0 {
        return Some((0, &["token"]));
    }
    let draft_field = [&b"user-agent:"[..], b"disallow:", b"allow:"]
        .iter()
        .any(|field| line.get(..field.len()).is_some_and(|head| head.eq_ignore_ascii_case(field)));
    (!draft_field && line.get(token_end) != Some(&b':')).then_some((0, &["extension"]))
}

fn skip_space(bytes: &[u8]) -> &[u8] {
    let start = bytes.iter().position(|&byte| byte != b' ' && byte != b'\t').unwrap_or(bytes.len());
    &bytes[start..]
}

/// `[comment]` then the line end: nothing, or `*space "#" *anychar`.
fn is_comment_tail(rest: &[u8]) -> bool {
    rest.is_empty() || (skip_space(rest).first() == Some(&b'#') && rest.is_ascii())
}

/// RFC 1945 token characters: US-ASCII, no controls, no tspecials.
fn is_token_byte(byte: u8) -> bool {
    byte.is_ascii() && !byte.is_ascii_control() && !br#"()<>@,;:\"/[]?={} #"#.contains(&byte) && byte != b'\t'
}

/// `pchar` minus escapes (handled by the caller).
fn is_pchar_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b"$-_.+~!*'(),:@&=".contains(&byte)
}

/// What follows `rpath = "/" [fsegment *("/" segment)]`, or `None` when no rpath starts here.
fn skip_rpath(bytes: &[u8]) -> Option<&[u8]> {
    if bytes.first() != Some(&b'/') {
        return None;
    }
    let mut at = 1;
    let mut in_path = false;
    while at < bytes.len() {
        let byte = bytes[at];
        let escape = byte == b'%' && bytes.get(at + 1..at + 3).is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit));
        if escape {
            at += 3;
        } else if is_pchar_byte(byte) || (byte == b'/' && in_path) {
            at += 1;
        } else {
            break;
        }
        in_path = true;
    }
    Some(&bytes[at..])
}

/// pest reports a failed literal (`"Disallow"`, `":"`) as a failure of the whole production
/// at the line's start. For field lines the literal part is the field name and the colon,
/// so point at whichever of the two is wrong.
fn pin_literal_failure(failure: &mut StrictFailure, line: &Line) {
    let stopped_at_start = failure.offset == line.span.start() && failure.expected == [failure.production];
    let Some(field) = line.field() else { return };
    if !stopped_at_start || !line.indent.is_empty() {
        return;
    }
    let colon_follows_name =
        matches!(field.separator, Separator::Colon { space_before, .. } if space_before.is_empty());
    if !colon_follows_name {
        failure.offset = field.name.end();
        failure.expected = vec!["\":\""];
    }
}

fn parse_with(rule: Rule, production: &'static str, text: &str, base: usize) -> Result<(), StrictFailure> {
    let error = match DraftParser::parse(rule, text) {
        Ok(_) => return Ok(()),
        Err(error) => error,
    };
    let offset = match error.location {
        InputLocation::Pos(at) => at,
        InputLocation::Span((at, _)) => at,
    };
    let expected = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.iter().map(|&rule| production_name(rule)).collect(),
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    Err(StrictFailure { offset: base + offset, production, expected })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// Before the first record: only blank and comment lines so far.
    Preamble,
    /// Inside a record's agent lines (`agentline *(commentline | agentline)`).
    Agents { record_start: usize },
    /// Inside a record's rule lines (`1*ruleline *(commentline | ruleline)`).
    Rules,
    /// After a blank line that ended a record (`commentblank`).
    BetweenRecords,
    /// In rule lines that stand outside any record, already reported once: the rest of
    /// them are not reported again, and a User-agent line may start a record.
    Orphans,
}

/// Runs the draft's file-level productions over the line kinds and reports every place
/// they fail, recovering after each so one mistake does not hide the next.
pub(crate) fn check_structure(lines: &[Line]) -> Vec<StructureFailure> {
    let mut failures = Vec::new();
    let mut fail = |problem, offset, blame| {
        failures.push(StructureFailure { problem, offset, blame });
    };
    let mut place = Place::Preamble;
    for line in lines {
        let is_agent = line.directive() == Some(Directive::UserAgent);
        place = match (&line.kind, place) {
            (LineKind::Comment, place) => place,
            // An invalid line that the draft reads as an extension is a rule line to it.
            (LineKind::Invalid, place) if line.strict_failure.is_some() => place,
            (LineKind::Blank, Place::Agents { record_start }) => {
                fail(StructureProblem::RecordWithoutRules, line.span.start(), Span::new(record_start, line.span.end()));
                Place::BetweenRecords
            }
            (LineKind::Blank, Place::Rules | Place::Orphans) => Place::BetweenRecords,
            (LineKind::Blank, place) => place,
            (_, Place::Preamble | Place::BetweenRecords | Place::Orphans) if is_agent => {
                Place::Agents { record_start: line.span.start() }
            }
            (_, Place::Agents { .. }) if is_agent => place,
            (_, Place::Rules) if is_agent => {
                fail(StructureProblem::MissingBlankLine, line.span.start(), line.span);
                Place::Agents { record_start: line.span.start() }
            }
            (_, Place::Agents { .. } | Place::Rules) => Place::Rules,
            (_, Place::Orphans) => Place::Orphans,
            (_, Place::Preamble | Place::BetweenRecords) => {
                fail(StructureProblem::OutsideRecord, line.span.start(), line.span);
                Place::Orphans
            }
        };
    }
    if let (Place::Agents { record_start }, Some(last)) = (place, lines.last()) {
        let end = last.ending_span.end();
        fail(StructureProblem::RecordWithoutRules, end, Span::new(record_start, end));
    }
    failures
}

/// Runs one production of the strict grammar, by its BNF name, over the whole of `text`:
/// `None` when the grammar has no such production, `Err` when it does not match all of
/// `text`. For testing the grammar production by production.
pub fn parse_production(production: &str, text: &str) -> Option<Result<(), StrictFailure>> {
    let rule = *Rule::all_rules().iter().find(|&&rule| production_name(rule) == production)?;
    let production = production_name(rule);
    let matched_end = match DraftParser::parse(rule, text) {
        Ok(pairs) => pairs.last().map_or(0, |pair| pair.as_span().end()),
        Err(_) => return Some(parse_with(rule, production, text, 0)),
    };
    Some(if matched_end == text.len() {
        Ok(())
    } else {
        Err(StrictFailure { offset: matched_end, production, expected: vec!["end of input"] })
    })
}

/// The one way tests reach `../shared` (skip locally, fail under `CI=true` when it is missing).
#[cfg(test)]
#[path = "../../tests/it/support/shared.rs"]
mod shared;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::scan::scan_lines;

    /// Every line of `text` on which the fast paths and pest disagree: the fast path accepts
    /// what pest rejects, or rejects with another explanation than pest's. Also counts how
    /// often the fast paths had to defer to pest.
    fn fast_path_disagreements(text: &str, deferred: &mut usize, total: &mut usize) -> Vec<String> {
        let (_, lines) = scan_lines(text);
        let mut wrong = Vec::new();
        for line in &lines {
            let (rule, production) = production_for(&line.kind);
            let content = line.span.text(text);
            let accepted = plainly_accepted(rule, content.as_bytes());
            let rejected = (!accepted).then(|| plainly_rejected(rule, content.as_bytes())).flatten();
            let pest = parse_with(rule, production, &format!("{content}\r\n"), 0);
            *total += 1;
            if !accepted && rejected.is_none() {
                *deferred += 1;
            }
            if accepted && pest.is_err() {
                wrong.push(format!("{production}: {content:?} accepted, pest says {pest:?}"));
            }
            if let Some((offset, expected)) = rejected {
                let fast = StrictFailure { offset, production, expected: expected.to_vec() };
                if pest.as_ref().err() != Some(&fast) {
                    wrong.push(format!("{production}: {content:?} rejected as {fast:?}, pest says {pest:?}"));
                }
            }
        }
        wrong
    }

    #[test]
    fn fast_paths_agree_with_the_grammar() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut texts: Vec<String> = Vec::new();
        let mut stack = vec![root.join("corpus")];
        stack.extend(shared::protego_files().unwrap_or_default());
        while let Some(path) = stack.pop() {
            match std::fs::read_dir(&path) {
                Ok(entries) => stack.extend(entries.flatten().map(|entry| entry.path())),
                Err(_) => texts.extend(std::fs::read(&path).ok().map(|b| String::from_utf8_lossy(&b).into_owned())),
            }
        }
        let fields =
            ["User-agent", "user-AGENT", "Disallow", "Allow", "Sitemap", "Crawl-delay", "Allowed", "a/b", ".x y", "{"];
        let values = [
            "", "*", "/", "//", "/a", "/a/", "/a//b", "/%7e", "/%zz", "/a?b", "/a;b", "/é", "/a b", "bot", "bot/1.0",
            "a\\b", "\"q\"", "*bot*", "/~x", "/tmp/*", "/$", "10", "#c", " # c", "/a#c", "/a # c", "/a ", "/a # é",
            "# é", "bot # é", "bot x", "(x)", "/a\t", "/a?b # c", "x{y", "é",
        ];
        for field in fields {
            for separator in [":", ": ", ":\t", " :", " "] {
                for value in values {
                    texts.push(format!("{field}{separator}{value}"));
                    texts.push(format!(" {field}{separator}{value}"));
                }
            }
        }
        texts.extend(["#", "  # x", "# é", "\t", "", "junk here"].map(String::from));
        let (mut deferred, mut total, mut wrong) = (0, 0, Vec::new());
        for text in &texts {
            wrong.extend(fast_path_disagreements(text, &mut deferred, &mut total));
        }
        assert!(wrong.is_empty(), "the fast paths disagree with the grammar:\n{}", wrong.join("\n"));
        #[allow(clippy::print_stderr, reason = "a test's note for the person running it")]
        {
            eprintln!("of {total} lines, {deferred} were still left to pest by the fast paths");
        }
    }
}
