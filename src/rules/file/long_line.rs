use crate::diagnostic::Text;
use crate::model::{Directive, Line, LineEnding, LineIndex, Separator, Span};
use crate::rules::{Context, Findings};
use crate::text;

/// Google's parser copies each line into a buffer of 2,083 × 8 = 16,664 bytes, one of which
/// holds the string's terminator: it keeps the first 16,663 bytes of a line (the line end
/// and a leading byte-order mark not counted) and drops the rest.
const GOOGLE_KEPT: usize = 2083 * 8 - 1;

pub fn check(cx: &Context<'_, '_>, index: LineIndex, line: &Line, out: &mut Findings) {
    let length = line.span.len();
    if length <= GOOGLE_KEPT {
        return;
    }
    // Google reads a line for a field it knows (or a misspelling it accepts); for a
    // comment, an unknown field or a line that is no field at all (the usual case: an
    // HTML page with inline scripts) it ignores the whole line, so the cut loses nothing.
    let known = line.field().is_some_and(|field| {
        field.directive.is_some()
            || (matches!(field.separator, Separator::Colon { .. }) && cx.misspelt_directive(index).is_some())
    });
    if !known {
        return;
    }
    // Google cuts at a byte; spans must fall on character boundaries.
    let exact = line.span.start() + GOOGLE_KEPT;
    let cut = floor_char_boundary(cx.text, exact);
    let dropped = Span::new(cut, line.span.end());
    let lost = line.span.end() - exact;
    let split = if cut < exact { " (the cut splits a character)" } else { "" };
    // The size cap cut the file inside this line: its length is unknown.
    let cut_by_cap = cx.source.truncation.is_some() && line.ending == LineEnding::Missing;
    let head = if cut_by_cap {
        text!(
            "this line goes on past the {} bytes robolint read of it; Google reads only the first {} and drops the rest{}",
            thousands(length),
            thousands(GOOGLE_KEPT),
            split
        )
    } else {
        text!(
            "this line is {} bytes long; Google reads only the first {} and drops the last {}{}",
            thousands(length),
            thousands(GOOGLE_KEPT),
            thousands(lost),
            split
        )
    };
    let field = line.field();
    let in_comment = line.comment.is_some_and(|comment| exact >= comment.start());
    let in_trailing = !line.trailing_whitespace.is_empty() && exact >= line.trailing_whitespace.start();
    let in_value = field.is_some_and(|field| exact >= field.value.start() && exact < field.value.end());
    let effect = match field {
        _ if in_comment => Text::from("the cut falls in the comment, so the rule itself is unchanged"),
        _ if in_trailing => Text::from("the cut falls in trailing whitespace, so nothing is lost"),
        Some(field) if in_value && field.is(Directive::Disallow) => text!(
            "the cut shortens the path to its first {} bytes, and a shorter Disallow path blocks more URLs than written",
            thousands(exact - field.value.start())
        ),
        Some(field) if in_value && field.is(Directive::Allow) => text!(
            "the cut shortens the path to its first {} bytes, and a shorter Allow path opens more URLs than written",
            thousands(exact - field.value.start())
        ),
        Some(field) if in_value => {
            text!("the cut shortens the `{}` value, which Google then reads as something else", field.name)
        }
        _ => Text::from("the rest of the line is lost"),
    };
    out.report(dropped, text!("{}: {}", head, effect))
        .label(
            Span::empty_at(cut),
            text!("byte {} of the line: Google's parser stops here", thousands(GOOGLE_KEPT + 1)),
        )
        .help(
            "no rule needs a line this long: split a long path into shorter prefixes, \
             or move long comments onto lines of their own",
        );
}

/// The largest character boundary at or before `at`.
fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// `16664` → `16,664`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_digits() {
        assert_eq!(thousands(7), "7");
        assert_eq!(thousands(16_663), "16,663");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }

    #[test]
    fn cuts_on_character_boundaries() {
        assert_eq!(floor_char_boundary("aé", 2), 1);
        assert_eq!(floor_char_boundary("aé", 3), 3);
        assert_eq!(floor_char_boundary("a", 9), 1);
    }
}
