//! The five readings of robots.txt robolint knows, and what each lets a robot fetch:
//! [`Matcher`] answers "may this robot fetch this URL?" with a [`Verdict`] naming the line
//! (or the absence of one) that decided.

mod encoding;
mod groups;
mod matcher;
mod pattern;
pub(crate) mod python;
mod url;
pub mod witness;

use std::fmt;
use std::str::FromStr;

pub use groups::RuleKind;
pub use matcher::{DecidingRule, Matcher, Reason, Verdict};
pub use pattern::covers_every_path;
pub use url::path_and_query;

/// A family of robots that read robots.txt the same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dialect {
    /// "A Standard for Robot Exclusion", 1994: Disallow only, prefix match.
    Norobots1994,
    /// draft-koster-robots-00, 1996: Allow too, first match wins, %-decoding.
    Draft1996,
    /// RFC 9309, 2022: longest match, Allow wins ties, `*` and `$`, groups merged.
    Rfc9309,
    /// Google's parser: RFC 9309 plus typos, missing colons, the most specific agent.
    Google,
    /// Python's `urllib.robotparser` (CPython 3.8-3.13): first match in file order, the
    /// first `*` entry last, the entry's value found inside the robot's name, paths
    /// %-decoded and re-encoded, no `/robots.txt` exemption (docs/python-robotparser.md).
    PythonRobotparser,
}

impl Dialect {
    pub const ALL: [Dialect; 5] =
        [Dialect::Norobots1994, Dialect::Draft1996, Dialect::Rfc9309, Dialect::Google, Dialect::PythonRobotparser];

    pub fn name(self) -> &'static str {
        match self {
            Dialect::Norobots1994 => "norobots-1994",
            Dialect::Draft1996 => "draft-1996",
            Dialect::Rfc9309 => "rfc9309",
            Dialect::Google => "google",
            Dialect::PythonRobotparser => "python-robotparser",
        }
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Dialect {
    type Err = String;

    fn from_str(text: &str) -> Result<Dialect, String> {
        Dialect::ALL.into_iter().find(|dialect| dialect.name().eq_ignore_ascii_case(text)).ok_or_else(|| {
            format!(
                "unknown dialect `{text}` (expected norobots-1994, draft-1996, rfc9309, google or python-robotparser)"
            )
        })
    }
}
