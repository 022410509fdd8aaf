use crate::diagnostic::{Applicability, Edit};
use crate::model::Span;
use crate::rules::{Context, Findings};
use crate::text::first_non_token_char;

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    for (_, _, field) in cx.doc.agent_lines() {
        let value = cx.slice(field.value);
        let Some((at, c)) = first_non_token_char(value) else { continue };
        let what = match c {
            ' ' | '\t' => "whitespace".to_string(),
            c if c.is_ascii_control() => format!("the control character U+{:04X}", u32::from(c)),
            c if !c.is_ascii() => format!("the non-ASCII character `{c}`"),
            c => format!("`{c}`"),
        };
        let bad = Span::new(field.value.start + at, field.value.start + at + c.len_utf8());
        let diagnostic = out
            .report(
                field.value,
                format!("`{}` is not a single robot name token: {what} cannot be part of one", value.escape_debug()),
            )
            .label(bad, "the token ends here")
            .help(
                "name the robot by its product token alone (`Googlebot`, not `Googlebot/2.1`): RFC 9309 tokens \
                 are letters, `_` and `-`, and Google cuts the value at the first other character",
            );
        if let Some(name) = versioned_name(value) {
            diagnostic.fix(
                Applicability::Unsafe,
                format!("Replace `{value}` with `{name}`"),
                vec![Edit::replace(field.value, name)],
            );
        }
    }
}

/// `Name/1.2` → `Name`, when nothing else stands in the value.
fn versioned_name(value: &str) -> Option<&str> {
    let (name, version) = value.split_once('/')?;
    let plain_name = !name.is_empty() && first_non_token_char(name).is_none();
    let plain_version = version.chars().all(|c| c.is_ascii_alphanumeric() || c == '.');
    (plain_name && plain_version).then_some(name)
}
