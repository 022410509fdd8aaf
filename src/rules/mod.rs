//! The rule registry: one line per rule below. A rule is a module in its category's folder
//! (`src/rules/<category>/<module>.rs`, declared in that folder's `mod.rs`) with a `check`
//! function of its kind ([`Check`]), a metadata file `rules/<name>.toml` and a folder of
//! cases `corpus/<name>/`. build.rs checks the TOML files; the registry checks, as it
//! compiles, that each line agrees with its file; `tests/it/registry.rs` names a missing case.

use std::path::Path;
use std::str::FromStr;
use std::sync::{Arc, OnceLock};

use serde::de::DeserializeOwned;

use crate::analysis::captures::AgentCapture;
use crate::analysis::record_paths::RecordPaths;
use crate::analysis::Analysis;
use crate::diagnostic::{Applicability, Diagnostic, Evidence, Text};
use crate::dialect::witness::Witnesses;
use crate::dialect::Dialect;
use crate::fetch::FetchOutcome;
use crate::model::{Document, Line, LineIndex, Record, Span};
use crate::source::Source;
use suppressions::Suppression;

mod ai;
mod extensions;
mod file;
mod http;
mod metadata;
mod paths;
mod records;
mod suppression;
pub mod suppressions;
mod syntax;

pub use crate::rule::{Category, Rule};
pub use metadata::{Docs, Explained, FixAvailability, Level, Metadata, OptionSpec, Targets, UnknownLevel};

/// Whether `binary-content` reads `text` as binary data rather than text (`robolint parse`
/// says so rather than naming a production).
pub fn is_binary(text: &str) -> bool {
    file::binary_content::is_binary(text)
}

/// Builds [`Rule`], [`ParsedOptions`] and their tables from one line per rule,
/// `Variant => category_folder::module`, plus `per Line`, `per Record` or `per Fetch` for a
/// rule of that kind ([`Check`]; a rule without one reads the whole document), plus
/// `with Options` where the module has an `Options` type for its `[rules.<name>]` keys: its
/// `check` then takes `options: &Options` after the context. It declares no modules: each
/// category folder's `mod.rs` does, so rustfmt sees every rule file.
///
/// What fails to compile, as rustc says it (tried by hand, not with trybuild: trybuild
/// builds the crate and its dependencies again in a target folder of its own, minutes in CI):
/// - a misspelt rule, `Rule::StrictSyntx`, here or anywhere: error[E0599]: no variant or
///   associated item named `StrictSyntx` found for enum `identity::Rule`; the enum is
///   build.rs's, from the TOML files, so `GlobPatern => paths::glob_pattern` fails alike;
/// - a `check` in too_many_rules taking `&path_too_long::Options`: error[E0308]: mismatched
///   types: expected `paths::path_too_long::Options`, found `records::too_many_rules::Options`;
/// - `GlobPattern => paths::regex_in_path`: error[E0080]: evaluation panicked: registry line
///   GlobPattern: the module is not the rule's name;
/// - a rule file without a line: error[E0004]: non-exhaustive patterns:
///   `identity::Rule::NulByte` not covered;
/// - a bad rule file: build.rs fails, naming the file, the line and the key.
macro_rules! registry {
    ($($variant:ident => $folder:ident :: $module:ident $(per $kind:ident)? $(with $options:ident)?,)*) => {
        impl Rule {
            /// Every rule, in the order the engine runs them: file-level rules first (they may
            /// find the input is no robots.txt at all), then the rules about how a URL was
            /// fetched (category `http`; they run whatever the body is, and do nothing for
            /// files), then the strict-syntax catch-all (it needs every other finding), then
            /// the suppression rules (they need to know what the suppressions silenced).
            const ALL: &'static [Rule] = &[$(Rule::$variant,)*];

            /// How the engine calls the rule.
            pub fn check(self) -> Check {
                match self {
                    $(Rule::$variant => registry!(@check $variant $folder::$module $($kind)? $(with $options)?),)*
                }
            }

            fn options_parser(self) -> Option<ParseOptionsFn> {
                match self {
                    $(Rule::$variant => registry!(@parser $variant $($folder::$module::$options)?),)*
                }
            }
        }

        /// A rule's options after parsing, as its module's `Options` type. The registry both
        /// makes and unpacks each variant, so a rule always gets its own type.
        pub(crate) enum ParsedOptions {
            $($($variant($folder::$module::$options),)?)*
        }

        // What the compiler checks of each line against its TOML.
        $(const _: () = {
            assert!(
                same_but_dashes(stringify!($module), Rule::$variant.name()),
                concat!("registry line ", stringify!($variant), ": the module is not the rule's name"),
            );
            assert!(
                same_but_dashes(stringify!($folder), Rule::$variant.category().as_str()),
                concat!("registry line ", stringify!($variant), ": the folder is not the rule's category"),
            );
        };)*
        const _: () = assert!(Rule::ALL.len() == Rule::BY_CODE.len(), "the registry does not list each rule once");
    };
    (@check $variant:ident $folder:ident :: $module:ident Line with $options:ident) => {
        Check::Line(|cx, index, line, out| $folder::$module::check(cx, registry!(@options cx $variant), index, line, out))
    };
    (@check $variant:ident $folder:ident :: $module:ident Record with $options:ident) => {
        Check::Record(|cx, record, out| $folder::$module::check(cx, registry!(@options cx $variant), record, out))
    };
    (@check $variant:ident $folder:ident :: $module:ident Fetch with $options:ident) => {
        Check::Fetch(|cx, fetch, out| $folder::$module::check(cx, registry!(@options cx $variant), fetch, out))
    };
    (@check $variant:ident $folder:ident :: $module:ident with $options:ident) => {
        Check::Document(|cx, out| $folder::$module::check(cx, registry!(@options cx $variant), out))
    };
    (@check $variant:ident $folder:ident :: $module:ident $kind:ident) => {
        Check::$kind($folder::$module::check)
    };
    (@check $variant:ident $folder:ident :: $module:ident) => {
        Check::Document($folder::$module::check)
    };
    (@options $cx:ident $variant:ident) => {
        match $cx.options {
            Some(ParsedOptions::$variant(options)) => options,
            _ => unreachable!(concat!("the engine hands ", stringify!($variant), " its own options")),
        }
    };
    (@parser $variant:ident $options:ty) => {
        Some(|table| parse_options_as::<$options>(table).map(|options| Arc::new(ParsedOptions::$variant(options))))
    };
    (@parser $variant:ident) => {
        None
    };
}

