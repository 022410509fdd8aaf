//! Hover: what a field means and who honours it, what a rule named in a suppression comment
//! checks, and which records and robots a User-agent value reaches.

use robolint::agents::{Agent, DialectBasis, Registry};
use robolint::audit::Audit;
use robolint::dialect::{Dialect, Matcher};
use robolint::lint::Report;
use robolint::model::{Directive, Document, Field, LineIndex, Record, Span};
use robolint::rules::suppressions;
use robolint::rules::{self, Rule};

/// What one field means, which dialects' robots act on it, and where that is written.
struct FieldDoc {
    directive: Directive,
    meaning: &'static str,
    honoured_by: &'static [Dialect],
    /// How the dialects differ, or who outside them reads the field.
    notes: &'static str,
    spec: &'static str,
}

const ALL: &[Dialect] = &Dialect::ALL;
const NONE: &[Dialect] = &[];
/// Python's `RobotFileParser` reads Crawl-delay and Request-rate (its `crawl_delay()` and
/// `request_rate()`), and a User-agent line after either starts a new entry.
const PYTHON: &[Dialect] = &[Dialect::PythonRobotparser];
const EXTENSION_SPEC: &str = "none of the four specifications defines it; the 1996 draft (§3.2, `extension` in §3.3) \
     allows fields it does not define, the 1994 standard tells robots to ignore them, and RFC 9309 §2.2.4 lets \
     crawlers read other records";

/// Written from the 1994 standard, the 1996 draft and RFC 9309 (`../shared/spec/`); the
/// extension fields are in none of them, so their notes say whose practice they describe.
const FIELD_DOCS: &[FieldDoc] = &[
    FieldDoc {
        directive: Directive::UserAgent,
        meaning: "Names the robot a record is for; the Allow and Disallow lines after it apply to that robot. \
                  Several User-agent lines in a row share one record, and `*` stands for every robot that no \
                  other record names.",
        honoured_by: ALL,
        notes: "1994 and 1996 robots look for their name inside the value (a case-insensitive substring) and obey \
                the first record that matches. RFC 9309 robots compare a product token (letters, `_` and `-`) \
                case-insensitively and merge every group that names them; Google picks the most specific match.",
        spec: "1994 standard, \"The Format\" (User-agent); 1996 draft §3.2.1; RFC 9309 §2.2.1",
    },
    FieldDoc {
        directive: Directive::Disallow,
        meaning: "A path the record's robots must not fetch: every URL whose path starts with the value. An empty \
                  value disallows nothing.",
        honoured_by: ALL,
        notes: "1994 robots compare plain prefixes; the 1996 draft decodes %xx first (except `%2F`) and uses the \
                first matching line; RFC 9309 and Google use the longest match and read `*` and `$` as wildcards.",
        spec: "1994 standard, \"The Format\" (Disallow); 1996 draft §3.2.2; RFC 9309 §2.2.2",
    },
    FieldDoc {
        directive: Directive::Allow,
        meaning: "A path the record's robots may fetch even though a Disallow line covers it.",
        honoured_by: &[Dialect::Draft1996, Dialect::Rfc9309, Dialect::Google, Dialect::PythonRobotparser],
        notes: "The 1994 standard has no Allow, so its robots skip the line. Under the 1996 draft the first \
                matching line in the record wins, so an Allow must come before the Disallow it carves out; under \
                RFC 9309 the longest match wins and Allow wins a tie.",
        spec: "1996 draft §3.2.2 and §5.1; RFC 9309 §2.2.2",
    },
    FieldDoc {
        directive: Directive::Sitemap,
        meaning: "The absolute URL of a sitemap listing the site's pages. It belongs to the whole file, not to a \
                  record, and may appear anywhere.",
        honoured_by: &[Dialect::Rfc9309, Dialect::Google, Dialect::PythonRobotparser],
        notes: "RFC 9309 names Sitemaps as the example of a record crawlers may read outside the groups; Google, \
                Bing and most large crawlers read it. 1994 and 1996 robots ignore it.",
        spec: "RFC 9309 §2.2.4 (other records); the sitemaps.org protocol",
    },
    FieldDoc {
        directive: Directive::CrawlDelay,
        meaning: "How many seconds the record's robots should wait between two requests.",
        honoured_by: PYTHON,
        notes: "Read by Bing and some other crawlers; Googlebot ignores it. Put it inside the record of the robots \
                it is meant for.",
        spec: EXTENSION_SPEC,
    },
    FieldDoc {
        directive: Directive::Host,
        meaning: "The preferred domain of a site that is served under several (its main mirror).",
        honoured_by: NONE,
        notes: "Yandex's extension, which Yandex itself has since replaced with redirects; other robots ignore it.",
        spec: EXTENSION_SPEC,
    },
    FieldDoc {
        directive: Directive::CleanParam,
        meaning: "Query parameters that do not change a page (session ids, tracking tags), optionally for one \
                  path prefix: `Clean-param: ref&sid /articles/`.",
        honoured_by: NONE,
        notes: "Yandex's extension; other robots ignore it.",
        spec: EXTENSION_SPEC,
    },
    FieldDoc {
        directive: Directive::RequestRate,
        meaning: "How many pages a robot may fetch per period, as `pages/seconds` (`1/5`: one page every five \
                  seconds).",
        honoured_by: PYTHON,
        notes: "From a 1990s proposal to extend the standard; few robots read it.",
        spec: EXTENSION_SPEC,
    },
    FieldDoc {
        directive: Directive::VisitTime,
        meaning: "The hours (UTC, as `hhmm-hhmm`) during which robots may visit.",
        honoured_by: NONE,
        notes: "From the same 1990s proposal as Request-rate; few robots read it.",
        spec: EXTENSION_SPEC,
    },
    FieldDoc {
        directive: Directive::Noindex,
        meaning: "Meant to keep matching pages out of a search index (rather than uncrawled).",
        honoured_by: NONE,
        notes: "Google read it unofficially and stopped in September 2019; use a `noindex` robots meta tag or \
                X-Robots-Tag header instead.",
        spec: EXTENSION_SPEC,
    },
    FieldDoc {
        directive: Directive::ContentSignal,
        meaning: "States how content may be used once fetched, such as `search=yes, ai-train=no`: a preference \
                  about use, not a rule about access.",
        honoured_by: NONE,
        notes: "Cloudflare's Content Signals Policy (2025); no robot is bound to it, and it changes no Allow or \
                Disallow decision.",
        spec: EXTENSION_SPEC,
    },
    FieldDoc {
        directive: Directive::ContentUsage,
        meaning: "The IETF AIPREF usage preference for the group's robots: an optional path, then a Structured \
                  Fields dictionary such as `train-ai=n, search=y` (`y` allows, `n` disallows a use).",
        honoured_by: NONE,
        notes: "An IETF working-group draft (draft-ietf-aipref-attach) that updates RFC 9309; it applies only to \
                paths the group may crawl and changes no Allow or Disallow decision.",
        spec: "draft-ietf-aipref-attach §3; draft-ietf-aipref-vocab §6",
    },
];

