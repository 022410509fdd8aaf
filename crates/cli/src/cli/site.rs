//! `robolint site OUTDIR` (hidden): the documentation site, made from the library's own data
//! (rule metadata, the crawler registry, the dialects, the configuration's JSON schema), never
//! from a second copy of it. web/site.mjs writes the playground into the same folder, so the
//! two are one static site: the playground at `index.html`, a page per rule under
//! `rules/NAME/`, the registry under `robots/`, the dialects under `dialects/` and the
//! configuration under `configuration/`. Every link is relative, so the site works from any
//! folder of any host (and from disk); `tests/it/site.rs` checks that each one leads somewhere.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use super::CliError;
use robolint::agents::{Purpose, Registry};
use robolint::dialect::Dialect;
use robolint::docs_html::{escape, inline, prose, rule_documentation};
use robolint::rules::{self, Category, Metadata};

/// The style sheet every page of the documentation links to.
const STYLE: &str = include_str!("../../../../web/src/docs.css");

/// The registry page's search box: hides the rows that do not contain what is typed. Without
/// JavaScript the box stays hidden and the table is whole.
const FILTER_SCRIPT: &str = r##"
const box = document.getElementById("robot-filter");
const count = document.getElementById("robot-count");
const rows = [...document.querySelectorAll("#robot-table tbody tr")];
document.getElementById("robot-search").hidden = false;
box.addEventListener("input", () => {
  const words = box.value.toLowerCase().split(/\s+/).filter(Boolean);
  let shown = 0;
  for (const row of rows) {
    const text = row.textContent.toLowerCase();
    const match = words.every((word) => text.includes(word));
    row.hidden = !match;
    if (match) shown++;
  }
  count.textContent = `${shown} of ${rows.length} robots`;
});
"##;

/// Writes the documentation site into `outdir` and says how many pages it wrote.
pub fn write_site(outdir: &Path) -> Result<u8, CliError> {
    let pages = pages();
    for (path, html) in &pages {
        write_file(&outdir.join(path), html)?;
    }
    write_file(&outdir.join("docs.css"), STYLE)?;
    println!("documentation site: {} pages in {}", pages.len(), outdir.display());
    Ok(0)
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    let cannot = |error: std::io::Error| format!("cannot write {}: {error}", path.display());
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder).map_err(cannot)?;
    }
    std::fs::write(path, text).map_err(cannot)
}

/// Every page: its path within the site and its HTML.
fn pages() -> Vec<(PathBuf, String)> {
    let mut rules: Vec<&Metadata> = rules::all().iter().map(|rule| rule.metadata()).collect();
    rules.sort_by(|a, b| a.code.cmp(&b.code));
    let mut pages = vec![
        (PathBuf::from("rules/index.html"), rule_index(&rules)),
        (PathBuf::from("robots/index.html"), robot_registry()),
        (PathBuf::from("dialects/index.html"), dialects(&rules)),
        (PathBuf::from("configuration/index.html"), configuration(&rules)),
    ];
    for metadata in &rules {
        pages.push((Path::new(&rules::rule_page(&metadata.name)).join("index.html"), rule_page(metadata)));
    }
    pages
}

/// The sections of the site, for the navigation bar: title and path from the root.
const SECTIONS: [(&str, &str); 5] = [
    ("Playground", "index.html"),
    ("Rules", "rules/index.html"),
    ("Robots", "robots/index.html"),
    ("Dialects", "dialects/index.html"),
    ("Configuration", "configuration/index.html"),
];

/// A whole page: `depth` folders below the site's root, `section` the navigation entry it
/// belongs to, `body` its main content (beginning with its `<h1>`).
fn page(title: &str, depth: usize, section: &str, body: &str, script: Option<&str>) -> String {
    let root = "../".repeat(depth);
    let mut nav = String::new();
    for (name, path) in SECTIONS {
        let current = if name == section { " aria-current=\"page\"" } else { "" };
        let _ = write!(nav, "<a href=\"{root}{path}\"{current}>{name}</a>");
    }
    let script = script.map(|script| format!("<script>{script}</script>\n")).unwrap_or_default();
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title} · robolint</title>\n<link rel=\"stylesheet\" href=\"{root}docs.css\">\n</head>\n<body>\n\
         <header><a class=\"home\" href=\"{root}rules/index.html\">robolint</a><nav aria-label=\"Site\">{nav}</nav></header>\n\
         <main>\n{body}</main>\n{script}</body>\n</html>\n",
        title = escape(title),
    )
}

