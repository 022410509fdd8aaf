//! RFC 9309, sentence by sentence: one test per testable normative sentence of §2 (and of
//! §3 where a linter can hold to it), each quoting its sentence, plus every example of the
//! RFC's own tables and of §5. The `rfc9309` dialect's `Matcher` answers for the robots; the
//! linter's `http` rules, fed recorded answers, answer for fetching. docs/rfc9309.md lists
//! every sentence with its test, and those robolint cannot test with the reason.

use robolint::diagnostic::Diagnostic;
use robolint::dialect::{Dialect, Matcher, Reason, RuleKind, Verdict};
use robolint::fetch::{recorded, FetchOutcome, HttpUrl, DEFAULT_MAX_SIZE, MAX_REDIRECTS};
use robolint::parse::{parse, parse_text};
use robolint::source::DEFAULT_SIZE_CAP;
use robolint::{lint, lint_fetched, Report, Settings, Source};

fn matcher(text: &str, robot: &str) -> Matcher {
    Matcher::new(&parse_text(text), text, robot, Dialect::Rfc9309)
}

fn verdict(text: &str, robot: &str, url: &str) -> Verdict {
    matcher(text, robot).allowed(url)
}

fn allowed(text: &str, robot: &str, url: &str) -> bool {
    verdict(text, robot, url).allowed
}

/// The 1-based number of the line that decided, if a line did.
fn deciding_line(text: &str, robot: &str, url: &str) -> Option<usize> {
    verdict(text, robot, url).reason.rule().map(|rule| rule.line + 1)
}

/// A group for every robot with one rule, `Disallow: {path}`.
fn disallow(path: &str) -> String {
    format!("User-agent: *\nDisallow: {path}\n")
}

fn replay(recording: &str) -> FetchOutcome {
    match recorded::replay(recording.as_bytes()) {
        Ok(outcome) => outcome,
        Err(problem) => panic!("a malformed recording in this test: {problem}"),
    }
}

/// A finding's rule and words, as a reader gets them.
struct Finding {
    name: &'static str,
    message: String,
    help: Option<String>,
}

fn written(report: Report) -> Vec<Finding> {
    let text = report.source.text.as_str();
    let words = |diagnostic: &Diagnostic| Finding {
        name: diagnostic.name,
        message: diagnostic.message.render(text).into_owned(),
        help: diagnostic.help.as_ref().map(|help| help.render(text).into_owned()),
    };
    report.diagnostics.iter().map(words).collect()
}

fn fetched_findings(recording: &str) -> Vec<Finding> {
    written(lint_fetched(&replay(recording), &Settings::default()))
}

fn findings(bytes: &[u8]) -> Vec<Finding> {
    written(lint(Source::from_bytes(bytes), None, &Settings::default()))
}

/// The message of the one finding named `name`.
fn message_of<'d>(findings: &'d [Finding], name: &str) -> &'d str {
    let mut named = findings.iter().filter(|finding| finding.name == name);
    match (named.next(), named.next()) {
        (Some(finding), None) => &finding.message,
        _ => panic!("expected one `{name}` finding among {:?}", findings.iter().map(|f| f.name).collect::<Vec<_>>()),
    }
}

fn has(findings: &[Finding], name: &str) -> bool {
    findings.iter().any(|finding| finding.name == name)
}

/// A 200 answer from `https://example.com/robots.txt` with `body`.
fn ok_response(body: &str) -> String {
    format!("GET https://example.com/robots.txt\n\nHTTP/1.1 200 OK\nContent-Type: text/plain\n\n{body}")
}

/// A recorded fetch answered `status_line` with an empty body.
fn status_response(status_line: &str) -> String {
    format!("GET https://example.com/robots.txt\n\nHTTP/1.1 {status_line}\nContent-Type: text/plain\n\n")
}

/// The robots.txt text a fetch leaves to robots, and what the `rfc9309` dialect makes of it.
fn fetched_matcher(outcome: &FetchOutcome, robot: &str) -> Matcher {
    let source = outcome.source().expect("a body robots read");
    Matcher::new(&parse(&source), &source.text, robot, Dialect::Rfc9309)
}

// ---------------------------------------------------------------------------------------
// §2.1 Protocol definition

/// §2.1: "Group: One or more user-agent lines that are followed by one or more rules."
#[test]
fn s2_1_consecutive_user_agent_lines_share_their_rules() {
    let text = "User-agent: a\nUser-agent: b\nDisallow: /x\n";
    for robot in ["a", "b"] {
        assert_eq!(deciding_line(text, robot, "/x"), Some(3), "{robot}");
    }
    assert!(allowed(text, "c", "/x"));
}

/// §2.1: "The group is terminated by a user-agent line or end of file."
#[test]
fn s2_1_a_user_agent_line_after_rules_starts_another_group() {
    let text = "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y\n";
    assert!(!allowed(text, "a", "/x"));
    assert!(allowed(text, "a", "/y"), "b's rule is not a's");
    assert!(allowed(text, "b", "/x"));
    assert!(!allowed(text, "b", "/y"));
}

/// §2.1 and the ABNF's `*(rule / emptyline)`: blank lines do not end a group (unlike the
/// 1996 draft's records).
#[test]
fn s2_1_blank_lines_do_not_end_a_group() {
    let text = "User-agent: a\n\nDisallow: /x\n\n\nAllow: /x/y\n";
    assert_eq!(deciding_line(text, "a", "/x/z"), Some(3));
    assert_eq!(deciding_line(text, "a", "/x/y"), Some(6));
}

/// §2.1: "The last group may have no rules, which means it implicitly allows everything."
#[test]
fn s2_1_a_last_group_without_rules_allows_everything() {
    let text = "User-agent: *\nDisallow: /\n\nUser-agent: quxbot\n";
    assert_eq!(verdict(text, "quxbot", "/anything").reason, Reason::NoRuleMatched);
    assert!(allowed(text, "quxbot", "/"));
    assert!(!allowed(text, "otherbot", "/anything"));
}

// ---------------------------------------------------------------------------------------
// §2.2 Formal syntax

