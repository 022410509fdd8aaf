//! RL503: a rule path with %-escapes or non-ASCII characters that robots match differently
//! against the same path written another way (`%7E` and `~`, `%2F` and `/`, `é` and
//! `%C3%A9`), shown by a witness URL.

use crate::dialect::witness::{anonymous_robot, concrete_url, record_robots, Witnesses};
use crate::dialect::Dialect;
use crate::model::{Directive, Separator};
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_>, out: &mut Findings) {
    let lines = cx.lines();
    let doc = cx.doc;
    let mut witnesses = Witnesses::new(doc, cx.text);
    let mut anonymous: Option<String> = None;
    for record in doc.agent_records() {
        for line in record.governed_rules() {
            let Some(field) = lines[line].field() else { continue };
            let Some(directive) = field.directive else { continue };
            let value = cx.slice(field.value);
            if !matches!(field.separator, Separator::Colon { .. }) || !value.contains(|c: char| c == '%' || !c.is_ascii()) {
                continue;
            }
            let candidates: Vec<String> =
                [decoded(value), encoded(value), slashes_swapped(value)].into_iter().flatten().filter_map(|url| concrete_url(&url)).filter(|url| url != value).collect();
            if candidates.is_empty() {
                continue;
            }
            // The 1994 standard knows no Allow, so only a Disallow shows its lack of decoding.
            let mut pairs = vec![(Dialect::Draft1996, Dialect::Rfc9309)];
            if directive == Directive::Disallow {
                pairs.push((Dialect::Norobots1994, Dialect::Draft1996));
            }
            let anonymous = anonymous.get_or_insert_with(|| anonymous_robot(doc, cx.text));
            let robots = record_robots(doc, cx.text, &record.agents, anonymous);
            let found = pairs.iter().find_map(|&(a, b)| {
                robots.iter().find_map(|robot| {
                    witnesses
                        .find(robot, &candidates, (a, b), |divergence| {
                            (divergence.deciding_line(a) == Some(line)) != (divergence.deciding_line(b) == Some(line))
                        })
                        .map(|divergence| (divergence, a, b))
                })
            });
            let Some((divergence, a, b)) = found else { continue };
            let witness = divergence.describe(doc, cx.text, a, b);
            out.report(
                field.value,
                format!("robots disagree whether this path matches the same path written with other %-escapes: {witness}"),
            )
            .witness(divergence.witness(a, b))
            .help(
                "the 1994 standard compares octets as written, the 1996 draft decodes every escape but `%2F`, RFC 9309 \
                 decodes only unreserved characters; write unreserved characters plainly and other characters as \
                 %-escapes, as RFC 3986 recommends",
            );
        }
    }
}

fn hex(byte: u8) -> Option<u8> {
    char::from(byte).to_digit(16).and_then(|digit| u8::try_from(digit).ok())
}

/// Every valid `%xx` decoded, when the result is UTF-8.
fn decoded(value: &str) -> Option<String> {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let escape = (bytes[at] == b'%')
            .then(|| Some(hex(*bytes.get(at + 1)?)? * 16 + hex(*bytes.get(at + 2)?)?))
            .flatten();
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

/// Unreserved punctuation (`~`, `-`, `.`, `_`) and non-ASCII characters written as
/// %-escapes (upper-case hex, UTF-8).
fn encoded(value: &str) -> Option<String> {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        if matches!(c, '~' | '-' | '.' | '_') || !c.is_ascii() {
            let mut buffer = [0; 4];
            for byte in c.encode_utf8(&mut buffer).bytes() {
                out += &format!("%{byte:02X}");
            }
        } else {
            out.push(c);
        }
    }
    (out != value).then_some(out)
}

/// Each `/` after the first written `%2F`, and each `%2F` written `/`.
fn slashes_swapped(value: &str) -> Option<String> {
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    let mut first = true;
    while let Some(c) = rest.chars().next() {
        if rest.len() >= 3 && rest.as_bytes()[..3].eq_ignore_ascii_case(b"%2f") {
            out.push('/');
            rest = &rest[3..];
            continue;
        }
        if c == '/' && !first {
            out += "%2F";
        } else {
            out.push(c);
        }
        first = false;
        rest = &rest[c.len_utf8()..];
    }
    (out != value).then_some(out)
}
