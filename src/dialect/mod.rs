//! The five readings of robots.txt robolint knows, and what each lets a robot fetch:
//! [`Matcher`] answers "may this robot fetch this URL?" with a [`Verdict`] naming the line
//! (or the absence of one) that decided.

pub mod divergence;
mod encoding;
pub(crate) mod google;
mod groups;
mod matcher;
mod pattern;
pub(crate) mod python;
mod url;
pub mod witness;

use std::fmt;
use std::str::FromStr;

pub use groups::RuleKind;
pub(crate) use matcher::product_token;
pub use matcher::{DecidingRule, Matcher, Reason, Verdict};
pub use pattern::covers_every_path;
pub use url::path_and_query;

/// A family of robots that read robots.txt the same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Deserialize, serde::Serialize)]
pub enum Dialect {
    /// "A Standard for Robot Exclusion", 1994: Disallow only, prefix match.
    #[serde(rename = "norobots-1994")]
    Norobots1994,
    /// draft-koster-robots-00, 1996: Allow too, first match wins, %-decoding.
    #[serde(rename = "draft-1996")]
    Draft1996,
    /// RFC 9309, 2022, to the letter: groups whose User-agent value is the robot's product
    /// token, compared case-insensitively, merged, else the `*` groups merged (§2.2.1);
    /// blank lines and other records do not end groups (§2.1, §2.2.4); the longest match
    /// wins and Allow wins ties (§2.2.2); `*` and a final `$` are wildcards (§2.2.3);
    /// %-encoding as §2.2.2 and its example table; `/robots.txt` always allowed. Where the
    /// RFC says MAY or SHOULD, [`Matcher`] says which way robolint goes; docs/rfc9309.md
    /// lists every sentence and the test in tests/it/rfc9309.rs that holds robolint to it.
    #[serde(rename = "rfc9309")]
    Rfc9309,
    /// Google's open-source parser and matcher (`robots.cc`), byte for byte: keys by their
    /// start, missing colons, escapes upper-cased but never decoded, URLs as given, the robot's
    /// name compared whole, `/robots.txt` not exempt (`dialect::google`'s documentation has
    /// the whole list). Deliberate differences: robolint reads at most
    /// `source::DEFAULT_SIZE_CAP` bytes of a file, and a deciding line is one of the model's
    /// lines (the same lines but in UTF-16 input, which Google finds nothing in).
    #[serde(rename = "google")]
    Google,
    /// Python's `urllib.robotparser` (CPython 3.8-3.13): first match in file order, the
    /// first `*` entry last, the entry's value found inside the robot's name, paths
    /// %-decoded and re-encoded, no `/robots.txt` exemption (docs/python-robotparser.md).
    #[serde(rename = "python-robotparser")]
    PythonRobotparser,
}

impl Dialect {
    /// The dialects of the robots that visit sites today, and the default target: RFC 9309,
    /// which the registry's crawlers and libraries follow unless their operator documents
    /// otherwise, and Google's parser. Python's robotparser is left to be named: it reads
    /// `*` and `$` literally, so counting it by default would make every wildcard an error.
    pub const TODAY: [Dialect; 2] = [Dialect::Rfc9309, Dialect::Google];

    /// Every dialect: the three standards, oldest first, then Google's and Python's parsers.
    pub const ALL: [Dialect; 5] =
        [Dialect::Norobots1994, Dialect::Draft1996, Dialect::Rfc9309, Dialect::Google, Dialect::PythonRobotparser];

    /// The dialect's name in configuration and output, as in `rfc9309`.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Norobots1994 => "norobots-1994",
            Dialect::Draft1996 => "draft-1996",
            Dialect::Rfc9309 => "rfc9309",
            Dialect::Google => "google",
            Dialect::PythonRobotparser => "python-robotparser",
        }
    }

    /// How its robots read a file, in a few sentences, for the documentation site's page
    /// of dialects (the variants' doc comments above say it for readers of the code).
    pub fn about(self) -> &'static str {
        match self {
            Dialect::Norobots1994 => {
                "\"A Standard for Robot Exclusion\" (1994): Disallow lines only, each a plain prefix of the path; \
                 no Allow, no wildcards; a blank line ends a record."
            }
            Dialect::Draft1996 => {
                "The 1996 Internet-Draft (draft-koster-robots-00): Allow as well as Disallow, the first line that \
                 matches wins, `%`-escapes decoded before comparing, `*` and `$` plain characters."
            }
            Dialect::Rfc9309 => {
                "RFC 9309 (2022): groups for a robot's product token merged, else the `*` groups; the longest \
                 match wins and Allow wins ties; `*` and a final `$` are wildcards; blank lines do not end \
                 groups; `/robots.txt` is always allowed."
            }
            Dialect::Google => {
                "Google's open-source parser (robots.cc): RFC 9309's matching, plus field names read by their \
                 start, missing colons forgiven, `%`-escapes compared upper-cased but never decoded, and \
                 `/robots.txt` not exempt."
            }
            Dialect::PythonRobotparser => {
                "Python's urllib.robotparser: the first matching line in file order, the first `*` entry \
                 tried last, an entry chosen when its value appears inside the robot's name, paths decoded \
                 and re-encoded, `*` and `$` plain characters."
            }
        }
    }
}

/// How long RFC 9309 and Google take a rule with `pattern` to be when rules compete under
/// the longest match: the octets of its normal form (§2.2.2), a `%`-escape of an unreserved
/// character counted as that character.
pub fn longest_match_priority(pattern: &str) -> usize {
    encoding::rfc9309_normal(pattern).len()
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no dialect's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown dialect `{0}` (expected norobots-1994, draft-1996, rfc9309, google or python-robotparser)")]
pub struct UnknownDialect(pub String);

impl FromStr for Dialect {
    type Err = UnknownDialect;

    fn from_str(text: &str) -> Result<Dialect, UnknownDialect> {
        Dialect::ALL
            .into_iter()
            .find(|dialect| dialect.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| UnknownDialect(text.to_string()))
    }
}
