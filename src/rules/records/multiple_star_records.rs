use crate::dialect::witness::UnwrittenWitness;
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let is_star = |&index: &usize| cx.lines()[index].field().is_some_and(|field| cx.slice(field.value) == "*");
    let mut star_records = cx
        .doc
        .records
        .iter()
        .enumerate()
        .filter_map(|(at, record)| record.agents.iter().copied().find(is_star).map(|line| (at, line)));
    let Some((_, first)) = star_records.next() else { return };
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
        if let Some(search) = UnwrittenWitness::merged_record(cx.doc, record, None) {
            diagnostic.attach_witness_to_find(search);
        }
    }
}
