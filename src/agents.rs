//! The crawler registry: the robots that visit sites, who runs them, what they fetch for,
//! and how each reads robots.txt. The facts are data with sources, `agents/<purpose>.toml`
//! (one file per purpose, which build.rs compiles in as static entries whose text borrows
//! from the binary, so that no process parses them); a `robolint.toml` may add or replace
//! entries with `[[agent]]` tables of the same shape plus a `purpose`, whose text is owned.
//!
//! Reading the registry never fails: an entry with a mistake is left out and the mistake
//! becomes a [`Problem`] naming the file and the token, which `tests/it/agents.rs` requires to
//! be none for the built-in files.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::ops::{Bound, Deref};
use std::str::FromStr;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use toml::value::Datetime;

use crate::dialect::{Dialect, Matcher};
use crate::model::{Document, LineIndex};

pub mod names;

/// What a robot fetches pages for; each has its own file, `agents/<name>.toml`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Purpose {
    /// Search engines' crawlers, which fetch pages to build a search index.
    Search,
    /// Robots that collect content to train AI models, and dataset builders used for training.
    AiTraining,
    /// Robots that index pages so an AI product can find and quote them.
    AiSearch,
    /// Fetchers that load a page because a user asked an AI tool to.
    UserTriggered,
    /// Control tokens: names no crawler sends. They only carry a site's preference.
    Control,
    /// SEO and marketing crawlers, such as backlink indexes and site audits.
    Seo,
    /// Crawlers that keep copies of the web for the record.
    Archive,
    /// Fetchers that read a shared link's page to show a preview card.
    SocialPreview,
    /// Default names of HTTP clients, crawler frameworks and download tools.
    Library,
    /// Any other robot, or one whose purpose is unclear.
    Other,
}

macro_rules! builtin_files {
    ($($purpose:ident => $name:literal,)*) => {
        impl Purpose {
            /// Every purpose, one per file of the registry.
            pub const ALL: [Purpose; 10] = [$(Purpose::$purpose,)*];

            /// The purpose's kebab-case name, as in `ai-training`.
            /// It is the registry file's stem and the `purpose` key's value.
            pub fn name(self) -> &'static str {
                match self {
                    $(Purpose::$purpose => $name,)*
                }
            }
        }

        /// The registry's entries as compiled in, by purpose: build.rs writes each file's
        /// entries as static data, so no process parses them.
        static BUILTIN: &[&[Agent]] = &[$(include!(concat!(env!("OUT_DIR"), "/agents/", $name, ".rs")),)*];
    };
}

builtin_files! {
    Search => "search",
    AiTraining => "ai-training",
    AiSearch => "ai-search",
    UserTriggered => "user-triggered",
    Control => "control",
    Seo => "seo",
    Archive => "archive",
    SocialPreview => "social-preview",
    Library => "library",
    Other => "other",
}

impl Purpose {
    /// Its robots in a few words, for sentences: "AI training crawlers".
    pub fn robots_noun(self) -> &'static str {
        match self {
            Purpose::Search => "search crawlers",
            Purpose::AiTraining => "AI training crawlers",
            Purpose::AiSearch => "AI search crawlers",
            Purpose::UserTriggered => "user-triggered fetchers",
            Purpose::Control => "control tokens",
            Purpose::Seo => "SEO crawlers",
            Purpose::Archive => "archive crawlers",
            Purpose::SocialPreview => "link-preview fetchers",
            Purpose::Library => "crawler libraries",
            Purpose::Other => "other robots",
        }
    }
}

impl fmt::Display for Purpose {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no purpose's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown purpose `{0}` (expected {names})", names = Purpose::ALL.map(Purpose::name).join(", "))]
pub struct UnknownPurpose(pub String);

impl FromStr for Purpose {
    type Err = UnknownPurpose;

    fn from_str(text: &str) -> Result<Purpose, UnknownPurpose> {
        Purpose::ALL
            .into_iter()
            .find(|purpose| purpose.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| UnknownPurpose(text.to_string()))
    }
}

/// Whether a robot obeys robots.txt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Honours {
    /// Its operator says it obeys robots.txt.
    Yes,
    /// It does not obey robots.txt.
    No,
    /// It fetches because a person asked for the page, and its operator says robots.txt,
    /// which is for automatic crawling, may not apply.
    UserTriggered,
    /// Its operator does not say whether it obeys robots.txt.
    Unknown,
}

/// The parser a robot reads robots.txt with, as the registry names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reading {
    /// Google's parser: answered with [`Dialect::Google`].
    Google,
    /// RFC 9309 as written: answered with [`Dialect::Rfc9309`].
    Rfc9309,
    /// Python's `urllib.robotparser`: answered with [`Dialect::PythonRobotparser`].
    PythonRobotparser,
    /// The 1996 draft: answered with [`Dialect::Draft1996`].
    #[serde(rename = "draft-1996")]
    Draft1996,
    /// The 1994 standard: answered with [`Dialect::Norobots1994`].
    #[serde(rename = "norobots-1994")]
    Norobots1994,
}

impl Reading {
    /// The name the registry's `dialect` key gives.
    pub fn name(self) -> &'static str {
        match self {
            Reading::Google => "google",
            Reading::Rfc9309 => "rfc9309",
            Reading::PythonRobotparser => "python-robotparser",
            Reading::Draft1996 => "draft-1996",
            Reading::Norobots1994 => "norobots-1994",
        }
    }

    /// The reading of robots that read as `dialect` does.
    pub fn of_dialect(dialect: Dialect) -> Reading {
        match dialect {
            Dialect::Google => Reading::Google,
            Dialect::Rfc9309 => Reading::Rfc9309,
            Dialect::PythonRobotparser => Reading::PythonRobotparser,
            Dialect::Draft1996 => Reading::Draft1996,
            Dialect::Norobots1994 => Reading::Norobots1994,
        }
    }

    /// The dialect robolint answers with for such a robot.
    pub fn dialect(self) -> Dialect {
        match self {
            Reading::Google => Dialect::Google,
            Reading::Rfc9309 => Dialect::Rfc9309,
            Reading::PythonRobotparser => Dialect::PythonRobotparser,
            Reading::Draft1996 => Dialect::Draft1996,
            Reading::Norobots1994 => Dialect::Norobots1994,
        }
    }
}

