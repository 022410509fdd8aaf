//! Build-time checks and conversions for the engine.
//!
//! Every `rules/*.toml` is checked here, so a bad rule file fails the build with its name.
//! The identity of each rule (name, code, category) is written to
//! `$OUT_DIR/rule_identities.rs` for the registry in src/rules/mod.rs.
//!
//! The TOML the engine compiles in is written to `$OUT_DIR` in the form it reads fastest:
//! the registry's entries (`agents/<purpose>.toml`) as Rust static data, so no process
//! parses them (reading them was most of a one-file `robolint check`); `rules/*.toml`,
//! `agents/fetching.toml` and `agents/names/*.toml` as JSON, which the engine's own serde
//! types read several times faster than toml parses the TOML.

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
    let variant = |rule: &Rule| variant_name(&rule.file.name);
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

/// What the engine compiles in of the registry's files, each with its path under `$OUT_DIR`:
/// `agents/<purpose>.rs` holds the entries of `agents/<purpose>.toml` as a Rust expression
/// of static data (`&[Agent]`), so a process reads no registry text at all; `fetching.toml`
/// and `names/*.toml` are one JSON document each. Problems name the file and the entry.
fn read_agents(folder: &Path) -> Result<Vec<(PathBuf, String)>, Vec<String>> {
    let mut problems = Vec::new();
    let mut converted = Vec::new();
    let names = folder.join("names");
    let files = toml_files(folder, "agents")?.into_iter().chain(toml_files(&names, "agents/names")?);
    for (path, shown) in files {
        let name = PathBuf::from(&shown);
        let whole_document = path.starts_with(&names) || name == Path::new("agents/fetching.toml");
        let output = if whole_document {
            read_toml::<toml::Table>(&path)
                .and_then(|table| json_of(&table))
                .map(|json| (name.with_extension("json"), json))
        } else {
            read_toml::<PurposeFile>(&path).map(|file| {
                let purpose = name.file_stem().and_then(|stem| stem.to_str()).unwrap_or("?");
                let (code, mistakes) = agents_code(purpose, &file.agent);
                problems.extend(mistakes.into_iter().map(|mistake| format!("{shown}: {mistake}")));
                (name.with_extension("rs"), code)
            })
        };
        match output {
            Ok(output) => converted.push(output),
            Err(error) => problems.push(format!("{shown}: {error}")),
        }
    }
    if problems.is_empty() {
        Ok(converted)
    } else {
        Err(problems)
    }
}

/// A purpose's file, as `Registry::builtin` reads it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PurposeFile {
    #[serde(default)]
    agent: Vec<AgentEntry>,
}

/// The keys of an `[[agent]]` table, as `agents::Agent` reads them. Enum values are kept as
/// their names and written as variants, so a value no variant has fails to compile; the
/// test `the_builtin_registry_is_its_files_read_as_toml` holds this reading and the
/// engine's serde reading of the same files together.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct AgentEntry {
    /// Refused: the file's name is the purpose.
    purpose: Option<toml::Value>,
    token: String,
    #[serde(default)]
    also: Vec<String>,
    name: String,
    operator: String,
    honours: String,
    dialect: String,
    dialect_basis: String,
    matching: Option<String>,
    matching_basis: Option<String>,
    #[serde(default)]
    fallback: Vec<String>,
    #[serde(default)]
    ignores_star: bool,
    retired: Option<String>,
    replaced_by: Option<String>,
    #[serde(default)]
    crawled_by: Vec<String>,
    #[serde(default)]
    reads: Vec<String>,
    #[serde(default)]
    limits: BTreeMap<String, u64>,
    fetching: Option<BTreeMap<String, String>>,
    description: String,
    docs: String,
    #[serde(default)]
    sources: Vec<String>,
    checked: toml::value::Datetime,
}

/// The keys of `limits` and `[agent.fetching]`, as `agents::Limits` and
/// `agents::FetchingOverride` name their fields (in kebab case).
const LIMITS: [&str; 4] = ["max-file-bytes", "max-rule-length", "max-path-length", "max-rules"];
const FETCHING_TREATMENTS: [&str; 6] =
    ["on-401-403", "on-429", "on-4xx", "on-5xx", "on-unreachable", "on-too-many-redirects"];

