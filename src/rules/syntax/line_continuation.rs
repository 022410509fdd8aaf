use crate::diagnostic::{Applicability, Edit};
use crate::model::{Line, LineIndex, LineKind, Separator};
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, index: LineIndex, line: &Line, out: &mut Findings) {
    let lines = cx.lines();
    if line.indent.is_empty() || matches!(line.kind, LineKind::Blank | LineKind::Comment) {
        return;
    }
    let previous = index.checked_sub(1).map(|previous| &lines[previous]);
    let continues_field = previous.is_some_and(|previous| previous.field().is_some());
    let message = if continues_field {
        "this line starts with whitespace, which continues the previous line in RFC 822 style; the draft forbids breaking lines"
    } else {
        "this line starts with whitespace, which the draft's grammar does not allow"
    };
    let diagnostic = out
        .report(line.indent, message)
        .help("most robots strip leading whitespace, but some join the line to the one before it");
    if let (true, Some(previous)) = (continues_field, previous) {
        diagnostic.label(previous.span, "a robot may read the indented line as part of this one");
    }
    let complete_field = line.field().is_some_and(|field| matches!(field.separator, Separator::Colon { .. }));
    if complete_field {
        diagnostic.fix(Applicability::Safe, "Remove the indentation", vec![Edit::delete(line.indent)]);
    }
}