impl Honours {
    /// The name the registry's `honours` key gives.
    pub fn name(self) -> &'static str {
        match self {
            Honours::Yes => "yes",
            Honours::No => "no",
            Honours::UserTriggered => "user-triggered",
            Honours::Unknown => "unknown",
        }
    }
}

/// Whether the operator says how its robot reads robots.txt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DialectBasis {
    /// The operator documents how the robot reads robots.txt.
    Documented,
    /// No statement: the robot is taken to follow RFC 9309.
    Assumed,
}

/// Extension fields an operator documents its robot reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum Extension {
    /// `Crawl-delay`: a wait between fetches.
    #[serde(rename = "Crawl-delay")]
    CrawlDelay,
    /// `Clean-param`: query parameters that do not change the page.
    #[serde(rename = "Clean-param")]
    CleanParam,
    /// `Host`: the site's preferred host name.
    Host,
    /// `Sitemap`: where the site's sitemaps are.
    Sitemap,
    /// `Content-Signal`: Cloudflare's usage preferences (`crate::preferences`).
    #[serde(rename = "Content-Signal")]
    ContentSignal,
    /// `Content-Usage`: IETF AIPREF usage preferences (`crate::preferences`).
    #[serde(rename = "Content-Usage")]
    ContentUsage,
}

/// Limits an operator documents, in bytes or characters as the operator counts them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Limits {
    /// The most bytes of robots.txt the robot reads; it ignores the rest.
    /// [`Agent::cut_at`] finds where such a robot stops.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_file_bytes: Option<u64>,
    /// The longest rule the operator says the robot reads.
    /// No rule or command reads it yet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_rule_length: Option<u64>,
    /// The longest rule path the operator says the robot reads.
    /// No rule or command reads it yet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_path_length: Option<u64>,
    /// The most rules the operator says the robot reads.
    /// No rule or command reads it yet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_rules: Option<u64>,
}

/// How a robot's own crawler compares a User-agent line's value with its tokens.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Matching {
    /// As its dialect compares: Google and RFC 9309 take the value's product token, its
    /// leading letters, `-` and `_` (`MJ12bot` is `MJ`).
    #[default]
    ProductToken,
    /// The whole value, trimmed, ignoring case, with RFC 9309's groups and precedence: for
    /// robots whose operators name them with digits, dots or spaces (`MJ12bot`,
    /// `Sogou web spider`) and whose crawlers obey such lines.
    WholeValue,
}

impl Matching {
    /// The name the registry's `matching` key gives.
    pub fn name(self) -> &'static str {
        match self {
            Matching::ProductToken => "product-token",
            Matching::WholeValue => "whole-value",
        }
    }

    /// What of a User-agent value (or a token) this way of matching compares.
    fn compared(self, value: &str) -> &str {
        match self {
            Matching::ProductToken => product_token(value),
            Matching::WholeValue => value.trim(),
        }
    }
}

/// What a robot does with its robots.txt when the answer is not a file to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Treatment {
    /// As if there were no robots.txt: it may fetch everything.
    AllowAll,
    /// As if robots.txt disallowed everything.
    DisallowAll,
}

impl Treatment {
    /// The name the registry's files give.
    pub fn name(self) -> &'static str {
        match self {
            Treatment::AllowAll => "allow-all",
            Treatment::DisallowAll => "disallow-all",
        }
    }

    /// The matcher of a robot that acts on this treatment, for any URL: `token`'s reading in
    /// `dialect` of no file at all, or of the file RFC 9309 tells a robot to assume when it
    /// may fetch nothing. Its verdicts' reasons point into that assumed file, never into a
    /// file of the site: what shows them says that the answer decided instead.
    pub fn matcher(self, token: &str, dialect: Dialect) -> Matcher {
        let text = match self {
            Treatment::AllowAll => "",
            Treatment::DisallowAll => "User-agent: *\nDisallow: /\n",
        };
        let document = crate::parse::parse_for_answers(&crate::Source::from(text));
        Matcher::new(&document, text, token, dialect)
    }
}

/// The kinds of answer to a robots.txt request that robots treat differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FetchAnswer {
    /// 401 or 403.
    Unauthorized,
    /// 429 Too Many Requests.
    TooManyRequests,
    /// Any other 4xx.
    ClientError,
    /// 5xx (and any status past 599).
    ServerError,
    /// No answer: the connection, name, TLS or HTTP failed, or a redirect led nowhere.
    Unreachable,
    /// More redirects than the robot follows, or a loop.
    TooManyRedirects,
}

impl FetchAnswer {
    /// In a few words: "429", "5xx", "unreachable".
    pub fn name(self) -> &'static str {
        match self {
            FetchAnswer::Unauthorized => "401/403",
            FetchAnswer::TooManyRequests => "429",
            FetchAnswer::ClientError => "4xx",
            FetchAnswer::ServerError => "5xx",
            FetchAnswer::Unreachable => "unreachable",
            FetchAnswer::TooManyRedirects => "too-many-redirects",
        }
    }

    /// Every kind, in the order of `FetchAnswer::pick`.
    pub const ALL: [FetchAnswer; 6] = [
        FetchAnswer::Unauthorized,
        FetchAnswer::TooManyRequests,
        FetchAnswer::ClientError,
        FetchAnswer::ServerError,
        FetchAnswer::Unreachable,
        FetchAnswer::TooManyRedirects,
    ];

    /// The one of `answers`, given for each kind in the order of [`FetchAnswer::ALL`], that
    /// is for this kind: how `fetching.toml`'s readings and an entry's own `fetching` are read.
    fn pick<T>(self, answers: [T; 6]) -> T {
        let [unauthorized, too_many_requests, client_error, server_error, unreachable, too_many_redirects] = answers;
        match self {
            FetchAnswer::Unauthorized => unauthorized,
            FetchAnswer::TooManyRequests => too_many_requests,
            FetchAnswer::ClientError => client_error,
            FetchAnswer::ServerError => server_error,
            FetchAnswer::Unreachable => unreachable,
            FetchAnswer::TooManyRedirects => too_many_redirects,
        }
    }

    /// The kind of a final HTTP status that is not 2xx or 3xx.
    pub fn of_status(status: u16) -> FetchAnswer {
        match status {
            401 | 403 => FetchAnswer::Unauthorized,
            429 => FetchAnswer::TooManyRequests,
            400..=499 => FetchAnswer::ClientError,
            _ => FetchAnswer::ServerError,
        }
    }
}

