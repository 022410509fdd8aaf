use crate::model::Span;
use crate::rules::{Context, Findings};
use crate::text;

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let (captures, unreachable) = (cx.agent_captures(), cx.unreachable_records());
    let lines = cx.lines();
    let value_of =
        |line: usize| lines[line].field().map_or(Span::empty_at(lines[line].span.start()), |field| field.value);
    for capture in
        captures.iter().filter(|capture| !capture.exact && unreachable.binary_search(&capture.record).is_err())
    {
        let (robot, captor) = (value_of(capture.line), value_of(capture.by));
        out.report(
            lines[capture.line].field_span(),
            text!("robots named `{}` obey the earlier record for `{}` under the 1996 draft: its value contains their name", robot, captor),
        )
        .label(lines[capture.by].field_span(), text!("`{}` contains `{}`", captor, robot))
        .help(text!(
            "the draft picks the first record whose User-agent value contains the robot's name, so `{}` never \
             reaches this record; RFC 9309 robots compare whole names and do. Put the record for `{}` first",
            robot,
            robot
        ));
    }
}
