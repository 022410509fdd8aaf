use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let captures = cx.agent_captures();
    let lines = cx.lines();
    for &record_index in cx.unreachable_records() {
        let record = &cx.doc.records[record_index];
        let (Some(&first), Some(&last)) = (record.agents.first(), record.agents.last()) else { continue };
        let diagnostic = out.report(
            lines[first].field_span().to(lines[last].field_span()),
            "no robot following the 1996 draft ever uses this record: earlier records capture every agent it names",
        );
        // Captures come in file order, so this record's stand together.
        let start = captures.partition_point(|capture| capture.record < record_index);
        for capture in captures[start..].iter().take_while(|capture| capture.record == record_index) {
            diagnostic.label(lines[capture.by].field_span(), "captured here");
        }
        diagnostic.help(
            "the draft's robots obey the first record whose User-agent value contains their name; RFC 9309 robots \
             merge records for the same name instead. Merge this record into the earlier one, or move it above",
        );
    }
}