/// §2.2: "user-agent", "allow" and "disallow" are ABNF literals, which RFC 5234 §2.3 makes
/// case-insensitive.
#[test]
fn s2_2_field_names_are_case_insensitive() {
    let text = "USER-AGENT: a\nDISALLOW: /x\nallow: /x/y\nuSeR-aGeNt: b\ndIsAlLoW: /z\n";
    assert_eq!(deciding_line(text, "a", "/x"), Some(2));
    assert_eq!(deciding_line(text, "a", "/x/y"), Some(3));
    assert_eq!(deciding_line(text, "b", "/z"), Some(5));
}

/// §2.2: `rule = *WS ("allow" / "disallow") *WS ":" *WS (path-pattern / empty-pattern) EOL`:
/// whitespace may stand before the name, around the colon and after the value.
#[test]
fn s2_2_whitespace_around_the_colon_is_allowed() {
    let text = " \tUser-agent \t: \ta\n\tDisallow\t:\t/x \t\n  Allow :/x/y\n";
    assert_eq!(deciding_line(text, "a", "/x"), Some(2));
    assert_eq!(deciding_line(text, "a", "/x/y"), Some(3));
}

/// §2.2: the colon is part of `startgroupline` and `rule`, so a line without one is neither
/// (Google reads `Disallow /x`; RFC 9309 does not).
#[test]
fn s2_2_a_line_without_a_colon_is_not_a_rule() {
    let text = "User-agent: *\nDisallow /x\nUser-agent a\nDisallow: /y\n";
    assert!(allowed(text, "r", "/x"));
    // `User-agent a` is no user-agent line, so `Disallow: /y` stays in the `*` group.
    assert_eq!(deciding_line(text, "r", "/y"), Some(4));
    assert_eq!(deciding_line(text, "a", "/y"), Some(4), "`a` is not named, so the `*` group applies");
}

/// §2.2: `NL = %x0D / %x0A / %x0D.0A`: lines may end in CR, LF or CR LF.
#[test]
fn s2_2_every_line_end_ends_a_line() {
    for end in ["\n", "\r", "\r\n"] {
        let text = ["User-agent: a", "Disallow: /x", "Allow: /x/y", ""].join(end);
        assert_eq!(deciding_line(&text, "a", "/x"), Some(2), "{end:?}");
        assert_eq!(deciding_line(&text, "a", "/x/y"), Some(3), "{end:?}");
    }
}

/// §2.2: `empty-pattern = *WS`: an empty Disallow (or Allow) matches nothing.
#[test]
fn s2_2_an_empty_pattern_matches_nothing() {
    let text = "User-agent: *\nDisallow:\nAllow: \n";
    assert_eq!(verdict(text, "r", "/").reason, Reason::NoRuleMatched);
    assert_eq!(verdict(text, "r", "/any/thing").reason, Reason::NoRuleMatched);
}

// ---------------------------------------------------------------------------------------
// §2.2.1 The user-agent line

/// §2.2.1: "The product token MUST contain only uppercase and lowercase letters ("a-z" and
/// "A-Z"), underscores ("_"), and hyphens ("-")." A User-agent value that is anything else
/// (`FooBot/1.0`, `foo bot`) is no product token and names no robot.
#[test]
fn s2_2_1_a_product_token_is_letters_underscores_and_hyphens() {
    let text = "User-agent: Foo_Bar-Bot\nDisallow: /a\n\nUser-agent: BazBot/1.0\nDisallow: /b\n\nUser-agent: qux bot\nDisallow: /c\n\nUser-agent: bot2\nDisallow: /d\n";
    assert!(!allowed(text, "foo_bar-bot", "/a"));
    assert_eq!(verdict(text, "bazbot", "/b").reason, Reason::NoRecordApplies);
    assert_eq!(verdict(text, "qux", "/c").reason, Reason::NoRecordApplies);
    assert_eq!(verdict(text, "bot", "/d").reason, Reason::NoRecordApplies);
    // The line still ends the group before it: BazBot's rule is not Foo_Bar-Bot's.
    assert!(allowed(text, "foo_bar-bot", "/b"));
}

/// §2.2.1: "The product token SHOULD be a substring of the identification string that the
/// crawler sends to the service." A matcher built from a User-agent header takes the token it
/// starts with.
#[test]
fn s2_2_1_the_robot_is_named_by_the_token_its_header_starts_with() {
    let text = "User-agent: ExampleBot\nDisallow: /x\n";
    let from_header = matcher(text, "ExampleBot/0.1 (+https://www.example.com/bot.html)");
    assert_eq!(from_header.robot(), "examplebot");
    assert!(!from_header.allowed("/x").allowed);
}

/// §2.2.1: "Crawlers MUST use case-insensitive matching to find the group that matches the
/// product token and then obey the rules of the group."
#[test]
fn s2_2_1_groups_are_found_case_insensitively() {
    let text = "User-agent: *\nAllow: /\n\nUser-agent: FOOBOT\nDisallow: /x\n";
    for robot in ["foobot", "FooBot", "FOOBOT", "fOObOT/2.0"] {
        assert_eq!(deciding_line(text, robot, "/x"), Some(5), "{robot}");
    }
    // The token as a whole, not a prefix or a part of it.
    assert_eq!(deciding_line(text, "foo", "/x"), Some(2));
    assert_eq!(deciding_line(text, "foobot-news", "/x"), Some(2));
}

/// §2.2.1: "If there is more than one group matching the user-agent, the matching groups'
/// rules MUST be combined into one group" (the RFC's ExampleBot example).
#[test]
fn s2_2_1_groups_for_the_same_robot_are_combined() {
    let text = "user-agent: ExampleBot\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: ExampleBot\ndisallow: /baz\n";
    for (url, line) in [("/foo", 2), ("/bar", 3), ("/baz", 6)] {
        assert_eq!(deciding_line(text, "ExampleBot", url), Some(line), "{url}");
    }
    assert_eq!(matcher(text, "examplebot").agent_lines(), [0, 4]);
    // Combined rules are "parsed according to Section 2.2.2": the longest match across groups.
    let text = "User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /\n\nUser-agent: a\nAllow: /x/y\n";
    assert_eq!(deciding_line(text, "a", "/x/y/z"), Some(8));
}

