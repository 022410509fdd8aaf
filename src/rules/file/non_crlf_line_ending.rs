use crate::diagnostic::{Applicability, Edit};
use crate::model::LineEnding;
use crate::rules::{Context, Findings};
use crate::text;

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let offending: Vec<_> = cx.lines().iter().filter(|line| line.ending != LineEnding::CrLf).collect();
    let Some(first) = offending.first() else { return };
    let edits = offending.iter().map(|line| Edit::replace(line.ending_span, "\r\n")).collect();
    let message = if offending.len() == 1 && first.ending == LineEnding::Missing {
        text!("the last line has no line end; the draft's grammar ends every line with CRLF")
    } else {
        text!(
            "{} of {} lines do not end with CRLF, the only line end the draft's grammar has (this one: {})",
            offending.len(),
            cx.lines().len(),
            first.ending.as_str()
        )
    };
    out.report(first.ending_span, message)
        .help("every robot accepts LF and CR too (draft §5.2); only a strict 1996 parser would object")
        .fix(Applicability::Safe, "End every line with CRLF", edits);
}
