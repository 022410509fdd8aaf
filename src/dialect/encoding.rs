//! How each dialect normalises %-escapes before it compares a rule's path with a URL's.
//!
//! Both sides of a comparison go through the same function, so a rule and a URL that spell
//! the same octets differently (`%7e`, `%7E`, `~`) compare equal where the dialect says so.

use std::borrow::Cow;

/// The value of one hexadecimal digit.
fn hex_value(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

/// The octet a `%xx` escape at `at` stands for, when `at` starts a valid escape.
fn escape_at(bytes: &[u8], at: usize) -> Option<u8> {
    if bytes.get(at) != Some(&b'%') {
        return None;
    }
    let high = hex_value(*bytes.get(at + 1)?)?;
    let low = hex_value(*bytes.get(at + 2)?)?;
    Some(high << 4 | low)
}

fn push_escape(out: &mut Vec<u8>, octet: u8) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.extend_from_slice(&[b'%', HEX[usize::from(octet >> 4)], HEX[usize::from(octet & 0xF)]]);
}

/// The octets the 1996 draft compares (§3.2.2): every `%xx` escape is decoded, except an
/// escaped `/`, which "has special meaning in a path" and stays `%2F` (in upper case, so
/// `%2f` and `%2F` still compare equal). Invalid escapes are kept as written.
pub fn draft_octets(value: &str) -> Cow<'_, [u8]> {
    let bytes = value.as_bytes();
    if memchr::memchr(b'%', bytes).is_none() {
        return Cow::Borrowed(bytes);
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        match escape_at(bytes, at) {
            Some(b'/') => push_escape(&mut out, b'/'),
            Some(octet) => out.push(octet),
            None => {
                out.push(bytes[at]);
                at += 1;
                continue;
            }
        }
        at += 3;
    }
    Cow::Owned(out)
}

/// RFC 3986 §2.3 unreserved characters: escaping them never changes a URI's meaning.
const UNRESERVED: u8 = 1;
/// RFC 3986 §2.2 reserved characters: escaped and unescaped forms mean different things.
const RESERVED: u8 = 2;
/// Octets a URL in RFC 9309 normal form holds as they are: the unreserved and reserved
/// characters but `*` and `$`, which act as wildcards in a rule and so are escaped in a URL.
const LITERAL_IN_URL: u8 = 4;

/// What each octet is to RFC 3986, looked up rather than compared: normalising a URL asks
/// it of every octet.
const OCTET_CLASSES: [u8; 256] = {
    let mut classes = [0; 256];
    let mut octet = 0;
    while octet < 256 {
        let byte = octet as u8;
        let unreserved = byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~');
        let reserved = matches!(
            byte,
            b':' | b'/'
                | b'?'
                | b'#'
                | b'['
                | b']'
                | b'@'
                | b'!'
                | b'$'
                | b'&'
                | b'\''
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b','
                | b';'
                | b'='
        );
        let mut class = 0;
        if unreserved {
            class |= UNRESERVED;
        }
        if reserved {
            class |= RESERVED;
        }
        if (unreserved || reserved) && byte != b'*' && byte != b'$' {
            class |= LITERAL_IN_URL;
        }
        classes[octet] = class;
        octet += 1;
    }
    classes
};

fn is(byte: u8, class: u8) -> bool {
    OCTET_CLASSES[usize::from(byte)] & class != 0
}

fn is_unreserved(byte: u8) -> bool {
    is(byte, UNRESERVED)
}

fn is_reserved(byte: u8) -> bool {
    is(byte, RESERVED)
}

/// RFC 9309 §2.2.2 normal form, the same for rules and URLs: escapes of unreserved ASCII
/// are decoded (`%62%61%7A` is `baz`); other escapes are kept, in upper case (`%2f` is
/// `%2F`, `%e3%83%84` is `%E3%83%84`); non-ASCII octets, controls and the ASCII characters
/// a URI may not hold literally (space, `"`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`, `}`)
/// are escaped as UTF-8 `%XX`. Reserved characters stay as written, which keeps a rule's
/// `*` and `$` special. The result is ASCII.
pub fn rfc9309_normal(value: &str) -> Cow<'_, str> {
    if value.bytes().all(|byte| is(byte, UNRESERVED | RESERVED)) {
        return Cow::Borrowed(value);
    }
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        if let Some(octet) = escape_at(bytes, at) {
            if is_unreserved(octet) {
                out.push(octet);
            } else {
                push_escape(&mut out, octet);
            }
            at += 3;
            continue;
        }
        let byte = bytes[at];
        if is_unreserved(byte) || is_reserved(byte) || byte == b'%' {
            out.push(byte);
        } else {
            push_escape(&mut out, byte);
        }
        at += 1;
    }
    // Every octet pushed above is ASCII.
    Cow::Owned(String::from_utf8(out).unwrap_or_default())
}

