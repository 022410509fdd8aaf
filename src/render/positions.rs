//! Byte offsets (the model's spans) → lines and columns, in one place: editor positions
//! (0-based line, UTF-16 code unit, as LSP counts them), which JSON, SARIF, the playground and
//! the language server use, and 1-based line:column counted in characters, which people and
//! the text formats use. The renderers own these types; `lsp::positions` converts them to the
//! protocol's, so rendering needs no LSP crate.
//!
//! Lines end at LF, CRLF or a lone CR, as both LSP and robolint's parser count them.

use serde::Serialize;

use crate::model::Span;

/// A place as editors count it: 0-based line, and UTF-16 code units into the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Serialize)]
pub struct Utf16Position {
    /// The line, from 0.
    pub line: u32,
    /// UTF-16 code units from the line's start, from 0.
    pub character: u32,
}

impl Utf16Position {
    /// The position at `line` and UTF-16 offset `character`, both from 0.
    pub fn new(line: u32, character: u32) -> Utf16Position {
        Utf16Position { line, character }
    }
}

/// From one [`Utf16Position`] to another, end exclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Utf16Range {
    /// Where the range starts.
    pub start: Utf16Position,
    /// Where the range ends: the position just past it.
    pub end: Utf16Position,
}

impl Utf16Range {
    /// The range from `start` to `end`.
    pub fn new(start: Utf16Position, end: Utf16Position) -> Utf16Range {
        Utf16Range { start, end }
    }
}

/// Where each line of a text starts, so a conversion costs one binary search and a walk
/// along one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// The index of `text`'s line starts.
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(starts_after_breaks_in(text.as_bytes(), 0..text.len()));
        LineIndex { starts }
    }

    /// Brings the index up to date after an edit: `text` is the new text, in which the bytes
    /// `replaced` of the old text were replaced by `inserted_len` bytes. Only the line starts
    /// the edit can touch are worked out again; the ones after it move by the change in
    /// length. A line start depends on the byte before it and, for a `\r`, on the byte at it
    /// (CRLF is one line end), so the starts from `replaced.start` to the end of the inserted
    /// bytes are found again and every other start is kept.
    pub fn splice(&mut self, text: &str, replaced: std::ops::Range<usize>, inserted_len: usize) {
        let (start, inserted_end) = (replaced.start, replaced.start + inserted_len);
        let first_dropped = self.starts.partition_point(|&line_start| line_start < start.max(1));
        let first_kept = self.starts.partition_point(|&line_start| line_start <= replaced.end);
        // A break at `start - 1` makes a start at `start`; one at `inserted_end - 1` the
        // last start that can change.
        let breaks = start.saturating_sub(1)..inserted_end.min(text.len());
        let found: Vec<usize> = starts_after_breaks_in(text.as_bytes(), breaks).filter(|&at| at >= start).collect();
        let found_count = found.len();
        self.starts.splice(first_dropped..first_kept, found);
        for line_start in &mut self.starts[first_dropped + found_count..] {
            *line_start = *line_start + inserted_len - (replaced.end - start);
        }
    }

    /// How many lines the text has. A final line end starts one more, empty line.
    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// The editor position of byte `offset`. Offsets past the end or inside a character are
    /// moved back to the nearest character boundary, so a stale span never panics.
    pub fn position(&self, text: &str, offset: usize) -> Utf16Position {
        let offset = floor_char_boundary(text, offset);
        let line = self.line_of(offset);
        let start = self.starts[line];
        let character: usize = text[start..offset].chars().map(char::len_utf16).sum();
        Utf16Position::new(to_u32(line), to_u32(character))
    }

    /// The 1-based line and 1-based column, counted in characters, of byte `offset`, with
    /// the same clamping as [`LineIndex::position`].
    pub fn line_column(&self, text: &str, offset: usize) -> super::Position {
        let offset = floor_char_boundary(text, offset);
        let line = self.line_of(offset);
        let column = text[self.starts[line]..offset].chars().count() + 1;
        super::Position { line: line + 1, column }
    }

    /// The 0-based line that holds byte `offset` (already on a character boundary).
    fn line_of(&self, offset: usize) -> usize {
        // `starts[0]` is 0, so at least one start is at or before any offset.
        self.starts.partition_point(|&start| start <= offset).saturating_sub(1)
    }

    /// The byte offset of an editor position. A character past the end of its line means the
    /// line's end (as LSP specifies), a line past the last line means the end of the text,
    /// and a position inside a surrogate pair means the start of that character.
    pub fn offset(&self, text: &str, position: Utf16Position) -> usize {
        let line = position.line as usize;
        let Some(&start) = self.starts.get(line) else { return text.len() };
        let end = self.content_end(text, line);
        let wanted = position.character as usize;
        let mut units = 0;
        for (index, character) in text[start..end].char_indices() {
            units += character.len_utf16();
            if units > wanted {
                return start + index;
            }
        }
        end
    }

    /// The editor range of `span`, clamped as [`LineIndex::position`] clamps.
    pub fn range(&self, text: &str, span: Span) -> Utf16Range {
        Utf16Range::new(self.position(text, span.start()), self.position(text, span.end()))
    }

    /// The span of an editor range; a reversed range is read in order.
    pub fn span(&self, text: &str, range: Utf16Range) -> Span {
        let (start, end) = (self.offset(text, range.start), self.offset(text, range.end));
        Span::new(start.min(end), start.max(end))
    }

    /// The offset where `line`'s line end starts.
    fn content_end(&self, text: &str, line: usize) -> usize {
        let next = self.starts.get(line + 1).copied().unwrap_or(text.len());
        let content = &text.as_bytes()[self.starts[line]..next];
        let ending = match content {
            [.., b'\r', b'\n'] => 2,
            [.., b'\n'] | [.., b'\r'] => 1,
            _ => 0,
        };
        next - ending
    }
}

