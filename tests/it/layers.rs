//! The layers within each crate: no module uses one that uses it back. Between crates,
//! cargo refuses a cycle; within a crate, only this test does.
//!
//! A module is a file. It uses another when it names it by a `crate::` or `super::` path
//! (`use` lines and paths in code alike, tests left out). A module and its own submodules
//! are one unit: a parent declares its children, and children use their parent's types. Two
//! graphs are checked: the files, and the top-level modules (`rules` with everything below).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use crate::support::ROOT;

/// A module's path below its crate's root: `["rules", "paths", "glob_pattern"]`.
type Module = Vec<String>;

#[test]
fn no_module_of_a_crate_uses_one_that_uses_it_back() {
    for source in ["src", "crates/lsp/src", "crates/cli/src"] {
        let uses = module_uses(&Path::new(ROOT).join(source));
        assert!(uses.len() > 5, "{source}: {} modules found", uses.len());
        if let Some(cycle) = find_cycle(&uses) {
            panic!("{source}: modules in a cycle: {}", cycle.join(" → "));
        }
        let mut top_level: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
        for (module, used) in &uses {
            let unit = module.iter().take(1).cloned().collect::<Module>();
            let entry = top_level.entry(unit.clone()).or_default();
            entry.extend(
                used.iter().map(|used| used.iter().take(1).cloned().collect::<Module>()).filter(|to| *to != unit),
            );
        }
        if let Some(cycle) = find_cycle(&top_level) {
            panic!("{source}: top-level modules in a cycle: {}", cycle.join(" → "));
        }
    }
}

/// The layer check sees a cycle where there is one: it is not vacuous.
#[test]
fn the_layer_check_finds_a_cycle_of_two_files() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    fs::write(folder.path().join("lib.rs"), "mod a;\nmod b;\n").expect("lib.rs");
    fs::write(folder.path().join("a.rs"), "use crate::b::B;\npub struct A;\n").expect("a.rs");
    fs::write(folder.path().join("b.rs"), "pub struct B(super::a::A);\n").expect("b.rs");
    let uses = module_uses(folder.path());
    assert_eq!(find_cycle(&uses), Some(vec!["a".to_string(), "b".to_string(), "a".to_string()]));
}

/// Every module under `source` and the modules it uses, parents and children left out.
fn module_uses(source: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let files = crate::support::files_below(source, Some("rs"));
    let modules: BTreeMap<Module, String> = files
        .iter()
        .map(|file| {
            let relative = file.strip_prefix(source).expect("below the source folder");
            let mut module: Module =
                relative.with_extension("").iter().map(|part| part.to_string_lossy().into_owned()).collect();
            if matches!(module.last().map(String::as_str), Some("mod" | "lib" | "main")) {
                module.pop();
            }
            (module, fs::read_to_string(file).expect("a source file"))
        })
        .collect();
    modules
        .iter()
        .map(|(module, text)| {
            let used = named_paths(module, without_tests_and_comments(text))
                .into_iter()
                .filter_map(|path| owner(&modules, &path))
                .filter(|used| !used.starts_with(module) && !module.starts_with(used))
                .collect();
            (module.clone(), used)
        })
        .collect()
}

/// The text before its unit tests, without `//` comments (doc links are not uses).
fn without_tests_and_comments(text: &str) -> String {
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    code.lines().map(|line| line.split("//").next().unwrap_or_default()).collect::<Vec<_>>().join("\n")
}

/// The absolute module paths a module's code names: `crate::a::b` and `super::c` (from
/// `module`), each `{…}` group of a `use` read as its members.
fn named_paths(module: &[String], code: String) -> Vec<Module> {
    let mut paths = Vec::new();
    for (prefix, base) in [("crate::", Vec::new()), ("super::", module[..module.len().saturating_sub(1)].to_vec())] {
        for (at, _) in code.match_indices(prefix) {
            let before = code[..at].chars().next_back();
            if before.is_some_and(|character| character.is_alphanumeric() || character == '_') {
                continue;
            }
            let rest = &code[at + prefix.len()..];
            for tail in path_tails(rest) {
                let mut path = base.clone();
                path.extend(tail);
                paths.push(path);
            }
        }
    }
    paths
}

/// The segments after a `crate::` or `super::`: one path, or one per member of a group.
/// A path ends at its first segment that is not a bare name (`C;`, `{b, c}`): `owner`
/// narrows what is left to a module.
fn path_tails(rest: &str) -> Vec<Module> {
    if let Some(group) = rest.strip_prefix('{') {
        let group = group.split('}').next().unwrap_or_default();
        return group.split(',').flat_map(|member| path_tails(member.trim())).collect();
    }
    let mut segments = Module::new();
    for segment in rest.split("::") {
        let name: String = segment.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if name.is_empty() {
            break;
        }
        let whole = name.len() == segment.len();
        segments.push(name);
        if !whole {
            break;
        }
    }
    vec![segments]
}

/// The longest prefix of `path` that is a module of the crate.
fn owner(modules: &BTreeMap<Module, String>, path: &[String]) -> Option<Module> {
    (1..=path.len()).rev().map(|length| path[..length].to_vec()).find(|prefix| modules.contains_key(prefix))
}

/// A cycle in the graph, as names from a module back to itself, if there is one.
fn find_cycle(uses: &BTreeMap<Module, BTreeSet<Module>>) -> Option<Vec<String>> {
    fn visit(
        module: &Module,
        uses: &BTreeMap<Module, BTreeSet<Module>>,
        finished: &mut BTreeSet<Module>,
        path: &mut Vec<Module>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|on_path| on_path == module) {
            let mut cycle: Vec<String> = path[start..].iter().map(|module| module.join("::")).collect();
            cycle.push(module.join("::"));
            return Some(cycle);
        }
        if finished.contains(module) {
            return None;
        }
        path.push(module.clone());
        for used in uses.get(module).into_iter().flatten() {
            if let Some(cycle) = visit(used, uses, finished, path) {
                return Some(cycle);
            }
        }
        path.pop();
        finished.insert(module.clone());
        None
    }
    let mut finished = BTreeSet::new();
    uses.keys().find_map(|module| visit(module, uses, &mut finished, &mut Vec::new()))
}