/// A robots.txt request whose answer was no file to read: what each robot does then is
/// its treatment of `answer` ([`Registry::treatment`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answered {
    /// Which kind of answer it was.
    pub answer: FetchAnswer,
    /// What answered, in words: `GET https://… answered 503 Service Unavailable`.
    pub said: String,
}

impl Answered {
    /// The note an answer carries when the treatment of this answer, not a file, decided it:
    /// `the 5xx answer (GET … answered 503 Service Unavailable): disallow-all`.
    pub fn note(&self, treatment: Treatment) -> String {
        format!("the {} answer ({}): {}", self.answer.name(), self.said, treatment.name())
    }
}

/// How the robots of one reading treat answers that are not a file to read, and how far
/// they follow redirects: `agents/fetching.toml`, each with its source.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Fetching {
    /// The reading these treatments are for: an entry's `dialect`.
    pub reading: Reading,
    /// What the robots do when robots.txt answers 401 or 403.
    pub on_401_403: Treatment,
    /// What the robots do when robots.txt answers 429 Too Many Requests.
    pub on_429: Treatment,
    /// Every other 4xx.
    pub on_4xx: Treatment,
    /// What the robots do when robots.txt answers 5xx.
    pub on_5xx: Treatment,
    /// What the robots do when no answer comes at all.
    pub on_unreachable: Treatment,
    /// Consecutive redirects followed; none when the source sets no limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redirects: Option<u32>,
    /// What the robots do after more redirects than `redirects`, or a loop.
    pub on_too_many_redirects: Treatment,
    /// What the source leaves open, in a sentence.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The URL these treatments come from.
    pub source: String,
}

impl Fetching {
    /// What these robots do when robots.txt is answered with `answer`.
    pub fn treats(&self, answer: FetchAnswer) -> Treatment {
        answer.pick([
            self.on_401_403,
            self.on_429,
            self.on_4xx,
            self.on_5xx,
            self.on_unreachable,
            self.on_too_many_redirects,
        ])
    }
}

/// Where an operator documents its robot treating an answer otherwise than its reading does
/// (`agents/fetching.toml`): the `[agent.fetching]` table, each key optional, with its source.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct FetchingOverride {
    /// The operator's treatment of a 401 or 403 answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on_401_403: Option<Treatment>,
    /// The operator's treatment of a 429 answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on_429: Option<Treatment>,
    /// The operator's treatment of any other 4xx answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on_4xx: Option<Treatment>,
    /// The operator's treatment of a 5xx answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on_5xx: Option<Treatment>,
    /// The operator's treatment of no answer at all.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on_unreachable: Option<Treatment>,
    /// The operator's treatment of too many redirects, or a loop.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on_too_many_redirects: Option<Treatment>,
    /// What the source says, or leaves open, in a sentence.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<Cow<'static, str>>,
    /// The http(s) URL where the operator documents this.
    pub source: Cow<'static, str>,
}

impl FetchingOverride {
    /// The operator's own treatment of `answer`, when it documents one.
    pub fn treats(&self, answer: FetchAnswer) -> Option<Treatment> {
        answer.pick([
            self.on_401_403,
            self.on_429,
            self.on_4xx,
            self.on_5xx,
            self.on_unreachable,
            self.on_too_many_redirects,
        ])
    }
}

/// One robot. The keys are those of an `[[agent]]` table; `purpose` is its file's.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Agent {
    /// Given in robolint.toml; in the registry, the file's purpose (and left out there).
    #[serde(default = "unset_purpose")]
    pub purpose: Purpose,
    /// The product token robots.txt groups name, as the operator spells it.
    pub token: Cow<'static, str>,
    /// Other tokens or spellings the same robot answers to.
    #[serde(default, skip_serializing_if = "is_empty_list")]
    pub also: Cow<'static, [Cow<'static, str>]>,
    /// The robot's name in words, as in `Amazon Kendra`.
    pub name: Cow<'static, str>,
    /// Who runs the robot, as in `Amazon`.
    pub operator: Cow<'static, str>,
    /// Whether the robot obeys robots.txt.
    pub honours: Honours,
    /// The parser the robot reads robots.txt with.
    pub dialect: Reading,
    /// Whether the operator documents `dialect`, or the registry assumes RFC 9309.
    pub dialect_basis: DialectBasis,
    /// How its crawler compares User-agent values with its tokens.
    #[serde(default, skip_serializing_if = "is_default")]
    pub matching: Matching,
    /// Why the registry says so: the operator's page, or where its crawler shows it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub matching_basis: Option<Cow<'static, str>>,
    /// Tokens whose group the robot obeys, in order, when no group names it (before `*`).
    #[serde(default, skip_serializing_if = "is_empty_list")]
    pub fallback: Cow<'static, [Cow<'static, str>]>,
    /// It obeys only groups that name it (or a fallback), never `User-agent: *`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub ignores_star: bool,
    /// When the token stopped being used: `YYYY` or `YYYY-MM`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retired: Option<Cow<'static, str>>,
    /// The token that took over when this one was retired.
    /// It must name a robot of the registry.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replaced_by: Option<Cow<'static, str>>,
    /// For a control token: the robots that fetch the pages its preference is about. They
    /// read their own groups (or `*`), never the control token's.
    #[serde(default, skip_serializing_if = "is_empty_list")]
    pub crawled_by: Cow<'static, [Cow<'static, str>]>,
    /// Extension fields the operator documents its robot reading, as in `Crawl-delay`.
    #[serde(default, skip_serializing_if = "is_empty_list")]
    pub reads: Cow<'static, [Extension]>,
    /// Limits the operator documents; none by default.
    #[serde(default, skip_serializing_if = "is_default")]
    pub limits: Limits,
    /// What the operator documents its robot doing with answers that are not a file, where
    /// that departs from its reading's (`agents/fetching.toml`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fetching: Option<FetchingOverride>,
    /// What the robot does, in one sentence of the registry's own words.
    pub description: Cow<'static, str>,
    /// The operator's documentation, or the best public source.
    pub docs: Cow<'static, str>,
    /// Further sources for the entry's facts, beyond `docs`.
    #[serde(default, skip_serializing_if = "is_empty_list")]
    pub sources: Cow<'static, [Cow<'static, str>]>,
    /// When the facts were last checked against the sources.
    #[serde(serialize_with = "date_text", deserialize_with = "date_from_text")]
    pub checked: Datetime,
}

