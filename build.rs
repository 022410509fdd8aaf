//! Build-time checks and conversions for the engine.
//!
//! Every `rules/*.toml` is checked here, so a bad rule file fails the build with its name.
//! The identity of each rule (name, code, category) is written to
//! `$OUT_DIR/rule_identities.rs` for the registry in src/rules/mod.rs.
//!
//! The TOML the engine compiles in, `rules/*.toml` and `agents/**/*.toml`, is written to
//! `$OUT_DIR` as JSON, which the engine's own serde types read: serde_json reads it several
//! times faster than toml parses the TOML, which was most of a one-file `robolint check`.

#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a build script talks to Cargo on standard output and names bad data files on standard error"
)]

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

use serde::{Deserialize, Serialize, Serializer};

#[path = "src/rule/category.rs"]
#[allow(dead_code)]
mod category;

use category::Category;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/rule/category.rs");
    println!("cargo::rerun-if-changed=rules");
    println!("cargo::rerun-if-changed=agents");
    if let Err((what, problems)) = check_and_convert() {
        eprintln!("robolint's {what} is invalid:");
        for problem in problems {
            eprintln!("  {problem}");
        }
        std::process::exit(1);
    }
}

/// Checks the data files and writes to `$OUT_DIR` what the engine reads of them; the error
/// names the data that is invalid, and each problem in its files.
fn check_and_convert() -> Result<(), (&'static str, Vec<String>)> {
    let root = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let rules = read_rules(&root.join("rules")).map_err(|problems| ("rule metadata", problems))?;
    fs::write(out.join("rule_identities.rs"), identities(&rules)).expect("OUT_DIR is writable");
    fs::write(out.join("rules.json"), rules_json(&rules)).expect("OUT_DIR is writable");
    let agents = read_agents(&root.join("agents")).map_err(|problems| ("crawler registry", problems))?;
    for (name, json) in agents {
        let path = out.join(name);
        if let Some(folder) = path.parent() {
            fs::create_dir_all(folder).expect("OUT_DIR is writable");
        }
        fs::write(path, json).expect("OUT_DIR is writable");
    }
    Ok(())
}

