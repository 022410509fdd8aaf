//! Build-time checks for the engine.
//!
//! Every `rules/*.toml` is checked here, so a bad rule file fails the build with its name.
//! The identity of each rule (name, code, category and its TOML text) is written to
//! `$OUT_DIR/rule_identities.rs`, one module per rule, for the registry in src/rules/mod.rs.

#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a build script talks to Cargo on standard output and names bad rule files on standard error"
)]

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

use serde::Deserialize;

#[path = "src/rule/category.rs"]
#[allow(dead_code)]
mod category;

use category::Category;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/rule/category.rs");
    println!("cargo::rerun-if-changed=rules");
    let root = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let rules = match read_rules(&root.join("rules")) {
        Ok(rules) => rules,
        Err(problems) => {
            eprintln!("robolint's rule metadata is invalid:");
            for problem in problems {
                eprintln!("  {problem}");
            }
            std::process::exit(1);
        }
    };
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    fs::write(out.join("rule_identities.rs"), identities(&rules)).expect("OUT_DIR is writable");
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
    path: PathBuf,
    /// `rules/<file name>`, as problems name it.
    shown: String,
    file: RuleFile,
}

/// Reads and checks every rule file; the problems name the file.
fn read_rules(folder: &Path) -> Result<Vec<Rule>, Vec<String>> {
    let mut paths: Vec<PathBuf> = fs::read_dir(folder)
        .map_err(|error| vec![format!("rules/: {error}")])?
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "toml"))
        .collect();
    paths.sort();
    let mut problems = Vec::new();
    let mut rules = Vec::new();
    for path in paths {
        let shown = format!("rules/{}", path.file_name().and_then(|name| name.to_str()).unwrap_or("?"));
        let parsed = fs::read_to_string(&path)
            .map_err(|error| error.to_string())
            .and_then(|text| toml::from_str::<RuleFile>(&text).map_err(|error| error.to_string()));
        match parsed {
            Ok(file) => {
                problems.extend(check_file(&path, &file).into_iter().map(|problem| format!("{shown}: {problem}")));
                rules.push(Rule { path, shown, file });
            }
            Err(error) => problems.push(format!("{shown}: {}", error.trim_end().replace('\n', "\n    "))),
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

/// The `Rule` enum, one variant per rule in code order, with what the engine reads of each:
/// its name, code, category and TOML text.
fn identities(rules: &[Rule]) -> String {
    let mut by_code: Vec<&Rule> = rules.iter().collect();
    by_code.sort_by(|a, b| a.file.code.cmp(&b.file.code));
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
    let accessors: [Accessor; 4] = [
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
        ("The text of `rules/<name>.toml`.", "pub(crate) const fn toml", "&'static str", |rule| {
            format!("include_str!({:?})", rule.path.display().to_string())
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
