use crate::model::{Line, LineIndex};
use crate::rules::{Context, Findings};

pub fn check(_: &Context<'_, '_>, _: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.user_agent() else { return };
    if !field.value.is_empty() {
        return;
    }
    out.report(line.span, "this User-agent line names no robot").help(
        "write a robot's name token, or `*` for every robot; an empty value matches no robot in the draft and \
             RFC 9309, but every robot in parsers that look for the value inside the robot's name (Python's \
             robotparser), which then apply this record to all of them",
    );
}
