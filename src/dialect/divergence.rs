//! A divergence: a robot and a URL on which two dialects answer differently. Findings carry
//! it ([`crate::diagnostic::Diagnostic::witness`]); [`super::witness`] finds it.

use crate::dialect::{Dialect, Verdict};
use crate::model::LineIndex;

/// The robot and URL on which two dialects disagree, with what each answers (allowed or
/// not).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Witness {
    /// The robot's name, as the matchers were given it.
    pub robot: String,
    /// The URL asked, as the matchers were given it.
    pub url: String,
    /// Each dialect compared, with whether it allows the URL.
    pub claims: Vec<(Dialect, bool)>,
}

/// Two dialects' differing verdicts for one robot and one URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Divergence {
    /// The robot's name, as the matchers were given it.
    pub robot: String,
    /// The URL asked, as the matchers were given it.
    pub url: String,
    /// The two dialects compared, each with its verdict.
    pub verdicts: [(Dialect, Verdict); 2],
}

impl Divergence {
    /// The verdict of `dialect`, when it is one of the two compared.
    pub fn verdict(&self, dialect: Dialect) -> Option<&Verdict> {
        self.verdicts.iter().find(|(compared, _)| *compared == dialect).map(|(_, verdict)| verdict)
    }

    /// The line (index) that decided a dialect's verdict, when a rule decided.
    pub fn deciding_line(&self, dialect: Dialect) -> Option<LineIndex> {
        self.verdict(dialect)?.reason.rule().map(|rule| rule.line)
    }

    /// The divergence as a finding carries it: each dialect with whether it allows.
    pub fn witness(&self) -> Witness {
        Witness {
            robot: self.robot.clone(),
            url: self.url.clone(),
            claims: self.verdicts.iter().map(|(dialect, verdict)| (*dialect, verdict.allowed)).collect(),
        }
    }
}
