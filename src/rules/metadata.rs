//! A rule's documentation, levels and option defaults, from `rules/<name>.toml`. build.rs
//! checks every file against a mirror of these types, so reading one cannot fail, and writes
//! it as JSON, which these types read at run time.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{targets_label, Category, Rule};
use crate::diagnostic::Severity;
use crate::dialect::Dialect;

/// What a rule's `explains` names: a rule, or `*` for every rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Explained {
    /// `*`: every rule but those that explain `*` themselves.
    Any,
    /// One rule, by its name in the TOML.
    Rule(Rule),
}

impl Serialize for Explained {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Explained::Any => serializer.serialize_str("*"),
            Explained::Rule(rule) => serializer.serialize_str(rule.name()),
        }
    }
}

impl<'de> Deserialize<'de> for Explained {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Explained, D::Error> {
        let name = String::deserialize(deserializer)?;
        match name.as_str() {
            "*" => Ok(Explained::Any),
            name => name.parse().map(Explained::Rule).map_err(serde::de::Error::custom),
        }
    }
}

/// A rule's documentation and defaults, read from `rules/<name>.toml`.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Metadata {
    /// The rule's stable public code, as in `RL301`. Its band is the category's.
    pub code: String,
    /// The rule's kebab-case name, as in `glob-pattern`.
    pub name: String,
    /// The rule's usual level: what a portable site's findings get.
    /// Per-dialect levels in `targets` override it.
    pub severity: Severity,
    /// Pedantic rules are off unless selected.
    #[serde(default = "enabled_by_default")]
    pub default_enabled: bool,
    /// The rule's category, which its code's band must match.
    pub category: Category,
    /// The rule reports a way the file breaks the draft's grammar, so the strict-syntax
    /// catch-all stays quiet where it fires.
    #[serde(default)]
    pub explains_strict_failures: bool,
    /// Rules whose findings share this rule's cause where both start on one line: an Allow
    /// line that 1994 robots skip (`allow-for-1994-robots`) is the Allow that 1996 robots
    /// never reach (`shadowed-rule`). Their findings there fold into this rule's as labels.
    /// `*` names every rule but those that explain `*` themselves, on every line the finding
    /// points at (a file-wide cause labels each line it spoiled).
    #[serde(default)]
    pub explains: Vec<Explained>,
    /// Whether the rule's findings come with a fix, and how safe it is.
    pub fix: FixAvailability,
    /// The dialects whose robots the rule's safe fix is meant to change: a misspelt field
    /// fixed is read by robots that dropped it. Safe fixes are checked against every other
    /// promised dialect's verdicts (`fix::verdicts`).
    #[serde(default)]
    pub fix_changes: Vec<Dialect>,
    /// What the rule finds, in one line, as `robolint rules` lists it.
    pub summary: String,
    /// Where the rule's reasoning comes from: document and section.
    pub spec: String,
    /// How much the finding matters to each dialect's robots, where that differs from
    /// `severity` (a glob is an error for 1996 robots and a remark for RFC 9309 ones).
    #[serde(default)]
    pub targets: Targets,
    /// The rule gives advice: its findings change no robot's reading of the file (a rule
    /// another already covers, a path that tells where something sensitive lives). At info
    /// they stay out of the default output.
    #[serde(default)]
    pub advice: bool,
    /// How a finding's evidence moves its severity from the level its targets give, in a
    /// sentence ("lowered to info where no robot of the targets loses a rule"); absent for a
    /// rule whose findings always take their level. `robolint rule`, the LSP's hover and the
    /// playground show it beside the level.
    #[serde(default)]
    pub evidence: Option<String>,
    /// Settings a user may give under `[rules.<name>]` in robolint.toml.
    #[serde(default)]
    pub options: BTreeMap<String, OptionSpec>,
    /// The rule's longer documentation: why it matters, with bad and good examples.
    pub docs: Docs,
}

