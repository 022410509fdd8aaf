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

/// The one character a drawing shows for the control character `c`.
fn picture_of(c: char) -> char {
    match c {
        '\0'..='\x1f' => char::from_u32(0x2400 + u32::from(c)).unwrap_or(char::REPLACEMENT_CHARACTER),
        '\x7f' => '\u{2421}',
        _ => char::REPLACEMENT_CHARACTER,
    }
}

/// Whether `byte` may start a character that [`acts_on_a_terminal`]: an ASCII control other
/// than tab, line feed and carriage return, or the first byte of the UTF-8 of the others (C1
/// controls start with 0xC2, the bidirectional controls with 0xE2). Reading bytes rather
/// than characters makes the common answer, none, several times cheaper.
fn may_start_a_control(byte: u8) -> bool {
    STARTS_A_CONTROL[usize::from(byte)]
}

/// [`may_start_a_control`] for each byte: one load per byte of a drawn file, where the
/// comparisons cost several.
static STARTS_A_CONTROL: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = matches!(byte, 0x00..=0x08 | 0x0b | 0x0c | 0x0e..=0x1f | 0x7f | 0xc2 | 0xe2);
        byte += 1;
    }
    table
};

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
    /// The drawing of `text`, with each control character replaced. Only the bytes that may
    /// start such a character (`may_start_a_control`) are looked at as characters; the text
    /// between them is copied whole.
    pub fn new(text: &'t str) -> Drawable<'t> {
        let mut drawn: Option<String> = None;
        let mut shifts = Vec::new();
        let mut copied = 0;
        let candidates = text.bytes().enumerate().filter(|&(_, byte)| may_start_a_control(byte));
        // Each candidate byte is ASCII or a UTF-8 lead byte, so it starts a character.
        let characters = candidates.filter_map(|(at, _)| Some((at, text.get(at..)?.chars().next()?)));
        for (at, c) in characters.filter(|&(_, c)| acts_on_a_terminal(c)) {
            let drawn = drawn.get_or_insert_with(|| String::with_capacity(text.len() + 16));
            drawn.push_str(&text[copied..at]);
            drawn.push(picture_of(c));
            copied = at + c.len_utf8();
            shifts.push((copied, drawn.len() - copied));
        }
        match drawn {
            None => Drawable { text: Cow::Borrowed(text), shifts },
            Some(mut drawn) => {
                drawn.push_str(&text[copied..]);
                Drawable { text: Cow::Owned(drawn), shifts }
            }
        }
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

    #[test]
    fn the_byte_test_misses_no_character_that_acts_on_a_terminal() {
        let mut bytes = [0; 4];
        for c in (0..=u32::from(char::MAX)).filter_map(char::from_u32) {
            let alone = c.encode_utf8(&mut bytes);
            assert!(!acts_on_a_terminal(c) || may_start_a_control(alone.as_bytes()[0]), "{c:?}");
        }
        let plain = "User-agent: *\r\n\tDisallow: /é日\n";
        for text in [plain, "a’b\u{202e}c\u{85}d\u{2069}–\x1b", "\u{7f}", "’…–\u{a0}", ""] {
            let each: String = text.chars().map(|c| if acts_on_a_terminal(c) { picture_of(c) } else { c }).collect();
            assert_eq!(Drawable::new(text).text, each, "{text:?}");
        }
        assert!(!plain.bytes().any(may_start_a_control), "tabs, line ends and letters pass");
    }
}
