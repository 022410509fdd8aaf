//! `--add-suppressions`: a suppression comment for every place with findings, so that a file's
//! findings of today are accepted and only new ones are reported (ruff's `--add-noqa`).
//!
//! Only text is inserted, never replaced, so every byte of the file stays. A line takes its
//! comment at its end, or before its own comment, whose words stay after the rule names.
//! Where an end comment would change what the line is (trailing whitespace is only trailing
//! without a comment), the line is no field (a `#` there is part of it, not a comment) or the
//! line's comment is a `disable-file`, the comment goes on a line of its own above. Blank and
//! comment lines cannot carry one (a comment makes a blank line a comment line, which ends no
//! record), so their findings, and those of rules that report a habit of the whole file, are
//! silenced by a `disable-file` comment at the top.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::lint::Linter;
use crate::model::{Document, LineEnding, LineIndex, LineKind};
use crate::parse;
use crate::rules::suppressions::{find, Scope, Suppression};
use crate::source::Source;

/// Adding a comment lengthens a line, which may make it a `long-line`: the next round
/// silences that. Each round can only add names, so a few always settle.
const ROUNDS: usize = 4;

/// A file with suppression comments added.
pub struct Added {
    /// The file's new text, comments added.
    pub text: String,
    /// How many rule names were added, each place counted once per rule.
    pub names: usize,
}

/// Where a suppression comment silences a finding.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Place {
    File,
    Line(LineIndex),
}

/// `text` with a suppression for every finding people are shown (information about robots
/// outside the targets is left out unless the settings' `all_infos`), merged into the
/// suppressions already there. Running it again adds nothing.
pub fn add_suppressions(text: &str, path: Option<&Path>, linter: &Linter) -> Added {
    let mut added = Added { text: text.to_string(), names: 0 };
    for _ in 0..ROUNDS {
        let source = Source::from(added.text.as_str());
        let document = parse::parse_on(&source, linter.threads());
        let mut wanted: BTreeMap<Place, BTreeSet<&'static str>> = BTreeMap::new();
        for finding in linter.unfolded_findings(&source, &document, path) {
            if finding.beyond_targets {
                continue;
            }
            let place = if linter.folds_file_wide(&finding) {
                Place::File
            } else {
                document
                    .line_at(finding.span.start())
                    .filter(|&index| !matches!(document.lines[index].kind, LineKind::Blank | LineKind::Comment))
                    .map_or(Place::File, Place::Line)
            };
            wanted.entry(place).or_default().insert(finding.name);
        }
        if wanted.is_empty() {
            break;
        }
        let mut insertions = Insertions::new(&added.text, &document);
        let names_before = added.names;
        for (place, names) in wanted {
            added.names += insertions.add(place, names);
        }
        if added.names == names_before {
            break;
        }
        added.text = insertions.apply();
    }
    added
}

/// Text to insert at byte offsets of the original, in the order added at one offset.
struct Insertions<'t> {
    text: &'t str,
    document: &'t Document,
    suppressions: Vec<Suppression>,
    at: Vec<(usize, String)>,
}

impl<'t> Insertions<'t> {
    fn new(text: &'t str, document: &'t Document) -> Self {
        Insertions { text, document, suppressions: find(document, text), at: Vec::new() }
    }

    /// Adds the names of `names` that no suppression there names yet; returns how many.
    fn add(&mut self, place: Place, mut names: BTreeSet<&'static str>) -> usize {
        let scope = match place {
            Place::File => Scope::File,
            Place::Line(index) => Scope::Line(index),
        };
        let there = || self.suppressions.iter().filter(move |suppression| suppression.scope == scope);
        // A name already there that silences nothing would only be written again.
        let named = there().flat_map(|suppression| &suppression.names).filter_map(|named| named.rule);
        for rule in named {
            names.remove(rule.name());
        }
        if names.is_empty() {
            return 0;
        }
        let list = names.iter().copied().collect::<Vec<_>>().join(",");
        // A suppression that already applies there takes the names after its own.
        if let Some(last) = there().find_map(|suppression| suppression.names.last()) {
            self.at.push((last.span.end(), format!(",{list}")));
            return names.len();
        }
        let Place::Line(index) = place else {
            self.at.push((
                self.after_byte_order_mark(),
                format!("# robolint: disable-file={list}{}", self.line_end(None)),
            ));
            return names.len();
        };
        let line = &self.document.lines[index];
        let comment_is_a_suppression =
            |comment| self.suppressions.iter().any(|suppression| suppression.comment == comment);
        match line.comment {
            Some(comment) if !comment_is_a_suppression(comment) => {
                self.at.push((comment.start(), format!("# robolint: disable={list} ")));
            }
            // A line that is no field reads a `#` as more of itself, not as a comment.
            None if line.trailing_whitespace.is_empty() && line.field().is_some() => {
                self.at.push((line.span.end(), format!(" # robolint: disable={list}")));
            }
            _ => {
                let start = line.span.start().max(self.after_byte_order_mark());
                self.at.push((start, format!("# robolint: disable={list}{}", self.line_end(Some(index)))));
            }
        }
        names.len()
    }

    /// Where the text starts after a byte order mark, which is one only as the first character.
    fn after_byte_order_mark(&self) -> usize {
        if self.text.starts_with('\u{feff}') {
            '\u{feff}'.len_utf8()
        } else {
            0
        }
    }

    /// The line end a new line takes: that of the line it goes above, else the file's first.
    fn line_end(&self, above: Option<LineIndex>) -> &'t str {
        let ending_of = |index: LineIndex| {
            let line = &self.document.lines[index];
            (line.ending != LineEnding::Missing).then(|| line.ending_span.text(self.text))
        };
        above.and_then(ending_of).or_else(|| (0..self.document.lines.len()).find_map(ending_of)).unwrap_or("\n")
    }

    fn apply(mut self) -> String {
        // Stable: a file-wide comment and the comment above the first line keep their order.
        self.at.sort_by_key(|(offset, _)| *offset);
        let mut text =
            String::with_capacity(self.text.len() + self.at.iter().map(|(_, words)| words.len()).sum::<usize>());
        let mut copied = 0;
        for (offset, words) in &self.at {
            text.push_str(&self.text[copied..*offset]);
            text.push_str(words);
            copied = *offset;
        }
        text.push_str(&self.text[copied..]);
        text
    }
}