registry! {
    ByteOrderMark => file::byte_order_mark,
    InvalidUtf8 => file::invalid_utf8,
    Utf16Encoding => file::utf16_encoding,
    FileTooLarge => file::file_too_large,
    HtmlDocument => file::html_document,
    ErrorPage => file::error_page,
    GarbledByteOrderMark => file::garbled_byte_order_mark,
    EscapedLineBreaks => file::escaped_line_breaks,
    LostLineBreaks => file::lost_line_breaks,
    BinaryContent => file::binary_content,
    NonCrlfLineEnding => file::non_crlf_line_ending,
    MixedLineEndings => file::mixed_line_endings,
    MissingColon => syntax::missing_colon per Line,
    FieldTypo => syntax::field_typo per Line,
    UnknownField => syntax::unknown_field per Line,
    InvalidLine => syntax::invalid_line per Line,
    AgentNotToken => syntax::agent_not_token per Line,
    EmptyUserAgent => syntax::empty_user_agent per Line,
    PathNotAbsolute => syntax::path_not_absolute per Line,
    InvalidPercentEncoding => syntax::invalid_percent_encoding per Line,
    NonAsciiPath => syntax::non_ascii_path,
    MultiplePaths => syntax::multiple_paths per Line,
    SpaceInPath => paths::space_in_path per Line,
    LineContinuation => syntax::line_continuation per Line,
    SpaceBeforeColon => syntax::space_before_colon per Line,
    TrailingWhitespace => syntax::trailing_whitespace per Line,
    MultipleStarRecords => records::multiple_star_records,
    RecordWithoutDisallow => records::record_without_disallow per Record,
    BlankLineInRecord => records::blank_line_in_record,
    RuleBeforeUserAgent => records::rule_before_user_agent,
    MissingRecordSeparator => records::missing_record_separator,
    DuplicateAgent => records::duplicate_agent,
    AgentSubstringCapture => records::agent_substring_capture,
    UnreachableRecord => records::unreachable_record,
    AgentPattern => records::agent_pattern per Line,
    AgentTokenCut => records::agent_token_cut per Line,
    WholeSiteBlocked => records::whole_site_blocked per Record,
    TooManyRules => records::too_many_rules with Options,
    MergedGroup => records::merged_group,
    BrandNameAsAgent => records::brand_name_as_agent,
    DuplicateRule => paths::duplicate_rule per Record,
    RedundantRule => paths::redundant_rule,
    ShadowedRule => paths::shadowed_rule,
    AllowAllAndDisallowAll => paths::allow_all_and_disallow_all per Record,
    GlobPattern => paths::glob_pattern,
    RobotsTxtInRule => paths::robots_txt_in_rule per Line,
    QueryInPath => paths::query_in_path per Line,
    ExtensionOutsideRecord => extensions::extension_outside_record per Line,
    EmptyFile => file::empty_file,
    LongLine => file::long_line per Line,
    NulByte => file::nul_byte,
    FileName => file::file_name,
    RegexInPath => paths::regex_in_path per Line,
    FragmentInPath => paths::fragment_in_path per Line,
    EncodedSlash => paths::encoded_slash per Line,
    PathCaseVariants => paths::path_case_variants per Record,
    AllowFor1994Robots => paths::allow_for_1994_robots per Record,
    SensitivePath => paths::sensitive_path with Options,
    PathTooLong => paths::path_too_long per Line with Options,
    SitemapUrl => extensions::sitemap_url per Line,
    CrawlDelayValue => extensions::crawl_delay_value per Line,
    NonstandardField => extensions::nonstandard_field per Line,
    MalformedFieldValue => extensions::malformed_field_value per Line,
    RetiredAgent => ai::retired_agent,
    UnknownAgent => ai::unknown_agent,
    ControlTokenAsCrawler => ai::control_token_as_crawler,
    UserTriggeredAgent => ai::user_triggered_agent,
    AiGroupLooserThanStar => ai::ai_group_looser_than_star,
    ContentUsageValue => ai::content_usage_value,
    ContentSignalValue => ai::content_signal_value,
    PreferenceWithoutEffect => ai::preference_without_effect,
    PreferenceContradictsRules => ai::preference_contradicts_rules,
    CrawlerPolicy => ai::crawler_policy with Options,
    PercentEncodingDivergence => paths::percent_encoding_divergence,
    RobotsTxtRedirect => http::robots_txt_redirect per Fetch,
    CrossHostRedirect => http::cross_host_redirect per Fetch,
    BrokenRedirect => http::broken_redirect per Fetch,
    RobotsTxtForbidden => http::robots_txt_forbidden per Fetch,
    RobotsTxtNotFound => http::robots_txt_not_found per Fetch,
    RobotsTxtUnreachable => http::robots_txt_unreachable per Fetch,
    PrivateRedirect => http::private_redirect per Fetch,
    WrongContentType => http::wrong_content_type per Fetch,
    NonUtf8Charset => http::non_utf8_charset per Fetch,
    UndecodableContentEncoding => http::undecodable_content_encoding per Fetch,
    ResponseTruncated => http::response_truncated per Fetch,
    CacheExpiry => http::cache_expiry per Fetch,
    CachingDisabled => http::caching_disabled per Fetch,
    LongCacheLifetime => http::long_cache_lifetime per Fetch with Options,
    StrictSyntax => syntax::strict_syntax,
    UnusedSuppression => suppression::unused_suppression,
    UnknownRuleInSuppression => suppression::unknown_rule_in_suppression,
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

/// Reads a table of options (the defaults from the rule's metadata with the user's keys laid
/// over them) into the rule's `Options`.
type ParseOptionsFn = fn(toml::Table) -> Result<Arc<ParsedOptions>, String>;

fn parse_options_as<T: DeserializeOwned>(table: toml::Table) -> Result<T, String> {
    toml::Value::Table(table).try_into::<T>().map_err(|error| {
        // toml's message ends with a line break and carries no position of ours.
        error.message().trim().to_string()
    })
}

/// A rule's options from robolint.toml: as written (for `--show-settings`) and parsed into
/// the rule's `Options` type once per configuration.
#[derive(Clone)]
pub struct RuleOptions {
    /// The options as robolint.toml writes them, before parsing.
    pub table: toml::Table,
    parsed: Arc<ParsedOptions>,
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

/// What the registry reads of a rule's TOML once per process.
struct Loaded {
    metadata: Metadata,
    /// The options with every key at its default; `None` for a rule without options.
    default_options: Option<RuleOptions>,
}

impl Loaded {
    /// Every rule's, in code order, from the JSON that build.rs wrote of `rules/*.toml`: no
    /// TOML is parsed at run time.
    fn all() -> Vec<Loaded> {
        // build.rs checked the files, so a failure here is a bug in robolint.
        let metadata: Vec<Metadata> = serde_json::from_str(include_str!(concat!(env!("OUT_DIR"), "/rules.json")))
            .unwrap_or_else(|error| panic!("rules/*.toml passed build.rs but not rules::Metadata: {error}"));
        assert_eq!(metadata.len(), Rule::BY_CODE.len(), "build.rs writes one metadata per rule");
        Rule::BY_CODE.into_iter().zip(metadata).map(|(rule, metadata)| Loaded::of(rule, metadata)).collect()
    }

    fn of(rule: Rule, metadata: Metadata) -> Loaded {
        let default_options = rule.options_parser().map(|parse| RuleOptions {
            table: toml::Table::new(),
            parsed: parse(metadata.default_options()).unwrap_or_else(|error| {
                panic!("the option defaults in rules/{}.toml do not fit its Options: {error}", rule.name())
            }),
        });
        Loaded { metadata, default_options }
    }
}

impl Rule {
    fn loaded(self) -> &'static Loaded {
        static LOADED: OnceLock<Vec<Loaded>> = OnceLock::new();
        &LOADED.get_or_init(Loaded::all)[self as usize]
    }

    /// The rule's documentation, levels and option defaults from `rules/<name>.toml`.
    pub fn metadata(self) -> &'static Metadata {
        &self.loaded().metadata
    }

    /// The options the rule runs with under `settings`: the configured ones, else the defaults.
    pub(crate) fn options_in(self, configured: Option<&RuleOptions>) -> Option<Arc<ParsedOptions>> {
        configured.or(self.loaded().default_options.as_ref()).map(|options| Arc::clone(&options.parsed))
    }

    /// Reads the keys of a `[rules.<name>]` table (other than `severity`) into the rule's
    /// `Options`, each key absent keeping its default. The error names the rule and the key.
    pub fn parse_options(self, table: &toml::Table) -> Result<RuleOptions, String> {
        let name = self.name();
        let metadata = self.metadata();
        let declared = &metadata.options;
        if let Some(key) = table.keys().find(|key| !declared.contains_key(*key)) {
            let known: Vec<&str> = declared.keys().map(String::as_str).collect();
            let known = if known.is_empty() { "none".to_string() } else { known.join(", ") };
            return Err(format!("rule `{name}` has no option `{key}` (its options: severity, {known})"));
        }
        let parse = self.options_parser().ok_or_else(|| format!("rule `{name}` takes no options"))?;
        // Key by key first, so that a wrong value is named by its key.
        for (key, value) in table {
            let mut one = metadata.default_options();
            one.insert(key.clone(), value.clone());
            parse(one).map_err(|error| format!("option `{key}` of rule `{name}`: {error}"))?;
        }
        let mut all = metadata.default_options();
        all.extend(table.clone());
        let parsed = parse(all).map_err(|error| format!("options of rule `{name}`: {error}"))?;
        Ok(RuleOptions { table: table.clone(), parsed })
    }

    /// True when `selector` (a code, a code prefix such as `RL3`, a name, a category,
    /// `pedantic` for the rules that are off by default, or `ALL`) picks this rule.
    /// Case-insensitive.
    pub fn matches(self, selector: &str) -> bool {
        let metadata = self.metadata();
        selector.eq_ignore_ascii_case("all")
            || (selector.eq_ignore_ascii_case(PEDANTIC) && !metadata.default_enabled)
            || selector.eq_ignore_ascii_case(self.name())
            || selector.eq_ignore_ascii_case(self.category().as_str())
            || (selector.len() >= 3
                && self.code().len() >= selector.len()
                && self.code()[..selector.len()].eq_ignore_ascii_case(selector))
    }
}