/// A link from a page `depth` folders deep to a rule's page.
fn rule_link(metadata: &Metadata, depth: usize) -> String {
    format!("{}{}index.html", "../".repeat(depth), rules::rule_page(&metadata.name))
}

fn rule_page(metadata: &Metadata) -> String {
    let mut body = format!(
        "<p class=\"breadcrumb\"><a href=\"../index.html#{category}\">Rules › {category}</a></p>\n\
         <h1><span class=\"code\">{code}</span> {name}</h1>\n",
        category = escape(metadata.category.as_str()),
        code = escape(&metadata.code),
        name = escape(&metadata.name),
    );
    body.push_str(&rule_documentation(metadata, &Dialect::TODAY, 2));
    // The fetch rules' examples are HTTP answers, not files the playground could lint.
    if metadata.category != Category::Http {
        let _ = writeln!(
            body,
            "<p><a href=\"../../index.html#{}\">Open the bad example in the playground</a></p>",
            escape(&playground_fragment(&metadata.docs.bad))
        );
    }
    let _ = writeln!(
        body,
        "<p class=\"more\">In a terminal: <code>robolint rule {name}</code>. To turn it off: <code>ignore = [\"{name}\"]</code> in robolint.toml, or <code># robolint: disable={name}</code> on a line.</p>",
        name = escape(&metadata.name)
    );
    page(&format!("{} {}", metadata.code, metadata.name), 2, "Rules", &body, None)
}

/// The playground's share-link fragment for `text` (web/src/main.ts reads it back): the text
/// deflated (raw) and base64url-encoded, with today's target.
fn playground_fragment(text: &str) -> String {
    let mut deflater = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::best());
    // Writing into a Vec cannot fail.
    let _ = deflater.write_all(text.as_bytes());
    let deflated = deflater.finish().unwrap_or_default();
    format!("t=today&z={}", base64url(&deflated))
}

/// Base64 with the URL-safe alphabet and no padding (RFC 4648 §5).
fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let word = chunk.iter().enumerate().fold(0u32, |word, (at, &byte)| word | (u32::from(byte) << (16 - 8 * at)));
        for at in 0..=chunk.len() {
            out.push(char::from(ALPHABET[(word >> (18 - 6 * at)) as usize & 63]));
        }
    }
    out
}

fn rule_index(rules: &[&Metadata]) -> String {
    let mut body = String::from(
        "<h1>Rules</h1>\n<p>Every rule robolint runs, by category. The level is the one findings get for \
         today's robots (<code>--target today</code>: RFC 9309 and Google) and for every robot robolint \
         knows (<code>--target portable</code>); evidence in the file can raise or lower one finding, \
         as each rule's page says.</p>\n<nav aria-label=\"Categories\"><ul class=\"categories\">",
    );
    for band in Category::ALL {
        let _ = write!(body, "<li><a href=\"#{band}\">{}</a></li>", escape(band.about()));
    }
    body.push_str("</ul></nav>\n");
    for band in Category::ALL {
        let _ = writeln!(
            body,
            "<h2 id=\"{category}\">{prefix}xx {about}</h2>\n<div class=\"scroll\" tabindex=\"0\"><table class=\"rules\">\
             <thead><tr><th scope=\"col\">Code</th><th scope=\"col\">Rule</th><th scope=\"col\">Today</th>\
             <th scope=\"col\">Portable</th><th scope=\"col\">Fix</th></tr></thead><tbody>",
            category = band,
            prefix = band.prefix(),
            about = escape(band.about()),
        );
        for metadata in rules.iter().filter(|metadata| metadata.category == band) {
            let (today, portable) = if metadata.default_enabled {
                (
                    metadata.level_for_targets(&Dialect::TODAY).as_str(),
                    metadata.level_for_targets(&Dialect::ALL).as_str(),
                )
            } else {
                ("off", "off")
            };
            let fix = match metadata.fix {
                rules::FixAvailability::None => "",
                rules::FixAvailability::Safe => "safe",
                rules::FixAvailability::Unsafe => "unsafe",
                rules::FixAvailability::Mixed => "mixed",
            };
            let _ = writeln!(
                body,
                "<tr><td class=\"code\">{code}</td><td><a href=\"{link}\">{name}</a><br><span class=\"summary\">{summary}</span></td>\
                 <td class=\"level-{today}\">{today}</td><td class=\"level-{portable}\">{portable}</td><td>{fix}</td></tr>",
                code = escape(&metadata.code),
                link = rule_link(metadata, 1),
                name = escape(&metadata.name),
                summary = inline(&metadata.summary),
            );
        }
        body.push_str("</tbody></table></div>\n");
    }
    page("Rules", 1, "Rules", &body, None)
}

