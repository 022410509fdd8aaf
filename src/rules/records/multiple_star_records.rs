use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let is_star = |&index: &usize| cx.lines()[index].field().is_some_and(|field| cx.slice(field.value) == "*");
    let mut star_records = cx
        .doc
        .agent_records()
        .filter_map(|record| record.agents.iter().copied().find(is_star).map(|line| (record, line)));
    let Some((_, first)) = star_records.next() else { return };
    let witnesses = cx.witnesses();
    let prove = !out.proofs_unseen();
    for (record, line) in star_records {
        if out.counted_already(None) {
            continue;
        }
        let lines = cx.lines();
        let diagnostic = out
            .report(lines[line].span, "a second record for `User-agent: *`")
            .label(lines[first].span, "the first `*` record")
            .help(
                "the 1994 standard allows one `*` record; robots that follow the 1996 draft obey only the first, \
                 RFC 9309 robots merge all of them. Move these rules into the first `*` record",
            );
        if !prove {
            continue;
        }
        let robot = witnesses.anonymous_robot();
        if let Some(divergence) = witnesses.merged_record(record, &robot) {
            diagnostic.attach_witness(&divergence);
        }
    }
}