/// §2.2.1: "If no matching group exists, crawlers MUST obey the group with a user-agent line
/// with the "*" value, if present." (the RFC's BazBot example, for another robot).
#[test]
fn s2_2_1_the_star_group_applies_when_no_group_names_the_robot() {
    let text = "user-agent: *\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: BazBot\ndisallow: /baz\n";
    assert_eq!(deciding_line(text, "ExampleBot", "/foo"), Some(2));
    assert_eq!(deciding_line(text, "ExampleBot", "/bar"), Some(3));
    assert!(allowed(text, "ExampleBot", "/baz"));
    // A robot with a group of its own does not obey `*` as well.
    assert!(allowed(text, "BazBot", "/foo"));
    assert!(!allowed(text, "BazBot", "/baz"));
    // Every `*` group is obeyed, combined.
    let text = "User-agent: *\nDisallow: /a\n\nUser-agent: x\nDisallow: /\n\nUser-agent: *\nDisallow: /b\n";
    assert_eq!(deciding_line(text, "r", "/a"), Some(2));
    assert_eq!(deciding_line(text, "r", "/b"), Some(8));
    // The value `*`, not one that starts with it.
    assert_eq!(verdict("User-agent: *bot\nDisallow: /\n", "r", "/").reason, Reason::NoRecordApplies);
    assert_eq!(verdict("User-agent: * bot\nDisallow: /\n", "r", "/").reason, Reason::NoRecordApplies);
}

/// §2.2.1: "If no group matches the product token and there is no group with a user-agent
/// line with the "*" value, or no groups are present at all, no rules apply."
#[test]
fn s2_2_1_without_a_matching_or_star_group_no_rules_apply() {
    for text in ["User-agent: a\nDisallow: /\n", "", "# nothing\nSitemap: https://example.com/s.xml\n"] {
        assert_eq!(verdict(text, "b", "/x").reason, Reason::NoRecordApplies, "{text:?}");
        assert!(!matcher(text, "b").applies());
    }
}

// ---------------------------------------------------------------------------------------
// §2.2.2 The Allow and Disallow lines

/// §2.2.2: "a crawler MUST match the paths in "allow" and "disallow" rules against the URI"
/// (its path and query, whether given alone or in the whole URI).
#[test]
fn s2_2_2_rules_are_matched_against_the_uri() {
    let text = "User-agent: *\nDisallow: /private\nAllow: /private/open\nDisallow: /search?q=\n";
    assert_eq!(
        verdict(text, "r", "https://example.com/private/x").reason.rule().map(|rule| rule.kind),
        Some(RuleKind::Disallow)
    );
    assert_eq!(
        verdict(text, "r", "https://example.com/private/open/x").reason.rule().map(|rule| rule.kind),
        Some(RuleKind::Allow)
    );
    assert!(!allowed(text, "r", "https://example.com/search?q=cats"));
    assert!(allowed(text, "r", "https://example.com/search"));
}

/// §2.2.2: "The matching SHOULD be case sensitive." robolint takes the SHOULD.
#[test]
fn s2_2_2_matching_is_case_sensitive() {
    let text = disallow("/Private");
    assert!(!allowed(&text, "r", "/Private/x"));
    assert!(allowed(&text, "r", "/private/x"));
    assert!(allowed(&text, "r", "/PRIVATE/x"));
}

/// §2.2.2: "The matching MUST start with the first octet of the path."
#[test]
fn s2_2_2_matching_starts_with_the_first_octet() {
    let text = disallow("/b");
    assert!(!allowed(&text, "r", "/b/c"));
    assert!(allowed(&text, "r", "/a/b"));
    assert!(allowed(&text, "r", "/ab"));
}

/// §2.2.2: "The most specific match found MUST be used. The most specific match is the match
/// that has the most octets." File order does not matter.
#[test]
fn s2_2_2_the_match_with_the_most_octets_is_used() {
    for text in ["User-agent: *\nAllow: /a/b\nDisallow: /a\n", "User-agent: *\nDisallow: /a\nAllow: /a/b\n"] {
        assert!(allowed(text, "r", "/a/b/c"), "{text:?}");
        assert!(!allowed(text, "r", "/a/c"), "{text:?}");
    }
    // Octets of the pattern, wildcards included: `/a/*` (4) beats `/a/` (3).
    let text = "User-agent: *\nDisallow: /a/\nAllow: /a/*\n";
    assert_eq!(deciding_line(text, "r", "/a/x"), Some(3));
}

/// §2.2.2: "Duplicate rules in a group MAY be deduplicated." Whether they are or not, a
/// duplicate changes no answer: robolint keeps them and the first in the file decides.
#[test]
fn s2_2_2_duplicate_rules_change_no_answer() {
    let once = "User-agent: *\nDisallow: /a\nAllow: /a/b\n";
    let twice = "User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow: /a\nAllow: /a/b\n";
    for url in ["/a", "/a/b", "/a/c", "/b"] {
        assert_eq!(allowed(once, "r", url), allowed(twice, "r", url), "{url}");
        assert_eq!(deciding_line(once, "r", url), deciding_line(twice, "r", url), "{url}");
    }
}

/// §2.2.2: "If an "allow" rule and a "disallow" rule are equivalent, then the "allow" rule
/// SHOULD be used." robolint takes the SHOULD, whatever the order and spelling.
#[test]
fn s2_2_2_allow_wins_a_tie() {
    for text in [
        "User-agent: *\nAllow: /page\nDisallow: /page\n",
        "User-agent: *\nDisallow: /page\nAllow: /page\n",
        "User-agent: *\nDisallow: /%70age\nAllow: /page\n",
        "User-agent: *\nDisallow: /*.html\nAllow: /p*html\n",
    ] {
        let decided = verdict(text, "r", "/page.html");
        assert!(decided.allowed, "{text:?}");
        assert_eq!(decided.reason.rule().map(|rule| rule.kind), Some(RuleKind::Allow), "{text:?}");
    }
}