fn robot_registry() -> String {
    let registry = Registry::builtin();
    let agents = registry.agents();
    let mut body = format!(
        "<h1>Robots</h1>\n<p>The crawler registry robolint answers for: {} robots, by purpose, each with the \
         way it reads robots.txt. <code>robolint agents</code> lists the same; robolint.toml's \
         <code>[[agent]]</code> tables add more.</p>\n\
         <form id=\"robot-search\" role=\"search\" hidden><label for=\"robot-filter\">Filter robots</label> \
         <input id=\"robot-filter\" type=\"search\" placeholder=\"GPTBot, Google, ai-training…\" autocomplete=\"off\"> \
         <output id=\"robot-count\" aria-live=\"polite\"></output></form>\n\
         <div class=\"scroll\" tabindex=\"0\"><table id=\"robot-table\" class=\"robots\"><thead><tr><th scope=\"col\">Token</th>\
         <th scope=\"col\">Robot</th><th scope=\"col\">Operator</th><th scope=\"col\">Purpose</th>\
         <th scope=\"col\">Honours robots.txt</th><th scope=\"col\">Reads it as</th></tr></thead><tbody>\n",
        agents.len()
    );
    for purpose in Purpose::ALL {
        for agent in agents.iter().filter(|agent| agent.purpose == purpose) {
            let retired =
                agent.retired.as_ref().map(|_| " <span class=\"retired\">(retired)</span>").unwrap_or_default();
            let _ = writeln!(
                body,
                "<tr><td><code>{token}</code>{retired}</td><td>{name}</td><td>{operator}</td><td>{purpose}</td>\
                 <td>{honours}</td><td><a href=\"../dialects/index.html#{dialect}\">{dialect}</a></td></tr>",
                token = escape(&agent.token),
                name = escape(&agent.name),
                operator = escape(&agent.operator),
                purpose = purpose.name(),
                honours = agent.honours.name(),
                dialect = agent.dialect.dialect().name(),
            );
        }
    }
    body.push_str("</tbody></table></div>\n");
    page("Robots", 1, "Robots", &body, Some(FILTER_SCRIPT))
}

