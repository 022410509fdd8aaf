//! Bytes → text. Everything the linter later says about encodings, byte-order marks and file
//! size is decided here, once, and kept as facts beside the text.

use std::io::{self, Read};
use std::sync::Arc;

use crate::model::MAX_TEXT_BYTES;

/// How much of a file robolint reads. RFC 9309 §2.5 asks parsers to read at least 500 KiB;
/// reading four times that lets the size rules say where a 500 KiB reader would stop while
/// keeping memory bounded on multi-gigabyte inputs.
pub const DEFAULT_SIZE_CAP: usize = 2 * 1024 * 1024;

/// The largest cap any caller gets (`--max-size` may ask for more): decoding turns a byte
/// into at most three (an invalid byte into U+FFFD, a windows-1252 byte into a letter of up
/// to three), and the text must stay within what spans index.
pub const LARGEST_CAP: usize = MAX_TEXT_BYTES / 3;

/// The encoding the bytes arrived in. Only UTF-8 text can be fixed in place, because only
/// then are the model's byte spans also offsets into the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// Valid UTF-8: the text is the bytes, and spans are file offsets.
    Utf8,
    /// Bytes that are not valid UTF-8; the text holds U+FFFD for each invalid sequence.
    InvalidUtf8 {
        /// The offset of the first byte that is not valid UTF-8.
        first_invalid_byte: usize,
    },
    /// UTF-16, known by its byte-order mark or by ASCII's zero high bytes.
    Utf16 {
        /// Whether the bytes are little-endian (UTF-16LE).
        little_endian: bool,
        /// Whether the bytes start with a byte-order mark.
        with_bom: bool,
    },
    /// Bytes decoded as windows-1252 because an HTTP response declared that character set
    /// (or ISO-8859-1, which the web reads as windows-1252); spans are offsets into the
    /// UTF-8 text, not into the bytes.
    Windows1252,
}

/// Where the size cap cut the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Truncation {
    /// Bytes kept. The text ends at a line end, unless the line that crosses the cap began in
    /// its first half: then that line is kept up to the cap.
    pub kept_bytes: usize,
    /// Bytes the input had in all, when the reader could tell.
    pub total_bytes: Option<u64>,
}

/// One input as text, with the facts about its bytes that the rules report on.
#[derive(Debug, Clone)]
pub struct Source {
    /// The decoded text, which the model's spans index.
    pub text: String,
    /// The encoding the bytes arrived in.
    pub encoding: Encoding,
    /// Where the size cap cut the input; `None` when it was read whole.
    pub truncation: Option<Truncation>,
    /// The bytes kept, when the text is not exactly them (invalid UTF-8, UTF-16,
    /// windows-1252): Google's parser reads bytes, not text (`dialect::google`).
    pub original: Option<Arc<[u8]>>,
}

impl Source {
    /// Decodes a complete input that is already in memory, applying the default size cap.
    pub fn from_bytes(bytes: &[u8]) -> Source {
        Self::from_bytes_capped(bytes, DEFAULT_SIZE_CAP)
    }

    /// Decodes a complete input that is already in memory, keeping at most `cap` bytes.
    pub fn from_bytes_capped(bytes: &[u8], cap: usize) -> Source {
        let (kept, truncation) = apply_cap(bytes, cap, Some(bytes.len() as u64));
        decode(kept, truncation)
    }

    /// Reads at most `cap` bytes (plus one to learn that there was more) from `reader`, so a
    /// huge input costs no more memory than the cap.
    pub fn read(reader: impl Read, cap: usize, total_bytes: Option<u64>) -> io::Result<Source> {
        let mut bytes = Vec::with_capacity(cap.min(64 * 1024));
        reader.take(cap as u64 + 1).read_to_end(&mut bytes)?;
        Ok(Source::from_prefix(&bytes, cap, total_bytes))
    }

    /// Decodes the start of an input that was read up to `cap` bytes plus one: more than
    /// `cap` bytes means the input went on, and the text is cut at a line end before the cap.
    /// `total_bytes` is the whole input's size when something (a file's metadata, an HTTP
    /// Content-Length) told it.
    pub fn from_prefix(bytes: &[u8], cap: usize, total_bytes: Option<u64>) -> Source {
        let (kept, truncation) = apply_cap(bytes, cap, total_bytes);
        decode(kept, truncation)
    }

    /// Like [`Source::from_prefix`], for bytes in windows-1252 (the character set the web
    /// uses for an ISO-8859-1 label): each byte is one character, so nothing is invalid.
    pub fn from_windows_1252_prefix(bytes: &[u8], cap: usize, total_bytes: Option<u64>) -> Source {
        let (kept, truncation) = apply_cap(bytes, cap, total_bytes);
        Source {
            text: kept.iter().map(|&byte| windows_1252_char(byte)).collect(),
            encoding: Encoding::Windows1252,
            truncation,
            original: Some(kept.into()),
        }
    }

    /// True when the text is byte-for-byte the start of the input, so spans are file offsets.
    pub fn is_exact(&self) -> bool {
        self.encoding == Encoding::Utf8
    }
}

