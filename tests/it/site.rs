//! The documentation site (`robolint site`, crates/cli/src/cli/site.rs): a page per rule made from its
//! metadata, the registry, dialects and configuration pages, every internal link leading
//! somewhere, and the rule links of the machine formats pointing at the pages (`--docs-url`).
//! tests/it/playground.rs checks the links again on the whole static site that web/site.mjs
//! builds, playground included.

use crate::support::{links, robolint};

use std::path::Path;

use serde_json::Value;

/// The documentation site written into a fresh folder, with the playground's committed files
/// beside it as web/site.mjs puts them (the pages link to the playground).
fn built_site() -> tempfile::TempDir {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let output = robolint(&["site", folder.path().to_str().expect("a UTF-8 path")], b"");
    assert!(output.status.success(), "robolint site failed: {}", String::from_utf8_lossy(&output.stderr));
    let web = Path::new(crate::support::ROOT).join("web");
    for (from, to) in [
        ("src/index.html", "index.html"),
        ("src/playground.css", "playground.css"),
        ("dist/playground.js", "playground.js"),
    ] {
        std::fs::copy(web.join(from), folder.path().join(to)).expect("the playground's files copy");
    }
    folder
}

#[test]
fn every_rule_has_a_page_from_its_metadata_and_every_link_leads_somewhere() {
    let site = built_site();
    for rule in robolint::rules::all() {
        let metadata = rule.metadata();
        let page = site.path().join(robolint::rules::rule_page(&metadata.name)).join("index.html");
        let html = std::fs::read_to_string(&page).unwrap_or_else(|_| panic!("no page for {}", metadata.name));
        assert!(html.contains(&robolint::docs_html::inline(&metadata.summary)), "{}: its summary", metadata.name);
        assert!(html.contains(&robolint::docs_html::escape(&metadata.docs.bad)), "{}: its bad example", metadata.name);
        for (key, spec) in &metadata.options {
            assert!(html.contains(&format!("<code>{key}</code>")), "{}: option {key}", metadata.name);
            assert!(
                html.contains(&robolint::docs_html::escape(&spec.default.to_string())),
                "{}: {key}'s default",
                metadata.name
            );
        }
        let index = std::fs::read_to_string(site.path().join("rules/index.html")).expect("the rule index");
        assert!(
            index.contains(&format!("href=\"../rules/{}/index.html\"", metadata.name)),
            "{} is in the index",
            metadata.name
        );
    }
    let robots = std::fs::read_to_string(site.path().join("robots/index.html")).expect("the registry page");
    for agent in robolint::agents::Registry::builtin().agents() {
        assert!(
            robots.contains(&format!("<code>{}</code>", robolint::docs_html::escape(&agent.token))),
            "{}",
            agent.token
        );
    }
    let configuration = std::fs::read_to_string(site.path().join("configuration/index.html")).expect("configuration");
    for key in ["fail-on", "target", "per-file-ignores", "rules"] {
        assert!(configuration.contains(&format!("id=\"{key}\"")), "configuration lists `{key}`");
    }
    let broken = links::broken_links(site.path());
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    println!("documentation site: {} pages, every internal link checked", links::page_count(site.path()));
}

#[test]
fn the_link_check_catches_a_missing_page_and_a_missing_anchor() {
    let site = tempfile::tempdir().expect("a temporary folder");
    std::fs::create_dir(site.path().join("rules")).expect("a folder");
    std::fs::write(site.path().join("rules/index.html"), "<h2 id=\"paths\">Paths</h2>").expect("a page");
    let links = "<a href=\"rules/index.html#paths\">ok</a> <a href=\"rules/\">ok</a> <a href=\"rules/index.html#nothing\">no anchor</a> \
                 <img src=\"missing.png\"> <a href=\"https://example.com/\">outside</a> <a href=\"index.html#t=today&z=x\">state</a>";
    std::fs::write(site.path().join("index.html"), links).expect("a page");
    let broken = links::broken_links(site.path());
    assert_eq!(
        broken,
        ["index.html: rules/index.html#nothing (no id `nothing` there)", "index.html: missing.png (no such file)"]
    );
}

#[test]
fn rule_links_in_json_and_sarif_point_at_the_rule_pages_under_docs_url() {
    let text = "User-agent: *\nDisallow: /tmp/*\n";
    let json = |args: &[&str]| -> Value {
        let output = robolint(args, text.as_bytes());
        serde_json::from_slice(&output.stdout).unwrap_or_else(|_| panic!("{}", String::from_utf8_lossy(&output.stderr)))
    };
    let default = json(&["--format", "json", "--select", "glob-pattern", "-"]);
    assert_eq!(default["diagnostics"][0]["url"], "https://robolint.dev/rules/glob-pattern/");
    let elsewhere =
        json(&["--docs-url", "https://docs.example/robolint", "--format", "json", "--select", "glob-pattern", "-"]);
    assert_eq!(elsewhere["diagnostics"][0]["url"], "https://docs.example/robolint/rules/glob-pattern/");
    let sarif = json(&["lint", "--docs-url", "https://docs.example/", "--format", "sarif", "-"]);
    let rules = sarif["runs"][0]["tool"]["driver"]["rules"].as_array().expect("SARIF rules");
    let glob = rules.iter().find(|rule| rule["name"] == "glob-pattern").expect("glob-pattern's descriptor");
    assert_eq!(glob["helpUri"], "https://docs.example/rules/glob-pattern/");
    let refused = robolint(&["--docs-url", "not a url", "-"], text.as_bytes());
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--docs-url `not a url`"));
}
