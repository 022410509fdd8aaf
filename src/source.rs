//! Bytes → text. Everything the linter later says about encodings, byte-order marks and file
//! size is decided here, once, and kept as facts beside the text.

use std::io::{self, Read};

/// How much of a file robolint reads. RFC 9309 §2.5 asks parsers to read at least 500 KiB;
/// reading four times that lets the size rules say where a 500 KiB reader would stop while
/// keeping memory bounded on multi-gigabyte inputs.
pub const DEFAULT_SIZE_CAP: usize = 2 * 1024 * 1024;

/// The encoding the bytes arrived in. Only UTF-8 text can be fixed in place, because only
/// then are the model's byte spans also offsets into the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    /// Bytes that are not valid UTF-8; the text holds U+FFFD for each invalid sequence.
    InvalidUtf8 {
        first_invalid_byte: usize,
    },
    Utf16 {
        little_endian: bool,
        with_bom: bool,
    },
}

/// Where the size cap cut the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Truncation {
    /// Bytes kept (the text ends at a line boundary when one exists before the cap).
    pub kept_bytes: usize,
    /// Bytes the input had in all, when the reader could tell.
    pub total_bytes: Option<u64>,
}

#[derive(Debug, Clone)]
pub struct Source {
    pub text: String,
    pub encoding: Encoding,
    pub truncation: Option<Truncation>,
}

impl Source {
    /// Decodes a complete input that is already in memory, applying the default size cap.
    pub fn from_bytes(bytes: &[u8]) -> Source {
        Self::from_bytes_capped(bytes, DEFAULT_SIZE_CAP)
    }

    pub fn from_bytes_capped(bytes: &[u8], cap: usize) -> Source {
        let (kept, truncation) = apply_cap(bytes, cap, Some(bytes.len() as u64));
        decode(kept, truncation)
    }

    /// Reads at most `cap` bytes (plus one to learn that there was more) from `reader`, so a
    /// huge input costs no more memory than the cap.
    pub fn read(reader: impl Read, cap: usize, total_bytes: Option<u64>) -> io::Result<Source> {
        let mut bytes = Vec::with_capacity(cap.min(64 * 1024));
        reader.take(cap as u64 + 1).read_to_end(&mut bytes)?;
        let (kept, truncation) = apply_cap(&bytes, cap, total_bytes);
        Ok(decode(kept, truncation))
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
    if bytes.len() <= cap {
        return (bytes, None);
    }
    // Cut after the last line end before the cap, so no line is kept half.
    let kept_bytes = memchr::memrchr(b'\n', &bytes[..cap]).map_or(cap, |newline| newline + 1);
    let truncation = Truncation { kept_bytes, total_bytes };
    (&bytes[..kept_bytes], Some(truncation))
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
    Source { text, encoding, truncation }
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
    let body = if with_bom { &bytes[2..] } else { bytes };
    let units = body.chunks_exact(2).map(|pair| {
        let pair = [pair[0], pair[1]];
        if little_endian {
            u16::from_le_bytes(pair)
        } else {
            u16::from_be_bytes(pair)
        }
    });
    char::decode_utf16(units).map(|unit| unit.unwrap_or(char::REPLACEMENT_CHARACTER)).collect()
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
    fn cap_cuts_at_a_line_end() {
        let source = Source::from_bytes_capped(b"Disallow: /a\nDisallow: /b\n", 20);
        assert_eq!(source.text, "Disallow: /a\n");
        assert_eq!(source.truncation, Some(Truncation { kept_bytes: 13, total_bytes: Some(26) }));
    }

    #[test]
    fn reader_never_keeps_more_than_the_cap() {
        let big = vec![b'a'; 10_000];
        let source = Source::read(&big[..], 100, None).expect("reading from memory");
        assert_eq!(source.text.len(), 100);
        assert_eq!(source.truncation.map(|t| t.kept_bytes), Some(100));
    }
}