/// A severity, or off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// The rule is disabled.
    Off,
    /// Findings are information.
    Info,
    /// Findings are warnings.
    Warning,
    /// Findings are errors.
    Error,
}

impl Level {
    /// The word robolint.toml spells it with.
    pub fn as_str(self) -> &'static str {
        self.severity().map_or("off", Severity::as_str)
    }

    /// The severity findings get at this level; `None` for off.
    pub fn severity(self) -> Option<Severity> {
        match self {
            Level::Off => None,
            Level::Info => Some(Severity::Info),
            Level::Warning => Some(Severity::Warning),
            Level::Error => Some(Severity::Error),
        }
    }
}

impl From<Severity> for Level {
    fn from(severity: Severity) -> Level {
        match severity {
            Severity::Info => Level::Info,
            Severity::Warning => Level::Warning,
            Severity::Error => Level::Error,
        }
    }
}

/// A name that is no level's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level `{0}` (expected off, info, warning or error)")]
pub struct UnknownLevel(pub String);

impl std::str::FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(text: &str) -> Result<Level, UnknownLevel> {
        match text {
            "off" => Ok(Level::Off),
            other => other.parse::<Severity>().map(Level::from).map_err(|_| UnknownLevel(other.to_string())),
        }
    }
}

/// Per-dialect levels; a dialect left out gets the rule's `severity`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Targets {
    /// The level for robots of the 1994 standard.
    #[serde(rename = "norobots-1994")]
    pub norobots_1994: Option<Level>,
    /// The level for robots of the 1996 draft.
    /// Python's robotparser takes it too when it has no level of its own.
    #[serde(rename = "draft-1996")]
    pub draft_1996: Option<Level>,
    /// The level for robots that follow RFC 9309 as written.
    pub rfc9309: Option<Level>,
    /// The level for Google's parser.
    pub google: Option<Level>,
    /// The level for Python's `urllib.robotparser`.
    #[serde(rename = "python-robotparser")]
    pub python_robotparser: Option<Level>,
}

/// One option a rule accepts, with its default.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct OptionSpec {
    /// What the option does, in a sentence; `robolint rule` shows it.
    pub doc: String,
    /// The value the rule uses when robolint.toml does not set the option.
    pub default: toml::Value,
}

impl Metadata {
    /// Every option at its default, as robolint.toml would spell them: the one place the
    /// defaults are written, and what `robolint rule` shows.
    pub fn default_options(&self) -> toml::Table {
        self.options.iter().map(|(key, spec)| (key.clone(), spec.default.clone())).collect()
    }

    /// The rule's documentation as `robolint rule NAME` prints it and the playground page
    /// shows it, for a site whose robots follow `targets`: summary, the severity its findings
    /// get there and how evidence moves it, levels, fix, spec, options, then why, a bad and a
    /// good example.
    pub fn documentation(&self, targets: &[Dialect]) -> String {
        let default = self.severity_under(targets);
        let fix = match self.fix {
            FixAvailability::None => "none",
            FixAvailability::Safe => "safe",
            FixAvailability::Unsafe => "unsafe",
            FixAvailability::Mixed => "safe for some findings, unsafe for others",
        };
        let levels: Vec<String> = Dialect::ALL
            .iter()
            .map(|&dialect| format!("{dialect} {:?}", self.level_for(dialect)).to_lowercase())
            .collect();
        let options: String =
            self.options.iter().map(|(key, spec)| format!("    {key} = {} ({})\n", spec.default, spec.doc)).collect();
        let options = if options.is_empty() {
            String::new()
        } else {
            format!("Options (under [rules.{}] in robolint.toml):\n{options}", self.name)
        };
        let indent = |text: &str| -> String { text.lines().map(|line| format!("    {line}\n")).collect() };
        format!(
            "{code} {name}: {summary}\n\nSeverity for {targets}: {default}\nBy dialect: {levels}\nCategory: {category}\n\
             Fix: {fix}\nSpec: {spec}\n{options}\nWhy\n{why}\nBad\n{bad}\nGood\n{good}",
            targets = targets_label(targets),
            code = self.code,
            name = self.name,
            summary = self.summary,
            levels = levels.join(", "),
            category = self.category,
            spec = self.spec,
            why = indent(&self.docs.why),
            bad = indent(&self.docs.bad),
            good = indent(&self.docs.good),
        )
    }