/// The hover text (Markdown) at byte `offset`, and the span it describes.
pub fn hover(report: &Report, targets: &[Dialect], offset: usize) -> Option<(Span, String)> {
    let text = report.source.text.as_str();
    let document = &report.document;
    if let Some(found) = rule_in_suppression(report, targets, offset) {
        return Some(found);
    }
    let field = document.line_at(offset).and_then(|line| Some((line, document.lines[line].field()?)));
    if let Some((line, field)) = field {
        let docs = FIELD_DOCS.iter().find(|docs| Some(docs.directive) == field.directive);
        if let Some(docs) = docs.filter(|_| contains(field.name, offset)) {
            return Some((field.name, field_markdown(docs)));
        }
        if field.is(Directive::UserAgent) && contains(field.value, offset) && !field.value.is_empty() {
            return Some((field.value, agent_markdown(document, text, line, field)));
        }
    }
    findings_at(report, targets, offset)
}

/// Half-open, except that the position just after a word still hovers it.
fn contains(span: Span, offset: usize) -> bool {
    span.start() <= offset && offset <= span.end()
}

fn rule_in_suppression(report: &Report, targets: &[Dialect], offset: usize) -> Option<(Span, String)> {
    let suppressions = suppressions::find(&report.document, &report.source.text);
    let named = suppressions.iter().flat_map(|found| &found.names).find(|named| contains(named.span, offset))?;
    Some((named.span, rule_markdown(named.rule?, targets)))
}