/// §2.2.2: "If no match is found amongst the rules in a group for a matching user-agent or
/// there are no rules in the group, the URI is allowed."
#[test]
fn s2_2_2_a_uri_no_rule_matches_is_allowed() {
    let text = "User-agent: a\nDisallow: /x\n\nUser-agent: b\n";
    assert_eq!(verdict(text, "a", "/y"), Verdict { allowed: true, reason: Reason::NoRuleMatched });
    assert_eq!(verdict(text, "b", "/x"), Verdict { allowed: true, reason: Reason::NoRuleMatched });
}

/// §2.2.2: "The /robots.txt URI is implicitly allowed." Only that URI: with a query it is
/// another one.
#[test]
fn s2_2_2_robots_txt_is_implicitly_allowed() {
    let text = "User-agent: *\nDisallow: /\n";
    for url in ["/robots.txt", "https://example.com/robots.txt", "/%72obots.txt"] {
        assert_eq!(verdict(text, "r", url), Verdict { allowed: true, reason: Reason::RobotsTxt }, "{url}");
    }
    for url in ["/robots.txt?x=1", "/ROBOTS.TXT", "/robots.txt/x", "/dir/robots.txt"] {
        assert!(!allowed(text, "r", url), "{url}");
    }
}

/// §2.2.2: "Octets in the URI and robots.txt paths outside the range of the ASCII coded
/// character set [...] MUST be percent-encoded [...] prior to comparison." Either side may
/// spell them raw or escaped, in either case of hex digit.
#[test]
fn s2_2_2_non_ascii_octets_are_compared_percent_encoded() {
    for rule in ["/ツ", "/%E3%83%84", "/%e3%83%84"] {
        for url in ["/ツ/x", "/%E3%83%84/x", "/%e3%83%84/x"] {
            assert!(!allowed(&disallow(rule), "r", url), "{rule} {url}");
        }
    }
    // Octet by octet: a rule holding the first octets of a character matches it.
    assert!(!allowed(&disallow("/%E3%83"), "r", "/ツ"));
    assert!(allowed(&disallow("/é"), "r", "/e"));
}

/// §2.2.2: "[octets] in the reserved range defined by [RFC3986] MUST be percent-encoded" —
/// as the section's first example shows, reserved characters that are data (`:` and `/`
/// in a query value) compare equal to their escapes, while those that delimit (the path's
/// `/`, the `?`, `=` and `&`) stay what they are.
#[test]
fn s2_2_2_reserved_octets_used_as_data_in_the_query_are_percent_encoded() {
    for rule in ["/q?u=https://a.b/c", "/q?u=https%3A%2F%2Fa.b%2Fc", "/q?u=https%3a%2f%2fa.b%2fc"] {
        for url in ["/q?u=https://a.b/c", "/q?u=https%3A%2F%2Fa.b%2Fc"] {
            assert!(!allowed(&disallow(rule), "r", url), "{rule} {url}");
        }
    }
    // The path's `/` and the query's separators are not data.
    assert!(allowed(&disallow("/a%2Fb"), "r", "/a/b"));
    assert!(allowed(&disallow("/a/b"), "r", "/a%2Fb"));
    assert!(allowed(&disallow("/q%3Fx"), "r", "/q?x"));
    assert!(allowed(&disallow("/q?a=1%26b=2"), "r", "/q?a=1&b=2"));
    assert!(allowed(&disallow("/q?a%3D1"), "r", "/q?a=1"));
}

/// §2.2.2: "If a percent-encoded ASCII octet is encountered in the URI, it MUST be unencoded
/// prior to comparison, unless it is a reserved character in the URI [...] or the character
/// is outside the unreserved character range."
#[test]
fn s2_2_2_escaped_unreserved_octets_are_decoded() {
    for (rule, url) in
        [("/~joe", "/%7Ejoe/"), ("/%7ejoe", "/~joe/"), ("/a-b_c.d", "/a%2Db%5Fc%2Ed"), ("/baz", "/%62%61%7A")]
    {
        assert!(!allowed(&disallow(rule), "r", url), "{rule} {url}");
    }
    // Escaped reserved and escaped non-unreserved characters stay escaped.
    assert!(allowed(&disallow("/a;b"), "r", "/a%3Bb"));
    assert!(allowed(&disallow("/a%3Bb"), "r", "/a;b"));
    assert!(allowed(&disallow("/a!"), "r", "/a%21"));
    // A space is neither: it is compared escaped however it is written.
    assert!(!allowed(&disallow("/a%20b"), "r", "/a b"));
}

/// §2.2.2: "The match evaluates positively if and only if the end of the path from the rule
/// is reached before a difference in octets is encountered."
#[test]
fn s2_2_2_a_rule_matches_the_uris_it_is_a_prefix_of() {
    let text = disallow("/tmp/");
    assert!(!allowed(&text, "r", "/tmp/"));
    assert!(!allowed(&text, "r", "/tmp/a.html"));
    assert!(allowed(&text, "r", "/tmp"), "the URI ends before the rule does");
    assert!(allowed(&text, "r", "/tmp.html"));
}

/// §2.2.2's example table: path, its encoded form, and the path to match. A rule written in
/// any of the three forms matches a URI written in any of them.
#[test]
fn s2_2_2_every_row_of_the_percent_encoding_table() {
    let rows = [
        ("/foo/bar?baz=https://foo.bar", "/foo/bar?baz=https%3A%2F%2Ffoo.bar", "/foo/bar?baz=https%3A%2F%2Ffoo.bar"),
        ("/foo/bar/ツ", "/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84"),
        ("/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84"),
        ("/foo/bar/%62%61%7A", "/foo/bar/%62%61%7A", "/foo/bar/baz"),
    ];
    for row in rows {
        let forms = [row.0, row.1, row.2];
        for rule in forms {
            for url in forms {
                assert!(!allowed(&disallow(&format!("{rule}$")), "r", url), "row {row:?}: rule {rule}$, URI {url}");
            }
        }
    }
}