/// Serde needs a value for a key the registry's files leave out; the file's purpose
/// replaces it before anything reads it.
fn unset_purpose() -> Purpose {
    Purpose::Other
}

fn is_empty_list<T>(list: &[T]) -> bool {
    list.is_empty()
}

fn is_false(value: &bool) -> bool {
    !value
}

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// Entries are read one at a time, so one mistake loses one entry: robolint.toml's from
/// `toml::Value`s, which hand their dates over as text, and the built-in ones from build.rs's
/// JSON, which writes them as text.
fn date_from_text<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Datetime, D::Error> {
    let text = String::deserialize(deserializer)?;
    text.parse().map_err(|_| serde::de::Error::custom(format!("`checked` is a date (YYYY-MM-DD), not `{text}`")))
}

fn date_text<S: serde::Serializer>(date: &Datetime, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(date)
}

impl Agent {
    /// Every token the robot answers to: its own, then `also`.
    pub fn tokens(&self) -> impl Iterator<Item = &str> {
        std::iter::once(&*self.token).chain(self.also.iter().map(Deref::deref))
    }

    /// Whether the token is no longer used: it has a `retired` date.
    pub fn is_retired(&self) -> bool {
        self.retired.is_some()
    }

    /// How the robot departs from obeying its own groups, then `*`, and whether its token
    /// is retired, each in a few words.
    pub fn notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        if self.matching == Matching::WholeValue {
            notes.push("compares whole User-agent values".to_string());
        }
        if !self.fallback.is_empty() {
            notes.push(format!("without a group of its own, obeys {}'s", self.fallback.join(", then ")));
        }
        if self.ignores_star {
            notes.push("ignores `User-agent: *`".to_string());
        }
        if self.fetching.is_some() {
            notes.push("treats robots.txt errors its own way".to_string());
        }
        match (&self.retired, &self.replaced_by) {
            (Some(retired), Some(successor)) => notes.push(format!("retired {retired}, now {successor}")),
            (Some(retired), None) => notes.push(format!("retired {retired}")),
            _ => {}
        }
        notes
    }
}

/// Which group a robot obeys in one document, as its dialect reads the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Obeys {
    /// A group that names it (by its token or another spelling).
    OwnGroup,
    /// No group names it; it obeys the group of this `fallback` token.
    Fallback(String),
    /// No group names it or a fallback; it obeys the `*` group.
    Star,
    /// No group applies (or only `*`, which it ignores): it may fetch everything.
    NoGroup,
}

/// A robot of the registry reading one document: the dialect's matcher for the group it
/// obeys, and which group that is.
#[derive(Debug, Clone)]
pub struct RobotMatcher {
    /// The dialect's matcher for the group the robot obeys.
    pub matcher: Matcher,
    /// Which group that is: its own, a fallback's, `*`, or none.
    pub obeys: Obeys,
}

impl Agent {
    /// How the robot reads `document` (parsed from `text`): its dialect picks the groups a
    /// token names; when none names it, its fallbacks' groups, in order, come before `*`,
    /// and `*` counts only for robots that do not ignore it.
    pub fn matcher(&self, document: &Document, text: &str) -> RobotMatcher {
        if let Some(cut) = self.cut_at(text) {
            let (document, text) = read_before(text, cut);
            return self.choose_matcher(&document, &text, |token| self.compile(&document, &text, token));
        }
        self.choose_matcher(document, text, |token| self.compile(document, text, token))
    }

    /// Where the robot stops reading `text`, when its documented file-size limit
    /// (`limits.max-file-bytes`) comes before the end: the last character boundary within it.
    pub fn cut_at(&self, text: &str) -> Option<usize> {
        let limit = usize::try_from(self.limits.max_file_bytes?).ok()?;
        (text.len() > limit).then(|| (0..=limit).rev().find(|&at| text.is_char_boundary(at)).unwrap_or(0))
    }

    /// Its dialect's matcher for the groups `token` names, compared as the robot compares.
    fn compile(&self, document: &Document, text: &str, token: &str) -> Matcher {
        match self.matching {
            Matching::ProductToken => Matcher::new(document, text, token, self.dialect.dialect()),
            Matching::WholeValue => Matcher::for_whole_values(document, text, [token])
                .pop()
                .unwrap_or_else(|| Matcher::new(&Document::default(), "", token, Dialect::Rfc9309)),
        }
    }

