//! What a robots.txt change does: for each robot and each URL of a question set, the verdict
//! under the old file and under the new one, and only the answers that change. The question
//! set comes from both files' own rules (each path, a URL inside it, one just outside it, its
//! wildcards expanded) plus whatever URLs the caller adds (a list, a sitemap, an access log).
//!
//! Work is shared between robots that read a file the same way: two robots whose matchers
//! chose the same groups of both files (the same User-agent lines decided, in the same
//! dialect) get the same verdicts, so each URL is asked once for all of them.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use crate::agents::{self, Agent, Answered, Registry, Treatment};
use crate::dialect::{DecidingRule, Dialect, Matcher, Verdict};
use crate::model::{Document, LineIndex};
use crate::parse;
use crate::source::Source;
use crate::text::{abbreviate, QUOTED_LINE_CHARS};

/// One side of the comparison: a robots.txt as read, with a name for output.
pub struct Side {
    /// What output calls this side: a path or a URL.
    pub name: String,
    /// The robots.txt as read; empty when the request gave no file.
    pub source: Source,
    /// The source parsed for answers, without the strict grammar's checks.
    pub document: Document,
    /// For a URL whose robots.txt request gave no file: the answer, which each robot treats
    /// as it does (`agents/fetching.toml`); the source is then empty.
    pub answered: Option<Answered>,
}

impl Side {
    /// A side named `name` that reads `source`.
    pub fn new(name: impl Into<String>, source: Source) -> Side {
        let document = parse::parse_for_answers(&source);
        Side { name: name.into(), source, document, answered: None }
    }

    /// A robots.txt URL whose request was answered with no file to read.
    pub fn answered(name: impl Into<String>, answered: Answered) -> Side {
        Side { answered: Some(answered), ..Side::new(name, Source::from("")) }
    }

    /// How each of `robots` reads this side: as the registry says (fallbacks, `*` ignored)
    /// for a registry robot, else as its dialect reads its token; for a side that gave no
    /// file, as the robot treats the answer. The registry's robots are read together
    /// ([`agents::matchers`]): one reading of the file per dialect, not one per robot (100,000
    /// User-agent lines read for each of 97 robots made `diff` quadratic).
    fn matchers(&self, robots: &[Robot]) -> Vec<Matcher> {
        if let Some(answered) = &self.answered {
            return robots
                .iter()
                .map(|robot| {
                    let dialect = robot.entry.map_or(robot.dialect, Agent::matching_dialect);
                    robot.treatment(answered).matcher(&robot.token, dialect)
                })
                .collect();
        }
        let entries: Vec<&Agent> = robots.iter().filter_map(|robot| robot.entry).collect();
        let mut registry_matchers =
            agents::matchers(&entries, &self.document, &self.source.text).into_iter().map(|found| found.matcher);
        robots
            .iter()
            .map(|robot| {
                let from_registry = robot.entry.and_then(|_| registry_matchers.next());
                from_registry
                    .unwrap_or_else(|| Matcher::new(&self.document, &self.source.text, &robot.token, robot.dialect))
            })
            .collect()
    }

    /// Line `line` (0-based) without its line end, as answers quote it: cut to
    /// [`QUOTED_LINE_CHARS`].
    pub fn line_text(&self, line: LineIndex) -> Cow<'_, str> {
        abbreviate(
            self.document.lines.get(line).map_or("", |line| line.span.text(&self.source.text)),
            QUOTED_LINE_CHARS,
        )
    }
}

/// A robot whose answers are compared: the name it reads groups by, how it reads the file,
/// and what it is for (to group the output).
#[derive(Debug, Clone)]
pub struct Robot {
    /// The token the robot's groups are found by, as in `GPTBot`.
    pub token: String,
    /// The dialect it reads the file in.
    pub dialect: Dialect,
    /// The heading it is listed under: a registry purpose, or `listed` for robots named.
    pub purpose: String,
    /// The registry's entry, whose fallbacks and `*` handling decide which groups it obeys.
    pub entry: Option<&'static Agent>,
}