/// §2.2.2: "The crawler SHOULD ignore "disallow" and "allow" rules that are not in any group
/// (for example, any rule that precedes the first user-agent line)." robolint takes the SHOULD.
#[test]
fn s2_2_2_rules_outside_any_group_are_ignored() {
    let text = "Disallow: /x\nAllow: /y\n\nUser-agent: *\nDisallow: /y\n";
    assert_eq!(verdict(text, "r", "/x").reason, Reason::NoRuleMatched);
    assert_eq!(deciding_line(text, "r", "/y"), Some(5));
    assert_eq!(verdict("Disallow: /\n", "r", "/x").reason, Reason::NoRecordApplies);
}

/// §2.2.2: "Implementors MAY bridge encoding mismatches if they detect that the robots.txt
/// file is not UTF-8 encoded." robolint does when the server declares windows-1252 (or
/// ISO-8859-1, which browsers read as windows-1252): `é` is then compared as UTF-8 `%C3%A9`.
#[test]
fn s2_2_2_a_declared_latin_charset_is_bridged() {
    let mut recording = b"GET https://example.com/robots.txt\n\nHTTP/1.1 200 OK\nContent-Type: text/plain; charset=iso-8859-1\n\nUser-agent: *\nDisallow: /caf".to_vec();
    recording.extend_from_slice(b"\xE9\n");
    let outcome = recorded::replay(&recording).expect("a well-formed recording");
    let matcher = fetched_matcher(&outcome, "r");
    assert!(!matcher.allowed("/caf%C3%A9").allowed);
    assert!(!matcher.allowed("/café").allowed);
    assert!(matcher.allowed("/caf").allowed);
}

// ---------------------------------------------------------------------------------------
// §2.2.3 Special characters

/// §2.2.3: "Crawlers MUST support the following special characters": `#` "Designates a line
/// comment." (`allow: / # comment in line`, `# comment on its own line`).
#[test]
fn s2_2_3_hash_starts_a_comment() {
    let text = "# comment on its own line\nuser-agent: *\ndisallow: /\nallow: /public # comment in line\n";
    assert_eq!(verdict(text, "r", "/public/x").reason.rule().map(|rule| &*rule.pattern), Some("/public"));
    assert!(!allowed(text, "r", "/x"));
    // The comment is not part of the path.
    assert!(allowed(text, "r", "/public"));
    let inline_agent = "User-agent: a # the a robot\nDisallow: /x\n";
    assert!(!allowed(inline_agent, "a", "/x"));
}

/// §2.2.3: `$` "Designates the end of the match pattern." (`allow: /this/path/exactly$`)
#[test]
fn s2_2_3_dollar_ends_the_pattern() {
    let text = "user-agent: *\ndisallow: /this\nallow: /this/path/exactly$\n";
    assert!(allowed(text, "r", "/this/path/exactly"));
    assert!(!allowed(text, "r", "/this/path/exactly/not"));
    assert!(!allowed(text, "r", "/this/path/exactly?q"));
}

/// §2.2.3: `*` "Designates 0 or more instances of any character." (`allow: /this/*/exactly`)
#[test]
fn s2_2_3_star_matches_any_run_of_characters() {
    let text = "user-agent: *\ndisallow: /this\nallow: /this/*/exactly\n";
    for url in ["/this/a/exactly", "/this/a/b/c/exactly", "/this//exactly", "/this/a/exactly/more"] {
        assert!(allowed(text, "r", url), "{url}");
    }
    assert!(!allowed(text, "r", "/this/exactly"), "the two slashes around `*` are literal");
    assert!(!allowed(text, "r", "/this/a/exact"));
}

/// §2.2.3: "If crawlers match special characters verbatim in the URI, crawlers SHOULD use "%"
/// encoding." Its table: `/path/file-with-a-%2A.html` for `.../path/file-with-a-*.html`,
/// `/path/foo-%24` for `.../path/foo-$`.
#[test]
fn s2_2_3_escaped_star_and_dollar_match_themselves() {
    let text = "User-agent: *\nDisallow: /path/file-with-a-%2A.html\nDisallow: /path/foo-%24\n";
    assert_eq!(deciding_line(text, "r", "https://www.example.com/path/file-with-a-*.html"), Some(2));
    assert_eq!(deciding_line(text, "r", "https://www.example.com/path/foo-$"), Some(3));
    assert_eq!(deciding_line(text, "r", "https://www.example.com/path/foo-%24"), Some(3));
    // Escaped, they are no wildcards.
    assert!(allowed(text, "r", "https://www.example.com/path/file-with-a-x.html"));
    assert!(allowed(text, "r", "https://www.example.com/path/foo-"));
    // And a `*` or `$` written in the URI is an ordinary character there.
    assert!(allowed(&disallow("/a$"), "r", "/a$"));
    assert!(!allowed(&disallow("/a*"), "r", "/a$"));
}

// ---------------------------------------------------------------------------------------
// §2.2.4 Other records

/// §2.2.4: "Crawlers MAY interpret other records that are not part of the robots.txt
/// protocol". The `rfc9309` dialect interprets none: Crawl-delay, Sitemap, Host and unknown
/// fields change no answer.
#[test]
fn s2_2_4_other_records_change_no_answer() {
    let plain = "User-agent: *\nDisallow: /x\n";
    let with_others = "Sitemap: https://example.com/s.xml\nUser-agent: *\nCrawl-delay: 10\nHost: example.com\nNoindex: /y\nDisallow: /x\n";
    for url in ["/x", "/y", "/"] {
        assert_eq!(allowed(plain, "r", url), allowed(with_others, "r", url), "{url}");
    }
}

/// §2.2.4: "Crawlers MAY be lenient when interpreting other records. For example, crawlers
/// may accept common misspellings of the record." The `rfc9309` dialect is not: a misspelt
/// field is an unknown one (Google reads `Dissallow` as `Disallow`).
#[test]
fn s2_2_4_misspellings_are_not_read_as_the_protocols_fields() {
    let text = "User-agent: *\nDissallow: /x\nUseragent: a\nDisallow: /y\n";
    assert!(allowed(text, "r", "/x"));
    assert_eq!(deciding_line(text, "a", "/y"), Some(4), "`Useragent: a` names no robot: `*` applies");
    let google = Matcher::new(&parse_text(text), text, "r", Dialect::Google);
    assert!(!google.allowed("/x").allowed, "the difference is the dialect's, not the parser's");
}

