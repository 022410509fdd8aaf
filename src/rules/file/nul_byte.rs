use super::binary_content;
use crate::diagnostic::{Applicability, Arg, Edit, Text};
use crate::model::{Directive, Span};
use crate::rules::{Context, Findings};
use crate::text;

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    // A file full of control characters is binary-content's: one finding for the whole file.
    if !cx.text.contains('\0') || binary_content::is_binary(cx.text) {
        return;
    }
    for line in cx.lines() {
        let text = cx.slice(line.span);
        let nuls: Vec<usize> = text.match_indices('\0').map(|(at, _)| line.span.start() + at).collect();
        let (Some(&first), Some(&last)) = (nuls.first(), nuls.last()) else { continue };
        let count =
            if nuls.len() == 1 { Text::from("a NUL character") } else { text!("{} NUL characters", nuls.len()) };
        let field = line.field();
        let in_comment = line.comment.is_some_and(|comment| first >= comment.start());
        let in_value = field.is_some_and(|field| first >= field.value.start() && first < field.value.end());
        let effect = match field {
            _ if in_comment => Text::from("it stands in a comment, so Google loses only comment text"),
            Some(field) if in_value && field.directive.is_some_and(Directive::is_access_rule) => {
                let kept = Span::new(field.value.start(), first);
                text!("Google reads the path only up to it, as `{}`", Arg::Abbreviated(kept, 60))
            }
            _ if line.span.start() == first || text.trim_start_matches([' ', '\t']).starts_with('\0') => {
                Text::from("Google reads nothing of this line")
            }
            _ => Text::from("Google reads the line only up to it and ignores the rest"),
        };
        let plural = if nuls.len() == 1 { "it" } else { "them" };
        let edits = nuls.iter().map(|&at| Edit::delete(Span::new(at, at + 1))).collect();
        out.report(Span::new(first, last + 1), text!("{} in a text line: {}", count, effect))
            .help(
                "a NUL byte is no text character: parsers written in C end the line there, and others may \
                 take the whole file for binary data. It usually comes from a broken export or upload",
            )
            .fix(Applicability::Safe, format!("Delete {plural}"), edits);
    }
}