/// A URL's path and query in RFC 9309 normal form, with its literal `*` and `$` escaped
/// too: in a URL they are ordinary characters, and a rule writes them `%2A` and `%24`
/// (§2.2.3) so that they do not act as wildcards.
pub fn rfc9309_url_normal(value: &str) -> Cow<'_, str> {
    // Most URLs are already in normal form, which one look at each octet tells.
    if value.bytes().all(|byte| is(byte, LITERAL_IN_URL)) {
        return Cow::Borrowed(value);
    }
    let normal = rfc9309_normal(value);
    if !normal.contains(['*', '$']) {
        return normal;
    }
    Cow::Owned(normal.replace('*', "%2A").replace('$', "%24"))
}

/// RFC 9309 §2.2.2's first example (`/foo/bar?baz=https://foo.bar` is matched as
/// `/foo/bar?baz=https%3A%2F%2Ffoo.bar`): in the query, the general delimiters other than
/// `#` (`:`, `/`, `?`, `@`, `[`, `]`) delimit nothing (RFC 3986 §3.4 lets `/` and `?`
/// "represent data" there), so they are compared escaped, the same whether written as
/// they are or as `%XX`. The sub-delimiters (`&`, `=`, `+`, …) stay as written: queries use
/// them as separators, and `*` and `$` are a rule's wildcards. The path is left alone.
pub fn rfc9309_query_data_escaped(normal: Cow<'_, str>) -> Cow<'_, str> {
    let is_data_delimiter = |byte: u8| matches!(byte, b':' | b'/' | b'?' | b'@' | b'[' | b']');
    let Some(query) = normal.find('?').map(|mark| mark + 1) else { return normal };
    if !normal.as_bytes()[query..].iter().any(|&byte| is_data_delimiter(byte)) {
        return normal;
    }
    let mut out = Vec::with_capacity(normal.len() + 8);
    out.extend_from_slice(&normal.as_bytes()[..query]);
    for &byte in &normal.as_bytes()[query..] {
        if is_data_delimiter(byte) {
            push_escape(&mut out, byte);
        } else {
            out.push(byte);
        }
    }
    // The normal form is ASCII, and so is every escape.
    Cow::Owned(String::from_utf8(out).unwrap_or_default())
}

/// A rule's RFC 9309 normal form ready for `pattern::matches`: a `$` anywhere but at the
/// end is an ordinary character (as in Google's parser), written `%24` as URLs write theirs.
pub fn rfc9309_pattern_for_matching(normal: Cow<'_, str>) -> Vec<u8> {
    let body = normal.strip_suffix('$').unwrap_or(&normal);
    if memchr::memchr(b'$', body.as_bytes()).is_none() {
        // Nearly every pattern: its normal form as it is, copied at most once.
        return normal.into_owned().into_bytes();
    }
    let end = &normal[body.len()..];
    format!("{}{end}", body.replace('$', "%24")).into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draft_decodes_everything_but_slash() {
        assert_eq!(draft_octets("/%7ejoe/a%3Cd%2fb").as_ref(), b"/~joe/a<d%2Fb");
        assert_eq!(draft_octets("/100%").as_ref(), b"/100%");
        assert_eq!(draft_octets("/%zz%4").as_ref(), b"/%zz%4");
        assert_eq!(draft_octets("/%E9").as_ref(), [b'/', 0xE9]);
    }

    #[test]
    fn rfc9309_decodes_unreserved_and_encodes_the_rest() {
        assert_eq!(rfc9309_normal("/foo/bar/%62%61%7A"), "/foo/bar/baz");
        assert_eq!(rfc9309_normal("/foo/bar/ツ"), "/foo/bar/%E3%83%84");
        assert_eq!(rfc9309_normal("/foo/bar/%e3%83%84"), "/foo/bar/%E3%83%84");
        assert_eq!(rfc9309_normal("/a%2fb"), "/a%2Fb");
        assert_eq!(rfc9309_normal("/a b"), "/a%20b");
        assert_eq!(rfc9309_normal("/*.gif$"), "/*.gif$");
        assert_eq!(rfc9309_url_normal("/a*b$"), "/a%2Ab%24");
        assert_eq!(rfc9309_pattern_for_matching("/a$b$".into()), b"/a%24b$");
        assert_eq!(rfc9309_pattern_for_matching("/a$b".into()), b"/a%24b");
        assert_eq!(rfc9309_pattern_for_matching("/ab$".into()), b"/ab$");
        assert_eq!(rfc9309_query_data_escaped("/a/b?u=https://x/?y@z".into()), "/a/b?u=https%3A%2F%2Fx%2F%3Fy%40z");
        assert_eq!(rfc9309_query_data_escaped("/a:b/c?d=e&f=*$".into()), "/a:b/c?d=e&f=*$");
    }
}