/// §2.2.4: "Parsing of other records MUST NOT interfere with the parsing of explicitly
/// defined records in Section 2. For example, a "Sitemaps" record MUST NOT terminate a group."
#[test]
fn s2_2_4_other_records_do_not_end_groups() {
    let text = "User-agent: a\nSitemap: https://example.com/s.xml\nUser-agent: b\nDisallow: /x\nCrawl-delay: 5\nSitemaps: https://example.com/t.xml\nDisallow: /y\n";
    for robot in ["a", "b"] {
        assert_eq!(deciding_line(text, robot, "/x"), Some(4), "{robot}");
        assert_eq!(deciding_line(text, robot, "/y"), Some(7), "{robot}");
    }
}

// ---------------------------------------------------------------------------------------
// §2.3 Access method

/// §2.3: "The rules MUST be accessible in a file named "/robots.txt" (all lowercase) in the
/// top-level path of the service." robolint fetches that URI for any URL of a site.
#[test]
fn s2_3_robots_txt_is_fetched_from_the_top_level_path_in_lower_case() {
    for url in ["https://www.example.com/", "https://www.example.com/a/b/Robots.TXT?q=1#top", "https://www.example.com"]
    {
        let site = HttpUrl::parse(url).expect("a valid URL");
        assert_eq!(site.robots_txt().to_string(), "https://www.example.com/robots.txt", "{url}");
    }
    assert_eq!(
        HttpUrl::parse("http://example.com:8080/x").expect("a valid URL").robots_txt().to_string(),
        "http://example.com:8080/robots.txt"
    );
}

/// §2.3: "The file MUST be UTF-8 encoded": bytes that are not UTF-8 are reported.
#[test]
fn s2_3_a_file_that_is_not_utf8_is_reported() {
    assert!(has(&findings(b"User-agent: *\nDisallow: /caf\xE9\n"), "invalid-utf8"));
    assert!(!has(&findings("User-agent: *\nDisallow: /café\n".as_bytes()), "invalid-utf8"));
}

/// §2.3: the file MUST be of "Internet Media Type "text/plain"": another type is reported.
#[test]
fn s2_3_a_response_that_is_not_text_plain_is_reported() {
    let html = "GET https://example.com/robots.txt\n\nHTTP/1.1 200 OK\nContent-Type: text/html\n\nUser-agent: *\nDisallow: /x\n";
    assert!(has(&fetched_findings(html), "wrong-content-type"));
    assert!(!has(&fetched_findings(&ok_response("User-agent: *\nDisallow: /x\n")), "wrong-content-type"));
}

// ---------------------------------------------------------------------------------------
// §2.3.1 Access results

/// §2.3.1.1: "If the crawler successfully downloads the robots.txt file, the crawler MUST
/// follow the parseable rules."
#[test]
fn s2_3_1_1_a_downloaded_file_s_rules_are_followed() {
    let outcome = replay(&ok_response("User-agent: *\nDisallow: /private/\n"));
    let matcher = fetched_matcher(&outcome, "r");
    assert!(!matcher.allowed("https://example.com/private/x").allowed);
    assert!(matcher.allowed("https://example.com/public/x").allowed);
}

/// A chain of `hops` redirects across hosts (`host0` → `host1` → …), then the file.
fn redirect_chain(hops: usize) -> String {
    let mut recording = String::from("GET https://host0.example/robots.txt\n\n");
    for hop in 1..=hops {
        recording
            .push_str(&format!("HTTP/1.1 301 Moved Permanently\nLocation: https://host{hop}.example/robots.txt\n\n"));
    }
    recording.push_str("HTTP/1.1 200 OK\nContent-Type: text/plain\n\nUser-agent: *\nDisallow: /private/\n");
    recording
}

/// §2.3.1.2: "The crawlers SHOULD follow at least five consecutive redirects, even across
/// authorities (for example, hosts in the case of HTTP)." robolint follows five.
#[test]
fn s2_3_1_2_five_redirects_across_hosts_are_followed() {
    assert_eq!(MAX_REDIRECTS, 5);
    let outcome = replay(&redirect_chain(5));
    assert_eq!(outcome.redirects.len(), 5);
    assert!(outcome.robots_txt().is_some(), "the file at the end of five redirects is read");
    assert!(!fetched_matcher(&outcome, "r").allowed("/private/x").allowed);
}

/// §2.3.1.2: "If a robots.txt file is reached within five consecutive redirects, the
/// robots.txt file MUST be fetched, parsed, and its rules followed in the context of the
/// initial authority."
#[test]
fn s2_3_1_2_a_redirected_file_applies_to_the_initial_authority() {
    let outcome = replay(&redirect_chain(1));
    assert_eq!(outcome.url.to_string(), "https://host0.example/robots.txt");
    let findings = written(lint_fetched(&outcome, &Settings::default()));
    let message = message_of(&findings, "cross-host-redirect");
    assert!(
        message
            .contains("RFC 9309 robots follow the redirect and apply host1.example's file to host0.example (§2.3.1.2)"),
        "{message}"
    );
}

/// §2.3.1.2: "If there are more than five consecutive redirects, crawlers MAY assume that the
/// robots.txt file is unavailable."
#[test]
fn s2_3_1_2_more_than_five_redirects_make_the_file_unavailable() {
    let outcome = replay(&redirect_chain(6));
    assert!(outcome.robots_txt().is_none(), "the sixth redirect is not followed");
    let findings = written(lint_fetched(&outcome, &Settings::default()));
    let message = message_of(&findings, "broken-redirect");
    assert!(
        message
            .contains("RFC 9309 robots and Google give up after 5 redirects and may treat robots.txt as unavailable"),
        "{message}"
    );
}