/// The selector for the rules that are off by default. It is no category: such a rule
/// belongs to the category of its code's band like any other.
pub const PEDANTIC: &str = "pedantic";

/// Whether a Rust name and a kebab-case name are the same but for `_` and `-`, in a const
/// context (the registry's checks).
const fn same_but_dashes(rust: &str, kebab: &str) -> bool {
    let (rust, kebab) = (rust.as_bytes(), kebab.as_bytes());
    if rust.len() != kebab.len() {
        return false;
    }
    let mut at = 0;
    while at < rust.len() {
        let byte = if kebab[at] == b'-' { b'_' } else { kebab[at] };
        if rust[at] != byte {
            return false;
        }
        at += 1;
    }
    true
}

/// Every rule, in the order the engine runs them.
pub fn all() -> &'static [Rule] {
    Rule::ALL
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A code or name that names no rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownRule(pub String);

impl std::fmt::Display for UnknownRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "no rule `{}`", self.0)
    }
}

impl std::error::Error for UnknownRule {}

/// A rule by code or name, case-insensitively: how configuration and suppression comments
/// name rules.
impl FromStr for Rule {
    type Err = UnknownRule;

    fn from_str(code_or_name: &str) -> Result<Rule, UnknownRule> {
        find(code_or_name).ok_or_else(|| UnknownRule(code_or_name.to_string()))
    }
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
    /// The base is not a URL: the text given, and why it does not parse.
    #[error("--docs-url `{0}`: {1}")]
    Unreadable(String, url::ParseError),
    /// The base is a URL, but not an http(s) one that can be a base.
    #[error("--docs-url `{0}`: not an http(s) URL")]
    NotHttp(String),
    /// A base was set before; it is set once per process.
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
pub fn find(code_or_name: &str) -> Option<Rule> {
    all()
        .iter()
        .copied()
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
    /// The linted input: its text, encoding and any truncation.
    pub source: &'a Source,
    /// The source's text, which every span of `doc` indexes.
    pub text: &'a str,
    /// The parsed document.
    pub doc: &'a Document,
    /// The linted file's path, when there is one.
    pub path: Option<&'a Path>,
    /// The spans of what earlier rules that explain strict failures reported, enabled or
    /// not: where the strict-syntax catch-all has nothing to add.
    pub strict_explanations: &'a [Span],
    /// The running rule's metadata.
    pub metadata: &'a Metadata,
    /// The running rule's options (robolint.toml's over the defaults); `None` for a rule
    /// without options. The registry unpacks them into the `&Options` its `check` takes.
    pub(crate) options: Option<&'a ParsedOptions>,
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
    /// The document's lines, indexed by [`LineIndex`].
    pub fn lines(&self) -> &'a [Line] {
        &self.doc.lines
    }

