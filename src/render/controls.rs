//! Characters of the linted text that a terminal would obey rather than show: an escape
//! sequence in a fetched robots.txt could recolour the terminal, set its title or hide
//! lines. The formats for people (and GitHub's log, which draws colours) show each of them
//! escaped, as ShellCheck and ruff do.

use std::borrow::Cow;

/// C0 controls other than tab and line ends, DEL, C1 controls, and the bidirectional
/// overrides and isolates, which reorder what is shown ("Trojan Source").
fn acts_on_a_terminal(c: char) -> bool {
    matches!(c,
        '\0'..='\x08' | '\x0b' | '\x0c' | '\x0e'..='\x1f' | '\x7f' | '\u{80}'..='\u{9f}'
        | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Words to print, with every control character of `text` written as Rust writes it in a
/// string (`\u{1b}`, `\r`): for messages, which quote the linted text, and for file names.
/// Line feeds stay, as a message's own line breaks; a carriage return, which would send the
/// cursor back over the line, does not.
pub fn visible(text: &str) -> Cow<'_, str> {
    let escaped = |c: char| c == '\r' || acts_on_a_terminal(c);
    if !text.chars().any(escaped) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if escaped(c) {
            shown.extend(c.escape_default());
        } else {
            shown.push(c);
        }
    }
    Cow::Owned(shown)
}

/// The linted text as a drawing of it shows it: each control character replaced by one
/// visible character (a C0 control by its picture from Unicode's Control Pictures block,
/// `␛` for ESC; DEL by `␡`; the others by `�`), so every character keeps its column. The
/// replacements are longer in UTF-8 than what they replace, so byte offsets into the text
/// are moved with [`Drawable::offset`].
pub struct Drawable<'t> {
    /// The text to show; borrowed when it holds no control character.
    pub text: Cow<'t, str>,
    /// For each replaced character: its end in the original text, and how many bytes longer
    /// the drawn text is up to there.
    shifts: Vec<(usize, usize)>,
}

impl<'t> Drawable<'t> {
    /// The drawing of `text`, with each control character replaced.
    pub fn new(text: &'t str) -> Drawable<'t> {
        if !text.chars().any(acts_on_a_terminal) {
            return Drawable { text: Cow::Borrowed(text), shifts: Vec::new() };
        }
        let mut drawn = String::with_capacity(text.len() + 16);
        let mut shifts = Vec::new();
        for (at, c) in text.char_indices() {
            if !acts_on_a_terminal(c) {
                drawn.push(c);
                continue;
            }
            let picture = match c {
                '\0'..='\x1f' => char::from_u32(0x2400 + u32::from(c)).unwrap_or(char::REPLACEMENT_CHARACTER),
                '\x7f' => '\u{2421}',
                _ => char::REPLACEMENT_CHARACTER,
            };
            drawn.push(picture);
            let end = at + c.len_utf8();
            shifts.push((end, drawn.len() - end));
        }
        Drawable { text: Cow::Owned(drawn), shifts }
    }

    /// Where a byte offset of the original text (on a character boundary) is in the drawn
    /// text.
    pub fn offset(&self, original: usize) -> usize {
        let replaced_before = self.shifts.partition_point(|&(end, _)| end <= original);
        match replaced_before.checked_sub(1) {
            Some(last) => original + self.shifts[last].1,
            None => original,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_are_written_out() {
        assert_eq!(visible("`/a\x1b]0;title\x07`"), "`/a\\u{1b}]0;title\\u{7}`");
        assert_eq!(visible("\x1b[31mred\u{9b}\u{202e}"), "\\u{1b}[31mred\\u{9b}\\u{202e}");
        assert_eq!(visible("a\rb\tc\nd"), "a\\rb\tc\nd", "tabs and line feeds stay");
        assert!(matches!(visible("Disallow: /é"), Cow::Borrowed(_)));
    }

    #[test]
    fn a_drawing_keeps_one_character_per_character_and_moves_offsets() {
        let text = "a\x1b[31mb\u{9b}c\x7f\nd";
        let drawn = Drawable::new(text);
        assert_eq!(drawn.text, "a␛[31mb�c␡\nd");
        assert_eq!(drawn.text.chars().count(), text.chars().count());
        for (at, c) in text.char_indices() {
            let moved = drawn.offset(at);
            let shown = drawn.text[moved..].chars().next().expect("a character");
            if acts_on_a_terminal(c) {
                assert!(!acts_on_a_terminal(shown), "{c:?} at {at} is drawn as it is");
            } else {
                assert_eq!(shown, c, "at {at}");
            }
        }
        assert_eq!(drawn.offset(text.len()), drawn.text.len());
        assert_eq!(Drawable::new("plain").offset(3), 3);
    }
}