/// The findings whose span holds `offset`: the severity each got here and why, beside what
/// the rule's findings get for the targets, so the editor says what the command line says.
fn findings_at(report: &Report, targets: &[Dialect], offset: usize) -> Option<(Span, String)> {
    let found: Vec<_> = report.diagnostics.iter().filter(|finding| contains(finding.span, offset)).collect();
    let first = found.first()?;
    let lines: Vec<String> = found
        .iter()
        .filter_map(|finding| {
            let metadata = rules::find(finding.code)?.metadata();
            let here = if finding.beyond_targets {
                format!("{}, for robots outside the targets only", finding.severity.as_str())
            } else {
                finding.severity.as_str().to_string()
            };
            Some(format!(
                "**{} {}**: {here} here. For {}: {}",
                metadata.code,
                metadata.name,
                rules::targets_label(targets),
                metadata.severity_under(targets)
            ))
        })
        .collect();
    Some((first.span, lines.join("\n\n")))
}

fn rule_markdown(rule: Rule, targets: &[Dialect]) -> String {
    let metadata = rule.metadata();
    let level = metadata.severity_under(targets);
    format!(
        "**{code} {name}** ({level}, {category})\n\n{summary}\n\n{docs}\n\n[{name}]({url})",
        code = metadata.code,
        name = metadata.name,
        category = metadata.category,
        summary = metadata.summary,
        url = rules::docs_url(&metadata.name),
        docs = metadata.docs_markdown(),
    )
}

fn field_markdown(docs: &FieldDoc) -> String {
    let names =
        |dialects: &mut dyn Iterator<Item = Dialect>| dialects.map(dialect_title).collect::<Vec<_>>().join(", ");
    let honoured = names(&mut docs.honoured_by.iter().copied());
    let ignored = names(&mut Dialect::ALL.into_iter().filter(|dialect| !docs.honoured_by.contains(dialect)));
    let mut out = format!("**{}**\n\n{}\n\n", docs.directive.canonical_name(), docs.meaning);
    if !honoured.is_empty() {
        out.push_str(&format!("Honoured by: {honoured}\n\n"));
    }
    if !ignored.is_empty() {
        out.push_str(&format!("Not part of: {ignored}\n\n"));
    }
    out.push_str(&format!("{}\n\nSpec: {}", docs.notes, docs.spec));
    out
}

fn dialect_title(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::Norobots1994 => "1994 standard",
        Dialect::Draft1996 => "1996 draft",
        Dialect::Rfc9309 => "RFC 9309",
        Dialect::Google => "Google",
        Dialect::PythonRobotparser => "Python's urllib.robotparser",
    }
}

/// The record the agent line belongs to, other records naming the same agent, and the
/// well-known robots the value reaches.
fn agent_markdown(document: &Document, text: &str, line: LineIndex, field: &Field) -> String {
    let value = field.value.text(text);
    let mut out = format!("**User-agent: {value}**\n\n");
    if let Some(agent) = Registry::builtin().find(value) {
        out.push_str(&robot_card(agent));
        let audit = Audit::new(document, text, &[]);
        if let Some(robot) = audit.robots(&[agent], |_| true).first() {
            out.push_str(&format!("In this file: {}.\n\n", audit.describe(robot)));
        }
    }
    if let Some(record) = document.record_of(line) {
        out.push_str(&format!("In the record at {}.\n\n", describe_record(record)));
    }
    let others: Vec<String> = document
        .records
        .iter()
        .filter(|record| !record.agents.contains(&line) && names_agent(document, text, record, value))
        .map(describe_record)
        .collect();
    if !others.is_empty() {
        out.push_str(&format!(
            "Also named in the record{} at {}: RFC 9309 robots merge these records; 1994 and 1996 robots obey the first.\n\n",
            if others.len() == 1 { "" } else { "s" },
            others.join("; ")
        ));
    }
    out.push_str(&captured_robots(document, text, line));
    out
}

/// What the registry knows of the robot a User-agent value names.
fn robot_card(agent: &Agent) -> String {
    let basis = match agent.dialect_basis {
        DialectBasis::Documented => "",
        DialectBasis::Assumed => " (assumed: its operator does not say)",
    };
    let mut card = format!(
        "{} — {}, {}: {}\n\nHonours robots.txt: {}. Reads it as: {}{basis}.",
        agent.name,
        agent.operator,
        agent.purpose,
        agent.description,
        agent.honours.name(),
        agent.dialect.name()
    );
    let notes = agent.notes();
    if !notes.is_empty() {
        card.push_str(&format!(" Note: {}.", notes.join("; ")));
    }
    card.push_str(&format!("\n\n[{}]({}) (checked {})\n\n", agent.operator, agent.docs, agent.checked));
    card
}