/// §2.3.1.3: "If a server status code indicates that the robots.txt file is unavailable to
/// the crawler, then the crawler MAY access any resources on the server." (400-499)
#[test]
fn s2_3_1_3_a_4xx_answer_leaves_the_whole_site_open() {
    for (status, rule) in [
        ("400 Bad Request", "robots-txt-not-found"),
        ("404 Not Found", "robots-txt-not-found"),
        ("410 Gone", "robots-txt-not-found"),
        ("401 Unauthorized", "robots-txt-forbidden"),
        ("403 Forbidden", "robots-txt-forbidden"),
    ] {
        let findings = fetched_findings(&status_response(status));
        let message = message_of(&findings, rule);
        assert!(message.contains("RFC 9309") && message.contains("§2.3.1.3"), "{status}: {message}");
        assert!(!has(&findings, "robots-txt-unreachable"), "{status}");
    }
    // 429 is a 4xx status too: RFC 9309 robots may crawl everything (Google does not).
    let findings = fetched_findings(&status_response("429 Too Many Requests"));
    assert!(message_of(&findings, "robots-txt-unreachable")
        .contains("RFC 9309 robots treat a 4xx answer as unavailable and may crawl everything (§2.3.1.3)"));
}

/// §2.3.1.4: "If the robots.txt file is unreachable due to server or network errors, this
/// means the robots.txt file is undefined and the crawler MUST assume complete disallow."
#[test]
fn s2_3_1_4_a_server_or_network_error_disallows_everything() {
    let failures = [
        status_response("500 Internal Server Error"),
        status_response("503 Service Unavailable"),
        "GET https://example.com/robots.txt\n\nFAIL timeout no answer within 30 s\n".to_string(),
        "GET https://example.com/robots.txt\n\nFAIL dns no such host\n".to_string(),
    ];
    for recording in failures {
        let findings = fetched_findings(&recording);
        let message = message_of(&findings, "robots-txt-unreachable");
        assert!(message.contains("RFC 9309 robots assume the whole site is disallowed (§2.3.1.4)"), "{message}");
    }
}

/// §2.3.1.5: "Crawlers MUST try to parse each line of the robots.txt file. Crawlers MUST use
/// the parseable rules." Lines robolint cannot read are skipped; the rest count.
#[test]
fn s2_3_1_5_every_parseable_rule_is_used() {
    let text = "User-agent: *\n<html>\nDisallow /a\n\u{0}\u{1}garbage: : :\nDisallow: /b\n}}}{{{\nAllow: /b/c\n";
    assert_eq!(deciding_line(text, "r", "/b"), Some(5));
    assert_eq!(deciding_line(text, "r", "/b/c"), Some(7));
    assert!(allowed(text, "r", "/a"));
}

// ---------------------------------------------------------------------------------------
// §2.4 Caching

/// A 200 answer with one caching header.
fn cached_response(header: &str) -> String {
    format!("GET https://example.com/robots.txt\n\nHTTP/1.1 200 OK\nContent-Type: text/plain\n{header}\n\nUser-agent: *\nDisallow: /x\n")
}

/// §2.4: "Crawlers MAY use standard cache control as defined in [RFC9111]. Crawlers SHOULD
/// NOT use the cached version for more than 24 hours, unless the robots.txt file is
/// unreachable." A lifetime over 24 hours is reported with the 24 hours RFC 9309 robots keep
/// to; one within them is not.
#[test]
fn s2_4_a_copy_is_kept_at_most_24_hours() {
    for header in ["Cache-Control: max-age=172800", "Cache-Control: max-age=86401"] {
        let findings = fetched_findings(&cached_response(header));
        assert!(
            message_of(&findings, "cache-expiry").contains("RFC 9309 robots after at most 24 hours (§2.4)"),
            "{header}"
        );
    }
    for header in ["Cache-Control: max-age=3600", "Cache-Control: max-age=86400"] {
        assert!(!has(&fetched_findings(&cached_response(header)), "cache-expiry"), "{header}");
    }
}

// ---------------------------------------------------------------------------------------
// §2.5 Limits

/// `size` bytes of robots.txt: a `*` group, comment lines, then `Disallow: /late` at the end.
fn file_of_size(size: usize) -> String {
    let head = "User-agent: *\n";
    let tail = "Disallow: /late\n";
    let mut text = String::from(head);
    let comment_line = format!("# {}\n", "x".repeat(97));
    while text.len() + comment_line.len() + tail.len() <= size {
        text.push_str(&comment_line);
    }
    text.push('#');
    text.push_str(&"y".repeat(size - text.len() - tail.len() - 1));
    text.push('\n');
    text.push_str(tail);
    assert_eq!(text.len(), size);
    text
}

/// §2.5: "Crawlers SHOULD impose a parsing limit to protect their systems". robolint does:
/// 512 KiB of a fetched body, 2 MiB of a file.
#[test]
fn s2_5_reading_is_limited() {
    assert_eq!(DEFAULT_MAX_SIZE, 512 * 1024);
    let source = Source::from_bytes(file_of_size(DEFAULT_SIZE_CAP + 1000).as_bytes());
    assert!(source.text.len() <= DEFAULT_SIZE_CAP);
    assert!(source.truncation.is_some());
}

/// §2.5: "The parsing limit MUST be at least 500 kibibytes [KiB]." A rule ending at byte
/// 512,000 is read, from a file and from a fetch; a file longer than that is reported,
/// because a crawler may stop there.
#[test]
fn s2_5_the_first_500_kib_are_read() {
    const KIB_500: usize = 500 * 1024;
    let text = file_of_size(KIB_500);
    let source = Source::from_bytes(text.as_bytes());
    assert!(source.truncation.is_none());
    assert!(!Matcher::new(&parse(&source), &source.text, "r", Dialect::Rfc9309).allowed("/late").allowed);
    let outcome = replay(&ok_response(&text));
    assert!(!fetched_matcher(&outcome, "r").allowed("/late").allowed);
    assert!(!has(&findings(text.as_bytes()), "file-too-large"));
    let longer = file_of_size(KIB_500 + 1);
    assert!(message_of(&findings(longer.as_bytes()), "file-too-large")
        .contains("RFC 9309 robots may stop reading at 500 KiB"));
}

// ---------------------------------------------------------------------------------------
// §3 Security considerations