impl From<&str> for Source {
    fn from(text: &str) -> Source {
        Source::from_bytes(text.as_bytes())
    }
}

fn apply_cap(bytes: &[u8], cap: usize, total_bytes: Option<u64>) -> (&[u8], Option<Truncation>) {
    let cap = cap.min(LARGEST_CAP);
    if bytes.len() <= cap {
        return (bytes, None);
    }
    // Cut after the last line end before the cap, so no line is kept half; but not when that
    // drops more than half of what the cap allows: a line that long is far past every
    // parser's line limit, and the rules that explain it (long-line) must see it. A line cut
    // is cut between characters.
    let kept_bytes = memchr::memrchr(b'\n', &bytes[..cap])
        .map(|newline| newline + 1)
        .filter(|&line_end| line_end > cap / 2)
        .unwrap_or_else(|| utf8_boundary_at_or_before(bytes, cap));
    let truncation = Truncation { kept_bytes, total_bytes };
    (&bytes[..kept_bytes], Some(truncation))
}

/// `at`, or the start of the UTF-8 character `at` falls inside (a continuation byte is
/// `10xxxxxx`, and a character has at most three of them).
fn utf8_boundary_at_or_before(bytes: &[u8], at: usize) -> usize {
    let is_continuation = |index: usize| bytes.get(index).is_some_and(|&byte| byte & 0xC0 == 0x80);
    (at.saturating_sub(3)..=at).rev().find(|&index| !is_continuation(index)).unwrap_or(at)
}

fn decode(bytes: &[u8], truncation: Option<Truncation>) -> Source {
    let (text, encoding) = match utf16_layout(bytes) {
        Some((little_endian, with_bom)) => {
            (decode_utf16(bytes, little_endian, with_bom), Encoding::Utf16 { little_endian, with_bom })
        }
        None => match std::str::from_utf8(bytes) {
            Ok(text) => (text.to_owned(), Encoding::Utf8),
            Err(error) => (
                String::from_utf8_lossy(bytes).into_owned(),
                Encoding::InvalidUtf8 { first_invalid_byte: error.valid_up_to() },
            ),
        },
    };
    let original = (encoding != Encoding::Utf8).then(|| bytes.into());
    Source { text, encoding, truncation, original }
}

/// The character windows-1252 gives a byte: Latin-1 except in 0x80–0x9F, where it has
/// typographic characters instead of C1 controls (WHATWG Encoding Standard, index
/// windows-1252; its five unassigned bytes map to the C1 control of the same value).
fn windows_1252_char(byte: u8) -> char {
    const C1_RANGE: [char; 32] = [
        '\u{20AC}', '\u{0081}', '\u{201A}', '\u{0192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}', '\u{02C6}',
        '\u{2030}', '\u{0160}', '\u{2039}', '\u{0152}', '\u{008D}', '\u{017D}', '\u{008F}', '\u{0090}', '\u{2018}',
        '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}', '\u{02DC}', '\u{2122}', '\u{0161}',
        '\u{203A}', '\u{0153}', '\u{009D}', '\u{017E}', '\u{0178}',
    ];
    match byte {
        0x80..=0x9F => C1_RANGE[usize::from(byte - 0x80)],
        _ => char::from(byte),
    }
}

/// Recognises UTF-16 by its byte-order mark, or, without one, by the zero high bytes that
/// ASCII text has in UTF-16 (robots.txt is nearly all ASCII).
fn utf16_layout(bytes: &[u8]) -> Option<(bool, bool)> {
    match bytes {
        [0xFF, 0xFE, ..] => return Some((true, true)),
        [0xFE, 0xFF, ..] => return Some((false, true)),
        _ => {}
    }
    let sample = &bytes[..bytes.len().min(1024) & !1];
    if sample.len() < 4 {
        return None;
    }
    let pairs = sample.len() / 2;
    let zeros_at = |parity: usize| sample.iter().skip(parity).step_by(2).filter(|&&b| b == 0).count();
    let (even_zeros, odd_zeros) = (zeros_at(0), zeros_at(1));
    let mostly = |count: usize| count * 10 >= pairs * 9;
    let rarely = |count: usize| count * 10 <= pairs;
    if mostly(odd_zeros) && rarely(even_zeros) {
        Some((true, false))
    } else if mostly(even_zeros) && rarely(odd_zeros) {
        Some((false, false))
    } else {
        None
    }
}

fn decode_utf16(bytes: &[u8], little_endian: bool, with_bom: bool) -> String {
    char::decode_utf16(utf16_units(bytes, little_endian, with_bom))
        .map(|unit| unit.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect()
}

fn utf16_units(bytes: &[u8], little_endian: bool, with_bom: bool) -> impl Iterator<Item = u16> + '_ {
    let body = if with_bom { &bytes[2..] } else { bytes };
    body.chunks_exact(2).map(move |pair| {
        let pair = [pair[0], pair[1]];
        if little_endian {
            u16::from_le_bytes(pair)
        } else {
            u16::from_be_bytes(pair)
        }
    })
}

