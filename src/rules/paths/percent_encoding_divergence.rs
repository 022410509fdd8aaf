//! RL316: a rule path with %-escapes that robots match differently against the same path
//! written another way (`%7E` and `~`, `%3F` and `?`, `%c3` and `%C3`), shown by a witness
//! URL. A plain `~` is how RFC 3986 wants it written, so it alone is no finding.
//!
//! Non-ASCII paths are `non-ascii-path`'s, `%2F` is `encoded-slash`'s and broken escapes are
//! `invalid-percent-encoding`'s: each says there what robots do with them.

use crate::dialect::witness::{concrete_url, Divergence};
use crate::dialect::Dialect;
use crate::model::{Directive, Separator};
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let lines = cx.lines();
    let witnesses = cx.witnesses();
    for record in cx.doc.agent_records() {
        for line in record.governed_rules() {
            let Some(field) = lines[line].field() else { continue };
            let Some(directive) = field.directive else { continue };
            let value = cx.slice(field.value);
            // With `*` or `$` the robots already differ over the pattern (`glob-pattern`'s finding).
            let respellable = value.contains('%') && !value.contains(['*', '$']) && is_url_path(value);
            if !matches!(field.separator, Separator::Colon { .. })
                || !respellable
                || value.to_ascii_lowercase().contains("%2f")
            {
                continue;
            }
            if out.counted_already(None) {
                continue;
            }
            let candidates: Vec<String> = [decoded(value), hex_case_flipped(value)]
                .into_iter()
                .flatten()
                .filter_map(|url| concrete_url(&url))
                .filter(|url| url != value && is_url_path(url))
                .collect();
            // The 1994 standard knows no Allow, so only a Disallow shows its lack of decoding.
            let mut pairs = vec![(Dialect::Draft1996, Dialect::Rfc9309)];
            if directive == Directive::Disallow {
                pairs.push((Dialect::Norobots1994, Dialect::Draft1996));
            }
            // Google's parser decodes nothing: `%62` is not `b` to Google, as it is to RFC 9309.
            pairs.push((Dialect::Rfc9309, Dialect::Google));
            let found = pairs.into_iter().find_map(|pair| {
                let decided_by_line_for_one = |divergence: &Divergence| {
                    (divergence.deciding_line(pair.0) == Some(line)) != (divergence.deciding_line(pair.1) == Some(line))
                };
                witnesses.find_for_record(&record.agents, &candidates, pair, None, decided_by_line_for_one)
            });
            let Some(divergence) = found else { continue };
            let diagnostic = out
                .report(field.value, "robots disagree whether this path matches the same path written with other %-escapes")
                .help(
                    "the 1994 standard compares octets as written, the 1996 draft decodes every escape but `%2F`, RFC \
                     9309 robots decode only unreserved characters, Google decodes nothing; write unreserved characters (letters, digits, \
                     `-._~`) plainly and reserved ones as upper-case %-escapes, as RFC 3986 recommends",
                );
            diagnostic.attach_witness(&divergence);
        }
    }
}

/// Whether `text` could be the path (and query) of a URL a robot requests: only the
/// characters RFC 3986 allows there, and every `%` starting an escape.
fn is_url_path(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.iter().enumerate().all(|(at, &byte)| match byte {
        b'%' => bytes.get(at + 1..at + 3).is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit)),
        _ => byte.is_ascii_alphanumeric() || b"-._~:/?#[]@!$&'()*+,;=".contains(&byte),
    })
}

fn hex(byte: u8) -> Option<u8> {
    char::from(byte).to_digit(16).and_then(|digit| u8::try_from(digit).ok())
}

/// Every `%xx` escape decoded.
fn decoded(value: &str) -> Option<String> {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let escape =
            (bytes[at] == b'%').then(|| Some(hex(*bytes.get(at + 1)?)? * 16 + hex(*bytes.get(at + 2)?)?)).flatten();
        match escape {
            Some(octet) => {
                out.push(octet);
                at += 3;
            }
            None => {
                out.push(bytes[at]);
                at += 1;
            }
        }
    }
    String::from_utf8(out).ok().filter(|decoded| decoded != value)
}

/// The hex digits of every escape in the other case (`%c3%a9` ↔ `%C3%A9`).
fn hex_case_flipped(value: &str) -> Option<String> {
    let mut out = value.as_bytes().to_vec();
    let mut flipped = false;
    for at in memchr::memchr_iter(b'%', value.as_bytes()) {
        for digit in out.iter_mut().skip(at + 1).take(2).filter(|digit| digit.is_ascii_alphabetic()) {
            *digit = if digit.is_ascii_lowercase() { digit.to_ascii_uppercase() } else { digit.to_ascii_lowercase() };
            flipped = true;
        }
    }
    String::from_utf8(out).ok().filter(|_| flipped)
}
