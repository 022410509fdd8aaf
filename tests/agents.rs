//! The crawler registry (`agents/<purpose>.toml`): the files the schema names, each entry
//! well-formed and sourced, and robots found by their tokens and User-agent headers.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use robolint::agents::{Honours, Purpose, Registry};
use robolint::dialect::Dialect;

fn agents_folder() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("agents")
}

#[test]
fn the_builtin_registry_has_no_problems() {
    let problems: Vec<String> = Registry::builtin().problems.iter().map(ToString::to_string).collect();
    assert!(problems.is_empty(), "the registry's files have mistakes:\n{}", problems.join("\n"));
    assert!(!Registry::builtin().agents().is_empty());
}

#[test]
fn the_folder_holds_one_file_per_purpose_and_nothing_else() {
    let files: BTreeSet<String> = fs::read_dir(agents_folder())
        .expect("agents/ exists")
        .map(|entry| entry.expect("directory entry").file_name().to_string_lossy().into_owned())
        .collect();
    let expected: BTreeSet<String> = Purpose::ALL.iter().map(|purpose| format!("{purpose}.toml")).collect();
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
    let token = |agent: &str| registry.find(agent).map(|found| found.token.as_str());
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
    assert_eq!(image.fallback, ["Googlebot"]);
    assert!(registry.find("AdsBot-Google").expect("AdsBot-Google").ignores_star);
    let retired = registry.find("anthropic-ai").expect("anthropic-ai");
    assert!(retired.is_retired());
    assert_eq!(retired.replaced_by.as_deref(), Some("ClaudeBot"));
    // Python's parser reads as the 1996 draft until it is a dialect of its own.
    assert_eq!(registry.find("Python-urllib").expect("Python-urllib").dialect.dialect(), Dialect::Draft1996);
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
    assert_eq!(registry.find("examplebot").map(|agent| agent.operator.as_str()), Some("Example Inc."));
    assert_eq!(registry.agents().len(), Registry::builtin().agents().len() + 1);

    let replaced = add(&VALID.replace("ExampleBot", "GPTBot").replace("Example Inc.", "Someone else"));
    assert!(replaced.problems.is_empty(), "{:?}", replaced.problems);
    assert_eq!(replaced.find("GPTBot").map(|agent| agent.operator.as_str()), Some("Someone else"));
    assert_eq!(replaced.agents().len(), Registry::builtin().agents().len());
}

#[test]
fn each_mistake_in_an_entry_is_named_and_the_entry_left_out() {
    let cases: &[(&str, &str, &str)] = &[
        ("token = \"ExampleBot\"", "token = \"Example Bot\"", "not a product token"),
        ("token = \"ExampleBot\"", "token = \"*\"", "not a product token"),
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
        ("checked = 2026-11-25", "checked = 2026-11-25\nfallback = [\"NoSuchBot\"]", "not in the registry"),
        ("checked = 2026-11-25", "checked = 2026-11-25\nfallback = [\"examplebot\"]", "names the robot itself"),
        ("checked = 2026-11-25", "checked = 2026-11-25\nreads = [\"Noindex\"]", "unknown variant `Noindex`"),
        ("checked = 2026-11-25", "checked = 2026-11-25\nlimits = { max-file-bytes = 0 }", "a limit of 0"),
        ("checked = 2026-11-25", "checked = 2026-11-25\nlimits = { max-lines = 5 }", "unknown field `max-lines`"),
        ("checked = 2026-11-25", "checked = 2026-11-25\nalso = [\"GPTBot\"]", "already a token of `GPTBot`"),
        ("checked = 2026-11-25", "checked = 2026-11-25\ncolour = \"blue\"", "unknown field `colour`"),
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
