//! Tests of the strict grammar, `grammar/draft-1996.pest`: the BNF of draft-koster-robots-00
//! §3.3 with the errata listed at the top of that file.
//!
//! 1. One test per BNF production, each with a table of inputs it must accept and a table it
//!    must reject, run through `parse_production` (the production must match the whole
//!    input). Every erratum is covered, and so is what the BNF deliberately rejects. One more
//!    test classifies every ASCII character with each single-character production.
//! 2. Whole files through `parse_strict` (the `robotstxt` production).
//! 3. A differential test: the linter's line-by-line strict checks plus its structure state
//!    machine (`parse_text`) must accept exactly the files the whole-file pest parse
//!    accepts, over the corpus, the real-world files in `../shared/corpus/protego` when
//!    present, and generated files.

use crate::support::shared;

use std::collections::{BTreeSet, HashSet};
use std::fs;
use std::path::Path;

use robolint::model::{Document, StructureProblem};
use robolint::parse::{parse_production, parse_strict, parse_text};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// Every production of the draft's §3.3 BNF (RFC 1945's `token`, RFC 1808's `path` included).
const PRODUCTIONS: [&str; 40] = [
    "robotstxt",
    "blankcomment",
    "commentblank",
    "blank",
    "CRLF",
    "record",
    "agentline",
    "ruleline",
    "disallowline",
    "allowline",
    "extension",
    "value",
    "commentline",
    "comment",
    "space",
    "rpath",
    "agent",
    "anychar",
    "CHAR",
    "CTL",
    "CR",
    "LF",
    "SP",
    "HT",
    "token",
    "tspecials",
    "path",
    "fsegment",
    "segment",
    "pchar",
    "uchar",
    "unreserved",
    "escape",
    "hex",
    "alpha",
    "lowalpha",
    "hialpha",
    "digit",
    "safe",
    "extra",
];

/// Does `production` match all of `text`? Panics when the grammar has no such production.
fn accepts(production: &str, text: &str) -> bool {
    match parse_production(production, text) {
        Some(result) => result.is_ok(),
        None => panic!("the strict grammar has no production `{production}`"),
    }
}

