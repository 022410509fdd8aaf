//! What rules work out about a document and share: which agent lines earlier records capture
//! (the draft's §3.2.1), and each record's paths indexed by which begins which. The model
//! records what is written; this module says what it means where several rules ask.

pub mod all_or_nothing;
pub mod captures;
pub mod record_paths;

use std::sync::OnceLock;

use crate::agents::{Agent, Registry};
use crate::model::{Directive, Document, Field, Line, LineIndex};
use all_or_nothing::AllOrNothing;
use captures::AgentCapture;
use record_paths::RecordPaths;

/// What several rules ask of the same document, worked out when the first of them asks and
/// kept for the others (robots' records are compared by three rules), also when the rules
/// run on two threads. Compiled matchers are kept too, but per thread: see
/// [`crate::dialect::witness::Witnesses`].
pub struct Analysis<'a> {
    document: &'a Document,
    text: &'a str,
    /// Agent lines captured by earlier records, and the records that captures leave
    /// unreachable (ascending).
    captures: OnceLock<(Vec<AgentCapture>, Vec<usize>)>,
    /// For each agent record, its rules and their plain paths indexed.
    record_paths: OnceLock<Vec<RecordPaths<'a>>>,
    /// The earliest records that allow everything or nothing, by User-agent value.
    all_or_nothing: OnceLock<AllOrNothing>,
    /// The first Sitemap line.
    first_sitemap: OnceLock<Option<LineIndex>>,
    /// Whether a line is a field robots act on.
    acted_on_fields: OnceLock<bool>,
    /// By line, the directive an unknown field name misspells.
    misspellings: OnceLock<Vec<Option<Directive>>>,
    /// The User-agent lines that name a robot of the built-in registry, with the robot.
    named_robots: OnceLock<Vec<(LineIndex, &'static Agent)>>,
}

impl<'a> Analysis<'a> {
    /// An analysis of `document`, parsed from `text`, with nothing worked out yet.
    pub fn new(document: &'a Document, text: &'a str) -> Analysis<'a> {
        Analysis {
            document,
            text,
            captures: OnceLock::new(),
            record_paths: OnceLock::new(),
            all_or_nothing: OnceLock::new(),
            first_sitemap: OnceLock::new(),
            acted_on_fields: OnceLock::new(),
            misspellings: OnceLock::new(),
            named_robots: OnceLock::new(),
        }
    }

    fn captures(&self) -> &(Vec<AgentCapture>, Vec<usize>) {
        self.captures.get_or_init(|| {
            let captures = captures::agent_captures(self.document, self.text);
            let unreachable = captures::unreachable_records(self.document, &captures);
            (captures, unreachable)
        })
    }

    /// Agent lines captured by earlier records, in file order.
    pub fn agent_captures(&self) -> &[AgentCapture] {
        &self.captures().0
    }

    /// Records all of whose agents earlier records capture, ascending.
    pub fn unreachable_records(&self) -> &[usize] {
        &self.captures().1
    }

    /// Each agent record's rules with their plain paths indexed, in the order of
    /// [`Document::agent_records`].
    pub fn record_paths(&self) -> &[RecordPaths<'a>] {
        self.record_paths.get_or_init(|| {
            let lines = &self.document.lines;
            self.document.agent_records().map(|record| RecordPaths::new(record, lines, self.text)).collect()
        })
    }

    /// Whether the file has a field robots act on: a User-agent, Allow, Disallow or Sitemap
    /// line. Asked of every line that is no field, so worked out once (a file of a million
    /// such lines read all of them for each).
    pub fn has_acted_on_fields(&self) -> bool {
        *self.acted_on_fields.get_or_init(|| {
            let acted_on = [Directive::UserAgent, Directive::Allow, Directive::Disallow, Directive::Sitemap];
            self.document
                .lines
                .iter()
                .any(|line| line.directive().is_some_and(|directive| acted_on.contains(&directive)))
        })
    }

    /// The directive the field name of line `line` misspells ([`Directive::from_misspelling`]),
    /// when the name is no directive's. Seven rules ask it of such lines: worked out once per
    /// line, as its edit distances were a fifth of `--fix`'s time on misspelt Disallows.
    pub fn misspelt_directive(&self, line: LineIndex) -> Option<Directive> {
        let misspellings = self.misspellings.get_or_init(|| {
            let misspelt = |line: &Line| {
                let field = line.field().filter(|field| field.directive.is_none())?;
                Directive::from_misspelling(field.name.text(self.text))
            };
            self.document.lines.iter().map(misspelt).collect()
        });
        misspellings.get(line).copied().flatten()
    }

    /// The User-agent lines whose value names a robot of the built-in registry
    /// ([`Registry::find`]), with that robot, in file order. Six rules ask it of every such
    /// line: looked up once, as the lookups were 3% of a corpus's lint.
    pub fn named_robots(&self) -> &[(LineIndex, &'static Agent)] {
        self.named_robots.get_or_init(|| {
            let registry = Registry::builtin();
            let named = |(line, _, field): (LineIndex, &Line, &Field)| {
                Some((line, registry.find(field.value.text(self.text))?))
            };
            self.document.agent_lines().filter_map(named).collect()
        })
    }

    /// The robot of the built-in registry that the User-agent line `line` names.
    pub fn robot_named_at(&self, line: LineIndex) -> Option<&'static Agent> {
        let named = self.named_robots();
        named.binary_search_by_key(&line, |&(at, _)| at).ok().map(|at| named[at].1)
    }

    /// The earliest records that allow everything or nothing, by User-agent value.
    pub fn all_or_nothing(&self) -> &AllOrNothing {
        self.all_or_nothing.get_or_init(|| AllOrNothing::new(self.document, self.text))
    }

    /// The first Sitemap line, if any.
    pub fn first_sitemap(&self) -> Option<LineIndex> {
        *self.first_sitemap.get_or_init(|| {
            self.document.lines.iter().position(|line| line.field().is_some_and(|field| field.is(Directive::Sitemap)))
        })
    }
}