impl Robot {
    /// A registry robot, read in its own dialect, its fallbacks and `*` handling as listed.
    pub fn of_registry(agent: &'static Agent) -> Robot {
        Robot {
            token: agent.token.to_string(),
            dialect: agent.dialect.dialect(),
            purpose: agent.purpose.name().into(),
            entry: Some(agent),
        }
    }
}

impl Robot {
    /// What the robot does when its robots.txt request was `answered` with no file: as the
    /// registry says for its entry, else as robots of its dialect do.
    pub fn treatment(&self, answered: &Answered) -> Treatment {
        let registry = Registry::builtin();
        match self.entry {
            Some(entry) => registry.treatment(entry, answered.answer),
            None => registry.reading_treatment(self.dialect, answered.answer),
        }
    }
}

/// One URL whose verdict changed for one robot.
#[derive(Debug, Clone)]
pub struct Change {
    /// Index into the robots compared.
    pub robot: usize,
    /// Shared by every robot's change on the URL.
    pub url: Arc<str>,
    /// The robot's verdict on the URL under the old file.
    pub before: Verdict,
    /// The robot's verdict on the URL under the new file.
    pub after: Verdict,
}

impl Change {
    /// A URL that was allowed and no longer is.
    pub fn blocks(&self) -> bool {
        self.before.allowed && !self.after.allowed
    }
}

/// The answer to "what does this change do?".
pub struct Comparison {
    /// The robots compared; [`Change::robot`] indexes them.
    pub robots: Vec<Robot>,
    /// How many distinct URLs were asked of every robot.
    pub urls_asked: usize,
    /// Ordered by robot, then URL as asked.
    pub changes: Vec<Change>,
}

/// The URLs both files' rules suggest: each rule's path, one inside it, one just outside it,
/// with `*` expanded and a final `$` dropped, as paths (`/a/b`).
pub fn questions_from_rules(sides: [&Side; 2]) -> BTreeSet<String> {
    let mut urls = BTreeSet::new();
    for side in sides {
        for (_, _, field) in side.document.access_rules() {
            let path = field.value.text(&side.source.text);
            if !path.starts_with('/') && !path.starts_with('*') {
                continue;
            }
            let literal: String = path.trim_end_matches('$').replace('*', "x");
            let literal = if literal.starts_with('/') { literal } else { format!("/{literal}") };
            let trimmed = literal.trim_end_matches('/');
            urls.insert(literal.clone());
            urls.insert(if literal.ends_with('/') { format!("{literal}x") } else { format!("{literal}/x") });
            if !trimmed.is_empty() && trimmed != literal {
                urls.insert(trimmed.to_string());
            }
            // Just outside: the same path with its last character changed (`/products/` has
            // `/product_/` beside it), which a prefix rule does not cover.
            if let Some(last) = trimmed.char_indices().last().filter(|(at, _)| *at > 0) {
                urls.insert(format!("{}_{}", &trimmed[..last.0], &literal[trimmed.len()..]));
            }
        }
    }
    urls.insert("/".to_string());
    urls
}

/// How a robot reads both sides: its dialect and the User-agent lines that chose its groups
/// in each. Robots that read alike answer alike.
type Reading = (Dialect, Vec<LineIndex>, Vec<LineIndex>);

/// A URL (by position in the question set) whose verdict changed, before and after.
type ChangedAnswer = (usize, Verdict, Verdict);

/// Compares every robot's verdict on every URL under `old` and `new`.
pub fn compare(old: &Side, new: &Side, robots: Vec<Robot>, urls: &BTreeSet<String>) -> Comparison {
    let url_list: Vec<Arc<str>> = urls.iter().map(|url| Arc::from(url.as_str())).collect();
    // Robots that chose the same groups of both files, in the same dialect, answer alike.
    let mut answers_by_reading: HashMap<Reading, Vec<ChangedAnswer>> = HashMap::new();
    let mut changes = Vec::new();
    let (old_matchers, new_matchers) = (old.matchers(&robots), new.matchers(&robots));
    for (index, (robot, (before, after))) in robots.iter().zip(old_matchers.iter().zip(&new_matchers)).enumerate() {
        let reading = (robot.dialect, before.agent_lines().to_vec(), after.agent_lines().to_vec());
        let shared = answers_by_reading.entry(reading).or_insert_with(|| {
            // Most edits leave most robots' rules as they were: nothing to ask them.
            if answer_alike(before, after) {
                return Vec::new();
            }
            url_list
                .iter()
                .enumerate()
                .filter_map(|(at, url)| {
                    let (was, is) = (before.allowed(url), after.allowed(url));
                    (was.allowed != is.allowed).then_some((at, was, is))
                })
                .collect()
        });
        changes.extend(shared.iter().map(|(at, was, is)| Change {
            robot: index,
            url: Arc::clone(&url_list[*at]),
            before: was.clone(),
            after: is.clone(),
        }));
    }
    Comparison { robots, urls_asked: urls.len(), changes }
}

