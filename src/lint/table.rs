//! A configuration's rules, resolved once: whether each runs, at what severity, for which
//! robots, with which options, and in which of the engine's passes. Every lint under the
//! configuration reads this table; none matches selectors or reads levels rule by rule.

use std::sync::Arc;

use crate::diagnostic::{Diagnostic, Severity};
use crate::dialect::Dialect;
use crate::rules::{self, Category, Check, Level, ParsedOptions, Rule};

use super::Settings;

/// One rule under a configuration.
pub(crate) struct Resolved {
    pub rule: Rule,
    /// The severity it reports at; `None` when it is off and runs only because it explains
    /// strict failures (what it finds then keeps the strict-syntax catch-all quiet, and is
    /// not reported).
    pub severity: Option<Severity>,
    /// The targets' robots its findings really affect ([`rules::Metadata::affected`]).
    pub affects: Vec<Dialect>,
    /// robolint.toml sets its level: that level wins over what the rule makes of one finding.
    pub level_configured: bool,
    /// Its options (robolint.toml's over the defaults); `None` for a rule without options.
    pub options: Option<Arc<ParsedOptions>>,
    /// Its findings at info concern only robots outside the targets, or none
    /// ([`beyond_targets_at_info`]).
    pub beyond_targets_at_info: bool,
    /// The run reports information about robots outside the targets as any other.
    pub all_infos: bool,
}

/// When a rule runs. Stages run in this order; what a rule reads of other rules' findings
/// is complete by its stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stage {
    /// Rules that judge the file as a whole. When one finds the body is HTML or binary,
    /// only rules of this stage and the `http` category judge it.
    File,
    /// The rules that judge the document's lines, records and paths, and the fetch: most
    /// of a lint's work. None reads another's findings, so they may run in any order, or
    /// side by side.
    Document,
    /// The strict-syntax catch-all: reads the spans of the rules that explain strict failures.
    CatchAll,
    /// Rules about suppression comments: read which comments silenced something.
    Suppression,
}

impl Stage {
    const ALL: [Stage; 4] = [Stage::File, Stage::Document, Stage::CatchAll, Stage::Suppression];

    fn of(rule: Rule) -> Stage {
        match rule.category() {
            // The catch-all for the draft's grammar stays quiet where a rule that explains
            // strict failures fired, and so runs after every such rule.
            _ if rule == Rule::StrictSyntax => Stage::CatchAll,
            Category::File => Stage::File,
            Category::Suppression => Stage::Suppression,
            _ => Stage::Document,
        }
    }
}

/// What the engine runs in one go: the running rules of one kind that share a walk (all the
/// line rules over the lines, all the record rules over the records), or one rule that reads
/// the whole document or the fetch. Each holds indexes into [`RuleTable::running`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Pass {
    Lines(Vec<usize>),
    Records(Vec<usize>),
    One(usize),
}

/// The rules that run under one configuration, by stage and pass.
pub(crate) struct RuleTable {
    /// The rules that run, in registry order.
    running: Vec<Resolved>,
    /// Each stage's passes, in [`Stage::ALL`] order.
    stages: [Vec<Pass>; 4],
    /// The rules whose findings only robots outside the targets act on.
    folded_file_wide: Vec<Rule>,
    /// The dialects whose robots the site cares about.
    targets: Vec<Dialect>,
}

impl std::fmt::Debug for RuleTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let running: Vec<&str> = self.running.iter().map(|resolved| resolved.rule.name()).collect();
        f.debug_struct("RuleTable").field("running", &running).finish_non_exhaustive()
    }
}

impl RuleTable {
    /// Whether a rule that runs reads the draft grammar's verdicts on the lines and the
    /// file: strict-syntax alone does.
    pub(crate) fn reads_strict_verdicts(&self) -> bool {
        self.running.iter().any(|resolved| resolved.rule == Rule::StrictSyntax)
    }

