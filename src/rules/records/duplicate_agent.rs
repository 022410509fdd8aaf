use crate::dialect::witness::robot_of_value;
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let (captures, unreachable) = (cx.agent_captures(), cx.unreachable_records());
    let witnesses = cx.witnesses();
    for capture in
        captures.iter().filter(|capture| capture.exact && unreachable.binary_search(&capture.record).is_err())
    {
        let lines = cx.lines();
        let value = lines[capture.line].field().map_or("", |field| cx.slice(field.value));
        let diagnostic = out.report(lines[capture.line].field_span(), format!("`{value}` already has a record above"));
        let record = &cx.doc.records[capture.record];
        if let Some(divergence) = robot_of_value(value).and_then(|robot| witnesses.merged_record(record, &robot)) {
            witnesses.attach(diagnostic, &divergence);
        }
        diagnostic.label(lines[capture.by].field_span(), "first named here").help(
            "robots that follow the 1994 standard or the 1996 draft obey only the first record naming them and \
                 ignore this one; RFC 9309 robots merge both records. Put all of this robot's rules in one record",
        );
    }
}