/// Whether two matchers of one dialect give the same verdict on every URL: their rules
/// have the same kinds and patterns in the same order, whatever lines they are on.
fn answer_alike(before: &Matcher, after: &Matcher) -> bool {
    let rule = |rule: &DecidingRule| (rule.kind, rule.pattern.clone());
    before.dialect() == after.dialect() && before.rules().map(rule).eq(after.rules().map(rule))
}

/// What a sitemap or a sitemap index names.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Sitemap {
    /// A sitemap index (`<sitemapindex>`), whose locations are further sitemaps.
    pub is_index: bool,
    /// The `<loc>` texts in order, at most the limit asked for.
    pub locations: Vec<String>,
    /// More locations followed the limit.
    pub cut: bool,
    /// Why reading stopped before the end: the XML went wrong there. The locations read
    /// before it are kept, for a body that a size bound cut short.
    pub error: Option<String>,
}

/// Reads the `<loc>` elements of a sitemap or sitemap index, at most `limit` of them. A
/// location counts once its element closes, so a body cut inside one leaves it out.
pub fn read_sitemap(xml: &[u8], limit: usize) -> Sitemap {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_reader(xml);
    let mut buffer = Vec::new();
    let mut sitemap = Sitemap::default();
    let mut seen_root = false;
    let mut location: Option<String> = None;
    loop {
        let event = match reader.read_event_into(&mut buffer) {
            Ok(event) => event,
            Err(error) => {
                sitemap.error = Some(format!("not a sitemap: {error}"));
                break;
            }
        };
        match event {
            Event::Start(element) => {
                let name = element.local_name();
                if !seen_root {
                    seen_root = true;
                    sitemap.is_index = name.as_ref() == b"sitemapindex";
                }
                location = (name.as_ref() == b"loc").then(String::new);
            }
            Event::Text(text) => {
                if let Some(location) = location.as_mut() {
                    match text.unescape() {
                        Ok(text) => location.push_str(&text),
                        Err(error) => {
                            sitemap.error = Some(format!("not a sitemap: {error}"));
                            break;
                        }
                    }
                }
            }
            Event::CData(text) => {
                if let Some(location) = location.as_mut() {
                    location.push_str(&String::from_utf8_lossy(&text));
                }
            }
            Event::End(_) => {
                if let Some(done) = location.take() {
                    if sitemap.locations.len() == limit {
                        sitemap.cut = true;
                        break;
                    }
                    sitemap.locations.push(done.trim().to_string());
                }
            }
            Event::Eof => break,
            _ => {}
        }
        buffer.clear();
    }
    sitemap
}

