//! The rule registry: one line per rule below. A rule is a module in its band's folder
//! (`src/rules/<category>/<module>.rs`, declared in that folder's `mod.rs`) with a `check`
//! function of its kind ([`Check`]), a metadata file `rules/<name>.toml` and a folder of
//! cases `corpus/<name>/`; `tests/registry.rs` names any part missing.

use std::any::Any;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::analysis::captures::AgentCapture;
use crate::analysis::record_paths::RecordPaths;
use crate::analysis::Analysis;
use crate::diagnostic::{Diagnostic, Severity, Text};
use crate::dialect::witness::Witnesses;
use crate::dialect::Dialect;
use crate::fetch::FetchOutcome;
use crate::model::{Document, Line, LineIndex, Record, Span};
use crate::source::Source;
use crate::suppression::Suppression;

mod ai;
mod extensions;
mod file;
mod http;
mod paths;
mod records;
mod suppression;
mod syntax;

/// Whether `binary-content` reads `text` as binary data rather than text (`robolint parse`
/// says so rather than naming a production).
pub fn is_binary(text: &str) -> bool {
    file::binary_content::is_binary(text)
}

/// Builds the table of rules from one line per rule, `band_folder::module => "name"`, plus
/// `per Line`, `per Record` or `per Fetch` for a rule of that kind ([`Check`]; a rule without
/// one reads the whole document), plus `with Options` where the module has an `Options` type
/// for its `[rules.<name>]` keys. It declares no modules: each band folder's `mod.rs` does,
/// so rustfmt sees every rule file.
macro_rules! registry {
    ($($folder:ident :: $module:ident => $name:literal $(per $kind:ident)? $(with $options:ident)?,)*) => {

        /// Every rule, in the order the engine runs them: file-level rules first (they may
        /// find the input is no robots.txt at all), then the rules about how a URL was
        /// fetched (category `http`; they run whatever the body is, and do nothing for
        /// files), then the strict-syntax catch-all (it needs every other finding), then
        /// the suppression rules (they need to know what the suppressions silenced).
        static ENTRIES: &[Entry] = &[
            $(Entry {
                module: stringify!($module),
                metadata: include_str!(concat!("../../rules/", $name, ".toml")),
                check: registry!(@check $folder::$module $($kind)?),
                parse_options: registry!(@options $($folder::$module::$options)?),
            },)*
        ];
    };
    (@check $folder:ident :: $module:ident $kind:ident) => { Check::$kind($folder::$module::check) };
    (@check $folder:ident :: $module:ident) => { Check::Document($folder::$module::check) };
    (@options $options:ty) => { Some(parse_options_as::<$options>) };
    (@options) => { None };
}

