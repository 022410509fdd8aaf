use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_>, out: &mut Findings) {
    let mut star_lines = cx.doc.agent_records().filter_map(|record| {
        record
            .agents
            .iter()
            .map(|&index| &cx.lines()[index])
            .find(|line| line.field().is_some_and(|field| cx.slice(field.value) == "*"))
    });
    let Some(first) = star_lines.next() else { return };
    for line in star_lines {
        out.report(line.span, "a second record for `User-agent: *`")
            .label(first.span, "the first `*` record")
            .help(
                "the 1994 standard allows one `*` record; robots that follow the 1996 draft obey only the first, \
                 RFC 9309 robots merge all of them. Move these rules into the first `*` record",
            );
    }
}
