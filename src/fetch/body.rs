//! Reading a response body: remove the content coding (gzip, deflate) while reading, and
//! stop one byte past the size cap, so neither a large file nor a small compressed bomb
//! costs more memory than the cap. The same code reads the network and recordings.

use std::io::{self, BufRead, BufReader, Read};

use flate2::read::{DeflateDecoder, MultiGzDecoder, ZlibDecoder};

use super::headers::ContentCoding;

/// A response body as robolint read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Body {
    /// The body with its content coding removed, at most `cap` + 1 bytes: one more than the
    /// cap means the body went on and robolint stopped reading.
    pub bytes: Vec<u8>,
    /// The most robolint keeps (`--max-size`).
    pub cap: usize,
    /// The coding `Content-Encoding` declared, which robolint removed while reading.
    pub coding: ContentCoding,
    /// Why removing the content coding failed (corrupt data); the bytes decoded before
    /// that are kept.
    pub decoding_error: Option<String>,
}

impl Body {
    /// True when the body was longer than the cap and robolint stopped reading it.
    pub fn was_cut(&self) -> bool {
        self.bytes.len() > self.cap
    }
}

/// Reads `raw` (the body as it came off the connection) through the decoder its coding
/// needs. An `Err` is the connection failing, not the data being corrupt.
pub(crate) fn read_body(raw: impl Read, coding: ContentCoding, cap: usize) -> io::Result<Body> {
    let mut connection = ConnectionReader { inner: raw, bytes_read: 0, failure: None };
    // Saturating: a cap of u64::MAX bytes (`--max-size 18446744073709551615`) means no cap,
    // not a limit wrapped round to nothing.
    let limit = (cap as u64).saturating_add(1);
    let mut bytes = Vec::with_capacity(cap.min(64 * 1024));
    let decoded = match &coding {
        ContentCoding::Identity | ContentCoding::Unsupported(_) => {
            (&mut connection).take(limit).read_to_end(&mut bytes)
        }
        ContentCoding::Gzip => MultiGzDecoder::new(&mut connection).take(limit).read_to_end(&mut bytes),
        ContentCoding::Deflate => {
            let mut buffered = BufReader::new(&mut connection);
            match buffered.fill_buf() {
                Ok(start) if is_zlib_header(start) => ZlibDecoder::new(buffered).take(limit).read_to_end(&mut bytes),
                Ok(_) => DeflateDecoder::new(buffered).take(limit).read_to_end(&mut bytes),
                Err(error) => Err(error),
            }
        }
    };
    if let Some(failure) = connection.failure {
        return Err(failure);
    }
    // An empty body with a Content-Encoding header (as some servers send for 204 or HEAD)
    // holds nothing to decode.
    let decoding_error = decoded.err().filter(|_| connection.bytes_read > 0).map(|error| error.to_string());
    Ok(Body { bytes, cap, coding, decoding_error })
}

/// RFC 1950 §2.2: compression method 8 and a header checksum that is a multiple of 31.
fn is_zlib_header(start: &[u8]) -> bool {
    match start {
        [cmf, flg, ..] => cmf & 0x0F == 8 && (u16::from(*cmf) * 256 + u16::from(*flg)) % 31 == 0,
        _ => false,
    }
}

/// The raw body reader, remembering a failure of the connection itself so it is not
/// mistaken for corrupt compressed data once a decoder has wrapped it.
struct ConnectionReader<R> {
    inner: R,
    bytes_read: u64,
    failure: Option<io::Error>,
}

impl<R: Read> Read for ConnectionReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.inner.read(buf) {
            Ok(count) => {
                self.bytes_read += count as u64;
                Ok(count)
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => Err(error),
            Err(error) => {
                let kind = error.kind();
                self.failure = Some(error);
                Err(io::Error::new(kind, "the connection failed"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use flate2::write::{DeflateEncoder, GzEncoder, ZlibEncoder};
    use flate2::Compression;

    use super::*;

    const TEXT: &[u8] = b"User-agent: *\nDisallow: /private/\n";

    /// `data` through an encoder, finished by `finish` (each encoder has its own).
    fn encoded<W: Write>(data: &[u8], mut encoder: W, finish: impl FnOnce(W) -> io::Result<Vec<u8>>) -> Vec<u8> {
        encoder.write_all(data).expect("compressing in memory");
        finish(encoder).expect("compressing in memory")
    }

    fn gzip(data: &[u8]) -> Vec<u8> {
        encoded(data, GzEncoder::new(Vec::new(), Compression::default()), GzEncoder::finish)
    }

    #[test]
    fn identity_is_read_up_to_one_past_the_cap() {
        let body = read_body(&[b'a'; 100][..], ContentCoding::Identity, 10).expect("memory");
        assert_eq!(body.bytes.len(), 11);
        assert!(body.was_cut());
    }

    #[test]
    fn gzip_and_both_deflates_decode() {
        let zlib = encoded(TEXT, ZlibEncoder::new(Vec::new(), Compression::default()), ZlibEncoder::finish);
        let raw_deflate =
            encoded(TEXT, DeflateEncoder::new(Vec::new(), Compression::default()), DeflateEncoder::finish);
        for (coding, data) in
            [(ContentCoding::Gzip, gzip(TEXT)), (ContentCoding::Deflate, zlib), (ContentCoding::Deflate, raw_deflate)]
        {
            let body = read_body(&data[..], coding.clone(), 1000).expect("memory");
            assert_eq!((body.bytes.as_slice(), body.decoding_error), (TEXT, None), "{coding:?}");
        }
    }

    #[test]
    fn the_cap_applies_to_the_decoded_bytes() {
        let bomb = gzip(&vec![b'\n'; 1_000_000]);
        assert!(bomb.len() < 10_000);
        let body = read_body(&bomb[..], ContentCoding::Gzip, 1000).expect("memory");
        assert_eq!(body.bytes.len(), 1001);
        assert_eq!(body.decoding_error, None);
    }

    #[test]
    fn corrupt_data_is_a_decoding_error_not_a_failure() {
        let body = read_body(&b"this is not gzip"[..], ContentCoding::Gzip, 1000).expect("memory");
        assert!(body.decoding_error.is_some());
        let empty = read_body(&b""[..], ContentCoding::Gzip, 1000).expect("memory");
        assert_eq!(empty.decoding_error, None);
    }

    #[test]
    fn a_failing_connection_is_an_error() {
        struct Broken;
        impl Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::new(io::ErrorKind::TimedOut, "too slow"))
            }
        }
        for coding in [ContentCoding::Identity, ContentCoding::Gzip, ContentCoding::Deflate] {
            let error = read_body(Broken, coding, 1000).expect_err("the connection failed");
            assert_eq!(error.kind(), io::ErrorKind::TimedOut);
        }
    }
}
