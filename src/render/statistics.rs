//! `--statistics`: how many findings each rule made over the whole run, most frequent first,
//! with how many of them a fix can mend: where to start on a large site or a corpus.

use std::collections::HashMap;
use std::io::{self, Write};

use crate::diagnostic::Applicability;
use crate::report::Report;

/// Findings per rule over a run, and how many of them have a safe fix.
#[derive(Debug, Default)]
pub struct Counts {
    /// By rule code: the rule's name, its findings, and how many of them `--fix` mends.
    by_code: HashMap<&'static str, RuleCount>,
}

#[derive(Debug, Default)]
struct RuleCount {
    name: &'static str,
    findings: usize,
    safely_fixable: usize,
}

impl Counts {
    /// Counts the findings of one lint, all of them.
    pub fn add(&mut self, report: &Report) {
        for diagnostic in &report.diagnostics {
            let count = self.by_code.entry(diagnostic.code).or_default();
            count.name = diagnostic.name;
            count.findings += 1;
            let safe = diagnostic.fix.as_ref().is_some_and(|fix| fix.applicability == Applicability::Safe);
            count.safely_fixable += usize::from(safe);
        }
    }

    /// Writes a line per rule, most findings first: count, code, name, and what is fixable.
    pub fn finish(self, out: &mut impl Write) -> io::Result<()> {
        let mut rows: Vec<(&str, RuleCount)> = self.by_code.into_iter().collect();
        rows.sort_by(|(code_a, a), (code_b, b)| b.findings.cmp(&a.findings).then(code_a.cmp(code_b)));
        let width = rows.iter().map(|(_, count)| count.findings.to_string().len()).max().unwrap_or(1);
        for (code, count) in rows {
            let fixable = match count.safely_fixable {
                0 => String::new(),
                all if all == count.findings => " [*]".to_string(),
                some => format!(" [{some} fixable]"),
            };
            writeln!(out, "{:>width$}  {code}  {}{fixable}", count.findings, count.name)?;
        }
        Ok(())
    }
}
