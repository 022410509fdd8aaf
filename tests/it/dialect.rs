//! What each dialect lets a robot fetch: the 1996 draft's own tables (§3.2.2, §4), RFC 9309's
//! examples, each dialect's record selection and precedence, and random documents checked
//! against naive reference implementations written here.

use crate::support::shared;

use robolint::dialect::{Dialect, Matcher, Reason, RuleKind, Verdict};
use robolint::parse::parse_text;

/// The dialects this file checks against its reference implementations; python-robotparser
/// is checked against Python itself (tests/it/python_robotparser.rs).
const ALL: [Dialect; 4] = [Dialect::Norobots1994, Dialect::Draft1996, Dialect::Rfc9309, Dialect::Google];
const PYTHON_ELSEWHERE: &str = "python-robotparser is checked against Python itself";
const MODERN: [Dialect; 2] = [Dialect::Rfc9309, Dialect::Google];

fn matcher(text: &str, agent: &str, dialect: Dialect) -> Matcher {
    Matcher::new(&parse_text(text), text, agent, dialect)
}

fn verdict(text: &str, agent: &str, dialect: Dialect, url: &str) -> Verdict {
    matcher(text, agent, dialect).allowed(url)
}

fn allowed(text: &str, agent: &str, dialect: Dialect, url: &str) -> bool {
    verdict(text, agent, dialect, url).allowed
}

/// The 1-based number of the line that decided, if a line did.
fn deciding_line(verdict: &Verdict) -> Option<usize> {
    verdict.reason.rule().map(|rule| rule.line + 1)
}

// ---------------------------------------------------------------------------------------
// Dialect names

#[test]
fn dialect_names_round_trip() {
    let names: Vec<String> = Dialect::ALL.iter().map(ToString::to_string).collect();
    assert_eq!(names, ["norobots-1994", "draft-1996", "rfc9309", "google", "python-robotparser"]);
    for dialect in Dialect::ALL {
        assert_eq!(dialect.name().parse::<Dialect>(), Ok(dialect));
    }
    assert!("rfc-9309".parse::<Dialect>().is_err());
}

// ---------------------------------------------------------------------------------------
// The draft's §3.2.2 table, every row

/// Record path, URL path, whether they match (draft-koster-robots-00 §3.2.2).
const PERCENT_TABLE: &[(&str, &str, bool)] = &[
    ("/tmp", "/tmp", true),
    ("/tmp", "/tmp.html", true),
    ("/tmp", "/tmp/a.html", true),
    ("/tmp/", "/tmp", false),
    ("/tmp/", "/tmp/", true),
    ("/tmp/", "/tmp/a.html", true),
    ("/a%3cd.html", "/a%3cd.html", true),
    ("/a%3Cd.html", "/a%3cd.html", true),
    ("/a%3cd.html", "/a%3Cd.html", true),
    ("/a%3Cd.html", "/a%3Cd.html", true),
    ("/a%2fb.html", "/a%2fb.html", true),
    ("/a%2fb.html", "/a/b.html", false),
    ("/a/b.html", "/a%2fb.html", false),
    ("/a/b.html", "/a/b.html", true),
    ("/%7ejoe/index.html", "/~joe/index.html", true),
    ("/~joe/index.html", "/%7Ejoe/index.html", true),
];

fn assert_percent_table(dialect: Dialect) {
    for &(record, url, matches) in PERCENT_TABLE {
        let disallowing = format!("User-agent: *\nDisallow: {record}\n");
        let seen = verdict(&disallowing, "robot", dialect, url);
        assert_eq!(seen.allowed, !matches, "{dialect}: Disallow: {record} against {url}");
        let expected_line = matches.then_some(2);
        assert_eq!(deciding_line(&seen), expected_line, "{dialect}: Disallow: {record} against {url}");
        // The same comparison decides Allow lines.
        let allowing = format!("User-agent: *\nAllow: {record}\nDisallow: /\n");
        assert_eq!(allowed(&allowing, "robot", dialect, url), matches, "{dialect}: Allow: {record} against {url}");
    }
}

#[test]
fn draft_percent_table_every_row() {
    assert_eq!(PERCENT_TABLE.len(), 16);
    assert_percent_table(Dialect::Draft1996);
}

#[test]
fn rfc9309_agrees_with_the_draft_percent_table() {
    assert_percent_table(Dialect::Rfc9309);
}

/// Google's parser upper-cases a rule's escapes and escapes its non-ASCII bytes, but decodes
/// nothing and takes the URL as given (`robots.cc`, MaybeEscapePattern and
/// GetPathParamsQuery; `tests/it/google_oracle.rs` holds this to Google's code).
#[test]
fn google_escapes_rules_but_decodes_nothing() {
    let google = Dialect::Google;
    let text = "User-agent: *\nDisallow: /%7ejoe/\nDisallow: /a%2fb\nDisallow: /%62\nDisallow: /ツ\n";
    assert!(!allowed(text, "r", google, "/%7Ejoe/x"), "lower-case escapes are upper-cased");
    assert!(allowed(text, "r", google, "/%7ejoe/x"), "but the URL's are not");
    assert!(allowed(text, "r", google, "/~joe/x"), "nothing is decoded");
    assert!(!allowed(text, "r", google, "/a%2Fb"));
    assert!(allowed(text, "r", google, "/b"), "`%62` is not `b`");
    assert!(!allowed(text, "r", google, "/%E3%83%84"), "non-ASCII is escaped in the rule");
    assert!(allowed(text, "r", google, "/ツ"), "but not in the URL");
    let deciding = verdict(text, "r", google, "/%E3%83%84/x");
    assert_eq!(deciding.reason.rule().map(|rule| &*rule.pattern), Some("/%E3%83%84"));
}

#[test]
fn norobots_1994_compares_escapes_literally() {
    let text = "User-agent: *\nDisallow: /%7ejoe/\nDisallow: /a%3Cd\n";
    let dialect = Dialect::Norobots1994;
    assert!(allowed(text, "robot", dialect, "/~joe/index.html"));
    assert!(allowed(text, "robot", dialect, "/%7Ejoe/index.html"));
    assert!(!allowed(text, "robot", dialect, "/%7ejoe/index.html"));
    assert!(allowed(text, "robot", dialect, "/a%3cd"));
    assert!(!allowed(text, "robot", Dialect::Draft1996, "/a%3cd"));
}

// ---------------------------------------------------------------------------------------
// The draft's §4 example, cell for cell

const FICT_ORG: &str = "\
# /robots.txt for http://www.fict.org/
# comments to webmaster@fict.org

User-agent: unhipbot
Disallow: /

User-agent: webcrawler
User-agent: excite
Disallow:

User-agent: *
Disallow: /org/plans.html
Allow: /org/
Allow: /serv
Allow: /~mak
Disallow: /
";