registry! {
    file::byte_order_mark => "byte-order-mark",
    file::invalid_utf8 => "invalid-utf8",
    file::utf16_encoding => "utf16-encoding",
    file::file_too_large => "file-too-large",
    file::html_document => "html-document",
    file::error_page => "error-page",
    file::garbled_byte_order_mark => "garbled-byte-order-mark",
    file::escaped_line_breaks => "escaped-line-breaks",
    file::lost_line_breaks => "lost-line-breaks",
    file::binary_content => "binary-content",
    file::non_crlf_line_ending => "non-crlf-line-ending",
    file::mixed_line_endings => "mixed-line-endings",
    syntax::missing_colon => "missing-colon" per Line,
    syntax::field_typo => "field-typo" per Line,
    syntax::unknown_field => "unknown-field" per Line,
    syntax::invalid_line => "invalid-line" per Line,
    syntax::agent_not_token => "agent-not-token" per Line,
    syntax::empty_user_agent => "empty-user-agent" per Line,
    syntax::path_not_absolute => "path-not-absolute" per Line,
    syntax::invalid_percent_encoding => "invalid-percent-encoding" per Line,
    syntax::non_ascii_path => "non-ascii-path",
    syntax::multiple_paths => "multiple-paths" per Line,
    paths::space_in_path => "space-in-path" per Line,
    syntax::line_continuation => "line-continuation" per Line,
    syntax::space_before_colon => "space-before-colon" per Line,
    syntax::trailing_whitespace => "trailing-whitespace" per Line,
    records::multiple_star_records => "multiple-star-records",
    records::record_without_disallow => "record-without-disallow" per Record,
    records::blank_line_in_record => "blank-line-in-record",
    records::rule_before_user_agent => "rule-before-user-agent",
    records::missing_record_separator => "missing-record-separator",
    records::duplicate_agent => "duplicate-agent",
    records::agent_substring_capture => "agent-substring-capture",
    records::unreachable_record => "unreachable-record",
    records::agent_pattern => "agent-pattern" per Line,
    records::agent_token_cut => "agent-token-cut" per Line,
    records::whole_site_blocked => "whole-site-blocked" per Record,
    records::too_many_rules => "too-many-rules" with Options,
    records::merged_group => "merged-group",
    records::brand_name_as_agent => "brand-name-as-agent",
    paths::duplicate_rule => "duplicate-rule" per Record,
    paths::redundant_rule => "redundant-rule",
    paths::shadowed_rule => "shadowed-rule",
    paths::allow_all_and_disallow_all => "allow-all-and-disallow-all" per Record,
    paths::glob_pattern => "glob-pattern",
    paths::robots_txt_in_rule => "robots-txt-in-rule" per Line,
    paths::query_in_path => "query-in-path" per Line,
    extensions::extension_outside_record => "extension-outside-record" per Line,
    file::empty_file => "empty-file",
    file::long_line => "long-line" per Line,
    file::nul_byte => "nul-byte",
    file::file_name => "file-name",
    paths::regex_in_path => "regex-in-path" per Line,
    paths::fragment_in_path => "fragment-in-path" per Line,
    paths::encoded_slash => "encoded-slash" per Line,
    paths::path_case_variants => "path-case-variants" per Record,
    paths::allow_for_1994_robots => "allow-for-1994-robots" per Record,
    paths::sensitive_path => "sensitive-path" with Options,
    paths::path_too_long => "path-too-long" per Line with Options,
    extensions::sitemap_url => "sitemap-url" per Line,
    extensions::crawl_delay_value => "crawl-delay-value" per Line,
    extensions::nonstandard_field => "nonstandard-field" per Line,
    extensions::malformed_field_value => "malformed-field-value" per Line,
    ai::retired_agent => "retired-agent",
    ai::unknown_agent => "unknown-agent",
    ai::control_token_as_crawler => "control-token-as-crawler",
    ai::user_triggered_agent => "user-triggered-agent",
    ai::ai_group_looser_than_star => "ai-group-looser-than-star",
    ai::content_usage_value => "content-usage-value",
    ai::content_signal_value => "content-signal-value",
    ai::preference_without_effect => "preference-without-effect",
    ai::preference_contradicts_rules => "preference-contradicts-rules",
    ai::crawler_policy => "crawler-policy" with Options,
    paths::percent_encoding_divergence => "percent-encoding-divergence",
    http::robots_txt_redirect => "robots-txt-redirect" per Fetch,
    http::cross_host_redirect => "cross-host-redirect" per Fetch,
    http::broken_redirect => "broken-redirect" per Fetch,
    http::robots_txt_forbidden => "robots-txt-forbidden" per Fetch,
    http::robots_txt_not_found => "robots-txt-not-found" per Fetch,
    http::robots_txt_unreachable => "robots-txt-unreachable" per Fetch,
    http::private_redirect => "private-redirect" per Fetch,
    http::wrong_content_type => "wrong-content-type" per Fetch,
    http::non_utf8_charset => "non-utf8-charset" per Fetch,
    http::undecodable_content_encoding => "undecodable-content-encoding" per Fetch,
    http::response_truncated => "response-truncated" per Fetch,
    http::cache_expiry => "cache-expiry" per Fetch,
    http::caching_disabled => "caching-disabled" per Fetch,
    http::long_cache_lifetime => "long-cache-lifetime" per Fetch with Options,
    syntax::strict_syntax => "strict-syntax",
    suppression::unused_suppression => "unused-suppression",
    suppression::unknown_rule_in_suppression => "unknown-rule-in-suppression",
}

/// How a rule reads the input, which decides how the engine calls it: the rules of one kind
/// share one walk over what they read, so adding a line rule adds no pass over the lines.
#[derive(Clone, Copy)]
pub enum Check {
    /// Judges one line at a time, called for each line in file order.
    Line(fn(&Context<'_, '_>, LineIndex, &Line, &mut Findings)),
    /// Judges one record at a time, called for each record (agents or not) in file order.
    Record(fn(&Context<'_, '_>, &Record, &mut Findings)),
    /// Judges how the file was fetched; called only for a fetched URL.
    Fetch(fn(&Context<'_, '_>, &FetchOutcome, &mut Findings)),
    /// Reads the whole document at once: rules that compare across lines and records, or
    /// read what other rules found.
    Document(fn(&Context<'_, '_>, &mut Findings)),
}