    /// [`Agent::matcher`], with `matcher_for` giving the dialect's matcher for one token.
    fn choose_matcher(
        &self,
        document: &Document,
        text: &str,
        mut matcher_for: impl FnMut(&str) -> Matcher,
    ) -> RobotMatcher {
        let dialect = self.matching_dialect();
        let compared = |value| self.matching.compared(value);
        // The tokens the group's User-agent lines name, as written (`*` for the star group).
        let named = |matcher: &Matcher| -> Vec<&str> {
            let value = |&line: &LineIndex| {
                let field = document.lines.get(line).and_then(|line| line.field());
                field.map_or("", |field| compared(field.value.text(text)))
            };
            matcher.agent_lines().iter().map(value).collect()
        };
        let is_one_of = |name: &str, tokens: &[&str]| tokens.iter().any(|token| token.eq_ignore_ascii_case(name));
        let own: Vec<&str> = self.tokens().map(compared).collect();
        for token in &own {
            let matcher = matcher_for(token);
            let names = named(&matcher);
            if !matcher.applies() || names.iter().all(|&name| name == "*") {
                continue;
            }
            // A dialect that reads `Googlebot` as naming `Googlebot-Image` took the group a
            // fallback would have: say which it is.
            let fallback = self.fallback.iter().find(|fallback| is_one_of(fallback, &names));
            let obeys = match fallback {
                Some(fallback) if !names.iter().any(|&name| is_one_of(name, &own)) => {
                    Obeys::Fallback(fallback.to_string())
                }
                _ => Obeys::OwnGroup,
            };
            return RobotMatcher { matcher, obeys };
        }
        for token in self.fallback.iter() {
            let matcher = matcher_for(token);
            if matcher.applies() && named(&matcher).iter().any(|&name| name != "*") {
                return RobotMatcher { matcher, obeys: Obeys::Fallback(token.to_string()) };
            }
        }
        let matcher = matcher_for(&self.token);
        if !matcher.applies() || self.ignores_star {
            // An empty document has no group, so its matcher allows every URL the way the
            // dialect allows a robot no group names.
            let matcher = Matcher::new(&Document::default(), "", &self.token, dialect);
            return RobotMatcher { matcher, obeys: Obeys::NoGroup };
        }
        RobotMatcher { matcher, obeys: Obeys::Star }
    }
}

impl Agent {
    /// How it reads a file, in a few words: `google reads it`, or `rfc9309 reads it,
    /// comparing whole User-agent values`.
    pub fn reading_words(&self) -> String {
        match self.matching {
            Matching::ProductToken => format!("{} reads it", self.dialect.name()),
            Matching::WholeValue => format!("{} reads it, comparing whole User-agent values", self.matching_dialect()),
        }
    }

    /// The dialect whose groups and precedence the robot reads by: its own, or RFC 9309's
    /// for whole-value matching.
    pub fn matching_dialect(&self) -> Dialect {
        match self.matching {
            Matching::ProductToken => self.dialect.dialect(),
            Matching::WholeValue => Dialect::Rfc9309,
        }
    }
}

/// [`Agent::matcher`] for each of `agents`, reading the document once per dialect rather
/// than once per robot and token: what rules and commands that ask about every robot of a
/// purpose use, so that a file is not re-read hundreds of times.
pub fn matchers(agents: &[&Agent], document: &Document, text: &str) -> Vec<RobotMatcher> {
    let mut cuts: Vec<Option<usize>> = agents.iter().map(|agent| agent.cut_at(text)).collect();
    if cuts.iter().all(Option::is_none) {
        return matchers_reading(agents, document, text);
    }
    // Robots with a file-size limit the text passes read only what comes before it: one
    // reading of the document per place robots stop.
    let mut answers: Vec<Option<RobotMatcher>> = vec![None; agents.len()];
    let wanted = cuts.clone();
    cuts.sort_unstable();
    cuts.dedup();
    for cut in cuts {
        let (at, readers): (Vec<usize>, Vec<&Agent>) =
            agents.iter().enumerate().filter(|&(at, _)| wanted[at] == cut).map(|(at, &agent)| (at, agent)).unzip();
        let read = match cut {
            None => matchers_reading(&readers, document, text),
            Some(cut) => {
                let (document, text) = read_before(text, cut);
                matchers_reading(&readers, &document, &text)
            }
        };
        for (at, matcher) in at.into_iter().zip(read) {
            answers[at] = Some(matcher);
        }
    }
    answers.into_iter().flatten().collect()
}

/// The document a robot that stops at byte `cut` of `text` reads, and its text.
fn read_before(text: &str, cut: usize) -> (Document, String) {
    let before = text.get(..cut).unwrap_or(text).to_string();
    let document = crate::parse::parse_for_answers(&crate::Source::from(before.as_str()));
    (document, before)
}

/// [`matchers`] for robots that all read the whole of `text`.
fn matchers_reading(agents: &[&Agent], document: &Document, text: &str) -> Vec<RobotMatcher> {
    let mut by_token: BTreeMap<(Dialect, Matching, &str), Matcher> = BTreeMap::new();
    let mut readings: Vec<(Dialect, Matching)> =
        agents.iter().map(|agent| (agent.dialect.dialect(), agent.matching)).collect();
    readings.sort_unstable();
    readings.dedup();
    for (dialect, matching) in readings {
        let tokens: Vec<&str> = agents
            .iter()
            .filter(|agent| (agent.dialect.dialect(), agent.matching) == (dialect, matching))
            .flat_map(|agent| {
                agent.tokens().map(move |token| matching.compared(token)).chain(agent.fallback.iter().map(Deref::deref))
            })
            .collect();
        let compiled = match matching {
            Matching::ProductToken => Matcher::for_robots(document, text, tokens.iter().copied(), dialect),
            Matching::WholeValue => Matcher::for_whole_values(document, text, tokens.iter().copied()),
        };
        by_token.extend(tokens.into_iter().map(|token| (dialect, matching, token)).zip(compiled));
    }
    agents
        .iter()
        .map(|agent| {
            let reading = (agent.dialect.dialect(), agent.matching);
            agent.choose_matcher(document, text, |token| match by_token.get(&(reading.0, reading.1, token)) {
                Some(matcher) => matcher.clone(),
                None => agent.compile(document, text, token),
            })
        })
        .collect()
}

/// `name` in ASCII lower case, written into `room` when it fits: the registry is asked
/// about every User-agent line of every file, and most names are short.
fn lower_case<'a>(name: &'a str, room: &'a mut [u8]) -> Cow<'a, str> {
    let Some(room) = room.get_mut(..name.len()) else { return Cow::Owned(name.to_ascii_lowercase()) };
    room.copy_from_slice(name.as_bytes());
    room.make_ascii_lowercase();
    // Lower-casing ASCII letters keeps UTF-8 valid: the text is lent, never copied.
    String::from_utf8_lossy(room)
}

/// The first product token of a User-agent value or header: `GPTBot` of `GPTBot/1.2 (+https://…)`.
fn product_token(agent: &str) -> &str {
    let agent = agent.trim();
    agent.split(['/', ' ', '\t']).next().unwrap_or(agent)
}