/// URL, then allowed for unhipbot, for webcrawler and excite, and for any other robot.
const FICT_MATRIX: &[(&str, bool, bool, bool)] = &[
    ("http://www.fict.org/", false, true, false),
    ("http://www.fict.org/index.html", false, true, false),
    ("http://www.fict.org/robots.txt", true, true, true),
    ("http://www.fict.org/server.html", false, true, true),
    ("http://www.fict.org/services/fast.html", false, true, true),
    ("http://www.fict.org/services/slow.html", false, true, true),
    ("http://www.fict.org/orgo.gif", false, true, false),
    ("http://www.fict.org/org/about.html", false, true, true),
    ("http://www.fict.org/org/plans.html", false, true, false),
    ("http://www.fict.org/%7Ejim/jim.html", false, true, false),
    ("http://www.fict.org/%7Emak/mak.html", false, true, true),
];

/// The robots of §4, by name and by the User-agent headers the draft gives them.
const FICT_ROBOTS: [(&str, usize); 8] = [
    ("unhipbot", 0),
    ("UnhipBot/0.1", 0),
    ("webcrawler", 1),
    ("WebCrawler/3.0", 1),
    ("excite", 1),
    ("Excite/1.0", 1),
    ("other", 2),
    ("Scooter/3.0", 2),
];

fn assert_fict_matrix(text: &str, dialect: Dialect) {
    for &(url, unhipbot, webcrawler_and_excite, other) in FICT_MATRIX {
        let expected = [unhipbot, webcrawler_and_excite, other];
        for (robot, column) in FICT_ROBOTS {
            assert_eq!(allowed(text, robot, dialect, url), expected[column], "{dialect}: {robot} fetching {url}");
        }
    }
}

#[test]
fn fict_org_seed_is_the_drafts_file() {
    let seed = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../corpus/seeds/draft-1996-section-4-fict-org.txt"
    ))
    .expect("the seed file is readable");
    assert_eq!(seed, FICT_ORG);
}

#[test]
fn fict_org_matrix_draft_1996() {
    assert_eq!(FICT_MATRIX.len(), 11);
    assert_fict_matrix(FICT_ORG, Dialect::Draft1996);
}

#[test]
fn fict_org_matrix_as_printed_with_its_indented_last_line() {
    let printed =
        FICT_ORG.replace("Disallow: /\n", "     Disallow: /\n").replacen("     Disallow: /\n", "Disallow: /\n", 1);
    assert!(printed.ends_with("Allow: /~mak\n     Disallow: /\n"));
    assert_fict_matrix(&printed, Dialect::Draft1996);
}

#[test]
fn fict_org_matrix_is_the_same_for_rfc9309() {
    assert_fict_matrix(FICT_ORG, Dialect::Rfc9309);
}

/// Google's matcher compares the robot's name whole, so the draft's User-agent headers
/// (`WebCrawler/3.0`) name no record and get the `*` record; it does not exempt /robots.txt,
/// nor decode `%7E`, which `Allow: /~mak` then does not match.
#[test]
fn fict_org_matrix_for_google_by_name() {
    for &(url, unhipbot, webcrawler_and_excite, other) in FICT_MATRIX {
        let differs = url.ends_with("/robots.txt") || url.contains("%7Emak");
        let expected = [unhipbot && !differs, webcrawler_and_excite, other && !differs];
        for (robot, column) in FICT_ROBOTS {
            let column = if robot.contains('/') { 2 } else { column };
            assert_eq!(allowed(FICT_ORG, robot, Dialect::Google, url), expected[column], "{robot} fetching {url}");
        }
    }
}

#[test]
fn fict_org_under_norobots_1994_ignores_allow_and_the_robots_txt_exemption() {
    for &(url, ..) in FICT_MATRIX {
        for (robot, column) in FICT_ROBOTS {
            let expected = column == 1;
            assert_eq!(allowed(FICT_ORG, robot, Dialect::Norobots1994, url), expected, "{robot} fetching {url}");
        }
    }
}

#[test]
fn fict_org_reasons_name_the_deciding_line() {
    let other = matcher(FICT_ORG, "other", Dialect::Draft1996);
    assert_eq!(other.agent_lines(), [10]);
    let plans = other.allowed("http://www.fict.org/org/plans.html");
    let Reason::Rule(rule) = &plans.reason else { panic!("a rule decides: {plans:?}") };
    assert_eq!((rule.line + 1, rule.kind, &*rule.pattern), (12, RuleKind::Disallow, "/org/plans.html"));
    assert_eq!(rule.span.text(FICT_ORG), "Disallow: /org/plans.html");
    assert_eq!(deciding_line(&other.allowed("/server.html")), Some(14));
    assert_eq!(deciding_line(&other.allowed("/%7Emak/mak.html")), Some(15));
    assert_eq!(deciding_line(&other.allowed("/%7Ejim/jim.html")), Some(16));
    assert_eq!(other.allowed("/robots.txt").reason, Reason::RobotsTxt);
    let excite = matcher(FICT_ORG, "Excite/1.0", Dialect::Draft1996);
    assert_eq!(excite.allowed("/org/plans.html").reason, Reason::NoRuleMatched);
    assert_eq!(excite.agent_lines(), [7]);
    assert_eq!(deciding_line(&verdict(FICT_ORG, "unhipbot", Dialect::Draft1996, "/")), Some(5));
}

// ---------------------------------------------------------------------------------------
// Record and group selection

#[test]
fn draft_takes_the_first_record_containing_the_name() {
    let text = "User-agent: FigTree-Indexer\nDisallow: /first\n\nUser-agent: figtree\nDisallow: /second\n\nUser-agent: *\nDisallow: /\n";
    for dialect in [Dialect::Norobots1994, Dialect::Draft1996] {
        let robot = "FigTree/0.1 Robot libwww-perl/5.04";
        assert!(!allowed(text, robot, dialect, "/first"), "{dialect}");
        assert!(allowed(text, robot, dialect, "/second"), "{dialect}");
        assert_eq!(matcher(text, robot, dialect).robot(), "figtree");
    }
    // RFC 9309 compares whole product tokens: `FigTree-Indexer` is another robot. (Google
    // compares the name it is given whole: `figtree`, not `FigTree/0.1`.)
    for (dialect, robot) in [(Dialect::Rfc9309, "FigTree/0.1"), (Dialect::Google, "FigTree")] {
        assert!(allowed("User-agent: FigTree-Indexer\nDisallow: /first\n", robot, dialect, "/first"));
        assert!(allowed(text, robot, dialect, "/first"), "{dialect}");
        assert!(!allowed(text, robot, dialect, "/second"), "{dialect}");
    }
}

#[test]
fn draft_falls_back_to_the_first_star_record_only() {
    let text = "User-agent: *\nDisallow: /one\n\nUser-agent: *\nDisallow: /two\n";
    for dialect in [Dialect::Norobots1994, Dialect::Draft1996] {
        assert!(!allowed(text, "anybot", dialect, "/one"), "{dialect}");
        assert!(allowed(text, "anybot", dialect, "/two"), "{dialect}");
    }
    // RFC 9309 merges every `*` group.
    for dialect in MODERN {
        assert!(!allowed(text, "anybot", dialect, "/one"), "{dialect}");
        assert!(!allowed(text, "anybot", dialect, "/two"), "{dialect}");
    }
}