/// The keys a rule's TOML may hold, as `rules::Metadata` reads them. Values the engine parses
/// into its own types are checked here with mirrors of those types. A unit test in
/// src/rules/mod.rs holds the two readings together.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
#[allow(dead_code)]
struct RuleFile {
    code: String,
    name: String,
    severity: Severity,
    default_enabled: Option<bool>,
    category: Category,
    explains_strict_failures: Option<bool>,
    #[serde(default)]
    explains: Vec<String>,
    fix: Fix,
    #[serde(default)]
    fix_changes: Vec<Dialect>,
    summary: String,
    spec: String,
    #[serde(default)]
    targets: Targets,
    advice: Option<bool>,
    evidence: Option<String>,
    #[serde(default)]
    options: BTreeMap<String, OptionSpec>,
    docs: Docs,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum Severity {
    Info,
    Warning,
    Error,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum Level {
    Off,
    Info,
    Warning,
    Error,
}

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
enum Fix {
    None,
    Safe,
    Unsafe,
    Mixed,
}

#[derive(Deserialize)]
enum Dialect {
    #[serde(rename = "norobots-1994")]
    Norobots1994,
    #[serde(rename = "draft-1996")]
    Draft1996,
    #[serde(rename = "rfc9309")]
    Rfc9309,
    #[serde(rename = "google")]
    Google,
    #[serde(rename = "python-robotparser")]
    PythonRobotparser,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
#[allow(dead_code)]
struct Targets {
    norobots_1994: Option<Level>,
    draft_1996: Option<Level>,
    rfc9309: Option<Level>,
    google: Option<Level>,
    python_robotparser: Option<Level>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct OptionSpec {
    doc: String,
    default: toml::Value,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Docs {
    why: String,
    bad: String,
    good: String,
}

/// A rule file that parsed, with where it is.
struct Rule {
    /// `rules/<file name>`, as problems name it.
    shown: String,
    file: RuleFile,
    /// The whole file as JSON, for `rules::Metadata`.
    json: String,
}

/// Reads and checks every rule file; the problems name the file.
fn read_rules(folder: &Path) -> Result<Vec<Rule>, Vec<String>> {
    let mut problems = Vec::new();
    let mut rules = Vec::new();
    for (path, shown) in toml_files(folder, "rules")? {
        // Read twice: as the mirror, for the checks and errors with lines and keys, and as
        // plain TOML, for the JSON.
        let parsed =
            read_toml::<RuleFile>(&path).and_then(|file| Ok((file, json_of(&read_toml::<toml::Table>(&path)?)?)));
        match parsed {
            Ok((file, json)) => {
                problems.extend(check_file(&path, &file).into_iter().map(|problem| format!("{shown}: {problem}")));
                rules.push(Rule { shown, file, json });
            }
            Err(error) => problems.push(format!("{shown}: {error}")),
        }
    }
    problems.extend(check_together(&rules));
    if problems.is_empty() {
        Ok(rules)
    } else {
        Err(problems)
    }
}

/// What one file must say of itself: its name is its file's, its summary, spec and why are
/// written, and its code is in its category's band.
fn check_file(path: &Path, file: &RuleFile) -> Vec<String> {
    let mut problems = Vec::new();
    let stem = path.file_stem().and_then(|stem| stem.to_str()).unwrap_or("");
    if file.name != stem {
        problems.push(format!("name `{}` is not the file's name `{stem}`", file.name));
    }
    let kebab = |name: &str| {
        !name.is_empty()
            && !name.starts_with('-')
            && !name.ends_with('-')
            && !name.contains("--")
            && name.bytes().all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit() || byte == b'-')
    };
    if !kebab(&file.name) {
        problems.push(format!("name `{}` is not lower-case kebab-case", file.name));
    }
    for (key, text) in [("summary", &file.summary), ("spec", &file.spec), ("docs.why", &file.docs.why)] {
        if text.trim().is_empty() {
            problems.push(format!("`{key}` is empty"));
        }
    }
    let band = file.category.prefix();
    let digits = file.code.strip_prefix("RL").unwrap_or("");
    if digits.len() != 3 || !digits.bytes().all(|byte| byte.is_ascii_digit()) || !file.code.starts_with(band) {
        problems.push(format!(
            "code `{}` is not in category `{}`'s band ({band}xx)",
            file.code,
            file.category.as_str()
        ));
    }
    problems
}

/// What the files must say of each other: codes are unique (names are, being file names), and
/// `explains` names rules that exist.
fn check_together(rules: &[Rule]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut codes: BTreeMap<&str, &str> = BTreeMap::new();
    for rule in rules {
        if let Some(first) = codes.insert(&rule.file.code, &rule.shown) {
            problems.push(format!("{first} and {} share the code `{}`", rule.shown, rule.file.code));
        }
    }
    let names: BTreeSet<&str> = rules.iter().map(|rule| rule.file.name.as_str()).collect();
    for rule in rules {
        for named in &rule.file.explains {
            if named != "*" && !names.contains(named.as_str()) {
                problems.push(format!("{}: explains `{named}`, which is no rule", rule.shown));
            }
        }
    }
    problems
}

/// The rules in code order, the order of the `Rule` enum's variants.
fn by_code(rules: &[Rule]) -> Vec<&Rule> {
    let mut by_code: Vec<&Rule> = rules.iter().collect();
    by_code.sort_by(|a, b| a.file.code.cmp(&b.file.code));
    by_code
}

/// The `Rule` enum, one variant per rule in code order, with what the engine reads of each:
/// its name, code and category.
fn identities(rules: &[Rule]) -> String {
    let by_code = by_code(rules);
    let variant = |rule: &Rule| -> String {
        rule.file.name.split('-').map(|word| word[..1].to_ascii_uppercase() + &word[1..]).collect()
    };
    let mut out = String::from("// @generated by build.rs from rules/*.toml.\n\n");
    out.push_str(
        "/// A rule: its identity is a variant, so a misspelt rule fails to compile. Metadata\n\
         /// comes from `rules/<name>.toml` (`Rule::metadata`).\n\
         #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]\npub enum Rule {\n",
    );
    for rule in &by_code {
        let _ = writeln!(
            out,
            "    /// `{}` ({}): rules/{}.toml.\n    {},",
            rule.file.name,
            rule.file.code,
            rule.file.name,
            variant(rule)
        );
    }
    out.push_str("}\n\nimpl Rule {\n");
    let _ = writeln!(
        out,
        "    /// Every rule, in code order (the variants' order).\n    pub(crate) const BY_CODE: [Rule; {}] = [",
        by_code.len()
    );
    for rule in &by_code {
        let _ = writeln!(out, "        Rule::{},", variant(rule));
    }
    out.push_str("    ];\n");
    // Each accessor: its doc line, its head, what it returns, and each rule's value.
    type Accessor = (&'static str, &'static str, &'static str, fn(&Rule) -> String);
    let accessors: [Accessor; 3] = [
        (
            "The kebab-case name, as configuration and suppression comments write it.",
            "pub const fn name",
            "&'static str",
            |rule| format!("{:?}", rule.file.name),
        ),
        ("The stable public code (`RL301`).", "pub const fn code", "&'static str", |rule| {
            format!("{:?}", rule.file.code)
        }),
        ("The category, which is its code's band.", "pub const fn category", "Category", |rule| {
            format!("Category::{:?}", rule.file.category)
        }),
    ];
    for (doc, head, returns, value) in accessors {
        let _ = writeln!(out, "\n    /// {doc}\n    {head}(self) -> {returns} {{\n        match self {{");
        for rule in &by_code {
            let _ = writeln!(out, "            Rule::{} => {},", variant(rule), value(rule));
        }
        out.push_str("        }\n    }\n");
    }
    out.push_str("}\n");
    out
}

/// Every rule file as JSON, in an array in code order: `Rule::BY_CODE`'s.
fn rules_json(rules: &[Rule]) -> String {
    let files: Vec<&str> = by_code(rules).iter().map(|rule| rule.json.as_str()).collect();
    format!("[\n{}\n]\n", files.join(",\n"))
}

/// The JSON of the registry's files, each with its path under `$OUT_DIR`:
/// `agents/<purpose>.jsonl` holds one `[[agent]]` entry per line, so that the engine reads
/// each on its own as it reads robolint.toml's (a mistake loses one entry); `fetching.toml`
/// and `names/*.toml` are one JSON document each. Problems name the file and the entry.
fn read_agents(folder: &Path) -> Result<Vec<(PathBuf, String)>, Vec<String>> {
    /// A purpose's file, as `Registry::builtin` reads it.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct PurposeFile {
        #[serde(default)]
        agent: Vec<toml::Table>,
    }
    let mut problems = Vec::new();
    let mut converted = Vec::new();
    let names = folder.join("names");
    let files = toml_files(folder, "agents")?.into_iter().chain(toml_files(&names, "agents/names")?);
    for (path, shown) in files {
        let name = PathBuf::from(&shown);
        let whole_document = path.starts_with(&names) || name == Path::new("agents/fetching.toml");
        let json = if whole_document {
            read_toml::<toml::Table>(&path)
                .and_then(|table| json_of(&table))
                .map(|json| (name.with_extension("json"), json))
        } else {
            read_toml::<PurposeFile>(&path).and_then(|file| {
                let mut lines = String::new();
                for entry in &file.agent {
                    let token = entry.get("token").and_then(toml::Value::as_str).unwrap_or("?");
                    // The file's name is the purpose: `Registry::builtin` sets it.
                    if entry.contains_key("purpose") {
                        problems.push(format!(
                            "{shown}: agent `{token}`: `purpose` is the file's name here; leave the key out"
                        ));
                    }
                    lines += &json_of(entry).map_err(|error| format!("agent `{token}`: {error}"))?;
                    lines.push('\n');
                }
                Ok((name.with_extension("jsonl"), lines))
            })
        };
        match json {
            Ok(json) => converted.push(json),
            Err(error) => problems.push(format!("{shown}: {error}")),
        }
    }
    if problems.is_empty() {
        Ok(converted)
    } else {
        Err(problems)
    }
}

/// The `.toml` files of `folder`, sorted, each with its path and how problems name it
/// (`shown`, the folder's name as given, then the file's).
fn toml_files(folder: &Path, shown: &str) -> Result<Vec<(PathBuf, String)>, Vec<String>> {
    let mut paths: Vec<PathBuf> = fs::read_dir(folder)
        .map_err(|error| vec![format!("{shown}/: {error}")])?
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "toml"))
        .collect();
    paths.sort();
    let named = |path: PathBuf| {
        let name = format!("{shown}/{}", path.file_name().and_then(|name| name.to_str()).unwrap_or("?"));
        (path, name)
    };
    Ok(paths.into_iter().map(named).collect())
}

/// A TOML file read as `T`; the error is toml's, with the line, indented under the file's name.
fn read_toml<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, String> {
    let text = fs::read_to_string(path).map_err(|error| error.to_string())?;
    toml::from_str(&text).map_err(|error| error.to_string().trim_end().replace('\n', "\n    "))
}

/// A TOML table as one line of JSON.
fn json_of(table: &toml::Table) -> Result<String, String> {
    serde_json::to_string(&AsJson(&toml::Value::Table(table.clone()))).map_err(|error| error.to_string())
}

/// A TOML value as JSON would hold it: a date or time becomes its text (the engine reads
/// `checked` from text, as from robolint.toml's `toml::Value`s), and a float JSON has no
/// number for (inf, nan) fails the build.
struct AsJson<'a>(&'a toml::Value);

impl Serialize for AsJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            toml::Value::Datetime(datetime) => serializer.collect_str(datetime),
            toml::Value::Float(float) if !float.is_finite() => {
                Err(serde::ser::Error::custom(format!("{float} has no JSON number")))
            }
            toml::Value::Array(items) => serializer.collect_seq(items.iter().map(AsJson)),
            toml::Value::Table(table) => serializer.collect_map(table.iter().map(|(key, value)| (key, AsJson(value)))),
            scalar => scalar.serialize(serializer),
        }
    }
}