impl std::fmt::Debug for Check {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Check::Line(_) => "Line",
            Check::Record(_) => "Record",
            Check::Fetch(_) => "Fetch",
            Check::Document(_) => "Document",
        })
    }
}

/// A rule's options after parsing: its module's `Options`, behind `Any` so that one table
/// holds every rule's (unwind-safe, as `Settings` is, for callers that catch panics).
type OptionsValue = dyn Any + Send + Sync + std::panic::RefUnwindSafe + std::panic::UnwindSafe;
pub(crate) type ParsedOptions = Arc<OptionsValue>;

/// Reads a table of options (the defaults from the rule's metadata with the user's keys laid
/// over them) into the rule's `Options`.
type ParseOptionsFn = fn(toml::Table) -> Result<ParsedOptions, String>;

struct Entry {
    module: &'static str,
    metadata: &'static str,
    check: Check,
    parse_options: Option<ParseOptionsFn>,
}

fn parse_options_as<
    T: DeserializeOwned + Send + Sync + std::panic::RefUnwindSafe + std::panic::UnwindSafe + 'static,
>(
    table: toml::Table,
) -> Result<ParsedOptions, String> {
    toml::Value::Table(table).try_into::<T>().map(|options| Arc::new(options) as ParsedOptions).map_err(|error| {
        // toml's message ends with a line break and carries no position of ours.
        error.message().trim().to_string()
    })
}

/// A rule's options from robolint.toml: as written (for `--show-settings`) and parsed into
/// the rule's `Options` type once per configuration.
#[derive(Clone)]
pub struct RuleOptions {
    pub table: toml::Table,
    parsed: ParsedOptions,
}

impl std::fmt::Debug for RuleOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.table.fmt(f)
    }
}

impl PartialEq for RuleOptions {
    fn eq(&self, other: &RuleOptions) -> bool {
        self.table == other.table
    }
}

/// A rule's documentation and defaults, read from `rules/<name>.toml`.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Metadata {
    pub code: String,
    pub name: String,
    pub severity: Severity,
    /// Pedantic rules are off unless selected.
    #[serde(default = "enabled_by_default")]
    pub default_enabled: bool,
    pub category: String,
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
    pub explains: Vec<String>,
    pub fix: FixAvailability,
    /// The dialects whose robots the rule's safe fix is meant to change: a misspelt field
    /// fixed is read by robots that dropped it. Safe fixes are checked against every other
    /// promised dialect's verdicts (`fix::verdicts`).
    #[serde(default)]
    pub fix_changes: Vec<Dialect>,
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
    pub docs: Docs,
}

/// A severity, or off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Off,
    Info,
    Warning,
    Error,
}

impl Level {
    /// The word robolint.toml spells it with.
    pub fn as_str(self) -> &'static str {
        self.severity().map_or("off", Severity::as_str)
    }

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
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Targets {
    #[serde(rename = "norobots-1994")]
    pub norobots_1994: Option<Level>,
    #[serde(rename = "draft-1996")]
    pub draft_1996: Option<Level>,
    pub rfc9309: Option<Level>,
    pub google: Option<Level>,
    #[serde(rename = "python-robotparser")]
    pub python_robotparser: Option<Level>,
}

