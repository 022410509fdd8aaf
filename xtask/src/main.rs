//! `cargo xtask new-rule NAME [--category C] [--kind K] [--root DIR]`: writes a new rule's
//! parts, each where the project keeps it (ARCHITECTURE.md, "A new rule"):
//!
//! - `src/rules/<category>/<module>.rs` with a `check` of its kind (line, record, fetch or
//!   document: what the engine hands it) that reports nothing yet, and its `pub(super) mod`
//!   line in that folder's `mod.rs`;
//! - its registry line in `src/rules/mod.rs`, after the last rule of its category;
//! - `rules/<name>.toml` with the next free code in the category's band;
//! - `corpus/<name>/` with a case that should fire and one that should not, each with its
//!   expectation markers (`# expect: <name>`, `# expect-none`), and no snapshot:
//!   tests/it/corpus.rs leaves each case's snapshot pending, to be reviewed.
//!
//! Every part left to write says `TODO(new-rule)`; tests/it/registry.rs and tests/it/corpus.rs
//! name what is still missing.

#![allow(clippy::print_stdout, clippy::print_stderr, reason = "a developer's command prints what it did")]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use robolint::rules::Category;

const USAGE: &str =
    "usage: cargo xtask new-rule NAME [--category CATEGORY] [--kind line|record|fetch|document] [--root DIR]";

/// The category a rule gets when `--category` is not given.
const DEFAULT_CATEGORY: &str = "syntax";

/// What a rule's `check` is handed (robolint's `rules::Check`): its registry line's `per`
/// word, and the parameters between the context and the findings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Line,
    Record,
    Fetch,
    Document,
}

impl Kind {
    fn parse(word: &str) -> Result<Kind, String> {
        match word {
            "line" => Ok(Kind::Line),
            "record" => Ok(Kind::Record),
            "fetch" => Ok(Kind::Fetch),
            "document" => Ok(Kind::Document),
            other => Err(format!("no kind `{other}` (the kinds: line, record, fetch, document)")),
        }
    }

    /// Most rules judge one line at a time; the rules about fetching judge the exchange.
    fn default_for(category: &str) -> Kind {
        if category == "http" {
            Kind::Fetch
        } else {
            Kind::Line
        }
    }