    pub(crate) fn new(settings: &Settings) -> RuleTable {
        let targets = settings.targets();
        // Only strict-syntax reads what the rules that explain strict failures found: when it
        // is off, so are they, unless they are on themselves.
        let strict_syntax_runs = severity_under(settings, Rule::StrictSyntax).is_some();
        let running: Vec<Resolved> = rules::all()
            .iter()
            .filter_map(|&rule| {
                let metadata = rule.metadata();
                let severity = severity_under(settings, rule);
                let explains = metadata.explains_strict_failures && strict_syntax_runs;
                (severity.is_some() || explains).then(|| Resolved {
                    rule,
                    severity,
                    affects: metadata.affected(targets),
                    level_configured: settings.levels.contains_key(&rule),
                    options: rule.options_in(settings.options.get(&rule)),
                    beyond_targets_at_info: beyond_targets_at_info(settings, rule),
                    all_infos: settings.all_infos,
                })
            })
            .collect();
        let stages = Stage::ALL.map(|stage| passes(&running, stage));
        RuleTable {
            running,
            stages,
            folded_file_wide: rules::all()
                .iter()
                .copied()
                .filter(|&rule| only_other_robots_act_on(settings, rule))
                .collect(),
            targets: targets.to_vec(),
        }
    }

    pub(crate) fn targets(&self) -> &[Dialect] {
        &self.targets
    }

    pub(crate) fn passes(&self, stage: Stage) -> &[Pass] {
        &self.stages[stage as usize]
    }

    pub(crate) fn running(&self, at: usize) -> &Resolved {
        &self.running[at]
    }

    /// The running rule named `name`.
    #[cfg(test)]
    pub(crate) fn running_named(&self, name: &str) -> Option<&Resolved> {
        self.running.iter().find(|resolved| resolved.rule.name() == name)
    }

    /// The rules whose findings, for the targets' robots, carry only what robots
    /// outside the targets act on (a wildcard that 1996-draft robots read literally): such
    /// findings describe a habit of the file, not a mistake on each line, and fold into one
    /// per file.
    pub(crate) fn folded_file_wide(&self) -> &[Rule] {
        &self.folded_file_wide
    }

    /// Whether a finding of `resolved`'s rule at its own severity and levels alone folds,
    /// when the output counts rather than lists the findings about robots outside the targets,
    /// out of sight into one per fix: the rule folds file-wide, such a finding settles as
    /// information about those robots, and no strict-syntax finding hangs on its span.
    pub(crate) fn counts_findings_of(&self, resolved: &Resolved) -> bool {
        let metadata = resolved.rule.metadata();
        self.folded_file_wide.contains(&resolved.rule)
            && resolved.severity == Some(Severity::Info)
            && resolved.beyond_targets_at_info
            && !resolved.level_configured
            && !resolved.all_infos
            && !(metadata.explains_strict_failures && self.reads_strict_verdicts())
    }

    /// Whether `diagnostic` is a finding of a rule that folds file-wide.
    pub(crate) fn folds_file_wide(&self, diagnostic: &Diagnostic) -> bool {
        diagnostic.rule.is_some_and(|rule| self.folded_file_wide.contains(&rule))
    }
}

/// A stage's passes: its line rules in one pass where the first of them stands in the
/// registry, its record rules likewise, every other rule a pass of its own.
fn passes(running: &[Resolved], stage: Stage) -> Vec<Pass> {
    let mut passes: Vec<Pass> = Vec::new();
    for (at, resolved) in running.iter().enumerate().filter(|(_, resolved)| Stage::of(resolved.rule) == stage) {
        let shared = passes.iter_mut().find_map(|pass| match (pass, resolved.rule.check()) {
            (Pass::Lines(rules), Check::Line(_)) | (Pass::Records(rules), Check::Record(_)) => Some(rules),
            _ => None,
        });
        match (shared, resolved.rule.check()) {
            (Some(rules), _) => rules.push(at),
            (None, Check::Line(_)) => passes.push(Pass::Lines(vec![at])),
            (None, Check::Record(_)) => passes.push(Pass::Records(vec![at])),
            (None, Check::Fetch(_) | Check::Document(_)) => passes.push(Pass::One(at)),
        }
    }
    passes
}

/// The severity `rule` reports at under `settings`, or `None` when it is off.
fn severity_under(settings: &Settings, rule: Rule) -> Option<Severity> {
    let metadata = rule.metadata();
    let picked = |selectors: &[String]| selectors.iter().any(|selector| rule.matches(selector));
    let for_targets = metadata.level_for_targets(settings.targets());
    let default = if metadata.default_enabled { for_targets } else { Level::Off };
    let configured = settings.levels.get(&rule).copied();
    let on = match &settings.select {
        Some(selectors) => picked(selectors),
        None => configured.unwrap_or(default) != Level::Off,
    } || picked(&settings.extend_select);
    if !on || picked(&settings.ignore) {
        return None;
    }
    // Picked by a selector although off for these targets: the rule's own severity.
    [configured.unwrap_or(Level::Off), default, for_targets, Level::from(metadata.severity)]
        .into_iter()
        .find_map(Level::severity)
}