/// The line starts made by the line ends at `breaks` (a range of byte offsets) of `bytes`: one
/// after each `\n` and after each `\r` that no `\n` follows.
fn starts_after_breaks_in(bytes: &[u8], breaks: std::ops::Range<usize>) -> impl Iterator<Item = usize> + '_ {
    let from = breaks.start;
    memchr::memchr2_iter(b'\n', b'\r', &bytes[breaks]).map(move |at| from + at).filter_map(|end| {
        let crlf_first_half = bytes[end] == b'\r' && bytes.get(end + 1) == Some(&b'\n');
        (!crlf_first_half).then_some(end + 1)
    })
}

fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// LSP positions are u32; a text that long is far past the size cap, so saturating is fine.
fn to_u32(value: usize) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(text: &str, offset: usize, expected: (u32, u32)) {
        let index = LineIndex::new(text);
        let position = index.position(text, offset);
        assert_eq!((position.line, position.character), expected, "offset {offset} in {text:?}");
        assert_eq!(index.offset(text, position), offset, "back from {position:?} in {text:?}");
    }

    #[test]
    fn accented_letter_and_emoji_count_in_utf16_units() {
        // `é` is 2 bytes and 1 unit; `😀` is 4 bytes and 2 units (a surrogate pair).
        let text = "User-agent: *\n# é 😀\nDisallow: /é😀/*\n";
        let star = text.rfind('*').expect("a star");
        round_trip(text, star, (2, 15));
        let emoji_line = text.find('😀').expect("an emoji");
        round_trip(text, emoji_line, (1, 4));
        round_trip(text, emoji_line + 4, (1, 6));
    }

    #[test]
    fn every_line_end_style_starts_a_line() {
        let text = "a\r\nb\rc\nd";
        round_trip(text, 0, (0, 0));
        round_trip(text, 3, (1, 0));
        round_trip(text, 5, (2, 0));
        round_trip(text, 7, (3, 0));
        round_trip(text, 8, (3, 1));
        assert_eq!(LineIndex::new(text).line_count(), 4);
    }

    #[test]
    fn out_of_range_positions_clamp() {
        let text = "ab\r\ncd";
        let index = LineIndex::new(text);
        assert_eq!(index.offset(text, Utf16Position::new(0, 99)), 2, "past the line end: before CRLF");
        assert_eq!(index.offset(text, Utf16Position::new(9, 0)), text.len(), "past the last line");
        assert_eq!(index.position(text, 99), Utf16Position::new(1, 2));
    }

    #[test]
    fn inside_a_surrogate_pair_or_a_utf8_sequence_snaps_back() {
        let text = "😀x";
        let index = LineIndex::new(text);
        assert_eq!(index.offset(text, Utf16Position::new(0, 1)), 0);
        assert_eq!(index.position(text, 2), Utf16Position::new(0, 0));
    }

    #[test]
    fn line_column_counts_characters_from_one() {
        let text = "# é 😀\r\nDisallow: /x\ry";
        let index = LineIndex::new(text);
        let at = |offset| {
            let position = index.line_column(text, offset);
            (position.line, position.column)
        };
        assert_eq!(at(0), (1, 1));
        assert_eq!(at(text.find('😀').expect("an emoji")), (1, 5));
        assert_eq!(at(text.find('/').expect("a slash")), (2, 11));
        assert_eq!(at(text.len()), (3, 2));
    }

    /// Texts made of line ends of every style, and characters of one to four bytes.
    fn text_of(pieces: &[u8]) -> String {
        pieces.iter().map(|piece| ["\n", "\r", "\r\n", "a", "é", "😀"][usize::from(*piece) % 6]).collect()
    }

    /// `position` of a byte count, moved back to a character boundary of `text`.
    fn boundary(text: &str, position: usize) -> usize {
        floor_char_boundary(text, position % (text.len() + 1))
    }

    proptest::proptest! {
        #[test]
        fn spliced_indexes_equal_fresh_ones(
            start in proptest::collection::vec(0u8..6, 0..40),
            edits in proptest::collection::vec(
                (0usize..200, 0usize..200, proptest::collection::vec(0u8..6, 0..8)),
                1..20,
            ),
        ) {
            let mut text = text_of(&start);
            let mut index = LineIndex::new(&text);
            for (from, to, inserted) in edits {
                let (from, to) = (boundary(&text, from), boundary(&text, to));
                let replaced = from.min(to)..from.max(to);
                let inserted = text_of(&inserted);
                text.replace_range(replaced.clone(), &inserted);
                index.splice(&text, replaced, inserted.len());
                proptest::prop_assert_eq!(&index, &LineIndex::new(&text), "after an edit to {:?}", text);
            }
        }
    }

    #[test]
    fn an_edit_that_joins_or_splits_a_crlf_moves_the_line_start() {
        let mut text = String::from("a\rb\r\nc");
        let mut index = LineIndex::new(&text);
        // Deleting `b` joins the first `\r` to nothing new: still a lone CR, then CRLF.
        text.replace_range(2..3, "");
        index.splice(&text, 2..3, 0);
        assert_eq!(index, LineIndex::new(&text));
        // Inserting `\n` after the lone CR makes it a CRLF: one line end, not two.
        text.insert(2, '\n');
        index.splice(&text, 2..2, 1);
        assert_eq!(index, LineIndex::new(&text));
        assert_eq!(index.line_count(), 3);
        // Inserting between `\r` and `\n` splits the CRLF into two line ends.
        text.insert(2, 'x');
        index.splice(&text, 2..2, 1);
        assert_eq!((index.line_count(), &index), (4, &LineIndex::new(&text)));
    }

    #[test]
    fn a_reversed_range_reads_in_order() {
        let text = "abc";
        let index = LineIndex::new(text);
        assert_eq!(
            index.span(text, Utf16Range::new(Utf16Position::new(0, 2), Utf16Position::new(0, 1))),
            Span::new(1, 2)
        );
    }
}
