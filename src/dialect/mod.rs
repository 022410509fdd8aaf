//! The four readings of robots.txt robolint knows, and what each lets a robot fetch:
//! [`Matcher`] answers "may this robot fetch this URL?" with a [`Verdict`] naming the line
//! (or the absence of one) that decided.

mod encoding;
mod groups;
mod matcher;
mod pattern;
mod url;
pub mod witness;

use std::fmt;
use std::str::FromStr;

pub use groups::RuleKind;
pub use matcher::{DecidingRule, Matcher, Reason, Verdict};
pub use pattern::covers_every_path;
pub use url::path_and_query;

/// A family of robots that read robots.txt the same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Deserialize)]
pub enum Dialect {
    /// "A Standard for Robot Exclusion", 1994: Disallow only, prefix match.
    #[serde(rename = "norobots-1994")]
    Norobots1994,
    /// draft-koster-robots-00, 1996: Allow too, first match wins, %-decoding.
    #[serde(rename = "draft-1996")]
    Draft1996,
    /// RFC 9309, 2022: longest match, Allow wins ties, `*` and `$`, groups merged.
    #[serde(rename = "rfc9309")]
    Rfc9309,
    /// Google's parser: RFC 9309 plus typos, missing colons, the most specific agent.
    #[serde(rename = "google")]
    Google,
}

impl Dialect {
    pub const ALL: [Dialect; 4] = [Dialect::Norobots1994, Dialect::Draft1996, Dialect::Rfc9309, Dialect::Google];

    pub fn name(self) -> &'static str {
        match self {
            Dialect::Norobots1994 => "norobots-1994",
            Dialect::Draft1996 => "draft-1996",
            Dialect::Rfc9309 => "rfc9309",
            Dialect::Google => "google",
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

impl FromStr for Dialect {
    type Err = String;

    fn from_str(text: &str) -> Result<Dialect, String> {
        Dialect::ALL
            .into_iter()
            .find(|dialect| dialect.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| format!("unknown dialect `{text}` (expected norobots-1994, draft-1996, rfc9309 or google)"))
    }
}