#[test]
fn no_record_applies_means_everything_is_allowed() {
    let text = "User-agent: somebot\nDisallow: /\n";
    for dialect in ALL {
        let seen = verdict(text, "otherbot", dialect, "/x");
        assert_eq!(seen, Verdict { allowed: true, reason: Reason::NoRecordApplies }, "{dialect}");
        assert!(matcher(text, "otherbot", dialect).agent_lines().is_empty());
        assert_eq!(verdict("", "otherbot", dialect, "/x").reason, Reason::NoRecordApplies, "{dialect}");
    }
}

#[test]
fn star_group_applies_only_when_no_group_names_the_robot() {
    let text = "User-agent: *\nDisallow: /private\n\nUser-agent: foobot\nDisallow: /foo-only\n";
    for dialect in ALL {
        assert!(allowed(text, "foobot", dialect, "/private"), "{dialect}");
        assert!(!allowed(text, "foobot", dialect, "/foo-only"), "{dialect}");
        assert!(!allowed(text, "barbot", dialect, "/private"), "{dialect}");
    }
}

#[test]
fn google_cuts_the_agent_value_at_the_first_non_token_character() {
    let text = "User-agent: Googlebot/2.1 (+http://www.google.com/bot.html)\nDisallow: /x\n";
    assert!(!allowed(text, "googlebot", Dialect::Google, "/x"));
    assert!(allowed(text, "google", Dialect::Google, "/x"), "a prefix is not the token");
    // Google's code compares the caller's name whole, version and all.
    assert!(allowed(text, "Googlebot/2.1", Dialect::Google, "/x"));
    // RFC 9309 §2.2.1 matches product tokens, which this value is not (tests/it/rfc9309.rs).
    assert!(allowed(text, "googlebot", Dialect::Rfc9309, "/x"));
    // The draft's substring match finds `googlebot` in the value too, and `google` as well.
    assert!(!allowed(text, "google", Dialect::Draft1996, "/x"));
}

#[test]
fn rfc9309_merges_every_group_for_the_robot() {
    let text = "User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /y\n\nUser-agent: A\nDisallow: /z\n";
    for dialect in MODERN {
        assert!(!allowed(text, "a", dialect, "/x"), "{dialect}");
        assert!(!allowed(text, "a", dialect, "/z"), "{dialect}");
        assert!(allowed(text, "a", dialect, "/y"), "{dialect}");
        assert_eq!(matcher(text, "a", dialect).agent_lines(), [0, 6]);
    }
    for dialect in [Dialect::Norobots1994, Dialect::Draft1996] {
        assert!(!allowed(text, "a", dialect, "/x"), "{dialect}");
        assert!(allowed(text, "a", dialect, "/z"), "{dialect}: only the first record counts");
    }
}

/// Google's open-source matcher knows one name per question: a robot with no group of its
/// own gets the `*` group, like RFC 9309's (Googlebot's fallback from `googlebot-image` to
/// `googlebot` is its caller's, not the parser's).
#[test]
fn google_takes_each_robots_own_group_or_star() {
    let text = "User-agent: googlebot\nDisallow: /general\n\nUser-agent: googlebot-news\nDisallow: /news\n\nUser-agent: *\nDisallow: /\n";
    for dialect in MODERN {
        assert!(allowed(text, "googlebot-news", dialect, "/general"), "{dialect}");
        assert!(!allowed(text, "googlebot-news", dialect, "/news"), "{dialect}");
        assert!(!allowed(text, "googlebot", dialect, "/general"), "{dialect}");
        assert!(allowed(text, "googlebot", dialect, "/news"), "{dialect}");
        assert!(!allowed(text, "googlebot-image", dialect, "/other"), "{dialect}");
    }
}

/// Once a line names the robot, Google never uses the `*` group, even when the robot's own
/// group has no rules (robots.cc, `ever_seen_specific_agent_`).
#[test]
fn google_ignores_star_once_a_line_names_the_robot() {
    let text = "User-agent: *\nDisallow: /\n\nUser-agent: foo\n";
    assert_eq!(verdict(text, "foo", Dialect::Google, "/x").reason, Reason::NoRuleMatched);
    assert!(!allowed(text, "bar", Dialect::Google, "/x"));
}

#[test]
fn empty_user_agent_names_no_robot() {
    let text = "User-agent:\nDisallow: /x\n";
    for dialect in ALL {
        assert_eq!(verdict(text, "anybot", dialect, "/x").reason, Reason::NoRecordApplies, "{dialect}");
    }
    let with_star = "User-agent: *\nUser-agent:\nDisallow: /x\n";
    for dialect in ALL {
        assert!(!allowed(with_star, "anybot", dialect, "/x"), "{dialect}");
    }
}

// ---------------------------------------------------------------------------------------
// Blank lines, orphaned rules, records without rules

#[test]
fn blank_line_ends_a_record_for_1994_and_1996_only() {
    let text = "User-agent: a\nDisallow: /x\n\nDisallow: /y\n";
    for dialect in [Dialect::Norobots1994, Dialect::Draft1996] {
        assert!(!allowed(text, "a", dialect, "/x"), "{dialect}");
        assert!(allowed(text, "a", dialect, "/y"), "{dialect}: /y is an orphaned rule");
    }
    for dialect in MODERN {
        assert!(!allowed(text, "a", dialect, "/y"), "{dialect}: blank lines do not end groups");
    }
}

#[test]
fn a_byte_order_mark_hides_the_first_line_from_1994_and_1996_robots_only() {
    let text = "\u{FEFF}User-agent: a\nDisallow: /x\n\nUser-agent: *\nDisallow: /y\n";
    for dialect in [Dialect::Norobots1994, Dialect::Draft1996] {
        assert!(allowed(text, "a", dialect, "/x"), "{dialect}: `\\u{{FEFF}}User-agent` is an unknown field");
        assert!(!allowed(text, "a", dialect, "/y"), "{dialect}: so robot a falls back to the `*` record");
    }
    for dialect in MODERN {
        assert!(!allowed(text, "a", dialect, "/x"), "{dialect}: the mark is skipped");
        assert!(allowed(text, "a", dialect, "/y"), "{dialect}");
    }
    let unmarked = &text['\u{FEFF}'.len_utf8()..];
    assert!(!allowed(unmarked, "a", Dialect::Draft1996, "/x"), "without the mark the first record is read");
}

#[test]
fn record_cut_off_from_its_rules_applies_but_has_none() {
    let text = "User-agent: a\n\nDisallow: /y\n\nUser-agent: *\nDisallow: /\n";
    for dialect in [Dialect::Norobots1994, Dialect::Draft1996] {
        assert_eq!(verdict(text, "a", dialect, "/y").reason, Reason::NoRuleMatched, "{dialect}");
    }
    for dialect in MODERN {
        assert!(!allowed(text, "a", dialect, "/y"), "{dialect}");
        assert!(allowed(text, "a", dialect, "/z"), "{dialect}");
    }
}

#[test]
fn rules_before_any_user_agent_are_ignored() {
    let text = "Disallow: /x\nUser-agent: *\nDisallow: /y\n";
    for dialect in ALL {
        assert!(allowed(text, "anybot", dialect, "/x"), "{dialect}");
        assert!(!allowed(text, "anybot", dialect, "/y"), "{dialect}");
    }
}