/// "lines 3–5 (2 rules)".
fn describe_record(record: &Record) -> String {
    let first = record.lines.first().map_or(0, |&line| line + 1);
    let last = record.lines.last().map_or(0, |&line| line + 1);
    let rules = record.rules.len();
    let lines = if first == last { format!("line {first}") } else { format!("lines {first}–{last}") };
    format!("{lines} ({rules} rule{})", if rules == 1 { "" } else { "s" })
}

fn names_agent(document: &Document, text: &str, record: &Record, value: &str) -> bool {
    record.agents.iter().any(|&agent| {
        document.lines[agent].field().is_some_and(|field| field.value.text(text).eq_ignore_ascii_case(value))
    })
}

/// The registry's robots that obey this agent line's record, per dialect, as the matcher
/// selects records: the draft's first substring match, RFC 9309's token match, Google's match
/// of the whole name. The robots are matched all at once per dialect (`Matcher::for_robots`):
/// a matcher built from scratch per robot re-read the whole file a thousand times per hover.
fn captured_robots(document: &Document, text: &str, line: LineIndex) -> String {
    let agents: Vec<&Agent> = Registry::builtin().agents().iter().filter(|agent| !agent.is_retired()).collect();
    let mut out = String::from("Robots that obey this record:\n");
    // First as each robot reads the file its own way (whole-value tokens, size limits).
    let own = robolint::agents::matchers(&agents, document, text);
    let obeying: Vec<String> = agents
        .iter()
        .zip(&own)
        .filter(|(_, robot)| robot.matcher.agent_lines().contains(&line))
        .map(|(agent, _)| format!("`{}`", agent.token))
        .collect();
    let list = if obeying.is_empty() { "none of the registry's robots".to_string() } else { obeying.join(", ") };
    out.push_str(&format!("- as each robot reads it: {list}\n"));
    for dialect in Dialect::ALL {
        let matchers = Matcher::for_robots(document, text, agents.iter().map(|agent| agent.token.as_ref()), dialect);
        let captured: Vec<String> = agents
            .iter()
            .zip(&matchers)
            .filter(|(_, matcher)| matcher.agent_lines().contains(&line))
            .map(|(agent, _)| format!("`{}`", agent.token))
            .collect();
        let list = if captured.is_empty() { "none of the registry's robots".to_string() } else { captured.join(", ") };
        out.push_str(&format!("- {}: {list}\n", dialect_title(dialect)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use robolint::{lint, Settings, Source};

    fn hover_at(text: &str, needle: &str) -> Option<String> {
        let report = lint(Source::from(text), None, &Settings::default());
        let offset = text.find(needle).expect("the needle");
        hover(&report, &Dialect::TODAY, offset + 1).map(|(_, markdown)| markdown)
    }

    #[test]
    fn every_known_field_has_docs() {
        for directive in Directive::ALL {
            assert!(FIELD_DOCS.iter().any(|docs| docs.directive == directive), "{directive:?}");
        }
    }

    #[test]
    fn a_field_name_shows_its_meaning_and_dialects() {
        let markdown = hover_at("User-agent: *\nallow: /x\nDisallow: /\n", "allow").expect("a hover");
        assert!(markdown.starts_with("**Allow**"), "{markdown}");
        assert!(markdown.contains("Honoured by: 1996 draft, RFC 9309, Google"), "{markdown}");
        assert!(markdown.contains("Not part of: 1994 standard"), "{markdown}");
    }

    #[test]
    fn an_agent_value_shows_its_record_and_the_robots_it_captures() {
        let text = "User-agent: googlebot\nDisallow: /a\nDisallow: /b\n\nUser-agent: GoogleBot\nDisallow: /c\n";
        let markdown = hover_at(text, "googlebot").expect("a hover");
        assert!(markdown.contains("In the record at lines 1–3 (2 rules)"), "{markdown}");
        assert!(markdown.contains("Also named in the record at lines 5–6 (1 rule)"), "{markdown}");
        // Google's matcher compares the whole name: no group of googlebot's for Googlebot-News.
        assert!(markdown.contains("- Google: `Googlebot`\n"), "{markdown}");
        // Python's finds its entry's value inside the robot's name.
        assert!(
            markdown.contains("- Python's urllib.robotparser: `Googlebot`, `Googlebot-Image`, `Googlebot-News`"),
            "{markdown}"
        );
        assert!(!markdown.contains("Bingbot"), "{markdown}");
        assert!(markdown.contains("Googlebot — Google, search: "), "the registry's card: {markdown}");
    }

    #[test]
    fn star_captures_every_robot_without_a_record() {
        let markdown =
            hover_at("User-agent: bingbot\nDisallow: /\n\nUser-agent: *\nDisallow: /\n", "*").expect("a hover");
        assert!(markdown.contains("`GPTBot`"), "{markdown}");
        assert!(!markdown.contains("`Bingbot`"), "{markdown}");
        assert!(!markdown.contains("`anthropic-ai`"), "retired robots are left out: {markdown}");
    }

    #[test]
    fn capture_follows_each_dialect() {
        // The draft's robot named googlebot obeys the first record whose value contains its
        // name; Google's, the record naming it whole.
        let text = "User-agent: googlebot-news\nDisallow: /a\n\nUser-agent: googlebot\nDisallow: /b\n";
        let markdown = hover_at(text, "googlebot-news").expect("a hover");
        let draft = markdown.lines().find(|line| line.contains("1996 draft")).unwrap_or_default();
        let google = markdown.lines().find(|line| line.starts_with("- Google")).unwrap_or_default();
        assert!(draft.contains("`Googlebot`") && draft.contains("`Googlebot-News`"), "{markdown}");
        assert!(google.contains("`Googlebot-News`") && !google.contains("`Googlebot`,"), "{markdown}");
    }

    #[test]
    fn a_robot_of_the_registry_shows_who_runs_it_and_how_it_reads_the_file() {
        let text = "User-agent: anthropic-ai\nDisallow: /\n\nUser-agent: Googlebot-Image\nDisallow: /i/\n";
        let retired = hover_at(text, "anthropic-ai").expect("a hover");
        assert!(retired.contains("anthropic-ai — Anthropic, ai-training: "), "{retired}");
        assert!(retired.contains("Note: retired 2024, now ClaudeBot."), "{retired}");
        assert!(
            retired.contains("In this file: anthropic-ai may fetch none of the paths this file names: line 2 `Disallow: /` (its own group) disallows it."),
            "{retired}"
        );
        let image = hover_at(text, "Googlebot-Image").expect("a hover");
        assert!(image.contains("Reads it as: google. Note: without a group of its own, obeys Googlebot's."), "{image}");
        assert!(
            image.contains("In this file: Googlebot-Image may fetch some paths: / (its own group (line 4) has no rule for it), not /i/ (line 5 `Disallow: /i/` (its own group) disallows it)."),
            "{image}"
        );
        let unknown = hover_at("User-agent: NoSuchBot\nDisallow: /\n", "NoSuchBot").expect("a hover");
        assert!(!unknown.contains("Honours robots.txt"), "{unknown}");
    }

    #[test]
    fn a_rule_in_a_suppression_comment_shows_its_docs() {
        let text = "User-agent: *\nDisallow: /x* # robolint: disable=RL301\n";
        let markdown = hover_at(text, "RL301").expect("a hover");
        assert!(markdown.starts_with("**RL301 glob-pattern**"), "{markdown}");
        assert!(markdown.contains("https://robolint.dev/rules/glob-pattern/"), "{markdown}");
    }

    #[test]
    fn a_finding_shows_the_severity_it_got_and_the_one_its_rule_gets_for_the_targets() {
        let markdown = hover_at("User-agent: *\nDisallow: /private/\n", "private").expect("a hover");
        assert!(
            markdown.contains("**RL313 sensitive-path**: info, for robots outside the targets only here"),
            "{markdown}"
        );
        assert!(markdown.contains("For today's robots (rfc9309, google): info"), "{markdown}");
        let markdown = hover_at("User-agent: *\nDisallow: /a%zz\n", "%zz").expect("a hover");
        assert!(markdown.contains("invalid-percent-encoding"), "{markdown}");
        assert!(markdown.contains("information for Google and RFC 9309 robots"), "{markdown}");
    }

    #[test]
    fn nothing_to_say_about_a_path() {
        assert!(hover_at("User-agent: *\nDisallow: /catalog/\n", "catalog").is_none());
    }
}
