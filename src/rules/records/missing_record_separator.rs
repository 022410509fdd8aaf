use crate::diagnostic::{Applicability, Edit};
use crate::model::{LineEnding, LineKind};
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let lines = cx.lines();
    for pair in cx.doc.records.windows(2) {
        let [previous, record] = pair else { continue };
        // After rules that belong to no record there is no record to separate from; the
        // rule-before-user-agent rule reports those.
        if !record.split_without_blank_line || previous.agents.is_empty() {
            continue;
        }
        let Some(&first_agent) = record.agents.first() else { continue };
        let diagnostic =
            out.report(lines[first_agent].span, "a new record starts here without a blank line before it").help(
                "RFC 9309 robots start a new group at a User-agent line that follows rules; the 1994 standard and \
                 the 1996 draft separate records with blank lines, so strict robots may read these agents as part \
                 of the record above. Insert a blank line",
            );
        if let Some(&previous_rule) = previous.rules.last() {
            diagnostic.label(lines[previous_rule].span, "the previous record's rules end here");
        }
        // Comment lines right above the User-agent line introduce the new record: the blank
        // line goes above them.
        let mut insert_before = first_agent;
        while insert_before > 0 && lines[insert_before - 1].kind == LineKind::Comment {
            insert_before -= 1;
        }
        let ending = match insert_before.checked_sub(1).map(|before| &lines[before]) {
            Some(before) if before.ending != LineEnding::Missing => cx.slice(before.ending_span),
            _ => "\n",
        };
        diagnostic.fix(
            Applicability::Safe,
            "Insert a blank line before the record",
            vec![Edit::insert(lines[insert_before].span.start(), ending.to_string())],
        );
    }
}
