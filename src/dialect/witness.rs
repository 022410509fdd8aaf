//! Witnesses for the divergence lints (RL5xx): a concrete robot and URL for which two
//! dialects give different answers, computed by the real [`Matcher`]s, never guessed.
//!
//! Rules generate candidate URLs and pick the pair of dialects they are about;
//! [`Witnesses`] compiles each (robot, dialect) matcher once per document and tries the
//! candidates in order. A [`Divergence`] is shown in a message by [`Divergence::describe`]
//! and carried by the diagnostic as a [`Witness`], so a test can re-run the matchers on every
//! witness a rule reported.

use std::collections::HashMap;

use crate::dialect::{Dialect, Matcher, Reason, Verdict};
use crate::model::{Directive, Document, LineIndex, LineKind, Separator};

/// Every dialect's verdict for one robot and one URL.
#[derive(Debug, Clone)]
pub struct Divergence {
    pub robot: String,
    pub url: String,
    /// One verdict per dialect, in the order of [`Dialect::ALL`].
    pub verdicts: [Verdict; 4],
}

impl Divergence {
    pub fn verdict(&self, dialect: Dialect) -> &Verdict {
        &self.verdicts[index(dialect)]
    }

    /// Whether the two dialects answer differently.
    pub fn differs(&self, a: Dialect, b: Dialect) -> bool {
        self.verdict(a).allowed != self.verdict(b).allowed
    }

    /// The witness for dialects `a` and `b`.
    pub fn witness(&self, a: Dialect, b: Dialect) -> Witness {
        Witness {
            robot: self.robot.clone(),
            url: self.url.clone(),
            claims: vec![(a, self.verdict(a).allowed), (b, self.verdict(b).allowed)],
        }
    }

    /// The deciding line (index) of a dialect's verdict, when a rule decided.
    pub fn deciding_line(&self, dialect: Dialect) -> Option<usize> {
        self.verdict(dialect).reason.rule().map(|rule| rule.line)
    }

    /// The witness in words, for two dialects: "for robot `googlebot` and
    /// `/org/about.html`: the 1996 draft disallows (line 2 `Disallow: /org/`), RFC 9309
    /// allows (line 3 `Allow: /org/about.html`)".
    pub fn describe(&self, document: &Document, text: &str, a: Dialect, b: Dialect) -> String {
        let part = |dialect: Dialect| {
            let verdict = self.verdict(dialect);
            let answer = if verdict.allowed { "allows" } else { "disallows" };
            let why = match &verdict.reason {
                Reason::Rule(rule) => {
                    let line = &document.lines[rule.line];
                    let shown = match &line.kind {
                        LineKind::Field(field) => field.name.to(field.value),
                        _ => line.span,
                    };
                    format!("line {} `{}`", rule.line + 1, shown.text(text))
                }
                other => other.describe().to_string(),
            };
            format!("{} {answer} ({why})", label(dialect))
        };
        format!("for robot `{}` and `{}`: {}, {}", self.robot, self.url, part(a), part(b))
    }
}

/// How messages name a dialect's robots.
pub fn label(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::Norobots1994 => "the 1994 standard",
        Dialect::Draft1996 => "the 1996 draft",
        Dialect::Rfc9309 => "RFC 9309",
        Dialect::Google => "Google",
    }
}

fn index(dialect: Dialect) -> usize {
    Dialect::ALL.iter().position(|&d| d == dialect).unwrap_or(0)
}

/// The matchers of one document, compiled on first use for each robot.
pub struct Witnesses<'a> {
    document: &'a Document,
    text: &'a str,
    matchers: HashMap<String, [Matcher; 4]>,
}

impl<'a> Witnesses<'a> {
    pub fn new(document: &'a Document, text: &'a str) -> Witnesses<'a> {
        Witnesses { document, text, matchers: HashMap::new() }
    }

    /// Every dialect's verdict for `robot` and `url`.
    pub fn verdicts(&mut self, robot: &str, url: &str) -> Divergence {
        let (document, text) = (self.document, self.text);
        let matchers = self
            .matchers
            .entry(robot.to_string())
            .or_insert_with(|| Dialect::ALL.map(|dialect| Matcher::new(document, text, robot, dialect)));
        Divergence {
            robot: robot.to_string(),
            url: url.to_string(),
            verdicts: [0, 1, 2, 3].map(|at| matchers[at].allowed(url)),
        }
    }

    /// The first of `candidates` for which dialects `a` and `b` answer differently for
    /// `robot` and that `accept` takes (a rule checks the lines that decided were the ones
    /// it is about).
    pub fn find<I, S>(
        &mut self,
        robot: &str,
        candidates: I,
        (a, b): (Dialect, Dialect),
        accept: impl Fn(&Divergence) -> bool,
    ) -> Option<Divergence>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        candidates
            .into_iter()
            .map(|url| self.verdicts(robot, url.as_ref()))
            .find(|divergence| divergence.differs(a, b) && accept(divergence))
    }
}