    /// The text `span` covers. Panics when it is not a span of this text.
    pub fn slice(&self, span: Span) -> &'a str {
        span.text(self.text)
    }

    /// The document's witnesses, with the matchers the rules before this one (on its
    /// thread) compiled.
    pub fn witnesses(&self) -> &'a Witnesses<'doc> {
        self.witnesses
    }

    /// `Analysis::misspelt_directive`.
    pub fn misspelt_directive(&self, line: LineIndex) -> Option<crate::model::Directive> {
        self.analysis.misspelt_directive(line)
    }

    /// `crate::analysis::captures::agent_captures`, in file order.
    pub fn agent_captures(&self) -> &'a [AgentCapture] {
        self.analysis.agent_captures()
    }

    /// Each agent record's rules with their plain paths indexed, in the order of
    /// [`Document::agent_records`].
    fn record_paths(&self) -> &'a [RecordPaths<'doc>] {
        self.analysis.record_paths()
    }

    /// `crate::analysis::captures::unreachable_records` for the agent captures, ascending.
    pub fn unreachable_records(&self) -> &'a [usize] {
        self.analysis.unreachable_records()
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
/// metadata, so a rule states only where and what. A finding that says exactly what the one
/// before it said, further on, is kept as a place of that one:
/// a file of a million equal lines holds a span per line, not a diagnostic. That is exact
/// only while the rule reports in file order, as the lint's later stages sort and fold by
/// position; a rule that goes back gets its findings one per place.
pub struct Findings {
    rule: Rule,
    diagnostics: Vec<Diagnostic>,
    not_robots_txt: bool,
    in_file_order: bool,
    /// The output counts the rule's findings, folded into one per fix ([`Findings::counted_already`]).
    counted_once: bool,
    /// The rule left a finding unproven because a finding of the same fold was in.
    left_unproven: bool,
}

