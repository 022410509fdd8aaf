use crate::diagnostic::Text;
use crate::model::{Directive, LineKind, Separator, Span};
use crate::rules::{Context, Findings};
use crate::text;

/// A file with no User-agent, Allow or Disallow line (misspelt ones count, since Google
/// reads them): nothing in it restricts any robot.
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let lines = cx.lines();
    let mut first_field: Option<Span> = None;
    let mut names: Vec<&str> = Vec::new();
    for line in lines {
        match &line.kind {
            LineKind::Blank | LineKind::Comment => {}
            // A line robolint cannot read (HTML, binary noise, a stray word) is reported by
            // other rules; what it means to a robot is not this rule's to say.
            LineKind::Invalid => return,
            LineKind::Field(field) => {
                let name = cx.slice(field.name);
                let directive = field.directive.or_else(|| Directive::from_misspelling(name));
                if directive.is_some_and(|directive| directive == Directive::UserAgent || directive.is_access_rule()) {
                    return;
                }
                // `Not Found` or a lone word is text, not an extension line.
                if directive.is_none() && !matches!(field.separator, Separator::Colon { .. }) {
                    return;
                }
                first_field.get_or_insert(field.name);
                let name = match field.directive {
                    Some(directive) => directive.canonical_name(),
                    None => name,
                };
                if !names.iter().any(|seen| seen.eq_ignore_ascii_case(name)) {
                    names.push(name);
                }
            }
        }
    }
    let everything = "so every robot may fetch everything (the 1994 standard treats an empty file like a missing one)";
    let help = "that is fine if it is what you want; to keep robots out of something, add a record: \
                `User-agent: *` followed by a `Disallow:` line for each path";
    let (span, message): (Span, Text) = if let Some(first) = first_field {
        let quoted: Vec<String> = names.iter().map(|name| format!("`{name}`")).collect();
        let listed = match quoted.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => quoted.concat(),
        };
        (first, text!("the file has no User-agent, Allow or Disallow line, only {} lines, {}", listed, everything))
    } else if let Some(comment) = lines.iter().find(|line| line.kind == LineKind::Comment) {
        (comment.span, text!("the file holds only comments and blank lines, {}", everything))
    } else if lines.is_empty() {
        (Span::empty_at(0), text!("the file is empty, {}", everything))
    } else {
        (Span::empty_at(0), text!("the file holds only whitespace, {}", everything))
    };
    out.report(span, message).help(help);
}
