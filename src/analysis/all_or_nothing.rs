//! Records that allow everything (an empty `Disallow:`) or nothing (`Disallow: /`), indexed
//! by User-agent value. A rule then finds an earlier group for the same robots with the
//! opposite rule by lookup, not by comparing every pair of records.

use std::collections::HashMap;

use crate::model::{Directive, Document, Line, LineIndex, Record};

/// The earliest records, by User-agent value, whose groups allow everything or nothing.
pub struct AllOrNothing {
    by_value: HashMap<String, Earliest>,
    /// Whether every agent record closes the whole site ([`closes_the_site`]).
    every_record_closes_the_site: bool,
}

/// For one User-agent value: the first record naming it with an empty `Disallow:`, and the
/// first with `Disallow: /`, each as (the record's first agent line, that rule's line).
#[derive(Clone, Copy, Default)]
pub struct Earliest {
    /// The first record with an empty `Disallow:`: its first agent line, and that rule's.
    pub allows_all: Option<(LineIndex, LineIndex)>,
    /// The first record with `Disallow: /`: its first agent line, and that rule's.
    pub disallows_all: Option<(LineIndex, LineIndex)>,
}

impl AllOrNothing {
    /// Indexes the agent records of `document`, parsed from `text`.
    pub fn new(document: &Document, text: &str) -> AllOrNothing {
        let mut by_value: HashMap<String, Earliest> = HashMap::new();
        let mut every_record_closes_the_site = true;
        for record in document.agent_records() {
            every_record_closes_the_site &= closes_the_site(record, &document.lines, text).is_some();
            let allows = allows_all(record, &document.lines, text);
            let disallows = disallows_all(record, &document.lines, text);
            if allows.is_none() && disallows.is_none() {
                continue;
            }
            let first_agent = record.agents[0];
            for &agent in &record.agents {
                let Some(value) = agent_value(&document.lines[agent], text) else { continue };
                let earliest = by_value.entry(value.to_ascii_lowercase()).or_default();
                earliest.allows_all = earliest.allows_all.or(allows.map(|rule| (first_agent, rule)));
                earliest.disallows_all = earliest.disallows_all.or(disallows.map(|rule| (first_agent, rule)));
            }
        }
        AllOrNothing { by_value, every_record_closes_the_site }
    }

    /// Whether every agent record closes the whole site ([`closes_the_site`]).
    pub fn every_record_closes_the_site(&self) -> bool {
        self.every_record_closes_the_site
    }

    /// The earliest records naming `value` (compared as ASCII case-insensitive).
    pub fn earliest(&self, value: &str) -> Earliest {
        self.by_value.get(&value.to_ascii_lowercase()).copied().unwrap_or_default()
    }
}

/// A User-agent line's value, trimmed; `None` for a line without a field.
pub fn agent_value<'t>(line: &Line, text: &'t str) -> Option<&'t str> {
    line.field().map(|field| field.value.text(text).trim())
}

/// The record's first empty `Disallow:`, which allows everything.
pub fn allows_all(record: &Record, lines: &[Line], text: &str) -> Option<LineIndex> {
    disallow(record, lines, text, "")
}

/// The record's first `Disallow: /`, which disallows everything.
pub fn disallows_all(record: &Record, lines: &[Line], text: &str) -> Option<LineIndex> {
    disallow(record, lines, text, "/")
}

fn disallow(record: &Record, lines: &[Line], text: &str, value: &str) -> Option<LineIndex> {
    record.governed_rules().find(|&line| {
        lines[line].field().is_some_and(|field| field.is(Directive::Disallow) && field.value.text(text) == value)
    })
}

/// The record's `Disallow: /` line, when nothing in the record opens part of the site again:
/// an Allow with a path opens part of it, and an empty `Disallow:` before the `Disallow: /`
/// opens all of it to first-match robots.
pub fn closes_the_site(record: &Record, lines: &[Line], text: &str) -> Option<LineIndex> {
    let rule = |line: usize| lines[line].field().and_then(|field| Some((field.directive?, field.value.text(text))));
    let disallow_all = disallows_all(record, lines, text)?;
    let opened = record.governed_rules().any(|line| match rule(line) {
        Some((Directive::Allow, value)) => !value.is_empty(),
        Some((Directive::Disallow, "")) => line < disallow_all,
        _ => false,
    });
    (!opened).then_some(disallow_all)
}