/// A URL on which Google, which reads the User-agent, Allow or Disallow line `line` despite
/// its missing colon or misspelt name (`directive` is what Google takes it for), answers
/// otherwise than RFC 9309 robots, which drop the line. `None` when dropping it changes
/// nothing for any robot the line concerns.
pub fn lost_line(witnesses: &mut Witnesses<'_>, anonymous: &str, line: LineIndex, directive: Directive) -> Option<Divergence> {
    let (document, text) = (witnesses.document, witnesses.text);
    let field = document.lines[line].field()?;
    let value = field.value.text(text);
    let record = document.record_of(line);
    let (robots, candidates): (Vec<String>, Vec<String>) = match directive {
        Directive::UserAgent => {
            let robot = if value.trim().starts_with('*') { Some(anonymous.to_string()) } else { robot_of_value(value) };
            let rules = record.map_or(&[][..], |record| &record.rules);
            let candidates = rules
                .iter()
                .filter(|&&rule| rule > line)
                .filter_map(|&rule| concrete_url(document.lines[rule].field()?.value.text(text)))
                .collect();
            (robot.into_iter().collect(), candidates)
        }
        Directive::Allow | Directive::Disallow => {
            let agents = record.map_or(&[][..], |record| &record.agents);
            let mut robots = record_robots(document, text, agents, anonymous);
            if robots.is_empty() {
                robots.push(anonymous.to_string());
            }
            (robots, concrete_url(value).into_iter().collect())
        }
        _ => return None,
    };
    let decided_here = |decided: Option<LineIndex>| {
        decided.is_some_and(|decided| decided == line || record.is_some_and(|record| record.rules.contains(&decided)))
    };
    robots.iter().find_map(|robot| {
        witnesses.find(robot, &candidates, (Dialect::Google, Dialect::Rfc9309), |divergence| {
            decided_here(divergence.deciding_line(Dialect::Google))
        })
    })
}

/// The robot name a record's User-agent value gives: its product token in lower case
/// (`Googlebot/2.1` is `googlebot`); `None` for `*`, an empty value or one with no token.
pub fn robot_of_value(value: &str) -> Option<String> {
    let value = value.trim();
    let end = value.find(|c: char| !(c.is_ascii_alphabetic() || c == '-' || c == '_')).unwrap_or(value.len());
    (end > 0).then(|| value[..end].to_ascii_lowercase())
}

/// A robot name that no User-agent value in the document names in any dialect (not a
/// substring of a value, not a value's product token nor a `-`-prefix of it), so the
/// robot gets the `*` record: `anybot`, or a variant when the file names that.
pub fn anonymous_robot(document: &Document, text: &str) -> String {
    let values: Vec<String> = document
        .agent_lines()
        .map(|(_, _, field)| field.value.text(text).to_ascii_lowercase())
        .chain(document.lines.iter().filter_map(|line| {
            // Misspelt or colon-less User-agent lines some dialects read.
            let field = line.field()?;
            let value = field.value.text(text).to_ascii_lowercase();
            (field.directive.is_none() || !matches!(field.separator, Separator::Colon { .. }))
                .then_some(value)
        }))
        .collect();
    let free = |name: &str| {
        values.iter().all(|value| {
            let token = robot_of_value(value).unwrap_or_default();
            let covers = !token.is_empty() && (name == token || name.starts_with(&format!("{token}-")));
            !value.contains(name) && !covers
        })
    };
    ["anybot", "otherbot", "somebot"]
        .into_iter()
        .map(str::to_string)
        .chain((2..).map(|n| format!("zq{n}bot")))
        .find(|name| free(name))
        .unwrap_or_else(|| "anybot".to_string())
}

/// A URL path a pattern matches for RFC 9309 robots: each `*` replaced by `x`, `$` dropped,
/// and a leading `/` added when missing. `None` for an empty pattern.
pub fn concrete_url(pattern: &str) -> Option<String> {
    let concrete: String = pattern.chars().filter(|&c| c != '$').map(|c| if c == '*' { 'x' } else { c }).collect();
    if concrete.is_empty() {
        return None;
    }
    Some(if concrete.starts_with('/') { concrete } else { format!("/{concrete}") })
}

/// The robots a record's User-agent lines name, in order and without repeats: each value's
/// product token, and for `*` `anonymous` (a robot no record names).
pub fn record_robots(document: &Document, text: &str, agents: &[usize], anonymous: &str) -> Vec<String> {
    let mut robots: Vec<String> = Vec::new();
    for &line in agents {
        let Some(field) = document.lines[line].field() else { continue };
        let value = field.value.text(text).trim();
        let robot = if value.starts_with('*') { Some(anonymous.to_string()) } else { robot_of_value(value) };
        if let Some(robot) = robot.filter(|robot| !robots.contains(robot)) {
            robots.push(robot);
        }
    }
    robots
}

/// The robot and URL on which two dialects disagree, with what each answers (allowed or
/// not), carried by a diagnostic so tests and machine formats can re-run the matchers on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Witness {
    pub robot: String,
    pub url: String,
    pub claims: Vec<(Dialect, bool)>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;
    use crate::source::Source;

    #[test]
    fn first_match_and_longest_match_disagree_on_the_draft_example() {
        let source = Source::from("User-agent: *\nDisallow: /org/\nAllow: /org/about.html\n");
        let document = parse::parse(&source);
        let divergence = Witnesses::new(&document, &source.text)
            .find("anybot", ["/org/", "/org/about.html"], (Dialect::Draft1996, Dialect::Rfc9309), |_| true)
            .expect("a divergence");
        assert_eq!(divergence.url, "/org/about.html");
        let message = divergence.describe(&document, &source.text, Dialect::Draft1996, Dialect::Rfc9309);
        assert_eq!(
            message,
            "for robot `anybot` and `/org/about.html`: the 1996 draft disallows (line 2 `Disallow: /org/`), RFC 9309 \
             allows (line 3 `Allow: /org/about.html`)"
        );
        let witness = divergence.witness(Dialect::Draft1996, Dialect::Rfc9309);
        assert_eq!(witness.claims, vec![(Dialect::Draft1996, false), (Dialect::Rfc9309, true)]);
    }

    #[test]
    fn anonymous_robot_avoids_named_robots() {
        let source = Source::from("User-agent: anybot\nDisallow: /\n\nUser-agent: *\nDisallow: /x\n");
        let document = parse::parse(&source);
        assert_eq!(anonymous_robot(&document, &source.text), "otherbot");
    }
}