/// Where each of `offsets`, ascending offsets into `bytes`, falls in the text the source
/// decoded from them, when it read them as UTF-16 (`None` when it did not: then the text
/// keeps every line end where the bytes have it). An offset inside a character maps to
/// that character's start. Google reads the raw bytes, so this places its lines.
pub fn utf16_text_offsets(bytes: &[u8], offsets: &[usize]) -> Option<Vec<usize>> {
    let (little_endian, with_bom) = utf16_layout(bytes)?;
    let mut characters = char::decode_utf16(utf16_units(bytes, little_endian, with_bom)).peekable();
    let (mut byte_at, mut text_at) = (if with_bom { 2 } else { 0 }, 0);
    let mut placed = Vec::with_capacity(offsets.len());
    for &offset in offsets {
        while let Some(character) = characters.peek() {
            let (units, text_bytes) = match character {
                Ok(character) => (character.len_utf16(), character.len_utf8()),
                Err(_) => (1, char::REPLACEMENT_CHARACTER.len_utf8()),
            };
            if byte_at + 2 * units > offset {
                break;
            }
            (byte_at, text_at) = (byte_at + 2 * units, text_at + text_bytes);
            characters.next();
        }
        placed.push(text_at);
    }
    Some(placed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_utf8_is_exact() {
        let source = Source::from("User-agent: *\n");
        assert_eq!(source.encoding, Encoding::Utf8);
        assert!(source.is_exact());
    }

    #[test]
    fn invalid_utf8_records_the_first_bad_byte() {
        let source = Source::from_bytes(b"Disallow: /a\xFFb\n");
        assert_eq!(source.encoding, Encoding::InvalidUtf8 { first_invalid_byte: 12 });
        assert!(source.text.contains('\u{FFFD}'));
    }

    #[test]
    fn utf16_with_and_without_bom() {
        let text = "User-agent: *\r\nDisallow: /\r\n";
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        let le_bom: Vec<u8> = [0xFF, 0xFE].into_iter().chain(le.iter().copied()).collect();
        for (bytes, little_endian, with_bom) in [(&le, true, false), (&be, false, false), (&le_bom, true, true)] {
            let source = Source::from_bytes(bytes);
            assert_eq!(source.text, text);
            assert_eq!(source.encoding, Encoding::Utf16 { little_endian, with_bom });
        }
    }

    #[test]
    fn utf16_offsets_place_bytes_in_the_decoded_text() {
        // BOM, `a`, an unpaired surrogate (U+FFFD, 3 bytes of text), `😀` (a pair, 4 bytes of text), `b`.
        let bytes = [0xFE, 0xFF, 0x00, b'a', 0xD8, 0x00, 0xD8, 0x3D, 0xDE, 0x00, 0x00, b'b'];
        assert_eq!(Source::from_bytes(&bytes).text, "a\u{FFFD}\u{1F600}b");
        let placed = utf16_text_offsets(&bytes, &[0, 2, 3, 4, 6, 8, 9, 10, 12]);
        assert_eq!(placed, Some(vec![0, 0, 0, 1, 4, 4, 4, 8, 9]));
        assert_eq!(utf16_text_offsets(b"Disallow: /\n", &[3]), None);
    }

    #[test]
    fn cap_cuts_at_a_line_end() {
        let source = Source::from_bytes_capped(b"Disallow: /a\nDisallow: /b\n", 20);
        assert_eq!(source.text, "Disallow: /a\n");
        assert_eq!(source.truncation, Some(Truncation { kept_bytes: 13, total_bytes: Some(26) }));
    }

    #[test]
    fn a_line_far_longer_than_the_cap_is_cut_inside_between_characters() {
        let bytes = format!("A\n{}", "é".repeat(100));
        let source = Source::from_bytes_capped(bytes.as_bytes(), 101);
        assert_eq!(source.text, format!("A\n{}", "é".repeat(49)));
        assert_eq!(source.encoding, Encoding::Utf8);
        assert_eq!(source.truncation, Some(Truncation { kept_bytes: 100, total_bytes: Some(202) }));
    }

    #[test]
    fn windows_1252_maps_c1_bytes_to_typographic_characters() {
        let source = Source::from_windows_1252_prefix(b"Disallow: /caf\xE9/\x80\x9F\n", 100, None);
        assert_eq!(source.text, "Disallow: /caf\u{E9}/\u{20AC}\u{178}\n");
        assert_eq!(source.encoding, Encoding::Windows1252);
        assert!(!source.is_exact());
    }

    #[test]
    fn a_prefix_longer_than_the_cap_is_cut_with_the_total_kept() {
        let source = Source::from_prefix(b"Disallow: /a\nDisallow: /b\n", 20, Some(9000));
        assert_eq!(source.text, "Disallow: /a\n");
        assert_eq!(source.truncation, Some(Truncation { kept_bytes: 13, total_bytes: Some(9000) }));
    }

    #[test]
    fn reader_never_keeps_more_than_the_cap() {
        let big = vec![b'a'; 10_000];
        let source = Source::read(&big[..], 100, None).expect("reading from memory");
        assert_eq!(source.text.len(), 100);
        assert_eq!(source.truncation.map(|t| t.kept_bytes), Some(100));
    }
}