/// The registry's tokens and `also` spellings, lower-cased, each to its agent's index: hashed
/// for `find`, which every User-agent line of every file asks (an ordered map compared a name
/// with a dozen tokens), and ordered for the tokens that start with a prefix.
#[derive(Debug, Clone, Default, PartialEq)]
struct TokenIndex {
    hashed: foldhash::HashMap<String, usize>,
    ordered: BTreeMap<String, usize>,
}

impl TokenIndex {
    /// The agent of `token`, which is lower-case.
    fn get(&self, token: &str) -> Option<usize> {
        self.hashed.get(token).copied()
    }

    fn insert(&mut self, token: &str, index: usize) {
        self.hashed.insert(token.to_ascii_lowercase(), index);
        self.ordered.insert(token.to_ascii_lowercase(), index);
    }

    /// Adds `token` unless another agent has it.
    fn insert_if_new(&mut self, token: &str, index: usize) {
        if self.get(&token.to_ascii_lowercase()).is_none() {
            self.insert(token, index);
        }
    }

    /// Forgets every token of the agent at `index`.
    fn remove_agent(&mut self, index: usize) {
        self.hashed.retain(|_, &mut owner| owner != index);
        self.ordered.retain(|_, &mut owner| owner != index);
    }

    /// The tokens that start with `prefix` (lower case), in order, with their agents.
    fn starting_with<'i, 'p>(&'i self, prefix: &'p str) -> impl Iterator<Item = (&'i str, usize)> + use<'i, 'p> {
        self.ordered
            .range::<str, _>((Bound::Included(prefix), Bound::Unbounded))
            .take_while(move |(token, _)| token.starts_with(prefix))
            .map(|(token, &index)| (token.as_str(), index))
    }
}

/// A mistake in a registry file or a robolint.toml `[[agent]]` table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// `agents/search.toml`, or the configuration file.
    pub file: String,
    /// The entry's token, when the entry got as far as having one.
    pub token: Option<String>,
    /// What is wrong, in a sentence.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.token {
            Some(token) => write!(f, "{}: agent `{token}`: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

/// The robots robolint knows, found by any of their tokens.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Registry {
    agents: Vec<Agent>,
    /// How each reading's robots treat answers that are not a file (`agents/fetching.toml`).
    fetching: Vec<Fetching>,
    /// Each token and `also` spelling, lower-cased, to its agent.
    by_token: TokenIndex,
    /// The mistakes in what it was read from; the entries they are in are left out.
    pub problems: Vec<Problem>,
}