fn dialects(rules: &[&Metadata]) -> String {
    let agents = Registry::builtin().agents();
    let mut body = String::from(
        "<h1>Dialects</h1>\n<p>robolint knows five ways robots read robots.txt. <code>--target</code> \
         names the ones a site cares about (<code>today</code>: RFC 9309 and Google, the default; \
         <code>portable</code>: all five), and a finding's severity is the most any of them cares.</p>\n",
    );
    for dialect in Dialect::ALL {
        let readers = match agents.iter().filter(|agent| agent.dialect.dialect() == dialect).count() {
            1 => "One robot of the registry reads".to_string(),
            count => format!("{count} robots of the registry read"),
        };
        let _ = writeln!(
            body,
            "<h2 id=\"{name}\"><code>{name}</code></h2>\n<p>{about}</p>\n<p>{readers} robots.txt \
             this way (<a href=\"../robots/index.html\">the registry</a>).</p>",
            name = dialect.name(),
            about = inline(dialect.about()),
        );
    }
    body.push_str(
        "<h2 id=\"differences\">Where they differ</h2>\n<p>The rules whose findings matter more to some \
         dialects' robots than to others', with the level for each.</p>\n<div class=\"scroll\" tabindex=\"0\"><table class=\"levels\">\
         <thead><tr><th scope=\"col\">Rule</th>",
    );
    for dialect in Dialect::ALL {
        let _ = write!(body, "<th scope=\"col\">{}</th>", dialect.name());
    }
    body.push_str("</tr></thead><tbody>\n");
    for metadata in rules {
        let levels: Vec<&str> = Dialect::ALL.iter().map(|&dialect| metadata.level_for(dialect).as_str()).collect();
        if levels.iter().all(|level| *level == levels[0]) {
            continue;
        }
        let _ = write!(
            body,
            "<tr><td><a href=\"{}\">{} {}</a></td>",
            rule_link(metadata, 1),
            escape(&metadata.code),
            escape(&metadata.name)
        );
        for level in levels {
            let _ = write!(body, "<td class=\"level-{level}\">{level}</td>");
        }
        body.push_str("</tr>\n");
    }
    body.push_str("</tbody></table></div>\n");
    page("Dialects", 1, "Dialects", &body, None)
}

fn configuration(rules: &[&Metadata]) -> String {
    let schema: serde_json::Value = serde_json::from_str(&robolint::config::json_schema()).unwrap_or_default();
    let mut body = String::from(
        "<h1>Configuration</h1>\n<p><code>robolint.toml</code>, found in the linted file's folder or the \
         nearest one above it (or named with <code>--config</code>). Its keys, from the configuration's \
         JSON schema (<code>docs/robolint.schema.json</code>, which editors read for completion):</p>\n\
         <div class=\"scroll\" tabindex=\"0\"><table class=\"options\"><thead><tr><th scope=\"col\">Key</th><th scope=\"col\">Type</th>\
         <th scope=\"col\">Meaning</th></tr></thead><tbody>\n",
    );
    if let Some(properties) = schema["properties"].as_object() {
        for (key, property) in properties {
            let kind = property["type"]
                .as_str()
                .map(str::to_string)
                .or_else(|| property["enum"].as_array().map(|values| one_of(values)))
                .unwrap_or_else(|| "see meaning".to_string());
            let _ = writeln!(
                body,
                "<tr id=\"{key}\"><td><code>{key}</code></td><td>{kind}</td><td>{meaning}</td></tr>",
                key = escape(key),
                kind = escape(&kind),
                meaning = prose(property["description"].as_str().unwrap_or_default()),
            );
        }
    }
    body.push_str("</tbody></table></div>\n<h2 id=\"rule-options\">Rule options</h2>\n<p>Rules with settings take them under <code>[rules.NAME]</code>:</p>\n<ul>\n");
    for metadata in rules.iter().filter(|metadata| !metadata.options.is_empty()) {
        let keys: Vec<String> = metadata.options.keys().map(|key| format!("<code>{}</code>", escape(key))).collect();
        let _ = writeln!(
            body,
            "<li><a href=\"{}#options\">{}</a>: {}</li>",
            rule_link(metadata, 1),
            escape(&metadata.name),
            keys.join(", ")
        );
    }
    body.push_str("</ul>\n");
    page("Configuration", 1, "Configuration", &body, None)
}

/// `"a", "b" or "c"` for a schema's enumeration.
fn one_of(values: &[serde_json::Value]) -> String {
    let words: Vec<String> = values.iter().map(|value| value.to_string()).collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => words.join(""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_is_rfc_4648_url_safe_without_padding() {
        assert_eq!(base64url(b""), "");
        assert_eq!(base64url(b"f"), "Zg");
        assert_eq!(base64url(b"fo"), "Zm8");
        assert_eq!(base64url(b"foo"), "Zm9v");
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
    }
}
