use crate::diagnostic::{Applicability, Edit};
use crate::model::{Line, Record, Span};
use crate::rules::{Context, Findings};

/// Allow/Disallow lines cut off from the record above them by blank lines.
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let lines = cx.lines();
    let records = &cx.doc.records;
    let blank_lines_between = |earlier: &Record, later: &Record| -> Vec<&Line> {
        earlier
            .lines
            .last()
            .zip(later.lines.first())
            .map(|(&after, &before)| lines[after + 1..before].iter().filter(|line| line.is_blank()).collect())
            .unwrap_or_default()
    };
    // The last record with agents, and the last record a fix reaches back to: that one, or the
    // last record reported below it. Fixing removes every blank line in between, so records
    // without agents (a stray Sitemap line, text that is no field) cannot keep the rules cut
    // off, while the fixes for several cut-off records in a row do not overlap: all apply in
    // one round, where a round per blank line could outrun the fixer.
    let mut owner: Option<&Record> = None;
    let mut reach_back_to: Option<&Record> = None;
    for (index, record) in records.iter().enumerate() {
        let orphans = record.orphan_rules();
        if let (Some(&first_orphan), Some(owner), Some(reach)) = (orphans.first(), owner, reach_back_to) {
            let cut = blank_lines_between(&records[index - 1], record);
            let (Some(first_blank), Some(last_blank)) = (cut.first(), cut.last()) else { continue };
            let removed = blank_lines_between(reach, record);
            let edits =
                removed.iter().map(|line| Edit::delete(Span::new(line.span.start(), line.ending_span.end()))).collect();
            let action = if removed.len() == 1 { "Remove the blank line" } else { "Remove the blank lines" };
            let diagnostic = out.report(
                first_blank.span.to(last_blank.span),
                "a blank line inside a record ends it for robots that follow the standard",
            );
            if let Some(&agent) = owner.agents.first() {
                diagnostic.label(lines[agent].span, "the record starts here");
            }
            diagnostic
                .label(lines[first_orphan].span, "this rule has no User-agent line for them and is ignored")
                .help("RFC 9309 robots skip blank lines and keep these rules in the record; remove the blank line so every robot does")
                .fix(Applicability::Unsafe, action, edits);
            reach_back_to = Some(record);
        }
        if !record.agents.is_empty() {
            owner = Some(record);
            reach_back_to = Some(record);
        }
    }
}