impl Findings {
    pub(crate) fn new(rule: Rule) -> Findings {
        Findings {
            rule,
            diagnostics: Vec::new(),
            not_robots_txt: false,
            in_file_order: true,
            counted_once: false,
            left_unproven: false,
        }
    }

    /// The same, for a run whose output counts this rule's findings once folded
    /// ([`crate::lint::BeyondTargets::Counted`]) when `counted` holds.
    pub(crate) fn counted_once(mut self, counted: bool) -> Findings {
        self.counted_once = counted;
        self
    }

    /// Whether a further finding, at the rule's own severity, backed by its levels alone
    /// (no [`Evidence`] of its own) and with a fix of `fix`, would change nothing the output
    /// shows: it would fold, out of sight, into such a finding already reported. The rule
    /// may then skip proving it (a witness search) and report nothing; the lint proves every
    /// finding again where a suppression or another rule's explanation could take the
    /// kept one away.
    pub fn counted_already(&mut self, fix: Option<Applicability>) -> bool {
        // Asked once per pattern on every keystroke in editors, which list every finding.
        if !self.counted_once {
            return false;
        }
        let severity = self.rule.metadata().severity;
        let folds_into = |found: &Diagnostic| {
            found.severity == severity
                && found.evidence == Evidence::Levels
                && found.fix.as_ref().map(|fix| fix.applicability) == fix
        };
        let counted = self.diagnostics.iter().any(folds_into);
        self.left_unproven |= counted;
        counted
    }