impl Registry {
    /// The registry compiled into robolint, read once per process.
    pub fn builtin() -> &'static Registry {
        static BUILTIN_REGISTRY: OnceLock<Registry> = OnceLock::new();
        BUILTIN_REGISTRY.get_or_init(|| {
            let mut registry = Registry::default();
            registry.agents.reserve(BUILTIN.iter().map(|entries| entries.len()).sum());
            for &entries in BUILTIN {
                let Some(first) = entries.first() else { continue };
                let file = format!("agents/{}.toml", first.purpose);
                for agent in entries {
                    // The entry borrows its text from the binary: the copy allocates nothing.
                    if let Some(agent) = registry.checked(&file, agent.clone()) {
                        registry.push(&file, agent);
                    }
                }
            }
            registry.check_references("agents/", 0..registry.agents.len());
            let fetching = include_str!(concat!(env!("OUT_DIR"), "/agents/fetching.json"));
            let readings = serde_json::from_str::<FetchingFile>(fetching);
            registry.read_fetching(
                "agents/fetching.toml",
                readings.map(|file| file.reading).map_err(|error| error.to_string()),
            );
            registry
        })
    }

    /// How the robots of `reading` treat answers that are not a file to read.
    pub fn fetching(&self, reading: Reading) -> Option<&Fetching> {
        self.fetching.iter().find(|fetching| fetching.reading == reading)
    }

    /// What `agent` does when its robots.txt request is answered with `answer`: what its
    /// operator documents (`[agent.fetching]`), else what robots of its reading do. The one
    /// place `check`, `matrix`, `audit` and `diff` learn it.
    pub fn treatment(&self, agent: &Agent, answer: FetchAnswer) -> Treatment {
        let documented = agent.fetching.as_ref().and_then(|fetching| fetching.treats(answer));
        documented.unwrap_or_else(|| self.reading_treatment(agent.dialect.dialect(), answer))
    }

    /// What a robot the registry does not know, reading as `dialect` does, does when its
    /// robots.txt request is answered with `answer`. (A registry without that reading's
    /// answers, which is a `Problem`, lets it fetch everything: the built-in one has them
    /// all, `tests/it/agents.rs` holds it to that.)
    pub fn reading_treatment(&self, dialect: Dialect, answer: FetchAnswer) -> Treatment {
        let fetching = self.fetching(Reading::of_dialect(dialect));
        fetching.map_or(Treatment::AllowAll, |fetching| fetching.treats(answer))
    }

    /// Takes the readings of `file`, or why it did not read, and checks that every reading
    /// has its `[[reading]]`.
    fn read_fetching(&mut self, file: &str, readings: Result<Vec<Fetching>, String>) {
        match readings {
            Ok(readings) => self.fetching = readings,
            Err(error) => self.problem(file, None, error),
        }
        let readings =
            [Reading::Google, Reading::Rfc9309, Reading::PythonRobotparser, Reading::Draft1996, Reading::Norobots1994];
        for reading in readings {
            if self.fetching(reading).is_none() {
                self.problem(file, None, format!("no `[[reading]]` for `{}`", reading.name()));
            }
        }
    }

    /// This registry with the `[[agent]]` tables of `file` (robolint.toml's text): an entry
    /// whose token the registry has replaces that robot, any other is added.
    pub fn with_additions(&self, file: &str, tables: Vec<toml::Table>) -> Registry {
        let mut registry = self.clone();
        let mut added = Vec::new();
        for table in tables {
            if let Some(agent) = registry.agent_from(file, toml::Value::Table(table)) {
                match registry.by_token.get(&agent.token.to_ascii_lowercase()) {
                    Some(index) => {
                        registry.replace(index, agent);
                        added.push(index);
                    }
                    None => {
                        added.push(registry.agents.len());
                        registry.push(file, agent);
                    }
                }
            }
        }
        registry.check_references(file, added);
        registry
    }

    /// Every robot of the registry, in the order read; a replaced robot keeps its place.
    pub fn agents(&self) -> &[Agent] {
        &self.agents
    }

    /// The tokens and `also` spellings, lower-cased, that start with `prefix` (lower case),
    /// each with its robot, in the order of the tokens.
    pub fn tokens_starting_with<'r, 'p>(
        &'r self,
        prefix: &'p str,
    ) -> impl Iterator<Item = (&'r str, &'r Agent)> + use<'r, 'p> {
        self.by_token.starting_with(prefix).filter_map(|(token, index)| Some((token, self.agents.get(index)?)))
    }

    /// The robot `agent` names: a token or spelling of the registry (case-insensitive), or a
    /// User-agent header, whose first product token counts (`GPTBot/1.2 (+https://…)`).
    pub fn find(&self, agent: &str) -> Option<&Agent> {
        let agent = agent.trim();
        [agent, product_token(agent)]
            .iter()
            .find_map(|name| self.by_token.get(&lower_case(name, &mut [0; 64])))
            .and_then(|index| self.agents.get(index))
    }

    /// One entry of robolint.toml, checked on its own.
    fn agent_from(&mut self, file: &str, table: toml::Value) -> Option<Agent> {
        let token = table.get("token").and_then(toml::Value::as_str).map(str::to_string);
        let gives_purpose = table.get("purpose").is_some();
        match Agent::deserialize(table) {
            Ok(agent) if gives_purpose => self.checked(file, agent),
            Ok(_) => {
                self.problem(file, token, "give the robot's `purpose` (see `robolint agents`)".into());
                None
            }
            Err(error) => {
                self.problem(file, token, error.message().to_string());
                None
            }
        }
    }

    /// `agent` when it has no mistakes on its own; else `None`, and the mistakes are problems.
    fn checked(&mut self, file: &str, agent: Agent) -> Option<Agent> {
        let mistakes = entry_mistakes(&agent);
        let valid = mistakes.is_empty();
        for message in mistakes {
            self.problem(file, Some(agent.token.to_string()), message);
        }
        valid.then_some(agent)
    }

    fn push(&mut self, file: &str, agent: Agent) {
        let index = self.agents.len();
        for token in agent.tokens() {
            if let Some(other) = self.by_token.get(&lower_case(token, &mut [0; 64])) {
                let owner = self.agents.get(other).map_or("", |other| &*other.token);
                let message = format!("`{token}` is already a token of `{owner}`");
                return self.problem(file, Some(agent.token.to_string()), message);
            }
        }
        for token in agent.tokens() {
            self.by_token.insert(token, index);
        }
        self.agents.push(agent);
    }

    fn replace(&mut self, index: usize, agent: Agent) {
        self.by_token.remove_agent(index);
        for token in agent.tokens() {
            self.by_token.insert_if_new(token, index);
        }
        if let Some(slot) = self.agents.get_mut(index) {
            *slot = agent;
        }
    }

    /// The replacements and crawlers of the agents at `indices` name robots of the registry. A fallback
    /// need not: it is a token groups name (`Yandex`), whichever robot answers to it.
    fn check_references(&mut self, file: &str, indices: impl IntoIterator<Item = usize>) {
        let mut unknown = Vec::new();
        for agent in indices.into_iter().filter_map(|index| self.agents.get(index)) {
            if let Some(successor) = &agent.replaced_by {
                if self.find(successor).is_none() {
                    unknown.push((
                        agent.token.clone(),
                        format!("`replaced-by` names `{successor}`, which is not in the registry"),
                    ));
                }
            }
            for crawler in agent.crawled_by.iter().filter(|crawler| self.find(crawler).is_none()) {
                unknown.push((
                    agent.token.clone(),
                    format!("`crawled-by` names `{crawler}`, which is not in the registry"),
                ));
            }
            if agent.fallback.iter().any(|fallback| agent.tokens().any(|own| own.eq_ignore_ascii_case(fallback))) {
                unknown.push((agent.token.clone(), "`fallback` names the robot itself".to_string()));
            }
        }
        for (token, message) in unknown {
            self.problem(file, Some(token.to_string()), message);
        }
    }

    fn problem(&mut self, file: &str, token: Option<String>, message: String) {
        self.problems.push(Problem { file: file.to_string(), token, message });
    }
}

/// `agents/fetching.toml`'s shape.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FetchingFile {
    reading: Vec<Fetching>,
}