/// The entries of the purpose file `purpose` (its stem) as a Rust expression of type
/// `&[Agent]`, with the mistakes the engine's serde reading would also refuse.
fn agents_code(purpose: &str, entries: &[AgentEntry]) -> (String, Vec<String>) {
    let mut mistakes = Vec::new();
    let mut out = format!("// @generated by build.rs from agents/{purpose}.toml.\n&[\n");
    for entry in entries {
        let token = &entry.token;
        let mut mistake = |message: String| mistakes.push(format!("agent `{token}`: {message}"));
        if entry.purpose.is_some() {
            mistake("`purpose` is the file's name here; leave the key out".into());
        }
        for key in entry.limits.keys().filter(|key| !LIMITS.contains(&key.as_str())) {
            mistake(format!("`limits` has no key `{key}`"));
        }
        let checked = &entry.checked;
        let date = match (checked.date, checked.time, checked.offset) {
            (Some(date), None, None) => date,
            _ => {
                mistake(format!("`checked` is a date (YYYY-MM-DD), not `{checked}`"));
                continue;
            }
        };
        let text = |value: &str| format!("Cow::Borrowed({value:?})");
        let texts = |values: &[String]| {
            let items: Vec<String> = values.iter().map(|value| text(value)).collect();
            format!("Cow::Borrowed(&[{}])", items.join(", "))
        };
        let optional =
            |value: &Option<String>| value.as_deref().map_or("None".into(), |value| format!("Some({})", text(value)));
        let limit = |key: &str| entry.limits.get(key).map_or("None".into(), |value| format!("Some({value})"));
        let reads: Vec<String> = entry.reads.iter().map(|name| format!("Extension::{}", variant_name(name))).collect();
        let fetching = match &entry.fetching {
            None => "None".to_string(),
            Some(table) => {
                let known =
                    |key: &String| FETCHING_TREATMENTS.contains(&key.as_str()) || key == "note" || key == "source";
                for key in table.keys().filter(|key| !known(key)) {
                    mistake(format!("`fetching` has no key `{key}`"));
                }
                let treatments: Vec<String> = FETCHING_TREATMENTS
                    .iter()
                    .map(|key| {
                        let treatment = table
                            .get(*key)
                            .map_or("None".into(), |name| format!("Some(Treatment::{})", variant_name(name)));
                        format!("{}: {treatment}", key.replace('-', "_"))
                    })
                    .collect();
                let source = table.get("source").cloned().unwrap_or_else(|| {
                    mistake("`fetching` needs the `source` that documents it".into());
                    String::new()
                });
                format!(
                    "Some(FetchingOverride {{ {}, note: {}, source: {} }})",
                    treatments.join(", "),
                    optional(&table.get("note").cloned()),
                    text(&source)
                )
            }
        };
        let _ = writeln!(
            out,
            "    Agent {{ purpose: Purpose::{purpose}, token: {token}, also: {also}, name: {name}, operator: {operator}, \
             honours: Honours::{honours}, dialect: Reading::{dialect}, dialect_basis: DialectBasis::{basis}, \
             matching: Matching::{matching}, matching_basis: {matching_basis}, fallback: {fallback}, \
             ignores_star: {ignores_star}, retired: {retired}, replaced_by: {replaced_by}, crawled_by: {crawled_by}, \
             reads: Cow::Borrowed(&[{reads}]), limits: Limits {{ max_file_bytes: {max_file_bytes}, \
             max_rule_length: {max_rule_length}, max_path_length: {max_path_length}, max_rules: {max_rules} }}, \
             fetching: {fetching}, description: {description}, docs: {docs}, sources: {sources}, \
             checked: ::toml::value::Datetime {{ date: Some(::toml::value::Date {{ year: {year}, month: {month}, day: {day} }}), time: None, offset: None }} }},",
            purpose = variant_name(purpose),
            token = text(&entry.token),
            also = texts(&entry.also),
            name = text(&entry.name),
            operator = text(&entry.operator),
            honours = variant_name(&entry.honours),
            dialect = variant_name(&entry.dialect),
            basis = variant_name(&entry.dialect_basis),
            matching = variant_name(entry.matching.as_deref().unwrap_or("product-token")),
            matching_basis = optional(&entry.matching_basis),
            fallback = texts(&entry.fallback),
            ignores_star = entry.ignores_star,
            retired = optional(&entry.retired),
            replaced_by = optional(&entry.replaced_by),
            crawled_by = texts(&entry.crawled_by),
            reads = reads.join(", "),
            max_file_bytes = limit("max-file-bytes"),
            max_rule_length = limit("max-rule-length"),
            max_path_length = limit("max-path-length"),
            max_rules = limit("max-rules"),
            description = text(&entry.description),
            docs = text(&entry.docs),
            sources = texts(&entry.sources),
            year = date.year,
            month = date.month,
            day = date.day,
        );
    }
    out.push_str("]\n");
    (out, mistakes)
}

/// A kebab-case name as its Rust variant: `ai-training` is `AiTraining`, `Crawl-delay` is
/// `CrawlDelay`.
fn variant_name(kebab: &str) -> String {
    let capitalized = |word: &str| {
        let mut chars = word.chars();
        chars.next().map(|first| first.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
    };
    kebab.split('-').map(capitalized).collect()
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