/// §3: "The Robots Exclusion Protocol is not a substitute for valid content security
/// measures. Listing paths in the robots.txt file exposes them publicly and thus makes the
/// paths discoverable." A path that looks sensitive is reported, with what to do instead.
#[test]
fn s3_listed_paths_are_public() {
    let found = findings(b"User-agent: *\nDisallow: /admin/\n");
    assert!(message_of(&found, "sensitive-path").contains("anyone can read robots.txt"));
    // "users of the protocol should employ a valid security measure": the help says which.
    let help =
        found.iter().find(|finding| finding.name == "sensitive-path").and_then(|finding| finding.help.as_deref());
    assert!(help.is_some_and(|help| help.contains("authentication")), "{help:?}");
}

/// §3: "Out-of-bound characters should be rejected as invalid": control characters the ABNF
/// excludes are reported, and nothing a file holds makes the matcher fail.
#[test]
fn s3_out_of_bound_characters_are_reported_and_survived() {
    assert!(has(&findings(b"User-agent: *\nDisallow: /a\x00b\n"), "nul-byte"));
    let hostile: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
    let source = Source::from_bytes(&hostile);
    let matcher = Matcher::new(&parse(&source), &source.text, "r", Dialect::Rfc9309);
    for url in ["/", "/%", "/%zz", "/\u{0}", "https://", "", "*", "$"] {
        let _ = matcher.allowed(url);
    }
}

// ---------------------------------------------------------------------------------------
// §5 Examples

/// Whether `robot` may fetch `url` under §5's `text`, which Google's parser reads the same
/// way (asserted, so that the `google` dialect is held to the examples too).
fn example_allows(text: &str, robot: &str, url: &str) -> bool {
    let rfc9309 = allowed(text, robot, url);
    let google = Matcher::new(&parse_text(text), text, robot, Dialect::Google).allowed(url).allowed;
    assert_eq!(rfc9309, google, "Google's reading of {robot} {url}");
    rfc9309
}

/// §5.1's file, as printed (its `EOF` line included: an unknown line, it changes nothing).
const SIMPLE_EXAMPLE: &str = "\
User-Agent: *
Disallow: *.gif$
Disallow: /example/
Allow: /publications/

User-Agent: foobot
Disallow:/
Allow:/example/page.html
Allow:/example/allowed.gif

User-Agent: barbot
User-Agent: bazbot
Disallow: /example/page.html

User-Agent: quxbot

EOF
";

/// §5.1, the `*` group: "It allows access to the URLs with the /publications/ path prefix,
/// and it restricts access to the URLs with the /example/ path prefix and to all URLs with a
/// .gif suffix." (`*.gif$` breaks the ABNF's leading `/`, an erratum; robolint reads it as
/// the example means.)
#[test]
fn s5_1_the_star_group() {
    let text = SIMPLE_EXAMPLE;
    for (url, expected) in [
        ("/publications/x", true),
        ("/example/x", false),
        ("/image.gif", false),
        // The text says every .gif, but §2.2.2's longest match gives `/publications/`
        // (14 octets) the better of `*.gif$` (6).
        ("/publications/image.gif", true),
        ("/image.gif?x", true),
        ("/other", true),
    ] {
        assert_eq!(example_allows(text, "otherbot", url), expected, "{url}");
    }
}

/// §5.1, foobot: "The crawler only has access to two URL path prefixes on the site --
/// /example/page.html and /example/allowed.gif. [...] All other URL path prefixes are
/// disallowed."
#[test]
fn s5_1_foobot() {
    for (url, expected) in [
        ("/example/page.html", true),
        ("/example/page.html?x", true),
        ("/example/allowed.gif", true),
        ("/example/other.gif", false),
        ("/example/", false),
        ("/publications/", false),
        ("/", false),
    ] {
        assert_eq!(example_allows(SIMPLE_EXAMPLE, "foobot", url), expected, "{url}");
    }
}

/// §5.1, barbot and bazbot: "The crawlers are not allowed to access the URLs with the
/// /example/page.html path prefix but otherwise have unrestricted access".
#[test]
fn s5_1_barbot_and_bazbot() {
    for robot in ["barbot", "bazbot"] {
        assert!(!example_allows(SIMPLE_EXAMPLE, robot, "/example/page.html"), "{robot}");
        assert!(!example_allows(SIMPLE_EXAMPLE, robot, "/example/page.html/x"), "{robot}");
        for url in ["/example/other", "/image.gif", "/"] {
            assert!(example_allows(SIMPLE_EXAMPLE, robot, url), "{robot} {url}");
        }
    }
}

/// §5.1, quxbot: "An empty group at the end of the file. The crawler has unrestricted access
/// to the URLs on the site."
#[test]
fn s5_1_quxbot() {
    for url in ["/example/", "/image.gif", "/"] {
        assert_eq!(verdict(SIMPLE_EXAMPLE, "quxbot", url).reason, Reason::NoRuleMatched, "{url}");
    }
}

/// §5.2: "in the case of two rules, the longest one is used for matching" (the RFC's URI
/// reads `.../disallow.gif`, an erratum for the rule's `disallowed.gif`).
#[test]
fn s5_2_longest_match() {
    let text = "User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n";
    assert_eq!(deciding_line(text, "foobot", "https://example.com/example/page/disallowed.gif"), Some(3));
    assert!(!example_allows(text, "foobot", "/example/page/disallowed.gif"));
    assert_eq!(deciding_line(text, "foobot", "/example/page/disallow.gif"), Some(2));
    assert!(example_allows(text, "foobot", "/example/page/other.gif"));
    assert!(example_allows(text, "foobot", "/example/page/disallow.gif"));
}

/// Not a sentence of the RFC: docs/rfc9309.md, "Where the RFC leaves a choice". A partial
/// UTF-8 byte-order mark stays part of the first line, which Google's parser skips.
#[test]
fn a_partial_byte_order_mark_stays_part_of_the_first_line() {
    let bytes = b"\xEF\xBBUser-agent: FooBot\nDisallow: /\n";
    let source = Source::from_bytes(bytes);
    let document = parse(&source);
    let rfc9309 = Matcher::new(&document, &source.text, "FooBot", Dialect::Rfc9309);
    assert!(rfc9309.allowed("/x").allowed, "the group is lost to RFC 9309's reading");
    let google = Matcher::new(&document, &source.text, "FooBot", Dialect::Google);
    assert!(!google.allowed("/x").allowed, "Google skips the partial mark");
}
