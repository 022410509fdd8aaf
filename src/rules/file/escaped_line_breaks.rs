use crate::diagnostic::{Applicability, Edit};
use crate::model::{Directive, Span};
use crate::rules::{Context, Findings};
use crate::text;

/// Line breaks written as the text `\n` or `\r\n` (a script that printed an escaped string
/// literally): each field line then runs on into the next field, or ends in `\n`, and robots
/// read one long value. `User-agent: *\nDisallow: /` names no robot at all for Google.
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    // Binary data is `binary-content`'s alone, whatever its bytes happen to spell.
    if super::binary_content::is_binary(cx.text) {
        return;
    }
    let mut first: Option<(Span, Vec<Edit>, Vec<Span>)> = None;
    for line in cx.lines() {
        let Some(field) = line.field() else { continue };
        if field.directive.is_none() {
            continue;
        }
        let value = cx.slice(field.value);
        let escapes = escaped_breaks(value);
        if escapes.is_empty() {
            continue;
        }
        let edits: Vec<Edit> = escapes
            .iter()
            .map(|&(at, len, breaks)| {
                let span = Span::new(field.value.start() + at, field.value.start() + at + len);
                Edit::replace(span, "\n".repeat(breaks))
            })
            .collect();
        match &mut first {
            None => first = Some((line.span, edits, Vec::new())),
            Some((_, all_edits, others)) => {
                all_edits.extend(edits);
                others.push(line.span);
            }
        }
    }
    let Some((span, edits, others)) = first else { return };
    let message = match others.len() {
        0 => text!("this line holds `\\n` as text where a line break was meant"),
        more => text!("{} lines hold `\\n` as text where line breaks were meant", more + 1),
    };
    let finding = out.report(span, message);
    for other in others {
        finding.label(other, "here too");
    }
    finding
        .help(
            "robots read the escape as part of the value: a User-agent value `*\\n…` names no robot and a path \
             `/admin/\\n` matches nothing, so the rules after it are lost",
        )
        .fix(Applicability::Safe, "Turn each `\\n` into a line break", edits);
}

/// The runs of escaped line breaks in a field's value, as (offset, length, line breaks):
/// a run followed by another field (`\n\nSitemap:`) becomes that many line breaks, and a run
/// ending the value goes (0). A `\n` elsewhere (a path that holds those characters) is left
/// alone.
fn escaped_breaks(value: &str) -> Vec<(usize, usize, usize)> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = value[from..].find("\\n").map(|at| from + at) {
        let start = if value[..at].ends_with("\\r") { at - 2 } else { at };
        let (mut end, mut breaks) = (at + 2, 1);
        while let Some(next) = ["\\r\\n", "\\n"].iter().find(|escape| value[end..].starts_with(**escape)) {
            end += next.len();
            breaks += 1;
        }
        let after = &value[end..];
        if after.trim().is_empty() {
            found.push((start, value.len() - start, 0));
            break;
        }
        if starts_with_field(after) {
            found.push((start, end - start, breaks));
        }
        from = end;
    }
    found
}

/// Whether `text` opens with a known field name and its colon (`Disallow: /x`).
fn starts_with_field(text: &str) -> bool {
    let Some((name, _)) = text.split_once(':') else { return false };
    Directive::from_name(name.trim()).is_some()
}