    /// The severity the rule's findings get for a site whose robots follow `targets`, in
    /// words, with how evidence moves it: "info (raised to warning where …)".
    pub fn severity_under(&self, targets: &[Dialect]) -> String {
        let level = if self.default_enabled {
            self.level_for_targets(targets).as_str().to_string()
        } else {
            format!("off by default ({} when selected)", self.severity.as_str())
        };
        match &self.evidence {
            Some(evidence) => format!("{level}; {evidence}"),
            None => level,
        }
    }

    /// How much a finding matters to robots of `dialect`.
    pub fn level_for(&self, dialect: Dialect) -> Level {
        let targets = &self.targets;
        let specific = match dialect {
            Dialect::Norobots1994 => targets.norobots_1994,
            Dialect::Draft1996 => targets.draft_1996,
            Dialect::Rfc9309 => targets.rfc9309,
            Dialect::Google => targets.google,
            // Python's robotparser is a first-match robot of the 1996 draft's family: where
            // a rule does not say otherwise, it gets the draft's level.
            Dialect::PythonRobotparser => targets.python_robotparser.or(targets.draft_1996),
        };
        specific.unwrap_or(Level::from(self.severity))
    }

    /// The level for a site whose robots follow `dialects`. Portable (all five) is its own
    /// stance, `severity`, weighed once for the whole web; a narrower set gets the most any
    /// of its dialects cares.
    pub fn level_for_targets(&self, dialects: &[Dialect]) -> Level {
        if Dialect::ALL.iter().all(|dialect| dialects.contains(dialect)) {
            return Level::from(self.severity);
        }
        dialects.iter().map(|&dialect| self.level_for(dialect)).max().unwrap_or(Level::Off)
    }

    /// Of `dialects`, those whose robots the finding really affects (warning or worse),
    /// when that is not all of them; empty when the rule is the same for every robot.
    pub fn affected(&self, dialects: &[Dialect]) -> Vec<Dialect> {
        let affected: Vec<Dialect> =
            dialects.iter().copied().filter(|&dialect| self.level_for(dialect) >= Level::Warning).collect();
        let uniform = Dialect::ALL.iter().all(|&dialect| self.level_for(dialect) == Level::from(self.severity));
        if uniform {
            Vec::new()
        } else {
            affected
        }
    }

    /// The documentation in Markdown (why, the bad and good examples, the spec), as editors
    /// show it on hover and code scanning as the rule's help.
    pub fn docs_markdown(&self) -> String {
        format!(
            "{why}\n\n**Bad**\n```robots.txt\n{bad}```\n\n**Good**\n```robots.txt\n{good}```\n\nSpec: {spec}",
            why = self.docs.why.trim(),
            bad = self.docs.bad,
            good = self.docs.good,
            spec = self.spec,
        )
    }
}

fn enabled_by_default() -> bool {
    true
}

/// Whether a rule's findings come with a fix, from `fix` in its TOML.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FixAvailability {
    /// The rule offers no fix.
    None,
    /// Its fixes are safe: [`Applicability::Safe`](crate::diagnostic::Applicability::Safe).
    Safe,
    /// Its fixes are unsafe: they may change what some robot does with the file.
    Unsafe,
    /// Safe for some findings, unsafe for others.
    Mixed,
}

/// A rule's documentation: the `[docs]` table of its TOML.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Docs {
    /// Why the rule matters, in Markdown paragraphs.
    pub why: String,
    /// A robots.txt the rule reports, as an example.
    pub bad: String,
    /// The example put right: a robots.txt the rule does not report.
    pub good: String,
}
