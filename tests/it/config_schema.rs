//! robolint.toml's JSON schema (issue 40): the committed `docs/robolint.schema.json` is what
//! the configuration types generate, and every robolint.toml example in the repository is
//! valid against it (and accepted by robolint), so editors that check the file against the
//! schema agree with robolint.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

const SCHEMA: &str = "docs/robolint.schema.json";

fn manifest() -> &'static Path {
    Path::new(crate::support::ROOT)
}

fn validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(&robolint::config::json_schema()).expect("the schema is JSON");
    jsonschema::validator_for(&schema).expect("the schema compiles")
}

/// A TOML document as JSON, the way editors hand it to a schema: dates become their text.
fn as_json(value: toml::Value) -> Value {
    match value {
        toml::Value::String(text) => Value::String(text),
        toml::Value::Integer(number) => number.into(),
        toml::Value::Float(number) => number.into(),
        toml::Value::Boolean(flag) => flag.into(),
        toml::Value::Datetime(date) => Value::String(date.to_string()),
        toml::Value::Array(items) => items.into_iter().map(as_json).collect(),
        toml::Value::Table(table) => table.into_iter().map(|(key, value)| (key, as_json(value))).collect(),
    }
}

fn schema_errors(validator: &jsonschema::Validator, config: &str) -> Vec<String> {
    let value: toml::Value = toml::from_str(config).expect("the example is TOML");
    let instance = as_json(value);
    validator.iter_errors(&instance).map(|error| format!("{}: {error}", error.instance_path())).collect()
}

#[test]
fn the_committed_schema_is_what_the_configuration_types_generate() {
    let path = manifest().join(SCHEMA);
    let generated = robolint::config::json_schema();
    if std::env::var_os("ROBOLINT_WRITE_SCHEMA").is_some() {
        fs::write(&path, &generated).expect("write the schema");
    }
    let committed = fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "{SCHEMA} differs from what the configuration types generate: \
         run `ROBOLINT_WRITE_SCHEMA=1 cargo test --test it config_schema::` and commit it"
    );
    let schema: Value = serde_json::from_str(&committed).expect("the committed schema is JSON");
    assert_eq!(schema["$id"], robolint::config::SCHEMA_URL);
}

/// The fenced TOML blocks of a Markdown text (or of a rule's documentation) that are
/// robolint.toml examples: every one but the editor configurations README shows beside them.
fn toml_blocks(text: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "```toml" {
            continue;
        }
        let block: Vec<&str> = lines.by_ref().take_while(|line| line.trim() != "```").collect();
        let block = block.join("\n") + "\n";
        // Helix's languages.toml, in README's Editors section.
        if !block.contains("[language-server.") {
            blocks.push(block);
        }
    }
    blocks
}

fn files_in(folder: &Path, extension: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> =
        fs::read_dir(folder).map(|entries| entries.flatten().map(|entry| entry.path()).collect()).unwrap_or_default();
    files.retain(|path| path.extension().is_some_and(|found| found == extension));
    files.sort();
    files
}

/// Every file named robolint.toml in the repository, build output and packages aside.
fn robolint_tomls(folder: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(folder) else { return };
    for path in entries.flatten().map(|entry| entry.path()) {
        let name = path.file_name().and_then(|name| name.to_str()).unwrap_or("");
        if path.is_dir() && !matches!(name, "target" | "node_modules" | ".git") {
            robolint_tomls(&path, found);
        } else if name == "robolint.toml" {
            found.push(path);
        }
    }
}

#[test]
fn every_example_configuration_in_the_repository_is_valid_against_the_schema() {
    let validator = validator();
    let name_of = |path: &Path| path.strip_prefix(manifest()).unwrap_or(path).display().to_string();
    let mut documents = vec![manifest().join("README.md"), manifest().join("ARCHITECTURE.md")];
    documents.extend(files_in(&manifest().join("docs"), "md"));
    documents.extend(files_in(&manifest().join("rules"), "toml"));
    let mut examples = Vec::new();
    for document in &documents {
        let text = fs::read_to_string(document).expect("readable");
        examples.extend(toml_blocks(&text).into_iter().map(|block| (name_of(document), block)));
    }
    let mut configs = Vec::new();
    robolint_tomls(manifest(), &mut configs);
    for config in configs {
        examples.push((name_of(&config), fs::read_to_string(&config).expect("readable")));
    }
    // README's Configuration, [[agent]] and [policy] examples, and crawler-policy's.
    assert!(examples.len() >= 4, "too few examples found: {examples:?}");
    for (name, example) in &examples {
        let errors = schema_errors(&validator, example);
        assert!(errors.is_empty(), "an example in {name} breaks the schema: {errors:?}\n{example}");
        if let Err(error) = robolint::config::Config::parse(example, Path::new("robolint.toml")) {
            panic!("robolint rejects an example in {name}: {}\n{example}", error.summary());
        }
    }
}

#[test]
fn the_schema_rejects_what_robolint_rejects() {
    let validator = validator();
    for mistake in [
        "targets = \"today\"\n",
        "target = \"bing\"\n",
        "fail-on = \"off\"\n",
        "[rules]\nglob-pattern = \"loud\"\n",
        "[rules.sensitive-path]\npath = [\"/admin\"]\n",
        "[rules.sensitive-path]\npaths = \"/admin\"\n",
        "[policy]\nai-trainers = \"block\"\n",
        "[[agent]]\nname = \"no token\"\n",
    ] {
        assert!(!schema_errors(&validator, mistake).is_empty(), "the schema accepts {mistake:?}");
        assert!(robolint::config::Config::parse(mistake, Path::new("robolint.toml")).is_err(), "{mistake:?}");
    }
    // What robolint takes besides rule names: codes, prefixes and categories as `[rules]` keys.
    assert!(schema_errors(&validator, "[rules]\nRL3 = \"off\"\nrecords = \"error\"\n").is_empty());
}
