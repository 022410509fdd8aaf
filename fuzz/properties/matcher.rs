//! The matcher for every dialect. The input is a robots.txt, optionally followed by a NUL
//! byte and then a robot's name and URLs, one a line; every URL is asked, and so are the
//! document's own paths (as written, with `*` filled in and `$` dropped, and one byte longer),
//! so that inputs seeded from real files reach their rules. Each verdict must agree with the
//! reason given for it.

use robolint::dialect::witness::concrete_url;
use robolint::dialect::{Dialect, Matcher, Reason};
use robolint::model::LineKind;
use robolint::source::Encoding;
use robolint::{parse, Source};

/// Panics where the property fails for `bytes`.
pub fn check(bytes: &[u8]) {
    let (document_bytes, query) = match memchr::memrchr(0, bytes) {
        Some(nul) => (&bytes[..nul], String::from_utf8_lossy(&bytes[nul + 1..]).into_owned()),
        None => (bytes, String::new()),
    };
    let source = Source::from_bytes(document_bytes);
    let document = parse::parse(&source);
    let mut query_lines = query.lines();
    let agent = query_lines.next().unwrap_or("Googlebot-News/2.1");
    let own_paths = document.access_rules().flat_map(|(_, _, field)| {
        let value = field.value.text(&source.text);
        [Some(value.to_string()), concrete_url(value), Some(format!("{value}x"))]
    });
    let urls: Vec<String> = query_lines
        .map(str::to_string)
        .chain(own_paths.flatten())
        .chain(["/", "/robots.txt", "https://example.com/robots.txt?x"].map(String::from))
        .collect();
    for dialect in Dialect::ALL {
        let matcher = Matcher::new(&document, &source.text, agent, dialect);
        for url in &urls {
            let verdict = matcher.allowed(url);
            match &verdict.reason {
                Reason::Rule(rule) => {
                    assert_eq!(verdict.allowed, rule.kind.allows(), "{dialect} {url:?}");
                    let line = &document.lines[rule.line];
                    assert_eq!(rule.span, line.span, "{dialect} {url:?}");
                    // Python splits lines where robolint does not (at a form feed, say): its
                    // deciding line is the one holding the rule, which may read as no field.
                    // Google reads keys by their start and trims more white space than the line
                    // grammar (`Disallow*: /`), so its rule may be on an invalid line (which
                    // invalid-line says); never on a blank or comment line. In UTF-16 input,
                    // which Google reads as bytes, its rule is where its bytes are, whatever
                    // the decoded line reads as.
                    let decided_by_field = match dialect {
                        Dialect::PythonRobotparser => true,
                        Dialect::Google if matches!(source.encoding, Encoding::Utf16 { .. }) => true,
                        Dialect::Google => matches!(line.kind, LineKind::Field(_) | LineKind::Invalid),
                        _ => line.field().is_some(),
                    };
                    assert!(decided_by_field, "{dialect} {url:?}: decided by a line with no field");
                    assert!(matcher.applies(), "{dialect} {url:?}: a rule decided but no record applies");
                }
                Reason::RobotsTxt => {
                    assert!(verdict.allowed && dialect != Dialect::Norobots1994, "{dialect} {url:?}");
                }
                Reason::NoRuleMatched | Reason::NoRecordApplies => assert!(verdict.allowed, "{dialect} {url:?}"),
            }
        }
    }
}