#[test]
fn user_agent_after_rules_starts_a_new_group() {
    let text = "User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y\n";
    for dialect in ALL {
        assert!(allowed(text, "a", dialect, "/y"), "{dialect}");
        assert!(allowed(text, "b", dialect, "/x"), "{dialect}");
        assert!(!allowed(text, "b", dialect, "/y"), "{dialect}");
    }
}

#[test]
fn extension_and_comment_lines_do_not_end_a_group() {
    let text = "User-agent: a\n# about a\nCrawl-delay: 5\nUser-agent: b\nSitemap: /s.xml\nDisallow: /x\n";
    for dialect in ALL {
        assert!(!allowed(text, "a", dialect, "/x"), "{dialect}");
        assert!(!allowed(text, "b", dialect, "/x"), "{dialect}");
    }
}

// ---------------------------------------------------------------------------------------
// Precedence

#[test]
fn draft_uses_the_first_match_and_rfc9309_the_longest() {
    let text = "User-agent: *\nAllow: /a\nDisallow: /a/b\n";
    assert!(allowed(text, "r", Dialect::Draft1996, "/a/b/c"));
    assert_eq!(deciding_line(&verdict(text, "r", Dialect::Draft1996, "/a/b/c")), Some(2));
    for dialect in MODERN {
        assert!(!allowed(text, "r", dialect, "/a/b/c"), "{dialect}");
        assert_eq!(deciding_line(&verdict(text, "r", dialect, "/a/b/c")), Some(3));
    }
    // 1994 robots never read the Allow line.
    assert!(!allowed(text, "r", Dialect::Norobots1994, "/a/b/c"));
    assert!(allowed(text, "r", Dialect::Norobots1994, "/a"));

    let reversed = "User-agent: *\nDisallow: /a/b\nAllow: /a\n";
    for dialect in [Dialect::Draft1996, Dialect::Rfc9309, Dialect::Google] {
        assert!(!allowed(reversed, "r", dialect, "/a/b/c"), "{dialect}");
        assert!(allowed(reversed, "r", dialect, "/a/c"), "{dialect}");
    }
}

#[test]
fn allow_wins_a_tie() {
    let text = "User-agent: *\nDisallow: /page\nAllow: /page\n";
    for dialect in MODERN {
        assert!(allowed(text, "r", dialect, "/page.html"), "{dialect}");
        assert_eq!(deciding_line(&verdict(text, "r", dialect, "/page.html")), Some(3));
    }
    assert!(!allowed(text, "r", Dialect::Draft1996, "/page.html"), "first match");
    // Equal length in octets, different patterns.
    let patterns = "User-agent: *\nDisallow: /p*\nAllow: /p$\n";
    for dialect in MODERN {
        assert!(allowed(patterns, "r", dialect, "/p"), "{dialect}");
        assert!(!allowed(patterns, "r", dialect, "/pq"), "{dialect}");
    }
}

#[test]
fn length_counts_octets_of_the_normalised_pattern() {
    // `/%7Ea` is `/~a` (three octets) once normalised, shorter than `/~ab`.
    let text = "User-agent: *\nAllow: /%7Ea\nDisallow: /~ab\n";
    for dialect in MODERN {
        assert!(!allowed(text, "r", dialect, "/~abc"), "{dialect}");
    }
}

// ---------------------------------------------------------------------------------------
// Wildcards, `$`, empty rules, /robots.txt

#[test]
fn wildcards_for_rfc9309_and_google_literal_for_older_robots() {
    let text = "User-agent: *\nDisallow: /*.gif$\nDisallow: /private*/\nDisallow: /fish$\n";
    for dialect in MODERN {
        assert!(!allowed(text, "r", dialect, "/img/a.gif"), "{dialect}");
        assert!(allowed(text, "r", dialect, "/img/a.gif?x"), "{dialect}");
        assert!(!allowed(text, "r", dialect, "/private-stuff/a"), "{dialect}");
        assert!(allowed(text, "r", dialect, "/private-stuff"), "{dialect}");
        assert!(!allowed(text, "r", dialect, "/fish"), "{dialect}");
        assert!(allowed(text, "r", dialect, "/fish.html"), "{dialect}");
    }
    for dialect in [Dialect::Norobots1994, Dialect::Draft1996] {
        assert!(allowed(text, "r", dialect, "/img/a.gif"), "{dialect}");
        assert!(allowed(text, "r", dialect, "/fish"), "{dialect}");
        assert!(!allowed(text, "r", dialect, "/fish$"), "{dialect}: `$` is an ordinary character");
        assert!(!allowed(text, "r", dialect, "/*.gif$x"), "{dialect}: `*` is an ordinary character");
    }
}

#[test]
fn dollar_inside_a_pattern_is_literal() {
    let text = "User-agent: *\nDisallow: /a$b\n";
    for dialect in MODERN {
        assert!(!allowed(text, "r", dialect, "/a$b/c"), "{dialect}");
        assert!(allowed(text, "r", dialect, "/a"), "{dialect}");
    }
}

#[test]
fn escaped_star_and_dollar_are_literal_for_rfc9309() {
    // RFC 9309 §2.2.3.
    let text = "User-agent: *\nDisallow: /path/file-with-a-%2A.html\nDisallow: /path/foo-%24\n";
    let rfc9309 = Dialect::Rfc9309;
    assert!(!allowed(text, "r", rfc9309, "https://www.example.com/path/file-with-a-*.html"));
    assert!(allowed(text, "r", rfc9309, "https://www.example.com/path/file-with-a-b.html"));
    assert!(!allowed(text, "r", rfc9309, "https://www.example.com/path/foo-$"));
    assert!(allowed(text, "r", rfc9309, "https://www.example.com/path/foo-"));
    // Google decodes neither side: only a URL that writes `%2A` matches.
    let google = Dialect::Google;
    assert!(allowed(text, "r", google, "https://www.example.com/path/file-with-a-*.html"));
    assert!(!allowed(text, "r", google, "https://www.example.com/path/file-with-a-%2A.html"));
}

#[test]
fn rfc9309_percent_encoding_examples() {
    // RFC 9309 §2.2.2's table: rule path, URL path, both match.
    let rows = [
        ("/foo/bar?baz=quz", "/foo/bar?baz=quz"),
        ("/foo/bar/ツ", "/foo/bar/%E3%83%84"),
        ("/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84"),
        ("/foo/bar/%62%61%7A", "/foo/bar/baz"),
    ];
    for (rule, url) in rows {
        let text = format!("User-agent: *\nDisallow: {rule}\n");
        assert!(!allowed(&text, "r", Dialect::Rfc9309, url), "{rule} against {url}");
        // Google matches the first three (escaping the rule's non-ASCII), not the decoded `baz`.
        assert_eq!(allowed(&text, "r", Dialect::Google, url), url.ends_with("baz"), "google: {rule} against {url}");
    }
    // A non-ASCII URL is encoded the same way as the rule.
    assert!(!allowed("User-agent: *\nDisallow: /foo/bar/%E3%83%84\n", "r", Dialect::Rfc9309, "/foo/bar/ツ"));
}