    /// The registry line's ending after the module.
    fn registry_suffix(self) -> &'static str {
        match self {
            Kind::Line => " per Line",
            Kind::Record => " per Record",
            Kind::Fetch => " per Fetch",
            Kind::Document => "",
        }
    }

    /// The imports and the `check` signature of a rule of this kind.
    fn imports_and_signature(self) -> (&'static str, &'static str) {
        match self {
            Kind::Line => (
                "use crate::model::{Line, LineIndex};\nuse crate::rules::{Context, Findings};\n",
                "pub fn check(cx: &Context<'_, '_>, index: LineIndex, line: &Line, out: &mut Findings) {",
            ),
            Kind::Record => (
                "use crate::model::Record;\nuse crate::rules::{Context, Findings};\n",
                "pub fn check(cx: &Context<'_, '_>, record: &Record, out: &mut Findings) {",
            ),
            Kind::Fetch => (
                "use crate::fetch::FetchOutcome;\nuse crate::rules::{Context, Findings};\n",
                "pub fn check(cx: &Context<'_, '_>, fetch: &FetchOutcome, out: &mut Findings) {",
            ),
            Kind::Document => {
                ("use crate::rules::{Context, Findings};\n", "pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {")
            }
        }
    }

    /// What the unwritten rule leaves unused, so that the scaffold compiles without warnings.
    fn unused(self) -> &'static str {
        match self {
            Kind::Line => "(cx, index, line, out)",
            Kind::Record => "(cx, record, out)",
            Kind::Fetch => "(cx, fetch, out)",
            Kind::Document => "(cx, out)",
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(written) => {
            for path in written {
                println!("wrote {}", path.display());
            }
            // The corpus test leaves each new case's snapshot pending beside it, to be read
            // and accepted: none is written here, so none is accepted unread.
            println!(
                "next: write the rule and the TODO(new-rule) parts, then `cargo insta test --review --test it -- corpus::` \
                 (or `cargo test --test it corpus::`, then `cargo insta review`)"
            );
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("xtask: {message}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<Vec<PathBuf>, String> {
    let (command, rest) = args.split_first().ok_or("no command")?;
    if command != "new-rule" {
        return Err(format!("unknown command `{command}`"));
    }
    let mut name = None;
    let mut category = DEFAULT_CATEGORY.to_string();
    let mut kind = None;
    // The checkout this xtask belongs to: its crate folder's parent.
    let mut root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let mut rest = rest.iter();
    while let Some(arg) = rest.next() {
        let mut value = || rest.next().cloned().ok_or(format!("`{arg}` needs a value"));
        match arg.as_str() {
            "--category" => category = value()?,
            "--kind" => kind = Some(Kind::parse(&value()?)?),
            "--root" => root = PathBuf::from(value()?),
            flag if flag.starts_with('-') => return Err(format!("unknown option `{flag}`")),
            _ if name.is_some() => return Err(format!("one NAME only, not also `{arg}`")),
            _ => name = Some(arg.clone()),
        }
    }
    let kind = kind.unwrap_or_else(|| Kind::default_for(&category));
    new_rule(&root, name.as_deref().ok_or("no rule NAME")?, &category, kind)
}

/// Writes the new rule's files below `root` (a robolint checkout) and returns their paths.
/// Nothing is written when a check fails.
fn new_rule(root: &Path, name: &str, category: &str, kind: Kind) -> Result<Vec<PathBuf>, String> {
    let kebab = !name.is_empty()
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !kebab {
        return Err(format!("`{name}` is not a kebab-case rule name (such as `path-too-long`)"));
    }
    let band = Category::ALL.into_iter().find(|band| band.as_str() == category).ok_or_else(|| {
        let known: Vec<&str> = Category::ALL.iter().map(|band| band.as_str()).collect();
        format!("no category `{category}` (the categories: {})", known.join(", "))
    })?;
    let module = name.replace('-', "_");
    let metadata = root.join("rules").join(format!("{name}.toml"));
    let source = root.join("src/rules").join(category).join(format!("{module}.rs"));
    let corpus = root.join("corpus").join(name);
    for path in [&metadata, &source, &corpus] {
        if path.exists() {
            return Err(format!("{} exists already", path.display()));
        }
    }
    let code = next_code(&root.join("rules"), band)?;
    let band_mod = root.join("src/rules").join(category).join("mod.rs");
    let band_mod_text = with_mod_line(&read(&band_mod)?, &module);
    let registry = root.join("src/rules/mod.rs");
    let registry_text = with_registry_line(&read(&registry)?, category, &module, name, kind)?;

    let bad = corpus.join("bad.txt");
    let good = corpus.join("good.txt");
    fs::create_dir_all(&corpus).map_err(|error| format!("{}: {error}", corpus.display()))?;
    for (path, text) in [
        (&source, rule_source(kind)),
        (&band_mod, band_mod_text),
        (&registry, registry_text),
        (&metadata, rule_metadata(&code, name, category)),
        (&bad, marked_case_that_fires(name)),
        (&good, MARKED_NEAR_MISS.to_string()),
    ] {
        fs::write(path, text).map_err(|error| format!("{}: {error}", path.display()))?;
    }
    Ok(vec![source, band_mod, registry, metadata, bad, good])
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|error| format!("{}: {error}", path.display()))
}

/// The band's highest code in `rules/*.toml`, plus one; the band's `01` when it has none.
fn next_code(metadata_folder: &Path, band: Category) -> Result<String, String> {
    let entries = fs::read_dir(metadata_folder).map_err(|error| format!("{}: {error}", metadata_folder.display()))?;
    let mut highest = None;
    for entry in entries.flatten() {
        let Ok(text) = fs::read_to_string(entry.path()) else { continue };
        let code = text.lines().find_map(|line| line.strip_prefix("code = \"")?.strip_suffix('"').map(str::to_string));
        let number = code
            .filter(|code| code.starts_with(band.prefix()))
            .and_then(|code| code[band.prefix().len()..].parse::<u32>().ok());
        highest = highest.max(number);
    }
    let next = highest.map_or(1, |number| number + 1);
    if next > 99 {
        return Err(format!("the {}xx band is full", band.prefix()));
    }
    Ok(format!("{}{next:02}", band.prefix()))
}

/// The band folder's `mod.rs` with `pub(super) mod <module>;` among its sorted mod lines.
fn with_mod_line(text: &str, module: &str) -> String {
    let line = format!("pub(super) mod {module};");
    let mut lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().position(|existing| existing.starts_with("pub(super) mod ") && *existing > line.as_str());
    let at = at.or_else(|| lines.iter().rposition(|existing| existing.starts_with("pub(super) mod ")).map(|at| at + 1));
    lines.insert(at.unwrap_or(lines.len()), &line);
    lines.join("\n") + "\n"
}

/// The registry with the rule's line after the last line of its category, so that it runs in
/// its category's stage; a first rule of its category goes before the strict-syntax catch-all.
/// The line names the rule's `Rule` variant: its name in CamelCase.
fn with_registry_line(text: &str, category: &str, module: &str, name: &str, kind: Kind) -> Result<String, String> {
    let variant: String = name.split('-').map(|word| word[..1].to_ascii_uppercase() + &word[1..]).collect();
    let entry = format!("    {variant} => {category}::{module}{},", kind.registry_suffix());
    let mut lines: Vec<&str> = text.lines().collect();
    let last_of_category = lines.iter().rposition(|line| line.contains(&format!(" => {category}::")));
    let catch_all = lines.iter().position(|line| line.starts_with("    StrictSyntax => syntax::strict_syntax"));
    let at = match (last_of_category, catch_all) {
        (Some(at), _) => at + 1,
        (None, Some(at)) => at,
        (None, None) => return Err("src/rules/mod.rs has no registry! lines to add to".to_string()),
    };
    lines.insert(at, &entry);
    Ok(lines.join("\n") + "\n")
}

fn rule_source(kind: Kind) -> String {
    let (imports, signature) = kind.imports_and_signature();
    format!(
        "{imports}\n\
         /// TODO(new-rule): what the rule finds, and why robots read it otherwise than it looks.\n\
         {signature}\n    \
             // TODO(new-rule): report with `out.report(span, text!(\"`{{}}` ...\", span))`: a\n    \
             // quoted part of the file is its span, built into words only when printed.\n    \
             let _ = {unused};\n\
         }}\n",
        unused = kind.unused()
    )
}

fn rule_metadata(code: &str, name: &str, category: &str) -> String {
    format!(
        r#"code = "{code}"
name = "{name}"
severity = "warning"
category = "{category}"
fix = "none"
summary = "TODO(new-rule): one line, what the rule finds"
spec = "TODO(new-rule): the document and section the rule's reasoning comes from"

[docs]
why = """
TODO(new-rule): why it matters, and to which robots.
"""
bad = """
{CASE_THAT_FIRES}"""
good = """
{CASE_THAT_DOES_NOT}"""
"#
    )
}

/// The starting corpus: replace both with the shape the rule is about and a near miss.
const CASE_THAT_FIRES: &str = "# TODO(new-rule): a file where the rule fires\nUser-agent: *\nDisallow: /\n";
const CASE_THAT_DOES_NOT: &str = "# TODO(new-rule): a near miss, where it stays quiet\nUser-agent: *\nDisallow:\n";

/// The starting corpus cases, with their expectation markers (tests/it/support/markers.rs):
/// `# expect: <name>` goes above each line the rule fires on.
fn marked_case_that_fires(name: &str) -> String {
    format!("# TODO(new-rule): a file where the rule fires\nUser-agent: *\n# expect: {name}\nDisallow: /\n")
}
/// A near miss says so: `# expect-none`.
const MARKED_NEAR_MISS: &str =
    "# TODO(new-rule): a near miss, where it stays quiet\n# expect-none\nUser-agent: *\nDisallow:\n";

#[cfg(test)]
mod tests {
    use super::*;

    /// A throwaway copy of the parts of the checkout the scaffolder edits.
    fn copy_of_checkout(name: &str) -> PathBuf {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let copy = std::env::temp_dir().join(format!("robolint-xtask-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&copy);
        for band in Category::ALL {
            let folder = copy.join("src/rules").join(band.as_str());
            fs::create_dir_all(&folder).expect("a band folder");
            fs::copy(root.join("src/rules").join(band.as_str()).join("mod.rs"), folder.join("mod.rs")).expect("mod.rs");
        }
        fs::copy(root.join("src/rules/mod.rs"), copy.join("src/rules/mod.rs")).expect("the registry");
        fs::create_dir_all(copy.join("rules")).expect("rules/");
        for entry in fs::read_dir(root.join("rules")).expect("rules/").flatten() {
            fs::copy(entry.path(), copy.join("rules").join(entry.file_name())).expect("a metadata file");
        }
        fs::create_dir_all(copy.join("corpus")).expect("corpus/");
        copy
    }

    fn args(words: &[&str]) -> Vec<String> {
        words.iter().map(|word| word.to_string()).collect()
    }

    #[test]
    fn new_rule_writes_every_part_in_its_band() {
        let root = copy_of_checkout("new-rule");
        let root_arg = root.display().to_string();
        let written = run(&args(&["new-rule", "path-with-tilde", "--category", "paths", "--root", &root_arg]))
            .expect("scaffolded");
        assert_eq!(written.len(), 6);

        let source = read(&root.join("src/rules/paths/path_with_tilde.rs")).expect("the rule's source");
        // A paths rule judges one line at a time unless told otherwise.
        assert!(source.contains("index: LineIndex, line: &Line, out: &mut Findings)"), "{source}");
        let band_mod = read(&root.join("src/rules/paths/mod.rs")).expect("the band's mod.rs");
        let mods: Vec<&str> = band_mod.lines().filter(|line| line.starts_with("pub(super) mod ")).collect();
        assert!(mods.contains(&"pub(super) mod path_with_tilde;"), "{band_mod}");
        assert!(mods.windows(2).all(|pair| pair[0] < pair[1]), "mod lines stay sorted: {mods:?}");

        // The paths band's highest code today is RL316; the registry line follows the last
        // paths rule, so the new rule runs with its category.
        let metadata = read(&root.join("rules/path-with-tilde.toml")).expect("the metadata");
        let metadata: robolint::rules::Metadata = toml_metadata(&metadata);
        assert_eq!((metadata.code.as_str(), metadata.category.as_str()), ("RL317", "paths"));
        let registry = read(&root.join("src/rules/mod.rs")).expect("the registry");
        let lines: Vec<&str> = registry.lines().collect();
        let at = lines.iter().position(|line| *line == "    PathWithTilde => paths::path_with_tilde per Line,");
        let at = at.expect("the registry line");
        assert!(lines[at - 1].contains(" => paths::") && !lines[at + 1].contains(" => paths::"), "{registry}");

        let cases = fs::read_dir(root.join("corpus/path-with-tilde")).expect("the corpus folder");
        let mut cases: Vec<String> =
            cases.flatten().map(|case| case.file_name().to_string_lossy().into_owned()).collect();
        cases.sort();
        assert_eq!(cases, ["bad.txt", "good.txt"], "the cases, and no snapshot to accept unread");
        let bad = read(&root.join("corpus/path-with-tilde/bad.txt")).expect("the case that fires");
        assert!(bad.contains("# expect: path-with-tilde\n"), "{bad}");
        let good = read(&root.join("corpus/path-with-tilde/good.txt")).expect("the near miss");
        assert!(good.contains("# expect-none\n"), "{good}");

        // A second run refuses to overwrite, and writes nothing.
        let again = run(&args(&["new-rule", "path-with-tilde", "--category", "paths", "--root", &root_arg]));
        assert!(again.is_err_and(|message| message.contains("exists already")));
        fs::remove_dir_all(&root).expect("the copy is removed");
    }

    #[test]
    fn the_kind_sets_the_signature_and_the_registry_word_and_http_rules_judge_the_fetch() {
        let root = copy_of_checkout("new-rule-kinds");
        let root_arg = root.display().to_string();
        let scaffold = |name: &str, extra: &[&str]| {
            let mut words = vec!["new-rule", name, "--root", &root_arg];
            words.extend_from_slice(extra);
            run(&args(&words)).expect("scaffolded");
            let module = name.replace('-', "_");
            let registry = read(&root.join("src/rules/mod.rs")).expect("the registry");
            let line = registry.lines().find(|line| line.contains(&format!("::{module}"))).map(str::to_string);
            (line.expect("a registry line"), module)
        };
        let (line, module) = scaffold("record-thing", &["--category", "records", "--kind", "record"]);
        assert_eq!(line, format!("    RecordThing => records::{module} per Record,"));
        let source = read(&root.join(format!("src/rules/records/{module}.rs"))).expect("the source");
        assert!(source.contains("record: &Record, out: &mut Findings)"), "{source}");
        let (line, _) = scaffold("whole-thing", &["--kind", "document"]);
        assert!(line.ends_with("WholeThing => syntax::whole_thing,"), "{line}");
        let (line, module) = scaffold("fetch-thing", &["--category", "http"]);
        assert!(line.ends_with(" per Fetch,"), "{line}");
        let source = read(&root.join(format!("src/rules/http/{module}.rs"))).expect("the source");
        assert!(source.contains("fetch: &FetchOutcome, out: &mut Findings)"), "{source}");
        let error = run(&args(&["new-rule", "x-y", "--kind", "word", "--root", &root_arg])).expect_err("no such kind");
        assert!(error.contains("no kind `word`"), "{error}");
        fs::remove_dir_all(&root).expect("the copy is removed");
    }

    #[test]
    fn new_rule_refuses_bad_names_and_categories() {
        let root = copy_of_checkout("new-rule-refusals");
        let root_arg = root.display().to_string();
        let error = run(&args(&["new-rule", "Path_Tilde", "--root", &root_arg])).expect_err("not kebab-case");
        assert!(error.contains("kebab-case"), "{error}");
        let error =
            run(&args(&["new-rule", "x-y", "--category", "pedantic", "--root", &root_arg])).expect_err("no band");
        assert!(error.contains("no category `pedantic`"), "{error}");
        let registry_before =
            read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../src/rules/mod.rs")).expect("registry");
        assert_eq!(read(&root.join("src/rules/mod.rs")).expect("the copy's registry"), registry_before);
        fs::remove_dir_all(&root).expect("the copy is removed");
    }

    /// The written metadata parses as robolint reads every rule's (unknown keys refused).
    fn toml_metadata(text: &str) -> robolint::rules::Metadata {
        toml::from_str(text).expect("the metadata parses")
    }
}
