use crate::dialect::witness::{robot_of_value, UnwrittenWitness};
use crate::model::Span;
use crate::rules::{Context, Findings};
use crate::text;

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let (captures, unreachable) = (cx.agent_captures(), cx.unreachable_records());
    for capture in
        captures.iter().filter(|capture| capture.exact && unreachable.binary_search(&capture.record).is_err())
    {
        if out.counted_already(None) {
            continue;
        }
        let lines = cx.lines();
        let line = &lines[capture.line];
        let value = line.field().map_or(Span::empty_at(line.span.start()), |field| field.value);
        let diagnostic = out.report(line.field_span(), text!("`{}` already has a record above", value));
        let robot = robot_of_value(cx.slice(value));
        if let Some(search) =
            robot.and_then(|robot| UnwrittenWitness::merged_record(cx.doc, capture.record, Some(robot)))
        {
            diagnostic.attach_witness_to_find(search);
        }
        diagnostic.label(lines[capture.by].field_span(), "first named here").help(
            "robots that follow the 1994 standard or the 1996 draft obey only the first record naming them and \
                 ignore this one; RFC 9309 robots merge both records. Put all of this robot's rules in one record",
        );
    }
}