/// What is wrong with one entry on its own, beyond its keys' types.
fn entry_mistakes(agent: &Agent) -> Vec<String> {
    let mut mistakes = Vec::new();
    // Operators spell some tokens with spaces or a version (`ChatGPT Agent`, `iaskspider/2.0`):
    // the registry keeps what a User-agent value holds, and the dialects decide what it names.
    for token in agent.tokens() {
        let holdable = !token.contains(|c: char| c == '#' || c.is_control()) && token.trim() == token;
        if token.is_empty() || token == "*" || !holdable {
            mistakes.push(format!("`{token}` is not a value a User-agent line could hold"));
        }
    }
    if agent.matching == Matching::WholeValue {
        if agent.dialect != Reading::Rfc9309 {
            mistakes.push("whole-value matching reads with RFC 9309's groups: give `dialect = \"rfc9309\"`".into());
        }
        if agent.matching_basis.as_deref().is_none_or(|basis| basis.trim().is_empty()) {
            mistakes.push(
                "whole-value matching needs a `matching-basis`: where its crawler is shown obeying such lines".into(),
            );
        }
    } else if matches!(agent.dialect, Reading::Google | Reading::Rfc9309) {
        // Google's and RFC 9309's readings cut `MJ12bot` to `MJ`: the robot would never
        // find its group unless the entry says how its own crawler compares. (Other
        // spellings, `also`, are lists' variants of a token that is one.)
        let token = &agent.token;
        let name = token.split('/').next().unwrap_or(token);
        let cut = crate::dialect::product_token(name);
        if cut != name {
            mistakes.push(format!(
                "`{token}` is not an RFC 9309 product token, and its dialect would read `{cut}`: \
                 give the `matching` its crawler uses"
            ));
        }
    }
    for (key, text) in [("name", &agent.name), ("operator", &agent.operator), ("description", &agent.description)] {
        if text.trim().is_empty() {
            mistakes.push(format!("`{key}` is empty"));
        }
    }
    if !agent.description.trim_end().ends_with('.') {
        mistakes.push("`description` is one sentence, ending with a full stop".into());
    }
    if !(agent.docs.starts_with("https://") || agent.docs.starts_with("http://")) {
        mistakes.push(format!("`docs` is not an http(s) URL: `{}`", agent.docs));
    }
    if agent.dialect_basis == DialectBasis::Assumed && agent.dialect != Reading::Rfc9309 {
        mistakes.push("an assumed dialect is rfc9309; a robot read another way needs a documented basis".into());
    }
    let checked = &agent.checked;
    if checked.date.is_none() || checked.time.is_some() || checked.offset.is_some() {
        mistakes.push(format!("`checked` is a date (YYYY-MM-DD), not `{checked}`"));
    }
    match (&agent.retired, &agent.replaced_by) {
        (Some(retired), _) if !is_year_or_month(retired) => {
            mistakes.push(format!("`retired` is YYYY or YYYY-MM, not `{retired}`"))
        }
        (None, Some(_)) => mistakes.push("`replaced-by` goes with `retired`".into()),
        _ => {}
    }
    if !agent.crawled_by.is_empty() && agent.purpose != Purpose::Control {
        mistakes.push("`crawled-by` is for control tokens (purpose `control`)".into());
    }
    if let Some(fetching) = &agent.fetching {
        if FetchAnswer::ALL.iter().all(|&answer| fetching.treats(answer).is_none()) {
            mistakes.push("`fetching` gives no treatment (`on-5xx`, …): leave it out".into());
        }
        if !fetching.source.starts_with("https://") && !fetching.source.starts_with("http://") {
            mistakes.push(format!("`fetching.source` is not an http(s) URL: `{}`", fetching.source));
        }
    }
    let limits = &agent.limits;
    let all_limits = [limits.max_file_bytes, limits.max_rule_length, limits.max_path_length, limits.max_rules];
    if all_limits.contains(&Some(0)) {
        mistakes.push("a limit of 0 would forbid every file; leave out limits that are not documented".into());
    }
    mistakes
}

fn is_year_or_month(text: &str) -> bool {
    let digits = |part: &str, count: usize| part.len() == count && part.bytes().all(|byte| byte.is_ascii_digit());
    match text.split_once('-') {
        None => digits(text, 4),
        Some((year, month)) => digits(year, 4) && digits(month, 2) && matches!(month.parse::<u8>(), Ok(1..=12)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_found_in_any_case_short_or_long() {
        let registry = Registry::builtin();
        let gptbot = registry.find("GPTBot").map(|agent| agent.token.as_ref());
        assert_eq!(gptbot, Some("GPTBot"));
        assert_eq!(registry.find("gPtBoT/1.2 (+https://openai.com/gptbot)").map(|agent| agent.token.as_ref()), gptbot);
        let long = format!("GPTBot{}", "x".repeat(80));
        assert_eq!(registry.find(&long), None);
        assert!(matches!(lower_case("ÉtéBot", &mut [0; 64]), Cow::Borrowed("Étébot")));
        assert!(matches!(lower_case(&long, &mut [0; 64]), Cow::Owned(lowered) if lowered == long.to_ascii_lowercase()));
    }

    #[test]
    fn names_are_the_ones_the_files_use() {
        for purpose in Purpose::ALL {
            assert_eq!(toml::Value::try_from(purpose).ok(), Some(toml::Value::from(purpose.name())));
        }
        let readings =
            [Reading::Google, Reading::Rfc9309, Reading::PythonRobotparser, Reading::Draft1996, Reading::Norobots1994];
        for reading in readings {
            assert_eq!(toml::Value::try_from(reading).ok(), Some(toml::Value::from(reading.name())));
        }
        for matching in [Matching::ProductToken, Matching::WholeValue] {
            assert_eq!(toml::Value::try_from(matching).ok(), Some(toml::Value::from(matching.name())));
        }
        for honours in [Honours::Yes, Honours::No, Honours::UserTriggered, Honours::Unknown] {
            assert_eq!(toml::Value::try_from(honours).ok(), Some(toml::Value::from(honours.name())));
        }
    }

    /// The built-in registry as robolint read it before build.rs compiled its files in:
    /// each TOML file parsed at run time, its entries read one by one as robolint.toml's are.
    fn builtin_from_toml() -> Registry {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct PurposeFile {
            #[serde(default)]
            agent: Vec<toml::Table>,
        }
        let read = |name: &str| {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("agents").join(name);
            std::fs::read_to_string(path).expect("the registry's files are beside the crate")
        };
        let mut registry = Registry::default();
        for purpose in Purpose::ALL {
            let file = format!("agents/{purpose}.toml");
            let parsed: PurposeFile = toml::from_str(&read(&format!("{purpose}.toml"))).expect("build.rs read it");
            for mut table in parsed.agent {
                // The file's name is the purpose of its entries (build.rs refuses the key).
                table.insert("purpose".into(), purpose.name().into());
                if let Some(agent) = registry.agent_from(&file, toml::Value::Table(table)) {
                    registry.push(&file, agent);
                }
            }
        }
        registry.check_references("agents/", 0..registry.agents.len());
        let readings = toml::from_str::<FetchingFile>(&read("fetching.toml"));
        registry.read_fetching(
            "agents/fetching.toml",
            readings.map(|file| file.reading).map_err(|error| error.to_string()),
        );
        registry
    }

    #[test]
    fn the_builtin_registry_is_its_files_read_as_toml() {
        let (builtin, from_toml) = (Registry::builtin(), builtin_from_toml());
        assert_eq!(builtin.problems, from_toml.problems);
        for (built, read) in builtin.agents().iter().zip(from_toml.agents()) {
            assert_eq!(built, read);
        }
        assert_eq!(builtin, &from_toml);
    }
}