    /// Reports a finding at `span` with `message` as its headline.
    /// Returns it, to add labels, help, notes or a fix.
    pub fn report(&mut self, span: Span, message: impl Into<Text>) -> &mut Diagnostic {
        self.keep_last_as_a_place();
        if let Some(last_place) = self.diagnostics.last().map(Diagnostic::last_place) {
            if self.in_file_order && (span.start(), span.end()) < (last_place.start(), last_place.end()) {
                self.in_file_order = false;
                self.diagnostics =
                    std::mem::take(&mut self.diagnostics).into_iter().flat_map(Diagnostic::expanded).collect();
            }
        }
        self.diagnostics.push(Diagnostic::of_rule(self.rule, span, message));
        let last = self.diagnostics.len() - 1;
        &mut self.diagnostics[last]
    }

    /// The last finding, complete now, becomes a place of the one before it when it says
    /// the same.
    fn keep_last_as_a_place(&mut self) {
        if !self.in_file_order {
            return;
        }
        if let [.., earlier, last] = self.diagnostics.as_mut_slice() {
            if earlier.says_again(last) {
                earlier.repeated_at.push(last.span);
                self.diagnostics.pop();
            }
        }
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

    /// The findings, whether the input is no robots.txt, and whether a finding was left
    /// unproven ([`Findings::counted_already`]).
    pub(crate) fn into_parts(mut self) -> (Vec<Diagnostic>, bool, bool) {
        self.keep_last_as_a_place();
        (self.diagnostics, self.not_robots_txt, self.left_unproven)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn places(diagnostic: &Diagnostic) -> Vec<Span> {
        diagnostic.places().collect()
    }

    /// Equal findings reported in file order are one diagnostic with a place each; a finding
    /// that says anything else, or one that goes back in the file, stays a diagnostic of its own.
    #[test]
    fn a_finding_that_says_again_what_the_last_said_further_on_is_kept_as_its_place() {
        let at = |line: usize| Span::new(line * 2, line * 2 + 1);
        let mut findings = Findings::new(Rule::InvalidLine);
        for line in 0..3 {
            findings.report(at(line), "stray").help("write a comment");
        }
        findings.report(at(3), "stray").help("another help");
        findings.report(at(4), "stray").help("another help").label(at(0), "a label");
        findings.report(at(5), "stray").help("another help");
        let (diagnostics, ..) = findings.into_parts();
        let kept: Vec<Vec<Span>> = diagnostics.iter().map(places).collect();
        assert_eq!(kept, [vec![at(0), at(1), at(2)], vec![at(3)], vec![at(4)], vec![at(5)]]);

        let mut findings = Findings::new(Rule::InvalidLine);
        for line in [0, 1, 2, 1] {
            findings.report(at(line), "stray");
        }
        let (diagnostics, ..) = findings.into_parts();
        let kept: Vec<Vec<Span>> = diagnostics.iter().map(places).collect();
        assert_eq!(kept, [vec![at(0)], vec![at(1)], vec![at(2)], vec![at(1)]], "a rule that goes back: one per place");
    }

    /// A finding counts for the next only where the output counts the rule's findings, and
    /// only for one of the same fold: the rule's own severity, levels alone, the same fix.
    #[test]
    fn a_finding_counts_for_the_next_only_in_a_counted_run_and_a_fold_of_its_own() {
        let at = Span::new(0, 1);
        let safe = Some(Applicability::Safe);
        let mut listed = Findings::new(Rule::GlobPattern);
        listed.report(at, "a pattern");
        assert!(!listed.counted_already(None));
        let mut counted = Findings::new(Rule::GlobPattern).counted_once(true);
        assert!(!counted.counted_already(None), "nothing reported yet");
        counted.report(at, "a pattern").fix(Applicability::Safe, "shorten", Vec::new());
        assert!(!counted.counted_already(None), "another fix is another fold");
        assert!(counted.counted_already(safe));
        counted.report(at, "a pattern").evidence = Evidence::NoEffect;
        assert!(!counted.counted_already(None), "evidence of its own may settle it otherwise");
        let (_, _, left_unproven) = counted.into_parts();
        assert!(left_unproven);
        let (_, _, left_unproven) = listed.into_parts();
        assert!(!left_unproven);
    }

    /// build.rs reads each rule file with mirrors of the types: `Metadata` reads it too, as
    /// the generated identity says, and its option defaults fit its `Options`.
    #[test]
    fn every_rule_file_reads_into_metadata_and_its_defaults_into_its_options() {
        for &rule in all() {
            let metadata = rule.metadata();
            let identity = (metadata.code.as_str(), metadata.name.as_str(), metadata.category);
            assert_eq!(identity, (rule.code(), rule.name(), rule.category()));
            assert_eq!(rule.options_in(None).is_some(), rule.options_parser().is_some(), "{rule}");
        }
    }

    /// Each rule's metadata, read from the JSON build.rs wrote, is its TOML file's read as
    /// TOML, as robolint read it at run time before. The option defaults are in it as
    /// `toml::Value`s, so a default that came back another type (a float for an integer)
    /// differs.
    #[test]
    fn the_metadata_built_in_is_the_rule_files_read_as_toml() {
        for rule in Rule::BY_CODE {
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("rules/{rule}.toml"));
            let text = std::fs::read_to_string(&path).expect("every rule has its file");
            let from_toml: Metadata = toml::from_str(&text).expect("build.rs checked the file");
            assert_eq!(rule.metadata(), &from_toml, "{rule}");
        }
    }

    #[test]
    fn a_rule_is_named_by_code_or_name_in_any_case() {
        assert_eq!("Glob-Pattern".parse::<Rule>(), Ok(Rule::GlobPattern));
        assert_eq!("rl301".parse::<Rule>(), Ok(Rule::GlobPattern));
        assert_eq!("glob-patern".parse::<Rule>(), Err(UnknownRule("glob-patern".to_string())));
        assert_eq!(Rule::GlobPattern.to_string(), "glob-pattern");
    }
}