/// One option a rule accepts, with its default.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct OptionSpec {
    pub doc: String,
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FixAvailability {
    None,
    Safe,
    Unsafe,
    /// Safe for some findings, unsafe for others.
    Mixed,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Docs {
    pub why: String,
    pub bad: String,
    pub good: String,
}

#[derive(Debug)]
pub struct Rule {
    pub metadata: Metadata,
    /// The Rust module that implements it (`glob_pattern` for `glob-pattern`).
    pub module: &'static str,
    pub check: Check,
    parse_options: Option<ParseOptionsFn>,
    /// The options with every key at its default; `None` for a rule without options.
    default_options: Option<RuleOptions>,
}

impl Rule {
    pub fn code(&self) -> &str {
        &self.metadata.code
    }

    pub fn name(&self) -> &str {
        &self.metadata.name
    }

    /// The options the rule runs with under `settings`: the configured ones, else the defaults.
    pub(crate) fn options_in(&self, configured: Option<&RuleOptions>) -> Option<ParsedOptions> {
        configured.or(self.default_options.as_ref()).map(|options| Arc::clone(&options.parsed))
    }

    /// Reads the keys of a `[rules.<name>]` table (other than `severity`) into the rule's
    /// `Options`, each key absent keeping its default. The error names the rule and the key.
    pub fn parse_options(&self, table: &toml::Table) -> Result<RuleOptions, String> {
        let name = &self.metadata.name;
        let declared = &self.metadata.options;
        if let Some(key) = table.keys().find(|key| !declared.contains_key(*key)) {
            let known: Vec<&str> = declared.keys().map(String::as_str).collect();
            let known = if known.is_empty() { "none".to_string() } else { known.join(", ") };
            return Err(format!("rule `{name}` has no option `{key}` (its options: severity, {known})"));
        }
        let parse = self.parse_options.ok_or_else(|| format!("rule `{name}` takes no options"))?;
        // Key by key first, so that a wrong value is named by its key.
        for (key, value) in table {
            let mut one = self.metadata.default_options();
            one.insert(key.clone(), value.clone());
            parse(one).map_err(|error| format!("option `{key}` of rule `{name}`: {error}"))?;
        }
        let mut all = self.metadata.default_options();
        all.extend(table.clone());
        let parsed = parse(all).map_err(|error| format!("options of rule `{name}`: {error}"))?;
        Ok(RuleOptions { table: table.clone(), parsed })
    }

    /// True when `selector` (a code, a code prefix such as `RL3`, a name, a category,
    /// `pedantic` for the rules that are off by default, or `ALL`) picks this rule.
    /// Case-insensitive.
    pub fn matches(&self, selector: &str) -> bool {
        let metadata = &self.metadata;
        selector.eq_ignore_ascii_case("all")
            || (selector.eq_ignore_ascii_case(PEDANTIC) && !metadata.default_enabled)
            || selector.eq_ignore_ascii_case(&metadata.name)
            || selector.eq_ignore_ascii_case(&metadata.category)
            || (selector.len() >= 3
                && metadata.code.len() >= selector.len()
                && metadata.code[..selector.len()].eq_ignore_ascii_case(selector))
    }
}

/// The selector for the rules that are off by default. It is no category: such a rule
/// belongs to the category of its code's band like any other.
pub const PEDANTIC: &str = "pedantic";

/// A code band: every rule whose code starts with `prefix` has category `category`, and its
/// source is in `src/rules/<category>/`. Codes are stable public ids and never reused.
#[derive(Debug, Clone, Copy)]
pub struct Band {
    pub prefix: &'static str,
    pub category: &'static str,
    pub about: &'static str,
}

/// Every band, the one table that ties codes to categories (tests/registry.rs holds each
/// rule and docs/rules.md's list of bands to it; `cargo xtask new-rule` numbers new rules by it).
pub const BANDS: &[Band] = &[
    Band { prefix: "RL0", category: "file", about: "file and encoding" },
    Band { prefix: "RL1", category: "syntax", about: "syntax" },
    Band { prefix: "RL2", category: "records", about: "records" },
    Band { prefix: "RL3", category: "paths", about: "paths" },
    Band { prefix: "RL4", category: "extensions", about: "extensions" },
    Band { prefix: "RL5", category: "ai", about: "AI crawlers and usage preferences" },
    Band { prefix: "RL6", category: "http", about: "HTTP (for URLs only)" },
    Band { prefix: "RL9", category: "suppression", about: "suppressions" },
];

/// The band a code belongs to.
pub fn band_of(code: &str) -> Option<&'static Band> {
    BANDS.iter().find(|band| code.starts_with(band.prefix))
}

/// All rules, metadata parsed once per process.
pub fn all() -> &'static [Rule] {
    static RULES: OnceLock<Vec<Rule>> = OnceLock::new();
    RULES.get_or_init(|| {
        ENTRIES
            .iter()
            .map(|entry| {
                // The TOML files are compiled in and checked by tests/registry.rs, so a
                // failure here is a bug in robolint, not in anything a user wrote.
                let metadata: Metadata = toml::from_str(entry.metadata)
                    .unwrap_or_else(|error| panic!("rules metadata for `{}` is invalid: {error}", entry.module));
                let default_options = entry.parse_options.map(|parse| RuleOptions {
                    table: toml::Table::new(),
                    parsed: parse(metadata.default_options()).unwrap_or_else(|error| {
                        panic!("the option defaults in rules/{}.toml do not fit its Options: {error}", metadata.name)
                    }),
                });
                Rule {
                    metadata,
                    module: entry.module,
                    check: entry.check,
                    parse_options: entry.parse_options,
                    default_options,
                }
            })
            .collect()
    })
}

