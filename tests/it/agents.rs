//! The crawler registry (`agents/<purpose>.toml`): the files the schema names, each entry
//! well-formed and sourced, and robots found by their tokens and User-agent headers.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use robolint::agents::{FetchAnswer, Honours, Obeys, Purpose, Registry, Treatment};
use robolint::dialect::Dialect;
use robolint::{parse, Source};

use crate::support;

fn agents_folder() -> std::path::PathBuf {
    Path::new(crate::support::ROOT).join("agents")
}

#[test]
fn the_builtin_registry_has_no_problems() {
    let problems: Vec<String> = Registry::builtin().problems.iter().map(ToString::to_string).collect();
    assert!(problems.is_empty(), "the registry's files have mistakes:\n{}", problems.join("\n"));
    let count = Registry::builtin().agents().len();
    assert!(count >= 200, "the registry holds {count} robots; it covers at least 200");
}

#[test]
fn the_folder_holds_one_file_per_purpose_and_the_fetching_answers() {
    let files: BTreeSet<String> = fs::read_dir(agents_folder())
        .expect("agents/ exists")
        .map(|entry| entry.expect("directory entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".toml"))
        .collect();
    let purposes = Purpose::ALL.iter().map(|purpose| format!("{purpose}.toml"));
    let expected: BTreeSet<String> = purposes.chain(["fetching.toml".to_string()]).collect();
    assert_eq!(files, expected);
}

#[test]
fn every_file_opens_with_what_its_purpose_means_and_when_it_was_reviewed() {
    for purpose in Purpose::ALL {
        let path = agents_folder().join(format!("{purpose}.toml"));
        let text = fs::read_to_string(&path).expect("readable");
        let header: Vec<&str> = text.lines().take_while(|line| line.starts_with('#')).collect();
        assert!(header.len() >= 2, "{} does not open with a comment block", path.display());
        let reviewed = header.iter().any(|line| line.contains("reviewed: 20"));
        assert!(
            reviewed,
            "{}'s header does not say when it was last reviewed (`Last reviewed: YYYY-MM-DD`)",
            path.display()
        );
    }
}

#[test]
fn every_entry_keeps_its_files_purpose_and_a_source() {
    for agent in Registry::builtin().agents() {
        let path = agents_folder().join(format!("{}.toml", agent.purpose));
        let text = fs::read_to_string(&path).expect("readable");
        assert!(text.contains(&format!("token = \"{}\"", agent.token)), "{} is not in {}", agent.token, path.display());
        assert!(agent.docs.starts_with("https://") || agent.docs.starts_with("http://"), "{}", agent.token);
    }
}

#[test]
fn robots_are_found_by_token_spelling_or_user_agent_header() {
    let registry = Registry::builtin();
    let token = |agent: &str| registry.find(agent).map(|found| found.token.as_ref());
    assert_eq!(token("GPTBot"), Some("GPTBot"));
    assert_eq!(token("gptbot"), Some("GPTBot"));
    assert_eq!(token("GPTBot/1.2 (+https://openai.com/gptbot)"), Some("GPTBot"));
    assert_eq!(token("Googlebot-Image/1.0"), Some("Googlebot-Image"));
    assert_eq!(token("Mozilla/5.0 (compatible; Googlebot/2.1)"), None, "only the first product token names the robot");
    assert_eq!(token("NoSuchBot"), None);
    assert_eq!(token(""), None);
}

#[test]
fn the_schemas_special_cases_are_carried() {
    let registry = Registry::builtin();
    let image = registry.find("Googlebot-Image").expect("Googlebot-Image");
    assert_eq!(*image.fallback, ["Googlebot"]);
    assert!(registry.find("AdsBot-Google").expect("AdsBot-Google").ignores_star);
    let retired = registry.find("anthropic-ai").expect("anthropic-ai");
    assert!(retired.is_retired());
    assert_eq!(retired.replaced_by.as_deref(), Some("ClaudeBot"));
    assert_eq!(registry.find("Python-urllib").expect("Python-urllib").dialect.dialect(), Dialect::PythonRobotparser);
    assert_eq!(registry.find("ChatGPT-User").expect("ChatGPT-User").honours, Honours::UserTriggered);
}

/// `[[agent]]` tables as robolint.toml gives them, added to the built-in registry.
fn add(text: &str) -> Registry {
    #[derive(serde::Deserialize)]
    struct Tables {
        agent: Vec<toml::Table>,
    }
    let tables: Tables = toml::from_str(text).expect("test TOML parses");
    Registry::builtin().with_additions("robolint.toml", tables.agent)
}

const VALID: &str = r#"
[[agent]]
purpose = "other"
token = "ExampleBot"
name = "Example"
operator = "Example Inc."
honours = "yes"
dialect = "rfc9309"
dialect-basis = "assumed"
description = "A robot for the tests."
docs = "https://example.com/bot"
checked = 2026-11-25
"#;

#[test]
fn an_addition_is_found_and_a_replacement_wins() {
    let registry = add(VALID);
    assert!(registry.problems.is_empty(), "{:?}", registry.problems);
    assert_eq!(registry.find("examplebot").map(|agent| agent.operator.as_ref()), Some("Example Inc."));
    assert_eq!(registry.agents().len(), Registry::builtin().agents().len() + 1);

    let replaced = add(&VALID.replace("ExampleBot", "GPTBot").replace("Example Inc.", "Someone else"));
    assert!(replaced.problems.is_empty(), "{:?}", replaced.problems);
    assert_eq!(replaced.find("GPTBot").map(|agent| agent.operator.as_ref()), Some("Someone else"));
    assert_eq!(replaced.agents().len(), Registry::builtin().agents().len());
}

#[test]
fn each_mistake_in_an_entry_is_named_and_the_entry_left_out() {
    let cases: &[(&str, &str, &str)] = &[
        ("token = \"ExampleBot\"", "token = \"Example#Bot\"", "not a value a User-agent line could hold"),
        ("token = \"ExampleBot\"", "token = \"*\"", "not a value a User-agent line could hold"),
        ("honours = \"yes\"", "honours = \"sometimes\"", "unknown variant `sometimes`"),
        ("dialect = \"rfc9309\"", "dialect = \"bing\"", "unknown variant `bing`"),
        ("dialect = \"rfc9309\"", "dialect = \"google\"", "an assumed dialect is rfc9309"),
        ("purpose = \"other\"\n", "", "give the robot's `purpose`"),
        ("purpose = \"other\"", "purpose = \"misc\"", "unknown variant `misc`"),
        ("docs = \"https://example.com/bot\"", "docs = \"example.com/bot\"", "not an http(s) URL"),
        ("A robot for the tests.", "A robot for the tests", "ending with a full stop"),
        ("name = \"Example\"", "name = \" \"", "`name` is empty"),
        ("checked = 2026-11-25", "checked = 2026-11-25T10:00:00Z", "`checked` is a date"),
        ("checked = 2026-11-25", "checked = 2026-11-25\nretired = \"2024-13\"", "`retired` is YYYY or YYYY-MM"),
        ("checked = 2026-11-25", "checked = 2026-11-25\nreplaced-by = \"GPTBot\"", "`replaced-by` goes with `retired`"),
        (
            "checked = 2026-11-25",
            "checked = 2026-11-25\nretired = \"2024\"\nreplaced-by = \"NoSuchBot\"",
            "not in the registry",
        ),
        ("checked = 2026-11-25", "checked = 2026-11-25\nfallback = [\"examplebot\"]", "names the robot itself"),
        ("checked = 2026-11-25", "checked = 2026-11-25\nreads = [\"Noindex\"]", "unknown variant `Noindex`"),
        ("checked = 2026-11-25", "checked = 2026-11-25\nlimits = { max-file-bytes = 0 }", "a limit of 0"),
        ("checked = 2026-11-25", "checked = 2026-11-25\nlimits = { max-lines = 5 }", "unknown field `max-lines`"),
        ("checked = 2026-11-25", "checked = 2026-11-25\nalso = [\"GPTBot\"]", "already a token of `GPTBot`"),
        ("checked = 2026-11-25", "checked = 2026-11-25\ncolour = \"blue\"", "unknown field `colour`"),
        ("token = \"ExampleBot\"", "token = \"Example2Bot\"", "not an RFC 9309 product token"),
        ("checked = 2026-11-25", "checked = 2026-11-25\nmatching = \"whole-value\"", "needs a `matching-basis`"),
        ("checked = 2026-11-25", "checked = 2026-11-25\nmatching = \"anywhere\"", "unknown variant `anywhere`"),
        (
            "checked = 2026-11-25",
            "checked = 2026-11-25\nfetching = { source = \"https://example.com/\" }",
            "gives no treatment",
        ),
        (
            "checked = 2026-11-25",
            "checked = 2026-11-25\nfetching = { on-5xx = \"allow-all\", source = \"our wiki\" }",
            "`fetching.source` is not an http(s) URL",
        ),
        (
            "checked = 2026-11-25",
            "checked = 2026-11-25\nfetching = { on-5xx = \"maybe\", source = \"https://e.com/\" }",
            "unknown variant `maybe`",
        ),
        (
            "checked = 2026-11-25",
            "checked = 2026-11-25\nfetching = { on-5xx = \"allow-all\" }",
            "missing field `source`",
        ),
    ];
    for (from, to, expected) in cases {
        assert!(VALID.contains(from), "the case's text `{from}` is not in VALID");
        let registry = add(&VALID.replacen(from, to, 1));
        let problems: Vec<String> = registry.problems.iter().map(ToString::to_string).collect();
        assert!(
            problems.iter().any(|problem| problem.starts_with("robolint.toml") && problem.contains(expected)),
            "`{to}`: expected a problem containing `{expected}`, got {problems:?}"
        );
        // A fallback to no robot is reported, but the entry is still usable.
        if !expected.contains("registry") && !expected.contains("itself") {
            assert!(registry.find("ExampleBot").is_none(), "`{to}`: the entry was kept");
        }
    }
}

#[test]
fn an_operators_own_treatment_of_an_answer_wins_over_its_readings() {
    let registry = add(&VALID.replace(
        "checked = 2026-11-25",
        "checked = 2026-11-25\n[agent.fetching]\non-5xx = \"allow-all\"\nsource = \"https://example.com/robots\"\n",
    ));
    assert!(registry.problems.is_empty(), "{:?}", registry.problems);
    let example = registry.find("ExampleBot").expect("ExampleBot");
    assert_eq!(registry.treatment(example, FetchAnswer::ServerError), Treatment::AllowAll);
    // What the operator leaves unsaid is its reading's (RFC 9309: unreachable keeps it out).
    assert_eq!(registry.treatment(example, FetchAnswer::Unreachable), Treatment::DisallowAll);
    assert!(example.notes().iter().any(|note| note.contains("robots.txt errors its own way")));

    let builtin = Registry::builtin();
    let treats = |token: &str, answer| builtin.treatment(builtin.find(token).expect(token), answer);
    assert_eq!(treats("Googlebot", FetchAnswer::ServerError), Treatment::DisallowAll);
    assert_eq!(treats("Googlebot", FetchAnswer::TooManyRequests), Treatment::DisallowAll);
    assert_eq!(treats("GPTBot", FetchAnswer::TooManyRequests), Treatment::AllowAll);
    for token in ["MJ12bot", "YandexBot", "YandexImages"] {
        for answer in [FetchAnswer::ServerError, FetchAnswer::Unreachable] {
            assert_eq!(treats(token, answer), Treatment::AllowAll, "{token} {answer:?}");
        }
    }
}

/// What the robot `token` of the registry may fetch of `url` under `robots`, and which
/// group it obeys.
fn reads(robots: &str, token: &str, url: &str) -> (bool, Obeys) {
    let source = Source::from(robots);
    let document = parse::parse(&source);
    let agent = Registry::builtin().find(token).expect("a robot of the registry");
    let robot = agent.matcher(&document, &source.text);
    (robot.matcher.allowed(url).allowed, robot.obeys)
}

const GOOGLEBOT_AND_STAR: &str = "User-agent: Googlebot\nDisallow: /g/\n\nUser-agent: *\nDisallow: /s/\n";

#[test]
fn a_robot_without_a_group_obeys_its_fallbacks_group_before_star() {
    let fallback = Obeys::Fallback("Googlebot".into());
    assert_eq!(reads(GOOGLEBOT_AND_STAR, "Googlebot-Image", "/g/x"), (false, fallback.clone()));
    assert_eq!(reads(GOOGLEBOT_AND_STAR, "Googlebot-Image", "/s/x"), (true, fallback));
    // Applebot, an RFC 9309 reader, falls back the same way.
    assert_eq!(reads(GOOGLEBOT_AND_STAR, "Applebot", "/g/x"), (false, Obeys::Fallback("Googlebot".into())));
    let own = format!("{GOOGLEBOT_AND_STAR}\nUser-agent: Googlebot-Image\nDisallow: /i/\n");
    assert_eq!(reads(&own, "Googlebot-Image", "/g/x"), (true, Obeys::OwnGroup));
    assert_eq!(reads(&own, "Googlebot-Image", "/i/x"), (false, Obeys::OwnGroup));
}

#[test]
fn a_robot_that_ignores_star_obeys_only_groups_naming_it() {
    assert_eq!(reads(GOOGLEBOT_AND_STAR, "AdsBot-Google", "/s/x"), (true, Obeys::NoGroup));
    assert_eq!(reads(GOOGLEBOT_AND_STAR, "GPTBot", "/s/x"), (false, Obeys::Star));
    let named = "User-agent: *\nDisallow: /\n\nUser-agent: AdsBot-Google\nDisallow: /ads/\n";
    assert_eq!(reads(named, "AdsBot-Google", "/ads/x"), (false, Obeys::OwnGroup));
    assert_eq!(reads(named, "AdsBot-Google", "/x"), (true, Obeys::OwnGroup));
}

#[test]
fn a_robot_answers_in_its_own_dialect() {
    // First match (the 1996 draft, as Python's parser reads) against longest match (RFC 9309).
    let robots = "User-agent: *\nDisallow: /a\nAllow: /a/b\n";
    assert_eq!(reads(robots, "Python-urllib", "/a/b"), (false, Obeys::Star));
    assert_eq!(reads(robots, "GPTBot", "/a/b"), (true, Obeys::Star));
    assert_eq!(reads("", "GPTBot", "/a"), (true, Obeys::NoGroup));
}

/// The registry's tokens that are not RFC 9309 product tokens (`MJ12bot`, `Sogou web
/// spider`): the robots whose own crawlers compare User-agent values whole.
fn tokens_beyond_product_tokens() -> Vec<&'static str> {
    let is_product_token = |token: &str| token.chars().all(|c| c.is_ascii_alphabetic() || c == '-' || c == '_');
    let tokens: Vec<&str> = Registry::builtin()
        .agents()
        .iter()
        .map(|agent| agent.token.as_ref())
        .filter(|token| !is_product_token(token.split('/').next().unwrap_or(token)))
        .collect();
    assert!(tokens.contains(&"MJ12bot") && tokens.contains(&"Sogou web spider"), "{tokens:?}");
    tokens
}

#[test]
fn a_robot_whose_token_is_no_product_token_reads_its_own_group_while_the_dialects_cut_it() {
    for token in tokens_beyond_product_tokens() {
        let robots = format!("User-agent: {token}\nDisallow: /\n");
        assert_eq!(reads(&robots, token, "/x"), (false, Obeys::OwnGroup), "{token}");
        // The parsers stay as they are: Google's and RFC 9309's read another name, or none.
        let source = Source::from(robots.as_str());
        let document = parse::parse(&source);
        for dialect in [Dialect::Google, Dialect::Rfc9309] {
            let matcher = robolint::dialect::Matcher::new(&document, &source.text, token, dialect);
            assert!(matcher.allowed("/x").allowed, "{token} under {dialect}");
        }
    }
}

#[test]
fn check_blocks_each_robot_whose_token_is_no_product_token_through_its_own_group() {
    for (at, token) in tokens_beyond_product_tokens().into_iter().enumerate() {
        let folder = site(&format!("token-{at}"), &format!("User-agent: {token}\nDisallow: /\n"), None);
        let file = folder.join("robots.txt");
        let (status, out, err) =
            robolint(&["check", "--no-config", file.to_str().expect("path"), "--agent", token, "/x"]);
        let own = out.lines().nth(1).unwrap_or_default();
        assert!(own.contains("disallowed") && own.contains("its group: line 1"), "{token}: {out}{err}");
        assert_eq!(status, 1, "{token}: {out}{err}");
    }
}

fn robolint(args: &[&str]) -> (i32, String, String) {
    let output = support::robolint_in(Path::new(crate::support::ROOT), args, b"");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (output.status.code().unwrap_or(-1), text(&output.stdout), text(&output.stderr))
}

/// A folder holding a robots.txt and, when given, a robolint.toml.
fn site(name: &str, robots: &str, config: Option<&str>) -> support::TestDir {
    let folder = support::TestDir::new(&format!("agents-{name}"));
    fs::write(folder.join("robots.txt"), robots).expect("write robots.txt");
    if let Some(config) = config {
        fs::write(folder.join("robolint.toml"), config).expect("write robolint.toml");
    }
    folder
}

#[test]
fn agents_lists_the_registry_as_a_table_or_json_by_purpose() {
    // The notes are for the wide table; the default one fits 100 columns.
    let (status, table, _) = robolint(&["agents", "--no-config", "--wide"]);
    assert_eq!(status, 0);
    assert_eq!(table.lines().count(), Registry::builtin().agents().len() + 1, "{table}");
    assert!(table.lines().any(|line| line.starts_with("AdsBot-Google") && line.contains("ignores `User-agent: *`")));
    assert!(table.lines().any(|line| line.starts_with("anthropic-ai") && line.contains("retired 2024, now ClaudeBot")));

    let (status, json, _) = robolint(&["agents", "--no-config", "--purpose", "control,library", "--format", "json"]);
    assert_eq!(status, 0);
    let document: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(document["version"], 1);
    let agents = document["agents"].as_array().expect("an array of agents");
    let expected = Registry::builtin()
        .agents()
        .iter()
        .filter(|agent| matches!(agent.purpose, Purpose::Control | Purpose::Library))
        .count();
    assert_eq!(agents.len(), expected);
    assert!(agents.iter().all(|agent| agent["purpose"] == "control" || agent["purpose"] == "library"));
    let google_extended = agents.iter().find(|agent| agent["token"] == "Google-Extended").expect("Google-Extended");
    assert_eq!(google_extended["checked"], "2026-11-25");

    let (status, _, error) = robolint(&["agents", "--purpose", "crawlers"]);
    assert_eq!(status, 2);
    assert!(error.contains("unknown purpose `crawlers`"), "{error}");
}

#[test]
fn check_answers_as_the_robot_reads_the_file_and_names_the_group() {
    let folder = site("check", GOOGLEBOT_AND_STAR, None);
    let robots = folder.join("robots.txt");
    let robots = robots.to_str().expect("UTF-8 path");
    let (status, text, error) = robolint(&["check", robots, "--agent", "Googlebot-Image/1.0", "/g/x"]);
    assert_eq!(status, 1, "{error}");
    let first = text.lines().nth(1).expect("the robot's answer");
    let answer: Vec<&str> = first.split_whitespace().take(5).collect();
    assert_eq!(answer, ["Googlebot-Image", "disallowed", "line", "2:", "Disallow:"], "{text}");
    assert!(first.contains("no group names it, so Googlebot's: line 1 `User-agent: Googlebot`"), "{text}");
    assert_eq!(text.lines().count(), 7, "the robot, then the five dialects: {text}");

    let (_, json, _) = robolint(&["check", robots, "--agent", "AdsBot-Google", "--format", "json", "/s/x"]);
    let answers: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let first = &answers[0];
    assert_eq!((first["robot"].as_str(), first["dialect"].as_str()), (Some("AdsBot-Google"), Some("google")));
    assert_eq!((first["allowed"].as_bool(), first["group"]["obeys"].as_str()), (Some(true), Some("none")));

    // Naming a dialect asks that dialect only; a robot the registry does not know gets the five.
    let (_, text, _) = robolint(&["check", robots, "--agent", "Googlebot-Image", "--dialect", "rfc9309", "/g/x"]);
    assert_eq!(text.lines().count(), 2, "{text}");
    let (_, text, _) = robolint(&["check", robots, "--agent", "NoSuchBot", "/g/x"]);
    assert_eq!(text.lines().count(), 6, "{text}");
}

#[test]
fn matrix_adds_a_table_of_each_robot_reading_its_own_way() {
    let folder = site("matrix", GOOGLEBOT_AND_STAR, None);
    fs::write(folder.join("urls.txt"), "/g/x\n/s/x\n").expect("write urls");
    let robots = folder.join("robots.txt");
    let urls = folder.join("urls.txt");
    let args = ["matrix", robots.to_str().unwrap_or(""), "--urls", urls.to_str().unwrap_or("")];
    let (status, text, error) =
        robolint(&[&args[..], &["--agents", "Googlebot-Image,AdsBot-Google,NoSuchBot"]].concat());
    assert_eq!(status, 1, "Googlebot-Image may not fetch /g/x: {error}");
    let tables: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(tables.len(), 6, "{text}");
    assert_eq!(
        tables[0],
        "robots  Googlebot-Image  AdsBot-Google  NoSuchBot\n/g/x    No               Yes            Yes\n/s/x    Yes              Yes            No"
    );
}

#[test]
fn robolint_toml_adds_and_replaces_robots() {
    let config = r#"
[[agent]]
purpose = "other"
token = "HouseBot"
name = "Our crawler"
operator = "Us"
honours = "yes"
dialect = "draft-1996"
dialect-basis = "documented"
fallback = ["Googlebot"]
description = "The site's own link checker."
docs = "https://example.com/housebot"
checked = 2026-11-25
"#;
    let folder = site("config", "User-agent: Googlebot\nDisallow: /g/\n", Some(config));
    let robots = folder.join("robots.txt");
    let robots = robots.to_str().expect("UTF-8 path");
    let (status, text, error) = robolint(&["check", robots, "--agent", "HouseBot", "/g/x"]);
    assert_eq!(status, 1, "{error}");
    assert!(
        text.contains("disallowed  line 2: Disallow: /g/ (as draft-1996 reads it; no group names it, so Googlebot's"),
        "{text}"
    );
    assert!(text.lines().nth(1).is_some_and(|line| line.trim_start().starts_with("HouseBot ")), "{text}");
    let (_, text, _) = robolint(&["check", robots, "--agent", "HouseBot", "--no-config", "/g/x"]);
    assert_eq!(text.lines().count(), 6, "without the configuration HouseBot is unknown: {text}");

    let config_path = folder.join("robolint.toml");
    let config_path = config_path.to_str().expect("UTF-8 path");
    let (_, table, _) = robolint(&["agents", "--config", config_path, "--purpose", "other"]);
    assert!(table.lines().any(|line| line.starts_with("HouseBot") && line.contains("Us")), "{table}");

    fs::write(folder.join("robolint.toml"), config.replace("draft-1996", "bing")).expect("write robolint.toml");
    let (status, _, error) = robolint(&["check", robots, "--agent", "HouseBot", "/g/x"]);
    assert_eq!(status, 2);
    assert!(error.contains("[[agent]] `HouseBot`: unknown variant `bing`"), "{error}");
}

/// `agents::matchers` reads the file once per dialect for all robots; each robot must still
/// obey the same group, and answer the same, as `Agent::matcher` alone makes it: own groups,
/// fallbacks (Googlebot-Image, bingbot's msnbot), `*`, robots that ignore `*`, and none.
#[test]
fn many_robots_at_once_read_the_file_as_each_robot_alone() {
    let files = [
        "User-agent: Googlebot\nDisallow: /g/\n\nUser-agent: msnbot\nDisallow: /m/\n\nUser-agent: *\nDisallow: /s/\n",
        "User-agent: GPTBot\nAllow: /blog\n\nUser-agent: *\nDisallow: /\n",
        "User-agent: AdsBot-Google\nDisallow: /ads/\n",
        "Sitemap: https://example.com/sitemap.xml\n",
    ];
    let robots: Vec<&robolint::agents::Agent> = Registry::builtin().agents().iter().collect();
    for text in files {
        let document = parse::parse(&Source::from(text));
        let together = robolint::agents::matchers(&robots, &document, text);
        for (agent, batched) in robots.iter().zip(&together) {
            let alone = agent.matcher(&document, text);
            assert_eq!(batched.obeys, alone.obeys, "{} in {text:?}", agent.token);
            assert_eq!(batched.matcher.agent_lines(), alone.matcher.agent_lines(), "{} in {text:?}", agent.token);
            for url in ["/", "/g/x", "/m/x", "/s/x", "/blog", "/ads/x"] {
                let (batched, alone) = (batched.matcher.allowed(url), alone.matcher.allowed(url));
                assert_eq!(batched.allowed, alone.allowed, "{} on {url} in {text:?}", agent.token);
            }
        }
    }
}