#[test]
fn empty_disallow_allows_everything() {
    let text = "User-agent: *\nDisallow:\n";
    for dialect in ALL {
        assert_eq!(verdict(text, "r", dialect, "/anything").reason, Reason::NoRuleMatched, "{dialect}");
    }
}

#[test]
fn empty_allow_says_nothing() {
    let text = "User-agent: *\nAllow:\nDisallow: /x\n";
    for dialect in ALL {
        assert!(!allowed(text, "r", dialect, "/x"), "{dialect}");
        assert_eq!(verdict(text, "r", dialect, "/y").reason, Reason::NoRuleMatched, "{dialect}");
    }
}

#[test]
fn robots_txt_is_always_allowed_except_for_1994_robots_and_google() {
    let text = "User-agent: *\nDisallow: /\n";
    assert!(!allowed(text, "r", Dialect::Google, "/robots.txt"), "Google's code does not exempt it");
    for dialect in [Dialect::Draft1996, Dialect::Rfc9309] {
        for url in ["/robots.txt", "https://example.com/robots.txt", "/%72obots.txt"] {
            assert_eq!(verdict(text, "r", dialect, url).reason, Reason::RobotsTxt, "{dialect}: {url}");
        }
        // RFC 9309 allows "the /robots.txt URI", which a query makes another URI.
        assert_eq!(allowed(text, "r", dialect, "/robots.txt?x=1"), dialect != Dialect::Rfc9309, "{dialect}");
        assert!(!allowed(text, "r", dialect, "/robots.txt/x"), "{dialect}");
        assert!(!allowed(text, "r", dialect, "/ROBOTS.TXT"), "{dialect}");
    }
    assert!(!allowed(text, "r", Dialect::Norobots1994, "/robots.txt"));
}

#[test]
fn urls_count_path_and_query() {
    let text = "User-agent: *\nDisallow: /search?q=\nDisallow: /$\n";
    for dialect in MODERN {
        assert!(!allowed(text, "r", dialect, "https://example.com/search?q=robots#results"), "{dialect}");
        assert!(allowed(text, "r", dialect, "https://example.com/search#?q="), "{dialect}");
        assert!(!allowed(text, "r", dialect, "https://example.com"), "{dialect}: no path is `/`");
        assert!(allowed(text, "r", dialect, "https://example.com/?x"), "{dialect}");
    }
}

// ---------------------------------------------------------------------------------------
// Google's extras

#[test]
fn google_reads_typos_and_missing_colons() {
    let cases = [
        "User-agent: *\nDissallow: /x\n",
        "User-agent: *\nDisalow: /x\n",
        "Useragent: *\nDisallow: /x\n",
        "User agent: *\nDisallow: /x\n",
        "User-agent: *\nDisallow /x\n",
        "User-agent *\nDisallow: /x\n",
    ];
    for text in cases {
        assert!(!allowed(text, "r", Dialect::Google, "/x"), "google: {text:?}");
        for dialect in [Dialect::Norobots1994, Dialect::Draft1996, Dialect::Rfc9309] {
            assert!(allowed(text, "r", dialect, "/x"), "{dialect}: {text:?}");
        }
    }
    // Without a colon, only exactly two tokens make a line.
    assert!(allowed("User-agent: *\nDisallow /x /y\n", "r", Dialect::Google, "/x"));
    assert!(allowed("User-agent: *\nDisallow\n", "r", Dialect::Google, "/x"));
}

#[test]
fn google_index_htm_rule_allows_the_directory() {
    let text = "User-agent: *\nDisallow: /\nAllow: /dir/index.html\nAllow: /other/index.htm\n";
    let google = verdict(text, "r", Dialect::Google, "/dir/");
    assert!(google.allowed);
    let rule = google.reason.rule().expect("a rule decides");
    assert_eq!((rule.line, &*rule.pattern), (2, "/dir/$"));
    assert!(allowed(text, "r", Dialect::Google, "/other/"));
    assert!(!allowed(text, "r", Dialect::Google, "/dir/x"));
    assert!(allowed(text, "r", Dialect::Google, "/dir/index.html"));
    assert!(!allowed(text, "r", Dialect::Rfc9309, "/dir/"));
}

// ---------------------------------------------------------------------------------------
// No exponential backtracking

#[test]
fn many_wildcards_against_a_long_path_finish() {
    let pattern = format!("/{}", "*a".repeat(50_000));
    let prefix_rule = format!("User-agent: *\nDisallow: {pattern}\n");
    let anchored_rule = format!("User-agent: *\nDisallow: {pattern}$\n");
    let all_a = format!("/{}", "a".repeat(99_999));
    let no_a = format!("/{}", "b".repeat(99_999));
    let too_few = format!("/{}{}", "a".repeat(49_999), "b".repeat(50_000));
    assert_eq!(all_a.len(), 100_000);
    for dialect in ALL {
        let prefix = matcher(&prefix_rule, "r", dialect);
        let anchored = matcher(&anchored_rule, "r", dialect);
        let wildcards = MODERN.contains(&dialect);
        assert_eq!(prefix.allowed(&all_a).allowed, !wildcards, "{dialect}");
        assert_eq!(anchored.allowed(&all_a).allowed, !wildcards, "{dialect}");
        assert!(prefix.allowed(&no_a).allowed, "{dialect}");
        // Google reads the first 16,663 bytes of the line: a pattern of fewer `a`s, unanchored.
        let google = dialect == Dialect::Google;
        assert_eq!(prefix.allowed(&too_few).allowed, !google, "{dialect}");
        assert_eq!(anchored.allowed(&too_few).allowed, !google, "{dialect}");
    }
}

// ---------------------------------------------------------------------------------------
// Random documents: a small xorshift generator, deterministic seeds

struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for index in (1..items.len()).rev() {
            items.swap(index, self.below(index + 1));
        }
    }
}

fn random_case(rng: &mut Rng, word: &str) -> String {
    word.chars().map(|c| if rng.chance(30) { c.to_ascii_uppercase() } else { c }).collect()
}

// ---------------------------------------------------------------------------------------
// Where all four dialects must agree

/// Plain tokens, none a substring of another.
const AGREEING_NAMES: [&str; 6] = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot"];

fn random_prefix_path(rng: &mut Rng) -> String {
    let mut path = String::from("/");
    for _ in 0..rng.below(6) {
        path.push_str(rng.pick::<&str>(&["a", "b", "/", "ab", "x"]));
    }
    path
}

/// Records separated by blank lines, each with its agents, then Disallow lines (at least one,
/// so that RFC 9309, which does not stop at blank lines, sees the same groups).
fn random_agreeing_document(rng: &mut Rng) -> String {
    let mut names: Vec<&str> = AGREEING_NAMES.to_vec();
    rng.shuffle(&mut names);
    names.truncate(rng.below(names.len() + 1));
    let mut records: Vec<Vec<String>> = Vec::new();
    while !names.is_empty() {
        let take = (1 + rng.below(2)).min(names.len());
        records.push(names.drain(..take).map(|name| random_case(rng, name)).collect());
    }
    if rng.chance(70) {
        let at = rng.below(records.len() + 1);
        records.insert(at, vec!["*".to_string()]);
    }
    let mut text = String::new();
    if rng.chance(30) {
        text.push_str("# generated\n\n");
    }
    for agents in records {
        for agent in agents {
            text.push_str(&format!("User-agent: {agent}\n"));
        }
        for _ in 0..1 + rng.below(4) {
            let path = if rng.chance(15) { String::new() } else { random_prefix_path(rng) };
            text.push_str(&format!("Disallow: {path}\n"));
            if rng.chance(10) {
                text.push_str("# a comment inside the record\n");
            }
        }
        text.push_str(if rng.chance(30) { "\n\n" } else { "\n" });
    }
    text
}

