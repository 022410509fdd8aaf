use crate::diagnostic::{Applicability, Edit};
use crate::model::{Line, Span};
use crate::rules::{Context, Findings};

/// Allow/Disallow lines cut off from the record above them by blank lines.
pub fn check(cx: &Context<'_>, out: &mut Findings) {
    let lines = cx.lines();
    let mut previous_agent_record: Option<usize> = None;
    for (index, record) in cx.doc.records.iter().enumerate() {
        let orphans = record.orphan_rules();
        if let (Some(&first_orphan), Some(owner)) = (orphans.first(), previous_agent_record) {
            let owner = &cx.doc.records[owner];
            let blank_lines: Vec<&Line> = cx.doc.records[index - 1]
                .lines
                .last()
                .zip(record.lines.first())
                .map(|(&after, &before)| lines[after + 1..before].iter().filter(|line| line.is_blank()).collect())
                .unwrap_or_default();
            let (Some(first_blank), Some(last_blank)) = (blank_lines.first(), blank_lines.last()) else { continue };
            let edits = blank_lines
                .iter()
                .map(|line| Edit::delete(Span::new(line.span.start, line.ending_span.end)))
                .collect();
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
                .fix(Applicability::Unsafe, "Remove the blank line", edits);
        }
        if !record.agents.is_empty() {
            previous_agent_record = Some(index);
        }
    }
}
