use crate::diagnostic::{Applicability, Edit};
use crate::model::LineEnding;
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_>, out: &mut Findings) {
    let lines = cx.lines();
    for (index, record) in cx.doc.records.iter().enumerate() {
        if !record.split_without_blank_line {
            continue;
        }
        let (Some(&first_agent), Some(previous)) = (record.agents.first(), index.checked_sub(1).map(|at| &cx.doc.records[at]))
        else {
            continue;
        };
        let diagnostic = out
            .report(lines[first_agent].span, "a new record starts here without a blank line before it")
            .help(
                "RFC 9309 robots start a new group at a User-agent line that follows rules; the 1994 standard and \
                 the 1996 draft separate records with blank lines, so strict robots may read these agents as part \
                 of the record above. Insert a blank line",
            );
        if let Some(&previous_rule) = previous.rules.last() {
            diagnostic.label(lines[previous_rule].span, "the previous record's rules end here");
        }
        let line = &lines[first_agent];
        // The line before is the previous record's last line, so it has a line end.
        let ending = match first_agent.checked_sub(1).map(|before| &lines[before]) {
            Some(before) if before.ending != LineEnding::Missing => cx.slice(before.ending_span),
            _ => "\n",
        };
        diagnostic.fix(
            Applicability::Safe,
            "Insert a blank line before the record",
            vec![Edit::insert(line.span.start, ending)],
        );
    }
}
