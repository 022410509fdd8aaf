//! Response headers as received, and the two of them that decide how the body is read:
//! `Content-Type` (media type and charset) and `Content-Encoding`.

/// Header fields in the order they arrived; names compare case-insensitively.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Headers(Vec<(String, String)>);

impl Headers {
    /// Headers from `(name, value)` pairs, kept in the order given.
    pub fn new(fields: Vec<(String, String)>) -> Headers {
        Headers(fields)
    }

    /// The first value of a field.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.iter().find(|(field, _)| field.eq_ignore_ascii_case(name)).map(|(_, value)| value.trim())
    }

    /// Every value of a field joined by `, `, the way HTTP combines repeated list fields
    /// (RFC 9110 §5.3), or `None` when the field is absent.
    pub fn combined(&self, name: &str) -> Option<String> {
        let values: Vec<&str> = self
            .0
            .iter()
            .filter(|(field, _)| field.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.trim())
            .collect();
        (!values.is_empty()).then(|| values.join(", "))
    }

    /// `Content-Length`, when present and a number.
    pub fn content_length(&self) -> Option<u64> {
        self.get("content-length")?.parse().ok()
    }

    /// `Content-Type`, parsed, when present.
    pub fn media_type(&self) -> Option<MediaType> {
        self.get("content-type").map(MediaType::parse)
    }
}

/// A `Content-Type` value: `type/subtype` and its charset parameter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaType {
    /// `type/subtype` in lower case, as written otherwise (may be malformed).
    pub essence: String,
    /// The charset parameter without quotes, as written.
    pub charset: Option<String>,
}

impl MediaType {
    /// Reads a `Content-Type` value. Never fails: a malformed essence is kept as written.
    pub fn parse(value: &str) -> MediaType {
        let mut parts = value.split(';');
        let essence = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
        let charset = parts.find_map(|parameter| {
            let (name, value) = parameter.split_once('=')?;
            name.trim().eq_ignore_ascii_case("charset").then(|| value.trim().trim_matches('"').to_string())
        });
        MediaType { essence, charset }
    }

    /// Whether the essence is `text/plain`: the type the 1996 draft and RFC 9309 give robots.txt.
    pub fn is_text_plain(&self) -> bool {
        self.essence == "text/plain"
    }
}

/// How robolint reads a body with a declared charset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Charset {
    /// UTF-8, what RFC 9309 requires (and what robolint assumes without a declaration).
    Utf8,
    /// windows-1252, which the web also uses for the ISO-8859-1 and US-ASCII labels
    /// (WHATWG Encoding Standard): robolint decodes it.
    Windows1252,
    /// Any other label: robolint reads the bytes as UTF-8 and says so.
    Other(String),
}

impl Charset {
    /// The WHATWG labels of UTF-8 and windows-1252; anything else is `Other`.
    pub fn from_label(label: &str) -> Charset {
        const UTF_8: &[&str] =
            &["utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"];
        const WINDOWS_1252: &[&str] = &[
            "windows-1252",
            "ansi_x3.4-1968",
            "ascii",
            "cp1252",
            "cp819",
            "csisolatin1",
            "ibm819",
            "iso-8859-1",
            "iso-ir-100",
            "iso8859-1",
            "iso88591",
            "iso_8859-1",
            "iso_8859-1:1987",
            "l1",
            "latin1",
            "us-ascii",
            "x-cp1252",
        ];
        let lower = label.trim().to_ascii_lowercase();
        if UTF_8.contains(&lower.as_str()) {
            Charset::Utf8
        } else if WINDOWS_1252.contains(&lower.as_str()) {
            Charset::Windows1252
        } else {
            Charset::Other(label.trim().to_string())
        }
    }
}

/// A `Content-Encoding` value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ContentCoding {
    /// No coding: the body is sent as is. Also for no `Content-Encoding` header.
    Identity,
    /// `gzip` or `x-gzip`.
    Gzip,
    /// HTTP's `deflate` is zlib-wrapped (RFC 9110 §8.4.1.2); some servers send raw deflate,
    /// which robolint also reads.
    Deflate,
    /// A coding robolint does not decode (`br`, `compress`, `zstd`, several stacked), as
    /// written.
    Unsupported(String),
}

impl ContentCoding {
    /// The coding a `Content-Encoding` value names; `None` means no header.
    pub fn from_header(value: Option<&str>) -> ContentCoding {
        let Some(value) = value else { return ContentCoding::Identity };
        let codings: Vec<String> = value
            .split(',')
            .map(|coding| coding.trim().to_ascii_lowercase())
            .filter(|coding| !coding.is_empty() && coding != "identity")
            .collect();
        match codings.as_slice() {
            [] => ContentCoding::Identity,
            [one] if one == "gzip" || one == "x-gzip" => ContentCoding::Gzip,
            [one] if one == "deflate" => ContentCoding::Deflate,
            _ => ContentCoding::Unsupported(value.trim().to_string()),
        }
    }

    /// The coding's name, as in `gzip`; an unsupported one as written.
    pub fn name(&self) -> &str {
        match self {
            ContentCoding::Identity => "identity",
            ContentCoding::Gzip => "gzip",
            ContentCoding::Deflate => "deflate",
            ContentCoding::Unsupported(value) => value,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(fields: &[(&str, &str)]) -> Headers {
        Headers::new(fields.iter().map(|(name, value)| (name.to_string(), value.to_string())).collect())
    }

    #[test]
    fn names_are_case_insensitive_and_lists_combine() {
        let headers =
            headers(&[("Cache-Control", "public"), ("content-type", "text/plain"), ("cache-control", "max-age=60")]);
        assert_eq!(headers.get("CONTENT-TYPE"), Some("text/plain"));
        assert_eq!(headers.combined("cache-control").as_deref(), Some("public, max-age=60"));
        assert_eq!(headers.combined("expires"), None);
    }

    #[test]
    fn media_types_and_charsets() {
        let parsed = MediaType::parse("Text/Plain; Charset=\"ISO-8859-1\"");
        assert!(parsed.is_text_plain());
        assert_eq!(parsed.charset.as_deref(), Some("ISO-8859-1"));
        assert_eq!(Charset::from_label("ISO-8859-1"), Charset::Windows1252);
        assert_eq!(Charset::from_label("UTF-8"), Charset::Utf8);
        assert_eq!(Charset::from_label("shift_jis"), Charset::Other("shift_jis".into()));
        assert_eq!(MediaType::parse("text/html").charset, None);
    }

    #[test]
    fn content_codings() {
        assert_eq!(ContentCoding::from_header(None), ContentCoding::Identity);
        assert_eq!(ContentCoding::from_header(Some("GZIP")), ContentCoding::Gzip);
        assert_eq!(ContentCoding::from_header(Some("identity, deflate")), ContentCoding::Deflate);
        assert_eq!(ContentCoding::from_header(Some("br")), ContentCoding::Unsupported("br".into()));
        assert_eq!(ContentCoding::from_header(Some("gzip, br")), ContentCoding::Unsupported("gzip, br".into()));
    }
}