/// robolint's home page: Cargo.toml's `repository`.
pub const HOME_PAGE: &str = env!("CARGO_PKG_REPOSITORY");

/// Where the documentation site (`robolint site`, web/site.mjs) is published when
/// `--docs-url` names no other place. A placeholder: docs/playground.md says how to publish the site and
/// point the links at it.
pub const DEFAULT_DOCS_BASE: &str = "https://robolint.dev/";

static DOCS_BASE: OnceLock<String> = OnceLock::new();

/// Points every rule link of this process under `base` (`--docs-url`): an absolute http(s)
/// URL, read as a folder (a `/` is added when it lacks one). Set once, before any link is
/// made; an attempt to change it afterwards is refused.
pub fn set_docs_base(base: &str) -> Result<(), DocsBaseError> {
    let parsed = url::Url::parse(base).map_err(|error| DocsBaseError::Unreadable(base.to_string(), error))?;
    if !matches!(parsed.scheme(), "http" | "https") || parsed.cannot_be_a_base() {
        return Err(DocsBaseError::NotHttp(base.to_string()));
    }
    let mut base = parsed.to_string();
    if !base.ends_with('/') {
        base.push('/');
    }
    DOCS_BASE.set(base).map_err(|_| DocsBaseError::AlreadySet)
}

/// Why [`set_docs_base`] refused a base URL.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DocsBaseError {
    #[error("--docs-url `{0}`: {1}")]
    Unreadable(String, url::ParseError),
    #[error("--docs-url `{0}`: not an http(s) URL")]
    NotHttp(String),
    #[error("the documentation's base URL is already set")]
    AlreadySet,
}

/// The documentation site's base URL, ending with `/`.
pub fn docs_base() -> &'static str {
    DOCS_BASE.get().map_or(DEFAULT_DOCS_BASE, String::as_str)
}

/// Where a rule's page is on the documentation site: `BASE/rules/NAME/`. Editors (LSP
/// `codeDescription`), code scanning (SARIF `helpUri`) and `--format json` (`url`) link here.
pub fn docs_url(rule_name: &str) -> String {
    format!("{}{}", docs_base(), rule_page(rule_name))
}

/// A rule's page within the documentation site, relative to its root.
pub fn rule_page(rule_name: &str) -> String {
    format!("rules/{rule_name}/")
}

/// Finds a rule by code or name, case-insensitively.
pub fn find(code_or_name: &str) -> Option<&'static Rule> {
    all()
        .iter()
        .find(|rule| rule.code().eq_ignore_ascii_case(code_or_name) || rule.name().eq_ignore_ascii_case(code_or_name))
}

/// The rule name nearest a misspelt one (`glob-patern` → `glob-pattern`), for "did you
/// mean" hints: at most a third of the name's letters apart.
pub fn closest_name(misspelt: &str) -> Option<&'static str> {
    let misspelt = misspelt.to_ascii_lowercase();
    all()
        .iter()
        .map(|rule| (crate::text::edit_distance(&misspelt, rule.name()), rule.name()))
        .filter(|&(distance, _)| distance > 0 && distance <= (misspelt.len() / 3).max(1))
        .min()
        .map(|(_, name)| name)
}

/// What a rule sees.
pub struct Context<'a, 'doc> {
    pub source: &'a Source,
    pub text: &'a str,
    pub doc: &'a Document,
    /// The linted file's path, when there is one.
    pub path: Option<&'a Path>,
    /// The spans of what earlier rules that explain strict failures reported, enabled or
    /// not: where the strict-syntax catch-all has nothing to add.
    pub strict_explanations: &'a [Span],
    /// The running rule's metadata.
    pub metadata: &'a Metadata,
    /// The running rule's options (robolint.toml's over the defaults), as its `Options`;
    /// `None` for a rule without options. Read with [`Context::options`].
    pub options: Option<&'a OptionsValue>,
    /// The file's suppression comments; by the time rules of the `suppression` category
    /// run, each records whether it silenced anything.
    pub suppressions: &'a [Suppression],
    /// What several rules ask of the document, worked out once for all of them. Its
    /// lifetime is the document's: it keeps what it works out for the whole lint, while the
    /// rest of the context changes from rule to rule.
    pub analysis: &'a Analysis<'doc>,
    /// The matchers compiled so far by the rules on this rule's thread (see
    /// [`Context::witnesses`]).
    pub(crate) witnesses: &'a Witnesses<'doc>,
}