/// Runs a production over its accept and reject tables and names every input it gets wrong.
fn check(production: &str, accept: &[&str], reject: &[&str]) {
    let mut wrong = Vec::new();
    for &text in accept {
        if !accepts(production, text) {
            wrong.push(format!("`{production}` should accept {text:?}: {:?}", parse_production(production, text)));
        }
    }
    for &text in reject {
        if accepts(production, text) {
            wrong.push(format!("`{production}` should reject {text:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The draft's §4 example, line by line.
const FICT_ORG: &[&str] = &[
    "# /robots.txt for http://www.fict.org/",
    "# comments to webmaster@fict.org",
    "",
    "User-agent: unhipbot",
    "Disallow: /",
    "",
    "User-agent: webcrawler",
    "User-agent: excite",
    "Disallow:",
    "",
    "User-agent: *",
    "Disallow: /org/plans.html",
    "Allow: /org/",
    "Allow: /serv",
    "Allow: /~mak",
    "Disallow: /",
];

/// Lines joined with CRLF, each ending in CRLF.
fn crlf(lines: &[&str]) -> String {
    lines.iter().map(|line| format!("{line}\r\n")).collect()
}

/// Strips a leading U+FEFF, turns every CR, LF and CRLF line end into CRLF and ends the last
/// line with CRLF.
fn normalise(text: &str) -> String {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let mut out = String::with_capacity(text.len() + text.len() / 16 + 2);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                chars.next_if_eq(&'\n');
                out.push_str("\r\n");
            }
            '\n' => out.push_str("\r\n"),
            c => out.push(c),
        }
    }
    if !out.is_empty() && !out.ends_with("\r\n") {
        out.push_str("\r\n");
    }
    out
}

fn strict_accepts(text: &str) {
    assert!(parse_strict(text).is_ok(), "the draft accepts {text:?}, parse_strict says {:?}", parse_strict(text));
}

fn strict_rejects(text: &str) {
    assert!(parse_strict(text).is_err(), "the draft rejects {text:?}, parse_strict accepts it");
}

fn structure_problems(text: &str) -> Vec<StructureProblem> {
    parse_text(text).structure_failures.iter().map(|failure| failure.problem).collect()
}

/// The production named by the strict failure of each line of `text` that has one.
fn line_failures(text: &str) -> Vec<(usize, &'static str)> {
    parse_text(text)
        .lines
        .iter()
        .enumerate()
        .filter_map(|(index, line)| line.strict_failure.as_ref().map(|failure| (index, failure.production)))
        .collect()
}

fn seed(name: &str) -> String {
    let path = Path::new(crate::support::ROOT).join("corpus/seeds").join(name);
    fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

// ---------------------------------------------------------------------------------------------
// 1. The productions
// ---------------------------------------------------------------------------------------------

/// The list above is the grammar's list: every rule with a `///` BNF quotation is tested, and
/// nothing else is a production.
#[test]
fn every_documented_rule_of_the_grammar_is_a_tested_production() {
    let path = Path::new(crate::support::ROOT).join("grammar/draft-1996.pest");
    let grammar = fs::read_to_string(&path).expect("grammar/draft-1996.pest");
    let mut documented = BTreeSet::new();
    let mut quoted = false;
    for line in grammar.lines() {
        let line = line.trim_end();
        if line.starts_with("///") {
            quoted = true;
        } else if line.is_empty() {
            quoted = false;
        } else if !line.starts_with("//") {
            if let Some((name, _)) = line.split_once(" = ") {
                if quoted {
                    documented.insert(name.trim().to_string());
                }
            }
            quoted = false;
        }
    }
    let tested: BTreeSet<String> = PRODUCTIONS.iter().map(|name| name.to_string()).collect();
    assert_eq!(documented, tested, "rules quoting the BNF in the grammar vs productions tested here");
    for production in PRODUCTIONS {
        assert!(parse_production(production, "").is_some(), "parse_production does not know `{production}`");
    }
}

#[test]
fn unknown_productions_are_none() {
    assert!(parse_production("Robotstxt", "").is_none(), "production names are case-sensitive");
    assert!(parse_production("sitemapline", "").is_none());
}

#[test]
#[should_panic(expected = "no production `nonsense`")]
fn accepts_panics_on_an_unknown_production() {
    accepts("nonsense", "x");
}

#[test]
fn production_robotstxt() {
    let fict_org = crlf(FICT_ORG);
    let accept = [
        "",
        "\r\n",
        "# only a comment\r\n",
        "\r\n# comments\r\n  \r\n# and blanks\r\n\r\n",
        "User-agent: *\r\nDisallow:\r\n",
        "User-agent: *\r\nDisallow: /tmp/*\r\n",
        "\r\n# lead\r\nUser-agent: *\r\nDisallow: /\r\n# trail\r\n\r\n",
        // Erratum 2: records separated by blank lines, comments anywhere around them.
        "User-agent: a\r\nDisallow: /a\r\n\r\nUser-agent: b\r\nDisallow: /b\r\n",
        "User-agent: a\r\nDisallow: /a\r\n# between\r\n\r\n# more\r\n\r\nUser-agent: b\r\nDisallow: /b\r\n",
        "User-agent: a\r\nDisallow: /a\r\n  \t\r\nUser-agent: b\r\nDisallow: /b\r\n",
        // An extension line is a ruleline: legal inside a record, even as its only rule.
        "User-agent: *\r\nSitemap: http://www.example.com/sitemap.xml\r\n",
        // Erratum 1: field names in any case.
        "USER-AGENT: *\r\ndisallow: /\r\nALLOW: /pub\r\n",
        &fict_org,
    ];
    let reject = [
        // Erratum 2: as printed, `1*record` let a record start right after another one's rules.
        "User-agent: a\r\nDisallow: /a\r\nUser-agent: b\r\nDisallow: /b\r\n",
        "User-agent: a\r\nDisallow: /a\r\n# no blank line\r\nUser-agent: b\r\nDisallow: /b\r\n",
        // A record needs an agent line and a rule line.
        "User-agent: *\r\n",
        "User-agent: a\r\n\r\nUser-agent: b\r\nDisallow: /\r\n",
        "Disallow: /\r\n",
        "\r\nDisallow: /\r\nUser-agent: *\r\nDisallow: /\r\n",
        // An extension line is only legal inside a record.
        "Sitemap: http://www.example.com/sitemap.xml\r\n",
        "User-agent: *\r\nDisallow:\r\n\r\nSitemap: http://www.example.com/sitemap.xml\r\n",
        // Blank lines do not belong to a record.
        "User-agent: *\r\n\r\nDisallow: /\r\n",
        // CRLF is the only line end; the last line needs one too.
        "User-agent: *\nDisallow: /\n",
        "User-agent: *\rDisallow: /\r",
        "User-agent: *\r\nDisallow: /",
        "# comment",
        " ",
        // US-ASCII only: no byte-order mark, no non-ASCII character anywhere.
        "\u{FEFF}User-agent: *\r\nDisallow: /\r\n",
        "# caf\u{e9}\r\n",
        "User-agent: Googlebot/2.1\r\nDisallow: /\r\n",
        " User-agent: *\r\nDisallow: /\r\n",
    ];
    check("robotstxt", &accept, &reject);
}

#[test]
fn production_blankcomment() {
    let accept =
        ["\r\n", " \t\r\n", "# x\r\n", "   # indented\r\n", "\r\n# x\r\n  \r\n#\r\n", "\r\n\r\n\r\n", "#a\r\n#b\r\n"];
    let reject = [
        "",
        "x\r\n",
        "# x",
        "# x\n",
        "\n",
        "User-agent: *\r\n",
        "Disallow: /\r\n",
        "\r\nDisallow: /\r\n",
        "# caf\u{e9}\r\n",
    ];
    check("blankcomment", &accept, &reject);
}

#[test]
fn production_commentblank() {
    let accept = [
        "\r\n",
        "  \r\n",
        "# a\r\n\r\n",
        "# a\r\n# b\r\n\r\n",
        "# a\r\n\r\n# b\r\n\r\n\r\n# c\r\n",
        "\r\n# trailing comment\r\n",
        "\r\n\r\n",
    ];
    let reject = ["", "# a\r\n", "# a\r\n# b\r\n", "x\r\n\r\n", "\r\nx\r\n", "\n", "# a\r\n\n"];
    check("commentblank", &accept, &reject);
}

#[test]
fn production_blank() {
    let accept = ["\r\n", " \r\n", "\t\r\n", " \t \t\r\n"];
    let reject = ["", "\n", "\r", "\n\r", " ", " x\r\n", "#\r\n", "\u{b}\r\n", "\u{c}\r\n", "\u{a0}\r\n", "\r\n\r\n"];
    check("blank", &accept, &reject);
}

#[test]
fn production_crlf() {
    let accept = ["\r\n"];
    let reject = ["", "\r", "\n", "\n\r", "\r\r\n", "\r\n\r\n", " \r\n", "\r\n ", "\u{2028}", "\u{85}"];
    check("CRLF", &accept, &reject);
}

#[test]
fn production_record() {
    let accept = [
        "User-agent: *\r\nDisallow: /\r\n",
        "User-agent: *\r\nDisallow:\r\n",
        "user-agent: a\r\nallow: /a\r\n",
        "User-agent: webcrawler\r\nUser-agent: infoseek\r\nAllow:    /tmp/ok.html\r\nDisallow: /tmp\r\nDisallow: /user/foo\r\n",
        "# lead\r\n# lead\r\nUser-agent: a\r\n# c\r\nUser-agent: b\r\nDisallow:\r\n# c\r\nAllow: /x\r\nCrawl-delay: 5\r\n# tail\r\n",
        // Extension lines are rule lines, and may be a record's only rule line.
        "User-agent: *\r\nSitemap: http://www.example.com/sitemap.xml\r\n",
        "User-agent: *\r\nCrawl-delay: 10\r\nDisallow: /\r\n",
    ];
    let reject = [
        "",
        "User-agent: *\r\n",
        "User-agent: *\r\n# no rules\r\n",
        "Disallow: /\r\n",
        "Disallow: /\r\nUser-agent: *\r\n",
        "Sitemap: http://www.example.com/sitemap.xml\r\nUser-agent: *\r\nDisallow:\r\n",
        // Agent lines may not follow rule lines: that is a second record.
        "User-agent: a\r\nDisallow: /\r\nUser-agent: b\r\nDisallow: /\r\n",
        // Blank lines end a record.
        "User-agent: a\r\n\r\nDisallow: /\r\n",
        "User-agent: a\r\nDisallow: /\r\n\r\n",
        "\r\nUser-agent: a\r\nDisallow: /\r\n",
        "User-agent: *\nDisallow: /\n",
        "User-agent: *\r\nDisallow: /",
        "User-agent: *\r\nDisallow: /tmp/ /cgi-bin/\r\n",
    ];
    check("record", &accept, &reject);
}

#[test]
fn production_agentline() {
    let accept = [
        "User-agent: *\r\n",
        "User-agent:*\r\n",
        "User-agent: webcrawler\r\n",
        "User-agent: \t unhipbot\r\n",
        // Erratum 1: RFC 822 literals are case-insensitive.
        "user-agent: figtree\r\n",
        "USER-AGENT: Excite\r\n",
        "User-Agent: Excite\r\n",
        "uSeR-aGeNt: x\r\n",
        "User-agent: unhipbot # comment\r\n",
        "User-agent: unhipbot\t# comment\r\n",
        "User-agent: *#comment\r\n",
        "User-agent: Fig-Tree_0.1\r\n",
        "User-agent: libwww-perl\r\n",
        // Every token character: `*` is a token, not a wildcard, as far as syntax goes.
        "User-agent: !#$%&'*+-.^_`|~09azAZ\r\n",
    ];
    let reject = [
        // An agent is a token: no "/", so no version numbers (RFC 1945 product tokens).
        "User-agent: Googlebot/2.1\r\n",
        "User-agent: FigTree/0.1 Robot libwww-perl/5.04\r\n",
        "User-agent: Mozilla/5.0 (compatible; bingbot/2.0)\r\n",
        "User-agent: Fig Tree\r\n",
        "User-agent: bot@example.com\r\n",
        "User-agent: bot(1)\r\n",
        "User-agent: a:b\r\n",
        "User-agent: a=b\r\n",
        "User-agent: \"quoted\"\r\n",
        "User-agent: back\\slash\r\n",
        "User-agent: b\u{f6}tchen\r\n",
        "User-agent: a\u{7f}\r\n",
        "User-agent:\r\n",
        "User-agent: \r\n",
        "User-agent: # nobody\r\n",
        // No trailing whitespace before the line end (the BNF has none).
        "User-agent: * \r\n",
        // No whitespace before the field or before its colon, no other spelling.
        " User-agent: *\r\n",
        "\tUser-agent: *\r\n",
        "User-agent : *\r\n",
        "User agent: *\r\n",
        "Useragent: *\r\n",
        "User-agents: *\r\n",
        "User-agent *\r\n",
        // CRLF only.
        "User-agent: *",
        "User-agent: *\n",
        "User-agent: *\r",
        "User-agent: *\r\n\r\n",
    ];
    check("agentline", &accept, &reject);
}

#[test]
fn production_ruleline() {
    let accept = [
        "Disallow: /\r\n",
        "Disallow:\r\n",
        "Allow: /\r\n",
        "allow: /org/\r\n",
        "Crawl-delay: 10\r\n",
        "Sitemap: http://www.example.com/sitemap.xml\r\n",
        "Disallowed: yes\r\n",
    ];
    let reject = [
        "User-agent: *\r\n",
        "# comment\r\n",
        "\r\n",
        "",
        // Erratum 6: a malformed Disallow/Allow line is not an extension line.
        "Disallow: *.gif\r\n",
        "Disallow: tmp\r\n",
        "Allow:\r\n",
        "Allow: *\r\n",
        "User-agent: Googlebot/2.1\r\n",
        " Disallow: /\r\n",
        "Disallow /tmp\r\n",
        "Disallow: /\r\nDisallow: /\r\n",
    ];
    check("ruleline", &accept, &reject);
}

#[test]
fn production_disallowline() {
    let accept = [
        // Erratum 3: empty, and a path starting with "/".
        "Disallow:\r\n",
        "Disallow: \r\n",
        "Disallow:\t\r\n",
        "Disallow: # allow everything\r\n",
        // Erratum 4: "/" alone.
        "Disallow: /\r\n",
        "Disallow:/tmp\r\n",
        "Disallow: /tmp/\r\n",
        "Disallow:\t /user/foo\r\n",
        "Disallow: /org/plans.html\r\n",
        // Erratum 1.
        "disallow: /tmp\r\n",
        "DISALLOW: /tmp\r\n",
        "DisAllow: /tmp\r\n",
        // Escapes, and the §3.2.2 table's paths.
        "Disallow: /a%3cd.html\r\n",
        "Disallow: /a%3Cd.html\r\n",
        "Disallow: /a%2fb.html\r\n",
        "Disallow: /%7ejoe/index.html\r\n",
        // Erratum 10: "~" unencoded.
        "Disallow: /~joe/index.html\r\n",
        // `*` and `$` are ordinary path characters (`extra`, `safe`).
        "Disallow: /tmp/*\r\n",
        "Disallow: /*.gif$\r\n",
        "Disallow: /a:b@c&d=e\r\n",
        "Disallow: /!*'(),$-_.+~\r\n",
        "Disallow: /a//b\r\n",
        "Disallow: /a/\r\n",
        "Disallow: /cyberworld/map/ # This is an infinite virtual URL space\r\n",
        "Disallow: /#comment\r\n",
        "Disallow: /tmp\t# comment\r\n",
    ];
    let reject = [
        // Erratum 6: not an extension either.
        "Disallow: *.gif\r\n",
        "Disallow: *\r\n",
        "Disallow: tmp\r\n",
        "Disallow: tmp/\r\n",
        "Disallow: http://www.example.com/\r\n",
        // `?` and `;` are not pchars (RFC 1808 keeps query and params out of `path`).
        "Disallow: /a?b=c\r\n",
        "Disallow: /?\r\n",
        "Disallow: /a;p\r\n",
        // One path per line, no spaces in it, no trailing whitespace.
        "Disallow: /a b\r\n",
        "Disallow: /tmp/ /cgi-bin/\r\n",
        "Disallow: /tmp \r\n",
        // Only pchars: no non-ASCII, no bad escapes, no unsafe characters.
        "Disallow: /caf\u{e9}\r\n",
        "Disallow: /%zz\r\n",
        "Disallow: /%4\r\n",
        "Disallow: /100%\r\n",
        "Disallow: /a\\b\r\n",
        "Disallow: /a\"b\r\n",
        "Disallow: /a<b>\r\n",
        "Disallow: /a{b}\r\n",
        "Disallow: /a[1]\r\n",
        "Disallow: /a|b\r\n",
        "Disallow: /a^b\r\n",
        "Disallow: /a`b\r\n",
        "Disallow: /a\u{7f}\r\n",
        // RFC 1808's path cannot start with "/", so an rpath cannot start with "//".
        "Disallow: //\r\n",
        "Disallow: //a\r\n",
        // Field syntax.
        " Disallow: /\r\n",
        "Disallow : /\r\n",
        "Disallow /\r\n",
        "Dissallow: /\r\n",
        "Disallow:: /\r\n",
        "Disallow: /",
        "Disallow: /\n",
    ];
    check("disallowline", &accept, &reject);
}

#[test]
fn production_allowline() {
    let accept = [
        // Erratum 4: "/" alone.
        "Allow: /\r\n",
        "Allow: /org/\r\n",
        "Allow: /serv\r\n",
        // Erratum 10.
        "Allow: /~mak\r\n",
        "Allow:    /tmp/ok.html\r\n",
        "Allow:/a\r\n",
        // Erratum 1.
        "allow: /a\r\n",
        "ALLOW: /a # comment\r\n",
        "Allow: /a#comment\r\n",
    ];
    let reject = [
        // The BNF has `rpath`, not `[rpath]`, for Allow: an empty Allow is an error.
        "Allow:\r\n",
        "Allow: \r\n",
        "Allow: # nothing\r\n",
        "Allow: *\r\n",
        "Allow: *.html\r\n",
        "Allow: org/\r\n",
        "Allow: /a?b\r\n",
        "Allow: /a;b\r\n",
        "Allow: /a b\r\n",
        "Allow: /\u{e9}\r\n",
        "Allow : /\r\n",
        " Allow: /\r\n",
        "Allow /\r\n",
        "Allowed: /\r\n",
        "Allow: /",
    ];
    check("allowline", &accept, &reject);
}

#[test]
fn production_extension() {
    let accept = [
        // Errata 5 and 7: a literal colon, a value of many characters.
        "Crawl-delay: 10\r\n",
        "crawl-delay:10\r\n",
        "Sitemap: http://www.example.com/sitemap.xml\r\n",
        "Host: www.example.com\r\n",
        "Request-rate: 1/5 # one page every five seconds\r\n",
        "Clean-param: ref /articles/\r\n",
        "Noindex: /*?q=\r\n",
        "X-Anything: a value: with ; ? / = < > @ \" \\ { } [ ] and spaces\r\n",
        "X-Trailing: value \t\r\n",
        "X-Empty:\r\n",
        "X-Empty: \r\n",
        "X-Empty: # only a comment\r\n",
        "X-Ctl: a\u{1}b\r\n",
        // Names that only start like a draft field are extension fields.
        "Disallowed: yes\r\n",
        "Allowance: 5\r\n",
        "User-agents: all\r\n",
        "Disallow-all: true\r\n",
        // Any token: every token character is allowed in the name.
        "!$%&'*+-.^_`|~09azAZ: x\r\n",
    ];
    let reject = [
        // Erratum 6: the draft's own fields are never extensions.
        "Disallow: *.gif\r\n",
        "Disallow: /\r\n",
        "disallow: x\r\n",
        "DISALLOW:\r\n",
        "Allow:\r\n",
        "Allow: x\r\n",
        "User-agent: x\r\n",
        "User-agent: Googlebot/2.1\r\n",
        "user-agent: *\r\n",
        // Erratum 5: the colon is required and follows the token directly.
        "Crawl-delay 10\r\n",
        "Crawl-delay : 10\r\n",
        "Crawl delay: 10\r\n",
        ": 10\r\n",
        "(x): y\r\n",
        "a/b: c\r\n",
        "a@b: c\r\n",
        " Crawl-delay: 10\r\n",
        "Sitemap: http://ex\u{e4}mple.com/\r\n",
        "Cr\u{e4}wl-delay: 10\r\n",
        "Crawl-delay: 10",
        "Crawl-delay: 10\n",
        "Crawl-delay: 10\r\nCrawl-delay: 10\r\n",
    ];
    check("extension", &accept, &reject);
}

#[test]
fn production_value() {
    let accept = [
        // Erratum 7: any run of the characters, including none.
        "",
        "x",
        "10",
        "http://www.example.com/sitemap.xml",
        "a value with  spaces\tand tabs ",
        " leading",
        ":;/?=<>@\"\\{}[]()!$%&'*+,-.^_`|~",
        "\u{0}\u{1}\u{7f}",
    ];
    let reject = ["#", "a#b", "a #b", "\r", "\n", "a\r\nb", "a\r\n", "caf\u{e9}", "\u{FEFF}", "\u{80}"];
    check("value", &accept, &reject);
}

#[test]
fn production_commentline() {
    let accept = [
        "#\r\n",
        "# comment\r\n",
        "   # indented\r\n",
        "\t#x\r\n",
        "## many ### hashes\r\n",
        "#\tUser-agent: *\r\n",
        "# comments to webmaster@fict.org\r\n",
    ];
    let reject =
        ["", "#", "# x\n", "# x\r", "# caf\u{e9}\r\n", "x # y\r\n", "\r\n", "  \r\n", "\r\n# x\r\n", "# a\r\n# b\r\n"];
    check("commentline", &accept, &reject);
}

#[test]
fn production_comment() {
    let accept = [
        "#",
        "# x",
        // Erratum 8: leading whitespace, then any number of characters.
        "   #x",
        "\t #x",
        " \t # many characters: !\"#$%&'()*+,-./09:;<=>?@AZ[\\]^_`az{|}~",
        "#\u{0}\u{1}\u{7f}",
        "####",
    ];
    let reject = [
        "",
        " ",
        "x#",
        "x # y",
        "# caf\u{e9}",
        "#\r",
        "#\n",
        "# a\r\nb",
        // Erratum 8: `*blank` as printed would let a comment swallow whole blank lines.
        "\r\n#",
        "  \r\n  # x",
    ];
    check("comment", &accept, &reject);
}

#[test]
fn production_space() {
    let accept = [" ", "\t", "  ", " \t \t"];
    let reject = ["", "\r", "\n", "\r\n", "x", " x", "\u{a0}", "\u{b}", "\u{c}", "\u{3000}"];
    check("space", &accept, &reject);
}

#[test]
fn production_rpath() {
    let accept = [
        // Erratum 4: "/" alone.
        "/",
        "/org/",
        "/org/plans.html",
        "/a%3cd.html",
        "/%7Ejoe/index.html",
        // Erratum 10.
        "/~joe/",
        "/~mak",
        "/tmp/*",
        "/*.gif$",
        "/a//b",
        "/a:b@c&d=e+f",
        "/!*'(),",
        "/$-_.+~",
    ];
    let reject = [
        "",
        "org",
        "org/",
        "*.gif",
        "*",
        "//",
        "//a",
        "/a?b",
        "/?",
        "/a;b",
        "/a b",
        "/a#b",
        "/ ",
        "/caf\u{e9}",
        "/%",
        "/%g0",
        "/%4",
        "/a\\b",
        "/a|b",
        "/a\"b",
        "/a<b",
        "/a^b",
        "/a{b",
        "/a[b",
    ];
    check("rpath", &accept, &reject);
}

#[test]
fn production_agent() {
    let accept = ["*", "webcrawler", "unhipbot", "Excite", "Fig-Tree", "x.y_z"];
    let reject =
        ["", "Googlebot/2.1", "Fig Tree", "bot(1)", "a:b", "b\u{f6}tchen", "a\tb", " a", "a ", "a\r\n", "\u{7f}"];
    check("agent", &accept, &reject);
}

#[test]
fn production_anychar() {
    let accept = ["a", " ", "\t", "#", "\u{0}", "\u{1f}", "\u{7f}", "~"];
    let reject = ["", "\r", "\n", "ab", "\u{e9}", "\u{80}", "\u{FEFF}"];
    check("anychar", &accept, &reject);
}

#[test]
fn production_char() {
    let accept = ["\u{0}", "a", "\r", "\n", " ", "~", "\u{7f}"];
    let reject = ["", "\u{80}", "\u{e9}", "\u{FEFF}", "\u{1F600}", "ab", "\r\n"];
    check("CHAR", &accept, &reject);
}

#[test]
fn production_ctl() {
    let accept = ["\u{0}", "\u{1}", "\t", "\n", "\r", "\u{1b}", "\u{1f}", "\u{7f}"];
    let reject = ["", " ", "a", "~", "\u{80}", "\u{9f}", "\r\n"];
    check("CTL", &accept, &reject);
}

#[test]
fn production_cr() {
    check("CR", &["\r"], &["", "\n", "\r\n", "\r\r", " "]);
}

#[test]
fn production_lf() {
    check("LF", &["\n"], &["", "\r", "\r\n", "\n\n", " "]);
}

#[test]
fn production_sp() {
    check("SP", &[" "], &["", "\t", "  ", "\u{a0}", "\u{2003}"]);
}

#[test]
fn production_ht() {
    check("HT", &["\t"], &["", " ", "\t\t", "\u{b}"]);
}

#[test]
fn production_token() {
    let accept = ["a", "Googlebot", "*", "Fig-Tree", "x.y_z", "a1", "!$%&'*+-.^_`|~", "0"];
    let mut reject: Vec<String> =
        ["", "Googlebot/2.1", "Fig Tree", "\t", "\u{0}", "a\u{7f}", "caf\u{e9}", "a\r\n", "a\n"]
            .iter()
            .map(|text| text.to_string())
            .collect();
    // Every tspecial ends a token, including the backslash erratum 9 restores, and so does
    // "#", which starts a comment (erratum 11).
    for special in
        ["(", ")", "<", ">", "@", ",", ";", ":", "\\", "\"", "/", "[", "]", "?", "=", "{", "}", " ", "\t", "#"]
    {
        reject.push(format!("a{special}b"));
        reject.push(special.to_string());
    }
    let reject: Vec<&str> = reject.iter().map(String::as_str).collect();
    check("token", &accept, &reject);
}

#[test]
fn production_tspecials() {
    let accept = [
        "(", ")", "<", ">", "@", ",", ";", ":",
        // Erratum 9: the BNF's empty literal is RFC 1945's backslash.
        "\\", "\"", "/", "[", "]", "?", "=", "{", "}", " ", "\t",
    ];
    let reject = ["", "a", "0", "!", "#", "$", "*", "~", "-", ".", "'", "|", "\u{0}", "\r", "()", "\u{a0}"];
    check("tspecials", &accept, &reject);
}

#[test]
fn production_path() {
    let accept =
        ["a", "org/", "org/plans.html", "a/b/c", "a//", "%7E", "%7ejoe/index.html", "~mak", "a:b", "*", "*.gif$"];
    let reject = ["", "/", "/a", "//a", "a?b", "a;b", "a b", "a#b", "caf\u{e9}", "%2", "a\\b", "a/b?"];
    check("path", &accept, &reject);
}

#[test]
fn production_fsegment() {
    let accept = ["a", "abc", "%41", "~", "a:b", "plans.html", "*"];
    let reject = ["", "a/b", "/", "?", ";", " ", "%", "\u{e9}"];
    check("fsegment", &accept, &reject);
}

#[test]
fn production_segment() {
    let accept = ["", "a", "plans.html", "%7e", "~joe", "@:&="];
    let reject = ["/", "a/b", "?", ";", " ", "#", "%", "\u{e9}"];
    check("segment", &accept, &reject);
}

#[test]
fn production_pchar() {
    let accept = ["a", "Z", "0", ":", "@", "&", "=", "%41", "%7e", "$", "~", "*", ",", "+", "-", "_", "."];
    let reject = [
        "", "/", "?", ";", "#", " ", "%", "%4", "%4g", "ab", "\u{e9}", "\\", "\"", "<", ">", "{", "}", "|", "^", "`",
        "[", "]",
    ];
    check("pchar", &accept, &reject);
}

#[test]
fn production_uchar() {
    let accept = ["a", "9", "-", "~", "'", "%FF", "%ff", "%0a"];
    let reject = ["", ":", "@", "&", "=", "/", "?", ";", "%G1", "%", "aa", "\u{e9}"];
    check("uchar", &accept, &reject);
}

#[test]
fn production_unreserved() {
    let accept = ["a", "z", "A", "Z", "0", "9", "$", "-", "_", ".", "+", "~", "!", "*", "'", "(", ")", ","];
    let reject = ["", "%41", "%", ":", "@", "&", "=", "/", "?", ";", " ", "#", "\"", "\u{e9}", "ab"];
    check("unreserved", &accept, &reject);
}

#[test]
fn production_escape() {
    let accept = ["%00", "%7e", "%7E", "%Ff", "%3C", "%2f"];
    let reject = ["", "%", "%7", "%7g", "%g7", "%%41", "7e", "%7e0", "%\u{e9}", "%+1", "% 1"];
    check("escape", &accept, &reject);
}

#[test]
fn production_hex() {
    let accept: Vec<String> = ('0'..='9').chain('A'..='F').chain('a'..='f').map(String::from).collect();
    let accept: Vec<&str> = accept.iter().map(String::as_str).collect();
    let reject = ["", "g", "G", "z", "Z", "%", "10", "x", " ", "\u{ff10}"];
    check("hex", &accept, &reject);
}

#[test]
fn production_alpha() {
    let accept: Vec<String> = ('a'..='z').chain('A'..='Z').map(String::from).collect();
    let accept: Vec<&str> = accept.iter().map(String::as_str).collect();
    let reject = ["", "0", "_", "-", "ab", "\u{e9}", "\u{c9}", "@", "[", "`", "{"];
    check("alpha", &accept, &reject);
}

#[test]
fn production_lowalpha() {
    let accept: Vec<String> = ('a'..='z').map(String::from).collect();
    let accept: Vec<&str> = accept.iter().map(String::as_str).collect();
    // Case matters here: these literals are characters, not RFC 822 words.
    let mut reject: Vec<String> = ('A'..='Z').map(String::from).collect();
    reject.extend(["", "0", "ab", "\u{e9}", "`", "{"].map(String::from));
    let reject: Vec<&str> = reject.iter().map(String::as_str).collect();
    check("lowalpha", &accept, &reject);
}

#[test]
fn production_hialpha() {
    let accept: Vec<String> = ('A'..='Z').map(String::from).collect();
    let accept: Vec<&str> = accept.iter().map(String::as_str).collect();
    let mut reject: Vec<String> = ('a'..='z').map(String::from).collect();
    reject.extend(["", "0", "AB", "\u{c9}", "@", "["].map(String::from));
    let reject: Vec<&str> = reject.iter().map(String::as_str).collect();
    check("hialpha", &accept, &reject);
}

#[test]
fn production_digit() {
    let accept = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
    let reject = ["", "a", "10", "/", ":", "\u{663}", "\u{ff11}", "\u{b2}"];
    check("digit", &accept, &reject);
}

#[test]
fn production_safe() {
    // Erratum 10: "~" is safe.
    let accept = ["$", "-", "_", ".", "+", "~"];
    let reject = ["", "!", "*", "a", "0", "/", "%", "~~", "?", ";", "#", " "];
    check("safe", &accept, &reject);
}

#[test]
fn production_extra() {
    let accept = ["!", "*", "'", "(", ")", ","];
    let reject = ["", "$", "~", "\"", ";", "/", "a", "**", "[", "]"];
    check("extra", &accept, &reject);
}

/// What the BNF says about each single character, written out independently of the grammar.
fn bnf_accepts_char(production: &str, c: char) -> bool {
    let ascii = c.is_ascii();
    let ctl = ascii && (c < ' ' || c == '\u{7f}');
    let lowalpha = c.is_ascii_lowercase();
    let hialpha = c.is_ascii_uppercase();
    let digit = c.is_ascii_digit();
    let safe = "$-_.+~".contains(c);
    let extra = "!*'(),".contains(c);
    let unreserved = lowalpha || hialpha || digit || safe || extra;
    let pchar = unreserved || ":@&=".contains(c);
    let tspecial = "()<>@,;:\\\"/[]?={} \t".contains(c);
    let token = ascii && !ctl && !tspecial && c != '#'; // erratum 11
    match production {
        "CHAR" => ascii,
        "CTL" => ctl,
        "CR" => c == '\r',
        "LF" => c == '\n',
        "SP" => c == ' ',
        "HT" => c == '\t',
        "space" => c == ' ' || c == '\t',
        "anychar" => ascii && c != '\r' && c != '\n',
        "value" => ascii && !"\r\n#".contains(c),
        "comment" => c == '#',
        "rpath" => c == '/',
        "lowalpha" => lowalpha,
        "hialpha" => hialpha,
        "alpha" => lowalpha || hialpha,
        "digit" => digit,
        "hex" => c.is_ascii_hexdigit(),
        "safe" => safe,
        "extra" => extra,
        "unreserved" | "uchar" => unreserved,
        "pchar" | "fsegment" | "segment" | "path" => pchar,
        "tspecials" => tspecial,
        "token" | "agent" => token,
        _ => unreachable!("{production} is not a one-character production"),
    }
}

#[test]
fn every_ascii_character_is_classified_as_the_bnf_says() {
    let productions = [
        "CHAR",
        "CTL",
        "CR",
        "LF",
        "SP",
        "HT",
        "space",
        "anychar",
        "value",
        "comment",
        "rpath",
        "lowalpha",
        "hialpha",
        "alpha",
        "digit",
        "hex",
        "safe",
        "extra",
        "unreserved",
        "uchar",
        "pchar",
        "fsegment",
        "segment",
        "path",
        "tspecials",
        "token",
        "agent",
    ];
    let characters = (0u8..=127).map(char::from).chain(['\u{80}', '\u{a0}', '\u{e9}', '\u{FEFF}', '\u{1F600}']);
    let mut wrong = Vec::new();
    for c in characters {
        let text = c.to_string();
        for production in productions {
            let expected = bnf_accepts_char(production, c);
            if accepts(production, &text) != expected {
                wrong.push(format!("`{production}` should {} {c:?}", if expected { "accept" } else { "reject" }));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The BNF is ambiguous where a line starts with "#": RFC 1945's token may contain "#", so
/// `#x: y` is both a commentline and an extension line. The prose (§3.2: a comment is
/// optional whitespace, "#", the comment) settles it, and so does the PEG's ordered choice:
/// in a file such a line is a comment.
#[test]
fn a_line_starting_with_hash_is_a_comment_even_where_it_would_be_an_extension() {
    assert!(accepts("commentline", "#x: y\r\n"));
    strict_rejects(&crlf(&["User-agent: a", "#x: y"]));
    assert_eq!(structure_problems(&crlf(&["User-agent: a", "#x: y"])), [StructureProblem::RecordWithoutRules]);
    strict_accepts(&crlf(&["User-agent: a", "#x: y", "Disallow: /"]));
}

/// Field names that run into a "#": the lenient parse reads the name and a comment, and so
/// does the grammar since erratum 11 keeps "#" out of tokens.
const HASH_IN_FIELD_NAME: &[&str] = &["Disallow#x: /", "User-agent#x: y", "allow#: /"];

/// §3.2: "Comments are allowed anywhere in the file, and consist of optional whitespace,
/// followed by a comment character '#' followed by the comment, terminated by the
/// end-of-line." RFC 1945's `token` (written for HTTP headers, which have no comments)
/// admits "#"; erratum 11 keeps it out, so `Disallow#x: /` is `Disallow` and a comment, not
/// an extension field named `Disallow#x`.
#[test]
fn hash_starts_a_comment_inside_a_line_too() {
    let accept = ["X-Hash: v # comment\r\n", "X-Hash:#comment\r\n", "X-Hash: a#b\r\n"];
    let reject = ["X-Hash#: v\r\n", "Disallow#x: /\r\n", "User-agent#x: y\r\n", "allow#: /\r\n", "#x: y\r\n"];
    check("extension", &accept, &reject);
    check("ruleline", &[], &["Disallow#x: /\r\n", "X-Hash#: v\r\n"]);
    strict_rejects(&crlf(&["User-agent: *", "Disallow#x: /"]));
    // The line checks already read these names as the prose does; with the grammar fixed,
    // the whole-file parse agrees with them.
    let files = generated_files(&[TEMPLATES, HASH_IN_FIELD_NAME].concat(), HASH_IN_FIELD_NAME);
    assert_agreement(&files);
}

// ---------------------------------------------------------------------------------------------
// 2. Whole files
// ---------------------------------------------------------------------------------------------

#[test]
fn file_with_lf_line_ends_fails() {
    strict_rejects("User-agent: *\nDisallow: /\n");
    strict_rejects("User-agent: *\r\nDisallow: /\n");
    strict_rejects("User-agent: *\rDisallow: /\r");
    strict_accepts(&normalise("User-agent: *\nDisallow: /\n"));
}

#[test]
fn file_without_final_crlf_fails() {
    strict_rejects("User-agent: *\r\nDisallow: /");
    strict_rejects("User-agent: *\r\nDisallow: /\r");
    strict_rejects("# comment");
    strict_accepts("User-agent: *\r\nDisallow: /\r\n");
}

#[test]
fn file_with_byte_order_mark_fails() {
    strict_rejects("\u{FEFF}User-agent: *\r\nDisallow: /\r\n");
    strict_rejects("\u{FEFF}");
    strict_rejects("\u{FEFF}\r\n");
    // The line checks never see it: the lenient parse sets it aside for its own rule.
    assert!(parse_text("\u{FEFF}User-agent: *\r\nDisallow: /\r\n").bom.is_some());
}

#[test]
fn file_with_non_ascii_comment_fails() {
    let text = crlf(&["# robots.txt f\u{fc}r example.de", "User-agent: *", "Disallow:"]);
    strict_rejects(&text);
    assert_eq!(line_failures(&text), [(0, "commentline")]);
    strict_rejects(&crlf(&["User-agent: *", "Disallow: /tmp # \u{2192} temporary"]));
}

#[test]
fn file_with_versioned_agent_fails() {
    let text = crlf(&["User-agent: Googlebot/2.1", "Disallow: /"]);
    strict_rejects(&text);
    assert_eq!(line_failures(&text), [(0, "agentline")]);
}

#[test]
fn file_with_record_right_after_rule_lines_fails() {
    let text = crlf(&["User-agent: a", "Disallow: /a", "User-agent: b", "Disallow: /b"]);
    strict_rejects(&text);
    assert_eq!(structure_problems(&text), [StructureProblem::MissingBlankLine]);
    // A comment line is not a separator.
    let text = crlf(&["User-agent: a", "Disallow: /a", "# b follows", "User-agent: b", "Disallow: /b"]);
    strict_rejects(&text);
    assert_eq!(structure_problems(&text), [StructureProblem::MissingBlankLine]);
    // An extension line is a rule line too.
    let text = crlf(&["User-agent: a", "Crawl-delay: 5", "User-agent: b", "Disallow: /b"]);
    strict_rejects(&text);
    assert_eq!(structure_problems(&text), [StructureProblem::MissingBlankLine]);
}

#[test]
fn file_with_sitemap_outside_records_fails() {
    let before = crlf(&["Sitemap: http://www.example.com/sitemap.xml", "", "User-agent: *", "Disallow:"]);
    let after = crlf(&["User-agent: *", "Disallow:", "", "Sitemap: http://www.example.com/sitemap.xml"]);
    for text in [before, after] {
        strict_rejects(&text);
        assert_eq!(structure_problems(&text), [StructureProblem::OutsideRecord], "{text:?}");
    }
    // Inside a record it is a ruleline (an extension) and legal.
    strict_accepts(&crlf(&["User-agent: *", "Disallow:", "Sitemap: http://www.example.com/sitemap.xml"]));
}

#[test]
fn file_with_record_without_rule_lines_fails() {
    let texts = [
        crlf(&["User-agent: *"]),
        crlf(&["User-agent: a", "User-agent: b", "# no rules"]),
        crlf(&["User-agent: a", "", "User-agent: b", "Disallow: /"]),
        crlf(&["User-agent: a", "Disallow: /", "", "User-agent: b"]),
    ];
    for text in texts {
        strict_rejects(&text);
        assert_eq!(structure_problems(&text), [StructureProblem::RecordWithoutRules], "{text:?}");
    }
}

#[test]
fn file_with_glob_in_path_passes() {
    strict_accepts("User-agent: *\r\nDisallow: /tmp/*\r\n");
}

#[test]
fn draft_section_4_fict_org_example_passes() {
    strict_accepts(&crlf(FICT_ORG));
}

#[test]
fn draft_section_3_2_record_example_passes() {
    strict_accepts(&crlf(&[
        "User-agent: webcrawler",
        "User-agent: infoseek",
        "Allow:    /tmp/ok.html",
        "Disallow: /tmp",
        "Disallow: /user/foo",
    ]));
}

#[test]
fn norobots_1994_examples_pass_with_crlf_line_ends() {
    for name in ["norobots-1994-example-1.txt", "norobots-1994-example-2.txt", "norobots-1994-example-3.txt"] {
        let text = normalise(&seed(name));
        assert!(text.contains("User-agent:"), "{name} is not the 1994 example it should be");
        assert!(parse_strict(&text).is_ok(), "{name} with CRLF line ends: {:?}\n{text:?}", parse_strict(&text));
    }
}

#[test]
fn empty_file_passes() {
    strict_accepts("");
}

#[test]
fn file_of_comments_and_blank_lines_passes() {
    strict_accepts("\r\n");
    strict_accepts(&crlf(&["# just a comment"]));
    strict_accepts(&crlf(&["# robots.txt: nothing here yet", "", "   \t", "#", "  # indented", "", ""]));
}

// ---------------------------------------------------------------------------------------------
// 3. Line-by-line checks and structure state machine against the whole-file parse
// ---------------------------------------------------------------------------------------------

/// The model's strict verdict: every line matches its production and the lines follow the
/// file structure. Also: no byte-order mark. `parse_text` sets a leading U+FEFF aside as
/// `Document::bom` (a file-level question, like line ends, reported by its own rule) and never
/// checks it as part of the first line; normalising strips one, but a file that starts with
/// two (`corpus/byte-order-mark/double-bom.txt`) still starts with one.
fn lines_and_structure_accept(document: &Document) -> bool {
    document.bom.is_none()
        && document.lines.iter().all(|line| line.strict_failure.is_none())
        && document.structure_failures.is_empty()
}

/// `None` when `parse_strict` and `parse_text` agree on `text`; otherwise a description.
fn disagreement(text: &str) -> Option<String> {
    let whole = parse_strict(text);
    let document = parse_text(text);
    if whole.is_ok() == lines_and_structure_accept(&document) {
        return None;
    }
    let mut out = format!("parse_strict: {whole:?}\nline checks:\n");
    for (index, line) in document.lines.iter().enumerate() {
        if let Some(failure) = &line.strict_failure {
            out += &format!("  line {}: {:?} {failure:?}\n", index + 1, line.span.text(text));
        }
    }
    for failure in &document.structure_failures {
        out += &format!("  structure: {failure:?}\n");
    }
    if let Some(bom) = document.bom {
        out += &format!("  byte-order mark at {bom}\n");
    }
    if lines_and_structure_accept(&document) {
        out += "  (none: every line and the structure pass)\n";
    }
    const SHOWN: usize = 3000;
    let shown = text.char_indices().nth(SHOWN).map_or(text, |(at, _)| &text[..at]);
    out += &format!("text{}: {shown:?}\n", if shown.len() < text.len() { " (start)" } else { "" });
    Some(out)
}

/// Checks `(name, text)` pairs on every available core; returns the disagreements.
fn disagreements(cases: &[(String, String)]) -> Vec<String> {
    let threads = std::thread::available_parallelism().map_or(1, usize::from).min(cases.len().max(1));
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|worker| {
                scope.spawn(move || {
                    cases
                        .iter()
                        .skip(worker)
                        .step_by(threads)
                        .filter_map(|(name, text)| disagreement(text).map(|report| format!("== {name}\n{report}")))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers.into_iter().flat_map(|worker| worker.join().expect("worker panicked")).collect()
    })
}

fn assert_agreement(cases: &[(String, String)]) {
    let found = disagreements(cases);
    assert!(
        found.is_empty(),
        "{} of {} files: the line checks and structure state machine disagree with parse_strict\n{}",
        found.len(),
        cases.len(),
        found.join("\n")
    );
}

fn normalised_file(path: &Path) -> String {
    let bytes = fs::read(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    normalise(&String::from_utf8_lossy(&bytes))
}

#[test]
fn normalise_makes_crlf_files() {
    assert_eq!(normalise(""), "");
    assert_eq!(normalise("\u{FEFF}a\nb\rc\r\nd"), "a\r\nb\r\nc\r\nd\r\n");
    assert_eq!(normalise("\n\r\r\n\n"), "\r\n\r\n\r\n\r\n");
    assert_eq!(normalise("a\r\n"), "a\r\n");
    assert_eq!(normalise("a\u{FEFF}"), "a\u{FEFF}\r\n");
}

#[test]
fn line_checks_agree_with_whole_file_parse_on_corpus() {
    let paths = crate::support::files_below(&Path::new(crate::support::ROOT).join("corpus"), Some("txt"));
    assert!(!paths.is_empty(), "no corpus files found");
    let cases: Vec<(String, String)> =
        paths.iter().map(|path| (path.display().to_string(), normalised_file(path))).collect();
    assert_agreement(&cases);
}

#[test]
#[cfg_attr(not(ci), ignore = "needs ../shared beside the clone; CI=true runs it")]
fn line_checks_agree_with_whole_file_parse_on_real_world_files() {
    let Some(paths) = shared::protego_files() else { return };
    // Many sites serve identical files: check each distinct text once.
    let mut seen = HashSet::new();
    let cases: Vec<(String, String)> = paths
        .iter()
        .map(|path| (path.display().to_string(), normalised_file(path)))
        .filter(|(_, text)| seen.insert(text.clone()))
        .collect();
    assert_agreement(&cases);
}

/// Lines for generated files: every kind of line the lenient parse tells apart, each in
/// forms the strict grammar accepts and rejects.
const TEMPLATES: &[&str] = &[
    // Agent lines.
    "User-agent: *",
    "user-agent: webcrawler",
    "USER-AGENT:excite # search engine",
    "User-agent: Googlebot/2.1",
    "User-agent:",
    "  User-agent: *",
    "User-agent: Fig Tree",
    "User agent: *",
    "User-agent: a#b",
    // Disallow and Allow lines.
    "Disallow: /",
    "Disallow:",
    "disallow: /tmp/* # glob",
    "Disallow:\t/a%3Cd.html//b/",
    "Disallow: /~joe/index.html",
    "Disallow: /a:b@c&d=e+f!'(),$",
    "Disallow: *.gif",
    "Disallow: /a?b=c",
    "Disallow: //a",
    "Disallow: /a b",
    "Disallow: /caf\u{e9}",
    "Disallow: /a%2",
    "Disallow /tmp",
    "Disallow : /tmp",
    "Disallow: /tmp ",
    "Allow: /org/",
    "ALLOW:/serv#x",
    "Allow:",
    "Allow: # x",
    // Extension lines.
    "Sitemap: http://www.example.com/sitemap.xml",
    "Crawl-delay: 10",
    "Request-rate: 1/5 \t",
    "X-Empty:",
    "Disallowed: yes",
    "Crawl delay: 10",
    "X-Hash#: v",
    // Comments.
    "# comment",
    "   \t# indented: comment",
    "#x: y",
    "# caf\u{e9}",
    // Blank lines.
    "",
    "  \t",
    // Neither.
    "<html>",
    ":",
];

/// Lines the lenient parse calls `Invalid` (their field name has a token character outside
/// `[A-Za-z0-9._-]`) but that `ruleline` accepts as extension lines: any RFC 1945 token may
/// name an extension field.
const INVALID_BUT_EXTENSION: &[&str] = &["*x: y", "$crawl: 1", "~user: joe", "a*b: c"];

/// Every ordered choice of 2 and 3 lines from `templates` (repeats included), joined with
/// nothing or with a blank line between each (a blank line elsewhere comes from the blank
/// templates). When `required` is given, only combinations using one of its lines.
fn generated_files(templates: &[&str], required: &[&str]) -> Vec<(String, String)> {
    let mut files = Vec::new();
    let n = templates.len();
    for length in [2u32, 3] {
        for mut index in 0..n.pow(length) {
            let mut lines = Vec::new();
            for _ in 0..length {
                lines.push(templates[index % n]);
                index /= n;
            }
            if !required.is_empty() && !lines.iter().any(|line| required.contains(line)) {
                continue;
            }
            for separator in ["\r\n", "\r\n\r\n"] {
                let text = lines.join(separator) + "\r\n";
                files.push((format!("generated {lines:?} separated by {separator:?}"), text));
            }
        }
    }
    files
}

#[test]
fn line_checks_agree_with_whole_file_parse_on_generated_files() {
    let files = generated_files(TEMPLATES, &[]);
    let n = TEMPLATES.len();
    assert!(n >= 40, "{n} templates");
    assert_eq!(files.len(), 2 * (n * n + n * n * n));
    assert_agreement(&files);
}

#[test]
fn invalid_lines_that_are_extension_lines_are_accepted_in_records() {
    for line in INVALID_BUT_EXTENSION {
        assert!(accepts("ruleline", &format!("{line}\r\n")), "the grammar itself accepts {line:?}");
    }
    let texts = [
        crlf(&["*x: y"]),
        crlf(&["User-agent: a", "*x: y"]),
        crlf(&["User-agent: a", "Disallow: /", "a*b: c"]),
        crlf(&["User-agent: a", "~user: joe", "User-agent: b", "Disallow: /"]),
        crlf(&["User-agent: a", "Disallow: /", "", "$crawl: 1"]),
    ];
    let cases: Vec<(String, String)> = texts.into_iter().map(|text| ("focused case".to_string(), text)).collect();
    assert_agreement(&cases);
    let files = generated_files(&[TEMPLATES, INVALID_BUT_EXTENSION].concat(), INVALID_BUT_EXTENSION);
    assert_agreement(&files);
}