#[test]
fn all_dialects_agree_on_simple_documents() {
    let mut rng = Rng::new(1994);
    for _ in 0..2_000 {
        let text = random_agreeing_document(&mut rng);
        let document = parse_text(&text);
        let mut robots: Vec<String> = AGREEING_NAMES.iter().map(|name| random_case(&mut rng, name)).collect();
        robots.push("zulu".to_string());
        robots.push("Echo/2.0".to_string());
        let paths: Vec<String> = (0..12).map(|_| random_prefix_path(&mut rng)).collect();
        for robot in &robots {
            // Google's code compares the name whole: it is given `Echo`, not `Echo/2.0`.
            let name =
                |dialect| if dialect == Dialect::Google { robot.split('/').next() } else { Some(robot.as_str()) };
            let matchers: Vec<Matcher> = ALL
                .iter()
                .map(|&dialect| Matcher::new(&document, &text, name(dialect).unwrap_or_default(), dialect))
                .collect();
            for path in &paths {
                // Google's GetPathParamsQuery reads `//a/b` as the host `a` and the path `/b`.
                let asked = if path.starts_with("//") { &matchers[..3] } else { &matchers[..] };
                let answers: Vec<bool> = asked.iter().map(|matcher| matcher.allowed(path).allowed).collect();
                assert!(answers.iter().all(|&answer| answer == answers[0]), "{robot} {path} {answers:?} in\n{text}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Naive reference implementations, one per dialect

mod reference {
    use super::Dialect;

    /// What decided, as the reference sees it.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub enum Decision {
        Line(usize),
        NoRuleMatched,
        NoRecordApplies,
        RobotsTxt,
    }

    #[derive(Debug, Clone)]
    struct Rule {
        line: usize,
        allow: bool,
        pattern: String,
    }

    #[derive(Debug, Clone, Default)]
    struct Group {
        agents: Vec<String>,
        rules: Vec<Rule>,
    }

    enum Meaning {
        Blank,
        Agent(String),
        Rule(bool, String),
        Nothing,
    }

    /// Misspellings the generator writes, and what Google reads in them.
    const GOOGLE_TYPOS: [(&str, &str); 6] = [
        ("dissallow", "disallow"),
        ("disalow", "disallow"),
        ("alow", "allow"),
        ("useragent", "user-agent"),
        ("user agent", "user-agent"),
        ("user-agents", "user-agent"),
    ];

    fn meaning(raw: &str, dialect: Dialect) -> Meaning {
        if raw.trim().is_empty() {
            return Meaning::Blank;
        }
        let content = raw.split('#').next().unwrap_or("").trim();
        let words: Vec<&str> = content.split_whitespace().collect();
        let (name, value) = match content.split_once(':') {
            Some((name, value)) => (name.trim().to_ascii_lowercase(), value.trim().to_string()),
            None if dialect == Dialect::Google && words.len() == 2 => {
                (words[0].to_ascii_lowercase(), words[1].to_string())
            }
            None => return Meaning::Nothing,
        };
        let name = match GOOGLE_TYPOS.iter().find(|(typo, _)| *typo == name) {
            Some((_, meant)) if dialect == Dialect::Google => meant.to_string(),
            _ => name,
        };
        match name.as_str() {
            "user-agent" => Meaning::Agent(value),
            "disallow" => Meaning::Rule(false, value),
            "allow" if dialect != Dialect::Norobots1994 => Meaning::Rule(true, value),
            _ => Meaning::Nothing,
        }
    }

    /// Groups, read block by block: 1994 and 1996 robots cut the file at blank lines first;
    /// RFC 9309 robots read it as one block.
    fn groups(text: &str, dialect: Dialect) -> Vec<Group> {
        let old = matches!(dialect, Dialect::Norobots1994 | Dialect::Draft1996);
        let mut blocks: Vec<Vec<(usize, Meaning)>> = vec![Vec::new()];
        for (line, raw) in text.lines().enumerate() {
            match meaning(raw, dialect) {
                Meaning::Blank if old => blocks.push(Vec::new()),
                Meaning::Blank | Meaning::Nothing => {}
                other => blocks.last_mut().expect("a block").push((line, other)),
            }
        }
        let mut groups = Vec::new();
        for block in blocks {
            let mut current: Option<Group> = None;
            for (line, meaning) in block {
                match meaning {
                    Meaning::Agent(value) => {
                        if current.as_ref().is_some_and(|group| !group.rules.is_empty()) {
                            groups.extend(current.take());
                        }
                        current.get_or_insert_with(Group::default).agents.push(value);
                    }
                    Meaning::Rule(allow, pattern) => {
                        if let Some(group) = current.as_mut() {
                            group.rules.push(Rule { line, allow, pattern });
                        }
                    }
                    Meaning::Blank | Meaning::Nothing => {}
                }
            }
            groups.extend(current);
        }
        groups
    }

    fn token_1996(robot: &str) -> String {
        robot.split(['/', ' ']).next().unwrap_or("").to_ascii_lowercase()
    }

    fn token_rfc(value: &str) -> String {
        value
            .chars()
            .take_while(|c| c.is_ascii_alphabetic() || *c == '-' || *c == '_')
            .collect::<String>()
            .to_ascii_lowercase()
    }

    fn is_star_rfc(value: &str) -> bool {
        value == "*" || value.starts_with("* ") || value.starts_with("*\t")
    }

    fn select(groups: &[Group], robot: &str, dialect: Dialect) -> Option<Vec<Rule>> {
        let rules_of = |chosen: Vec<&Group>| -> Option<Vec<Rule>> {
            (!chosen.is_empty()).then(|| chosen.iter().flat_map(|group| group.rules.clone()).collect())
        };
        match dialect {
            Dialect::Norobots1994 | Dialect::Draft1996 => {
                let name = token_1996(robot);
                let named = groups.iter().find(|group| {
                    !name.is_empty() && group.agents.iter().any(|agent| agent.to_ascii_lowercase().contains(&name))
                });
                let chosen =
                    named.or_else(|| groups.iter().find(|group| group.agents.iter().any(|agent| agent == "*")));
                chosen.map(|group| group.rules.clone())
            }
            Dialect::PythonRobotparser => unreachable!("{}", super::PYTHON_ELSEWHERE),
            Dialect::Rfc9309 => {
                // §2.2.1 to the letter: the whole value is the product token.
                let name = token_rfc(robot);
                let named = |group: &&Group| {
                    group.agents.iter().any(|agent| !name.is_empty() && agent.eq_ignore_ascii_case(&name))
                };
                rules_of(groups.iter().filter(named).collect()).or_else(|| {
                    rules_of(groups.iter().filter(|group| group.agents.iter().any(|agent| agent == "*")).collect())
                })
            }
            Dialect::Google => {
                let name = token_rfc(robot);
                let names = |token: &str| -> bool {
                    !token.is_empty() && (token == name || name.starts_with(&format!("{token}-")))
                };
                let best = groups
                    .iter()
                    .flat_map(|group| &group.agents)
                    .map(|agent| token_rfc(agent))
                    .filter(|token| names(token))
                    .max_by_key(String::len);
                let named = best.map(|best| {
                    groups.iter().filter(|group| group.agents.iter().any(|agent| token_rfc(agent) == best)).collect()
                });
                rules_of(named.unwrap_or_default()).or_else(|| {
                    rules_of(
                        groups.iter().filter(|group| group.agents.iter().any(|agent| is_star_rfc(agent))).collect(),
                    )
                })
            }
        }
    }

    fn hex(byte: u8) -> Option<u8> {
        (byte as char).to_digit(16).map(|digit| digit as u8)
    }

    /// Splits text into octets, each either written as a `%xx` escape or literally.
    fn units(text: &str) -> Vec<(bool, u8)> {
        let bytes = text.as_bytes();
        let mut units = Vec::new();
        let mut at = 0;
        while at < bytes.len() {
            let escape =
                (bytes[at] == b'%').then(|| Some(hex(*bytes.get(at + 1)?)? * 16 + hex(*bytes.get(at + 2)?)?)).flatten();
            match escape {
                Some(octet) => {
                    units.push((true, octet));
                    at += 3;
                }
                None => {
                    units.push((false, bytes[at]));
                    at += 1;
                }
            }
        }
        units
    }

    fn draft_decode(text: &str) -> Vec<u8> {
        let mut out = Vec::new();
        for (escaped, octet) in units(text) {
            if escaped && octet == b'/' {
                out.extend_from_slice(b"%2F");
            } else {
                out.push(octet);
            }
        }
        out
    }

    /// RFC 9309's first §2.2.2 example: `:/?@[]` in the query are compared escaped.
    fn query_data_escaped(normal: Vec<u8>) -> Vec<u8> {
        let Some(mark) = normal.iter().position(|&b| b == b'?') else { return normal };
        let mut out = normal[..=mark].to_vec();
        for &octet in &normal[mark + 1..] {
            if b":/?@[]".contains(&octet) {
                out.extend_from_slice(format!("%{octet:02X}").as_bytes());
            } else {
                out.push(octet);
            }
        }
        out
    }

    fn rfc_normal(text: &str, url: bool) -> Vec<u8> {
        let unreserved = |b: u8| b.is_ascii_alphanumeric() || b"-._~".contains(&b);
        let reserved = |b: u8| b":/?#[]@!$&'()*+,;=".contains(&b);
        let mut out = Vec::new();
        for (escaped, octet) in units(text) {
            let literal_ok =
                if escaped { unreserved(octet) } else { unreserved(octet) || reserved(octet) || octet == b'%' };
            let wildcard_in_url = url && !escaped && (octet == b'*' || octet == b'$');
            if literal_ok && !wildcard_in_url {
                out.push(octet);
            } else {
                out.extend_from_slice(format!("%{octet:02X}").as_bytes());
            }
        }
        out
    }

    /// Only a final `$` anchors; any other is the character `$`, which URLs write `%24`.
    fn inner_dollars_literal(pattern: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        for (at, &octet) in pattern.iter().enumerate() {
            if octet == b'$' && at + 1 < pattern.len() {
                out.extend_from_slice(b"%24");
            } else {
                out.push(octet);
            }
        }
        out
    }

    /// The obvious recursive wildcard match: `*` tries every split, a final `$` wants the end.
    fn wildcard(pattern: &[u8], path: &[u8]) -> bool {
        match pattern.split_first() {
            None => true,
            Some((b'$', [])) => path.is_empty(),
            Some((b'*', rest)) => (0..=path.len()).any(|skip| wildcard(rest, &path[skip..])),
            Some((octet, rest)) => path.first() == Some(octet) && wildcard(rest, &path[1..]),
        }
    }

    fn google_index_rule(pattern: &[u8]) -> Option<Vec<u8>> {
        let slash = pattern.iter().rposition(|&b| b == b'/')?;
        let last = &pattern[slash..];
        (last.len() >= 10 && &last[..10] == b"/index.htm").then(|| [&pattern[..=slash], b"$"].concat())
    }

    /// The rules one robot obeys under one dialect, read the naive way.
    pub struct Reference {
        dialect: Dialect,
        rules: Option<Vec<Rule>>,
    }

    impl Reference {
        pub fn new(text: &str, robot: &str, dialect: Dialect) -> Reference {
            let rules = select(&groups(text, dialect), robot, dialect)
                .map(|rules| rules.into_iter().filter(|rule| !rule.pattern.is_empty()).collect());
            Reference { dialect, rules }
        }

        pub fn decide(&self, path: &str) -> (bool, Decision) {
            decide(self.rules.as_deref(), self.dialect, path)
        }
    }

    fn decide(rules: Option<&[Rule]>, dialect: Dialect, path: &str) -> (bool, Decision) {
        let path_only = path.split('?').next().unwrap_or("");
        let robots_txt = match dialect {
            Dialect::Norobots1994 => false,
            Dialect::Draft1996 => draft_decode(path_only) == b"/robots.txt",
            Dialect::PythonRobotparser => unreachable!("{}", super::PYTHON_ELSEWHERE),
            Dialect::Rfc9309 => rfc_normal(path, true) == b"/robots.txt",
            Dialect::Google => rfc_normal(path_only, true) == b"/robots.txt",
        };
        if robots_txt {
            return (true, Decision::RobotsTxt);
        }
        let Some(rules) = rules else {
            return (true, Decision::NoRecordApplies);
        };
        let decided = match dialect {
            Dialect::PythonRobotparser => unreachable!("{}", super::PYTHON_ELSEWHERE),
            Dialect::Norobots1994 => rules
                .iter()
                .find(|rule| path.as_bytes().starts_with(rule.pattern.as_bytes()))
                .map(|rule| (rule.allow, rule.line)),
            Dialect::Draft1996 => {
                let path = draft_decode(path);
                rules
                    .iter()
                    .find(|rule| path.starts_with(&draft_decode(&rule.pattern)))
                    .map(|rule| (rule.allow, rule.line))
            }
            Dialect::Rfc9309 | Dialect::Google => {
                let letter =
                    |normal: Vec<u8>| if dialect == Dialect::Rfc9309 { query_data_escaped(normal) } else { normal };
                let path = letter(rfc_normal(path, true));
                let mut candidates: Vec<(usize, bool, usize)> = Vec::new();
                for rule in rules {
                    let pattern = letter(rfc_normal(&rule.pattern, false));
                    if wildcard(&inner_dollars_literal(&pattern), &path) {
                        candidates.push((pattern.len(), rule.allow, rule.line));
                    }
                    let derived =
                        if dialect == Dialect::Google && rule.allow { google_index_rule(&pattern) } else { None };
                    if let Some(derived) = derived.filter(|derived| wildcard(&inner_dollars_literal(derived), &path)) {
                        candidates.push((derived.len(), true, rule.line));
                    }
                }
                // Longest, then Allow, then earliest in the file.
                candidates.sort_by(|a, b| (b.0, b.1).cmp(&(a.0, a.1)).then(a.2.cmp(&b.2)));
                candidates.first().map(|&(_, allow, line)| (allow, line))
            }
        };
        match decided {
            Some((allow, line)) => (allow, Decision::Line(line)),
            None => (true, Decision::NoRuleMatched),
        }
    }
}

const PIECES: [&str; 19] = [
    "a",
    "b",
    "/",
    "/",
    "*",
    "$",
    "%61",
    "%2F",
    "%2f",
    "~",
    "%7E",
    "%7e",
    "index.html",
    "?",
    "é",
    "%C3%A9",
    "robots.txt",
    "%2A",
    "%24",
];

fn random_pattern(rng: &mut Rng) -> String {
    let mut pattern = String::from(if rng.chance(90) { "/" } else { "" });
    for _ in 0..rng.below(5) {
        pattern.push_str(rng.pick::<&str>(&PIECES));
    }
    pattern
}

fn random_path(rng: &mut Rng) -> String {
    if rng.chance(8) {
        return String::from(*rng.pick(&["/robots.txt", "/robots.txt?x", "/%72obots.txt"]));
    }
    let mut path = String::from("/");
    for _ in 0..rng.below(6) {
        path.push_str(rng.pick::<&str>(&PIECES));
    }
    path
}

fn random_line(rng: &mut Rng) -> String {
    let agents = ["*", "foo", "FooBot", "foobot/2.1", "foo-news", "Foo-News", "bar", "", "* ", "*bot", "barbot"];
    let agent = *rng.pick(&agents);
    let rule_names =
        ["Disallow", "disallow", "DISALLOW", "Allow", "allow", "Dissallow", "Disalow", "Alow", "Disallow", "Allow"];
    match rng.below(20) {
        0..=3 => format!("User-agent: {agent}"),
        4 => format!("{}: {agent}", rng.pick(&["Useragent", "User agent", "User-agents"])),
        5 => format!("User-agent {agent}"),
        6..=12 => format!("{}: {}", rng.pick(&rule_names), random_pattern(rng)),
        13 => format!("{} {}", rng.pick(&rule_names), random_pattern(rng)),
        14 => format!("Disallow {} {}", random_pattern(rng), random_pattern(rng)),
        15 => format!("Disallow: {} # note", random_pattern(rng)),
        16 | 17 => String::new(),
        18 => String::from("# comment"),
        _ => String::from(*rng.pick(&["Sitemap: /s.xml", "Crawl-delay: 5", "Host: example.com"])),
    }
}

fn decision_of(verdict: &Verdict) -> reference::Decision {
    match &verdict.reason {
        Reason::Rule(rule) => reference::Decision::Line(rule.line),
        Reason::NoRuleMatched => reference::Decision::NoRuleMatched,
        Reason::NoRecordApplies => reference::Decision::NoRecordApplies,
        Reason::RobotsTxt => reference::Decision::RobotsTxt,
    }
}

/// The dialects the naive references below model; Google's reference is Google's own code
/// (`tests/it/google_oracle.rs`).
const NAIVE: [Dialect; 3] = [Dialect::Norobots1994, Dialect::Draft1996, Dialect::Rfc9309];

#[test]
fn matcher_agrees_with_the_naive_references() {
    use std::collections::BTreeMap;
    let robots = ["foo", "FooBot", "foo-news", "foo-news-x", "bar", "baz", "Foo/1.0", "barbot"];
    let mut rng = Rng::new(9309);
    // How often each dialect gave each kind of answer, so the test cannot pass vacuously.
    let mut seen_kinds: BTreeMap<(String, &str), usize> = BTreeMap::new();
    for _ in 0..2_000 {
        let lines: Vec<String> = (0..rng.below(14)).map(|_| random_line(&mut rng)).collect();
        let text = lines.iter().map(|line| format!("{line}\n")).collect::<String>();
        let document = parse_text(&text);
        let paths: Vec<String> = (0..10).map(|_| random_path(&mut rng)).collect();
        for robot in robots {
            for dialect in NAIVE {
                let matcher = Matcher::new(&document, &text, robot, dialect);
                let reference = reference::Reference::new(&text, robot, dialect);
                for path in &paths {
                    let seen = matcher.allowed(path);
                    let expected = reference.decide(path);
                    assert_eq!(
                        (seen.allowed, decision_of(&seen)),
                        expected,
                        "{dialect}, robot {robot}, path {path} in\n{text}"
                    );
                    let kind = match (&seen.reason, seen.allowed) {
                        (Reason::Rule(_), true) => "allowed by a line",
                        (Reason::Rule(_), false) => "disallowed by a line",
                        (reason, _) => reason.describe(),
                    };
                    *seen_kinds.entry((dialect.to_string(), kind)).or_default() += 1;
                }
            }
        }
    }
    for dialect in NAIVE {
        let mut kinds = vec!["disallowed by a line", "no rule matched", "no record applies"];
        if dialect != Dialect::Norobots1994 {
            kinds.extend(["allowed by a line", "/robots.txt is always allowed"]);
        }
        for kind in kinds {
            let count = seen_kinds.get(&(dialect.to_string(), kind)).copied().unwrap_or(0);
            assert!(count >= 500, "{dialect}: only {count} answers of the kind `{kind}`: {seen_kinds:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Real-world files

/// Every fourth file in `../shared/corpus/protego` (when that folder is present; the lint
/// crash sweep in `tests/it/protego.rs` parses them all): no panic, and a deciding line is an
/// Allow or Disallow line whose span lies inside the text.
#[test]
#[cfg_attr(not(ci), ignore = "needs ../shared beside the clone; CI=true runs it")]
fn real_world_files_never_panic_and_name_real_rule_lines() {
    use robolint::model::Directive;
    let Some(paths) = shared::protego_files() else { return };
    let robots = ["Googlebot", "googlebot-news", "bingbot/2.0", "*"];
    let urls = ["/", "/robots.txt", "/search?q=1", "/a/b.html", "/wp-admin/admin-ajax.php", "/ツ?x=%7E"];
    for path in paths.iter().step_by(4) {
        let source = robolint::Source::from_bytes(&std::fs::read(path).expect("readable file"));
        let document = robolint::parse::parse(&source);
        for dialect in ALL {
            for robot in robots {
                let matcher = Matcher::new(&document, &source.text, robot, dialect);
                for url in urls {
                    let Reason::Rule(rule) = matcher.allowed(url).reason else { continue };
                    let line = &document.lines[rule.line];
                    assert!(line.span == rule.span && source.text.get(rule.span.start()..rule.span.end()).is_some());
                    let read_as_rule = line.directive().is_some_and(Directive::is_access_rule)
                        || (dialect == Dialect::Google && line.field().is_some());
                    assert!(read_as_rule, "{}: line {} decided {url} for {robot}", path.display(), rule.line + 1);
                }
            }
        }
    }
}