impl<'a, 'doc: 'a> Context<'a, 'doc> {
    pub fn lines(&self) -> &'a [Line] {
        &self.doc.lines
    }

    pub fn slice(&self, span: Span) -> &'a str {
        span.text(self.text)
    }

    /// The document's witnesses, with the matchers the rules before this one (on its
    /// thread) compiled.
    pub fn witnesses(&self) -> &'a Witnesses<'doc> {
        self.witnesses
    }

    /// [`Analysis::misspelt_directive`].
    pub fn misspelt_directive(&self, line: LineIndex) -> Option<crate::model::Directive> {
        self.analysis.misspelt_directive(line)
    }

    /// [`crate::analysis::captures::agent_captures`], in file order.
    pub fn agent_captures(&self) -> &'a [AgentCapture] {
        self.analysis.agent_captures()
    }

    /// Each agent record's rules with their plain paths indexed, in the order of
    /// [`Document::agent_records`].
    fn record_paths(&self) -> &'a [RecordPaths<'doc>] {
        self.analysis.record_paths()
    }

    /// [`crate::analysis::captures::unreachable_records`] for the agent captures, ascending.
    pub fn unreachable_records(&self) -> &'a [usize] {
        self.analysis.unreachable_records()
    }

    /// The running rule's options, parsed once per configuration. `None` only when `T` is
    /// not the type the rule's registry line names, which tests/registry.rs rules out.
    pub fn options<T: 'static>(&self) -> Option<&'a T> {
        let options: &'a (dyn Any + Send + Sync) = self.options?;
        options.downcast_ref::<T>()
    }
}

/// How messages name a set of targets: "today's robots (rfc9309, google)".
pub fn targets_label(targets: &[Dialect]) -> String {
    let names: Vec<&str> = targets.iter().map(|dialect| dialect.name()).collect();
    if targets == Dialect::TODAY {
        format!("today's robots ({})", names.join(", "))
    } else if Dialect::ALL.iter().all(|dialect| targets.contains(dialect)) {
        "every robot (portable)".to_string()
    } else {
        names.join(", ")
    }
}

/// Where a rule puts its findings. Code, name and severity are filled in from the rule's
/// metadata, so a rule states only where and what.
pub struct Findings {
    rule: &'static Rule,
    diagnostics: Vec<Diagnostic>,
    not_robots_txt: bool,
}

impl Findings {
    pub(crate) fn new(rule: &'static Rule) -> Findings {
        Findings { rule, diagnostics: Vec::new(), not_robots_txt: false }
    }

    pub fn report(&mut self, span: Span, message: impl Into<Text>) -> &mut Diagnostic {
        let metadata: &'static Metadata = &self.rule.metadata;
        self.diagnostics.push(Diagnostic::new(&metadata.code, &metadata.name, metadata.severity, span, message.into()));
        let last = self.diagnostics.len() - 1;
        &mut self.diagnostics[last]
    }

    /// Reports a finding about the HTTP exchange rather than a line of the file. It points
    /// at the start of the body (an empty span, so it also exists when there is no body)
    /// and its label says so.
    pub fn report_response(&mut self, fetch: &FetchOutcome, message: impl Into<Text>) -> &mut Diagnostic {
        let start = Span::empty_at(0);
        let label = format!("about fetching {}, not a line of the file", fetch.url);
        let diagnostic = self.report(start, message);
        diagnostic.label(start, label);
        diagnostic
    }

    /// Declares that the input is not a robots.txt file at all (HTML, binary), so
    /// line-by-line rules would only repeat that finding.
    pub fn not_robots_txt(&mut self) {
        self.not_robots_txt = true;
    }

    pub(crate) fn into_parts(self) -> (Vec<Diagnostic>, bool) {
        (self.diagnostics, self.not_robots_txt)
    }
}
