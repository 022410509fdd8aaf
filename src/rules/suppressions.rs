//! Inline suppressions: `# robolint: disable=<name|code>[,…]` silences those rules on its own
//! line, or, on a line of its own, on the next line that is neither blank nor a comment;
//! `# robolint: disable-file=<…>` silences them in the whole file. They name rules, so they
//! live here; the rules about them are in `suppression/`, and `fix::add_suppressions` writes
//! them.

use foldhash::HashMap;

use crate::diagnostic::Diagnostic;
use crate::model::{Document, LineIndex, LineKind, Span};
use crate::rules::{self, Rule};

/// Where a suppression applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// This one line: the comment's own, or the next that is not blank or a comment.
    Line(LineIndex),
    /// The whole file: a `disable-file=` comment.
    File,
    /// A comment on a line of its own with nothing but blanks and comments after it.
    Nothing,
}

/// One rule named in a suppression comment.
#[derive(Debug, Clone)]
pub struct Named {
    /// The name or code as written in the comment.
    pub span: Span,
    /// `None` when the name or code is not a rule robolint has.
    pub rule: Option<Rule>,
    /// Set once it has silenced a finding.
    pub used: bool,
}

/// One `# robolint: disable…` comment, and the rules it names.
#[derive(Debug, Clone)]
pub struct Suppression {
    /// The whole comment, from `#` to the line's end.
    pub comment: Span,
    /// Where the comment silences findings.
    pub scope: Scope,
    /// Empty when the comment names no rule at all (`disable=`).
    pub names: Vec<Named>,
}

const MARKER: &str = "robolint:";

/// Every suppression comment in the document.
pub fn find(document: &Document, text: &str) -> Vec<Suppression> {
    let mut found = Vec::new();
    // The content line the last comment line's suppression found: every line between the two
    // is blank or a comment, so the next comment lines find the same one (each looked ahead
    // on its own, a run of suppression comments was quadratic).
    let mut next_found: Option<Option<LineIndex>> = None;
    for (index, line) in document.lines.iter().enumerate() {
        let Some(comment) = line.comment else { continue };
        let body = comment.text(text)[1..].trim_start();
        let Some(directive) = body.get(..MARKER.len()).filter(|head| head.eq_ignore_ascii_case(MARKER)) else {
            continue;
        };
        let after_marker = body[directive.len()..].trim_start();
        let (file_wide, rest) = if let Some(rest) = after_marker.strip_prefix("disable-file") {
            (true, rest)
        } else if let Some(rest) = after_marker.strip_prefix("disable") {
            (false, rest)
        } else {
            continue;
        };
        let Some(list) = rest.trim_start().strip_prefix('=') else { continue };
        let list = list.trim_start();
        // `list` is a slice of `text`, so its address gives its offset.
        let list_start = list.as_ptr() as usize - text.as_ptr() as usize;
        let scope = if file_wide {
            Scope::File
        } else if line.kind == LineKind::Comment {
            let next = match next_found {
                Some(next) if next.is_none_or(|next| next > index) => next,
                _ => next_content_line(document, index),
            };
            next_found = Some(next);
            next.map_or(Scope::Nothing, Scope::Line)
        } else {
            Scope::Line(index)
        };
        found.push(Suppression { comment, scope, names: names_in(list, list_start) });
    }
    found
}

fn next_content_line(document: &Document, after: LineIndex) -> Option<LineIndex> {
    (after + 1..document.lines.len())
        .find(|&index| !matches!(document.lines[index].kind, LineKind::Blank | LineKind::Comment))
}

/// `a, b,c` up to the first whitespace that does not follow a comma.
fn names_in(list: &str, list_start: usize) -> Vec<Named> {
    let mut names = Vec::new();
    let mut offset = 0;
    for piece in list.split(',') {
        let trimmed = piece.trim_start();
        let leading = piece.len() - trimmed.len();
        let name = trimmed.split(char::is_whitespace).next().unwrap_or("");
        if !name.is_empty() {
            let start = list_start + offset + leading;
            names.push(Named { span: Span::new(start, start + name.len()), rule: rules::find(name), used: false });
        }
        let ends_list = trimmed.len() > name.len();
        offset += piece.len() + 1;
        if ends_list {
            break;
        }
    }
    names
}

/// Removes the findings the suppressions silence, marking which names were used.
pub fn apply(suppressions: &mut [Suppression], diagnostics: &mut Vec<Diagnostic>, document: &Document) {
    // Each finding meets the file-wide suppressions and those of its own line only: comparing
    // it with every suppression was quadratic in a file of one suppression a line.
    let mut file_wide = Vec::new();
    let mut by_line: HashMap<LineIndex, Vec<usize>> = HashMap::default();
    for (at, suppression) in suppressions.iter().enumerate() {
        match suppression.scope {
            Scope::File => file_wide.push(at),
            Scope::Line(target) => by_line.entry(target).or_default().push(at),
            Scope::Nothing => {}
        }
    }
    let mut silenced = |code: &str, place: Span| {
        let line = document.line_at(place.start());
        let on_line = line.and_then(|line| by_line.get(&line)).map_or(&[][..], Vec::as_slice);
        let mut silenced = false;
        for &at in file_wide.iter().chain(on_line) {
            let suppression = &mut suppressions[at];
            for named in &mut suppression.names {
                if named.rule.is_some_and(|rule| rule.code() == code) {
                    named.used = true;
                    silenced = true;
                }
            }
        }
        silenced
    };
    diagnostics.retain_mut(|diagnostic| {
        if diagnostic.repeated_at.is_empty() {
            return !silenced(diagnostic.code, diagnostic.span);
        }
        // A finding that stands for equal ones elsewhere keeps the places not silenced, the
        // first of them as its own.
        let code = diagnostic.code;
        let kept: Vec<Span> = diagnostic.places().filter(|&place| !silenced(code, place)).collect();
        let mut places = kept.into_iter();
        match places.next() {
            Some(first) => {
                diagnostic.span = first;
                diagnostic.repeated_at = places.collect();
                true
            }
            None => false,
        }
    });
}