/// Whether `rule` reports, for the targets' robots, only information that robots outside
/// the targets act on. Not when robolint.toml sets the rule's level: then the user asked for
/// every line.
fn only_other_robots_act_on(settings: &Settings, rule: Rule) -> bool {
    let metadata = rule.metadata();
    let targets = settings.targets();
    !settings.levels.contains_key(&rule)
        && metadata.level_for_targets(targets) == Level::Info
        && Dialect::ALL
            .iter()
            .any(|dialect| !targets.contains(dialect) && metadata.level_for(*dialect) >= Level::Warning)
}

/// Whether `rule`'s findings at info concern only robots outside the targets, or none: it
/// matters at info to the targets while robots outside them act on it, or it gives advice.
/// Such findings are left out of the default output unless the rule was picked by name,
/// code or category (`--select`, `--extend-select`) or robolint.toml sets its level.
fn beyond_targets_at_info(settings: &Settings, rule: Rule) -> bool {
    let picked = |selectors: &[String]| selectors.iter().any(|selector| selector != "ALL" && rule.matches(selector));
    let asked_for = settings.select.as_deref().is_some_and(picked) || picked(&settings.extend_select);
    !asked_for && !settings.all_infos && (rule.metadata().advice || only_other_robots_act_on(settings, rule))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(table: &RuleTable, rules: &[usize]) -> Vec<&'static str> {
        rules.iter().map(|&at| table.running(at).rule.name()).collect()
    }

    #[test]
    fn the_line_rules_of_a_stage_share_one_pass_and_the_record_rules_another() {
        let every_rule = Settings { select: Some(vec!["ALL".to_string()]), ..Settings::default() };
        let table = RuleTable::new(&every_rule);
        let document = table.passes(Stage::Document);
        let lines: Vec<&Pass> = document.iter().filter(|pass| matches!(pass, Pass::Lines(_))).collect();
        let records: Vec<&Pass> = document.iter().filter(|pass| matches!(pass, Pass::Records(_))).collect();
        let [Pass::Lines(line_rules)] = lines.as_slice() else { panic!("one line pass, not {lines:?}") };
        let [Pass::Records(record_rules)] = records.as_slice() else { panic!("one record pass, not {records:?}") };
        assert!(names(&table, line_rules).contains(&"missing-colon"), "{:?}", names(&table, line_rules));
        assert!(names(&table, record_rules).contains(&"duplicate-rule"), "{:?}", names(&table, record_rules));
        // Every running rule of the stage is in exactly one pass.
        let mut in_passes: Vec<usize> = document
            .iter()
            .flat_map(|pass| match pass {
                Pass::Lines(rules) | Pass::Records(rules) => rules.clone(),
                Pass::One(rule) => vec![*rule],
            })
            .collect();
        in_passes.sort_unstable();
        let of_stage: Vec<usize> =
            (0..table.running.len()).filter(|&at| Stage::of(table.running(at).rule) == Stage::Document).collect();
        assert_eq!(in_passes, of_stage);
    }

    #[test]
    fn a_rule_that_is_off_runs_only_when_it_explains_strict_failures() {
        let strict_syntax_only = Settings { select: Some(vec!["strict-syntax".to_string()]), ..Settings::default() };
        let table = RuleTable::new(&strict_syntax_only);
        assert!(table.running.len() > 10, "{table:?}");
        for resolved in table.running.iter().filter(|resolved| resolved.rule != Rule::StrictSyntax) {
            assert_eq!(resolved.severity, None, "{}", resolved.rule.name());
            assert!(resolved.rule.metadata().explains_strict_failures, "{}", resolved.rule.name());
        }
        let ignored = Settings {
            extend_select: vec!["strict-syntax".to_string()],
            ignore: vec!["missing-colon".to_string()],
            ..Settings::default()
        };
        let table = RuleTable::new(&ignored);
        let missing_colon = table.running.iter().find(|resolved| resolved.rule.name() == "missing-colon");
        assert_eq!(missing_colon.map(|resolved| resolved.severity), Some(None));
        // Without strict-syntax nothing reads their explanations: only what is on runs.
        let table = RuleTable::new(&Settings { select: Some(vec!["nul-byte".to_string()]), ..Settings::default() });
        let running: Vec<Rule> = table.running.iter().map(|resolved| resolved.rule).collect();
        assert_eq!(running, [Rule::NulByte]);
    }
}
