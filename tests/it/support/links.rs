//! The internal links of a static site: every `href` and `src` to a local path names a file
//! of the site (a folder its `index.html`), and every `#fragment` an `id` in that page.
//! tests/it/site.rs runs it on the documentation site, tests/it/playground.rs on the whole static
//! site with the playground.
#![allow(dead_code)]

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};

/// The values of `attribute="…"` in `html` (the pages write every attribute in double quotes).
fn attribute_values<'a>(html: &'a str, attribute: &str) -> Vec<&'a str> {
    let needle = format!(" {attribute}=\"");
    html.match_indices(&needle)
        .filter_map(|(at, _)| {
            let rest = &html[at + needle.len()..];
            rest.find('"').map(|end| &rest[..end])
        })
        .collect()
}

/// `base` joined with a relative reference, `..` taken away, or `None` when it leaves `root`.
fn resolve(root: &Path, base: &Path, reference: &str) -> Option<PathBuf> {
    let joined =
        if let Some(absolute) = reference.strip_prefix('/') { root.join(absolute) } else { base.join(reference) };
    let mut resolved = PathBuf::new();
    for component in joined.components() {
        match component {
            Component::ParentDir => {
                resolved.pop();
            }
            Component::CurDir => {}
            other => resolved.push(other),
        }
    }
    resolved.starts_with(root).then_some(resolved)
}

/// Each broken link of the site under `root`, as "page: reference (why)"; empty when every
/// link leads somewhere. A fragment holding `=` is the playground's state (a share link's
/// file), not an anchor, and is not looked up.
pub fn broken_links(root: &Path) -> Vec<String> {
    // Links resolve by taking `..` away from the page's path, so the root must have none of
    // its own (`crates/cli/../..`).
    let root = &root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let pages = super::files_below(root, Some("html"));
    let mut ids: HashMap<PathBuf, Vec<String>> = HashMap::new();
    let mut ids_of = |page: &Path| -> Vec<String> {
        ids.entry(page.to_path_buf())
            .or_insert_with(|| {
                let html = std::fs::read_to_string(page).unwrap_or_default();
                attribute_values(&html, "id").into_iter().map(str::to_string).collect()
            })
            .clone()
    };
    let mut broken = Vec::new();
    for page in &pages {
        let html = std::fs::read_to_string(page).expect("a page reads");
        let folder = page.parent().expect("a page is in a folder");
        let shown = page.strip_prefix(root).unwrap_or(page).display().to_string();
        for reference in attribute_values(&html, "href").into_iter().chain(attribute_values(&html, "src")) {
            if reference.contains("://") || reference.starts_with("mailto:") || reference.starts_with("data:") {
                continue;
            }
            let (path, fragment) = reference.split_once('#').map_or((reference, None), |(path, f)| (path, Some(f)));
            let target = if path.is_empty() {
                Some(page.clone())
            } else {
                resolve(root, folder, path)
                    .map(|target| if target.is_dir() { target.join("index.html") } else { target })
            };
            let Some(target) = target.filter(|target| target.is_file()) else {
                broken.push(format!("{shown}: {reference} (no such file)"));
                continue;
            };
            if let Some(fragment) = fragment.filter(|fragment| !fragment.is_empty() && !fragment.contains('=')) {
                if !ids_of(&target).iter().any(|id| id == fragment) {
                    broken.push(format!("{shown}: {reference} (no id `{fragment}` there)"));
                }
            }
        }
    }
    broken
}

/// How many HTML pages the site under `root` has.
pub fn page_count(root: &Path) -> usize {
    super::files_below(root, Some("html")).len()
}