/// The path a Common or Combined Log Format line requested (`"GET /a?b HTTP/1.1"`).
pub fn logged_path(line: &str) -> Option<&str> {
    let request = line.split('"').nth(1)?;
    let mut words = request.split_whitespace();
    let _method = words.next()?;
    words.next().filter(|path| path.starts_with('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(text: &str) -> Side {
        Side::new("robots.txt", Source::from(text))
    }

    fn robot(token: &str) -> Robot {
        Robot { token: token.into(), dialect: Dialect::Google, purpose: "search".into(), entry: None }
    }

    #[test]
    fn questions_cover_each_rule_inside_and_just_outside() {
        let old = side("User-agent: *\nDisallow: /admin/\n");
        let new = side("User-agent: *\nDisallow: /*.pdf$\n");
        let urls = questions_from_rules([&old, &new]);
        for expected in ["/", "/admin/", "/admin/x", "/admin", "/admi_/", "/x.pdf", "/x.pdf/x"] {
            assert!(urls.contains(expected), "{expected} missing from {urls:?}");
        }
    }

    #[test]
    fn only_changed_verdicts_are_reported_and_robots_reading_alike_share_work() {
        let old = side("User-agent: *\nDisallow: /admin/\n");
        let new = side("User-agent: *\nDisallow: /admin/\nDisallow: /products/\n\nUser-agent: bingbot\nDisallow:\n");
        let urls = questions_from_rules([&old, &new]);
        let comparison = compare(&old, &new, vec![robot("googlebot"), robot("duckduckbot"), robot("bingbot")], &urls);
        let blocked: Vec<(usize, &str)> =
            comparison.changes.iter().map(|change| (change.robot, &*change.url)).collect();
        assert!(blocked.contains(&(0, "/products/")) && blocked.contains(&(1, "/products/")), "{blocked:?}");
        assert!(
            comparison.changes.iter().all(|change| change.robot != 2 || !change.blocks()),
            "bingbot gains its own open group"
        );
        assert!(comparison.changes.iter().any(|change| change.robot == 2 && &*change.url == "/admin/"));
        let urls_of = |robot: usize| -> Vec<&str> {
            comparison.changes.iter().filter(|change| change.robot == robot).map(|change| &*change.url).collect()
        };
        assert_eq!(urls_of(0), urls_of(1), "googlebot and duckduckbot read the same group: the same answers");
        assert!(urls_of(0).iter().all(|url| !url.starts_with("/admin")), "the `*` group still shuts /admin/");
    }

    #[test]
    fn rules_tried_in_a_new_order_change_answers_only_where_order_decides() {
        let old = side("User-agent: *\nAllow: /a\nDisallow: /\n");
        let new = side("User-agent: *\nDisallow: /\nAllow: /a\n");
        let first_match = Robot { dialect: Dialect::Draft1996, ..robot("examplebot") };
        let comparison =
            compare(&old, &new, vec![robot("googlebot"), first_match], &questions_from_rules([&old, &new]));
        let changed: Vec<(usize, &str)> =
            comparison.changes.iter().map(|change| (change.robot, &*change.url)).collect();
        // Google tries the longest rule first wherever it is; the 1996 draft, the first line.
        assert!(changed.contains(&(1, "/a")) && changed.iter().all(|(robot, _)| *robot == 1), "{changed:?}");
    }

    #[test]
    fn an_unchanged_file_changes_nothing() {
        let text = "User-agent: *\nDisallow: /a\n";
        let comparison = compare(
            &side(text),
            &side(text),
            vec![robot("googlebot")],
            &questions_from_rules([&side(text), &side(text)]),
        );
        assert!(comparison.changes.is_empty());
    }

    #[test]
    fn sitemaps_and_logs_give_their_urls() {
        let xml = b"<?xml version=\"1.0\"?><urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>https://example.com/a?b=1&amp;c=2</loc></url><url><loc> https://example.com/b </loc></url></urlset>";
        let sitemap = read_sitemap(xml, 10);
        assert_eq!(sitemap.locations, ["https://example.com/a?b=1&c=2", "https://example.com/b"]);
        assert!(!sitemap.is_index && !sitemap.cut && sitemap.error.is_none());
        let first = read_sitemap(xml, 1);
        assert_eq!((first.locations.len(), first.cut), (1, true));
        assert!(read_sitemap(b"<urlset><loc>x</urlset>", 10).error.is_some());
        let index = read_sitemap(
            b"<sitemapindex><sitemap><loc>https://e.com/s1.xml</loc></sitemap><sitemap><loc>https://e.com/s2",
            10,
        );
        assert!(index.is_index);
        assert_eq!(index.locations, ["https://e.com/s1.xml"], "a location cut short is left out");
        let line =
            r#"127.0.0.1 - - [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif?x=1 HTTP/1.0" 200 2326 "-" "Mozilla""#;
        assert_eq!(logged_path(line), Some("/apache_pb.gif?x=1"));
        assert_eq!(logged_path("garbage"), None);
    }
}
