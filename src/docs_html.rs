//! The rules' documentation as HTML, made from their metadata (`rules/<name>.toml`): the
//! documentation site's rule pages (`robolint site`) and the playground's rule panel show the
//! same fragment. The metadata's prose is plain text with a little Markdown: paragraphs
//! separated by blank lines, `- ` list items (continued by indented lines) and `code` spans;
//! that is all [`prose`] reads, so nothing else in it can become markup.

use std::fmt::Write;

use crate::dialect::Dialect;
use crate::rules::{self, FixAvailability, Metadata};

/// `text` with the characters HTML gives a meaning escaped, for element text and quoted
/// attribute values alike.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            other => escaped.push(other),
        }
    }
    escaped
}

/// One line or sentence of the metadata's prose: escaped, with each `code` span a `<code>`.
/// A backtick with no partner stays a backtick.
pub fn inline(text: &str) -> String {
    let mut html = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(open) = rest.find('`') {
        let Some(length) = rest[open + 1..].find('`') else { break };
        html.push_str(&escape(&rest[..open]));
        let _ = write!(html, "<code>{}</code>", escape(&rest[open + 1..open + 1 + length]));
        rest = &rest[open + 1 + length + 1..];
    }
    html.push_str(&escape(rest));
    html
}

/// The metadata's prose as HTML: a `<p>` per paragraph, a `<ul>` for a paragraph of `- `
/// items, a `<pre>` for a block fenced by three backticks. The text's own line breaks inside a
/// paragraph are only wrapping, so they become spaces and the browser wraps the text to its
/// width.
pub fn prose(text: &str) -> String {
    let mut html = String::new();
    let mut paragraph: Vec<&str> = Vec::new();
    let mut fenced: Option<Vec<&str>> = None;
    for line in text.lines() {
        if let Some(code) = fenced.as_mut() {
            if line.trim_start().starts_with("```") {
                let _ = writeln!(html, "<pre><code>{}\n</code></pre>", escape(&code.join("\n")));
                fenced = None;
            } else {
                code.push(line);
            }
        } else if line.trim_start().starts_with("```") {
            html.push_str(&paragraph_html(&paragraph));
            paragraph.clear();
            fenced = Some(Vec::new());
        } else if line.trim().is_empty() {
            html.push_str(&paragraph_html(&paragraph));
            paragraph.clear();
        } else {
            paragraph.push(line);
        }
    }
    if let Some(code) = fenced {
        let _ = writeln!(html, "<pre><code>{}\n</code></pre>", escape(&code.join("\n")));
    }
    html.push_str(&paragraph_html(&paragraph));
    html
}

/// One paragraph's lines: a list when it starts with `- `, else a `<p>`; nothing when empty.
fn paragraph_html(lines: &[&str]) -> String {
    let Some(first) = lines.first() else { return String::new() };
    if !first.starts_with("- ") {
        let joined: Vec<&str> = lines.iter().map(|line| line.trim()).collect();
        return format!("<p>{}</p>\n", inline(&joined.join(" ")));
    }
    let mut items: Vec<String> = Vec::new();
    for line in lines {
        match (line.strip_prefix("- "), items.last_mut()) {
            (Some(item), _) => items.push(item.trim().to_string()),
            (None, Some(item)) => {
                item.push(' ');
                item.push_str(line.trim());
            }
            (None, None) => items.push(line.trim().to_string()),
        }
    }
    let items: String = items.iter().map(|item| format!("<li>{}</li>", inline(item))).collect();
    format!("<ul>{items}</ul>\n")
}

/// What a rule's fix is, in words a page shows beside "Fix".
pub fn fix_words(fix: FixAvailability) -> &'static str {
    match fix {
        FixAvailability::None => "none",
        FixAvailability::Safe => "safe: `robolint --fix` applies it",
        FixAvailability::Unsafe => {
            "unsafe: applied only with `--fix --unsafe-fixes`, as it may change what a robot reads"
        }
        FixAvailability::Mixed => "safe for some findings (`--fix`), unsafe for others (`--fix --unsafe-fixes`)",
    }
}

/// A rule's documentation as an HTML fragment, its section headings at level `heading`
/// (`h2` on the rule's own page, `h3` in the playground's panel) with ids `severity`, `why`,
/// `examples` and `options`: summary, the facts (code, category, the severity findings get
/// for `targets` and how evidence raises or lowers it, fix, spec), the level for each
/// dialect's robots, why, a bad and a good example, and the options with their defaults.
pub fn rule_documentation(metadata: &Metadata, targets: &[Dialect], heading: u8) -> String {
    let h = heading.clamp(2, 6);
    let mut html = format!("<p class=\"summary\">{}</p>\n<dl class=\"facts\">\n", inline(&metadata.summary));
    let mut fact = |term: &str, value: String| {
        let _ = writeln!(html, "<dt>{}</dt><dd>{value}</dd>", escape(term));
    };
    fact("Code", escape(&metadata.code));
    fact("Category", escape(metadata.category.as_str()));
    let level = if metadata.default_enabled {
        metadata.level_for_targets(targets).as_str().to_string()
    } else {
        format!("off by default ({} when selected)", metadata.severity.as_str())
    };
    fact("Severity", format!("{} for {}", escape(&level), escape(&rules::targets_label(targets))));
    if let Some(evidence) = &metadata.evidence {
        fact("Evidence", inline(evidence));
    }
    fact("Fix", inline(fix_words(metadata.fix)));
    fact("Spec", inline(&metadata.spec));
    html.push_str("</dl>\n");

    let _ = writeln!(html, "<h{h} id=\"severity\">Severity by dialect</h{h}>");
    html.push_str("<table class=\"levels\"><thead><tr><th scope=\"col\">Robots that read robots.txt as</th><th scope=\"col\">Level</th></tr></thead><tbody>\n");
    for dialect in Dialect::ALL {
        let level = metadata.level_for(dialect).as_str();
        let _ =
            writeln!(html, "<tr><td><code>{}</code></td><td class=\"level-{level}\">{level}</td></tr>", dialect.name());
    }
    html.push_str("</tbody></table>\n");
    if metadata.evidence.is_none() {
        html.push_str("<p>Findings take this level for the targets' robots; no evidence moves it.</p>\n");
    }

    let _ = writeln!(html, "<h{h} id=\"why\">Why</h{h}>\n{}", prose(&metadata.docs.why));
    let _ = writeln!(html, "<h{h} id=\"examples\">Examples</h{h}>");
    let _ = writeln!(
        html,
        "<p class=\"example-label\">Bad</p>\n<pre class=\"bad\"><code>{}</code></pre>",
        escape(&metadata.docs.bad)
    );
    let _ = writeln!(
        html,
        "<p class=\"example-label\">Good</p>\n<pre class=\"good\"><code>{}</code></pre>",
        escape(&metadata.docs.good)
    );

    let _ = writeln!(html, "<h{h} id=\"options\">Options</h{h}>");
    if metadata.options.is_empty() {
        html.push_str("<p>None.</p>\n");
    } else {
        let _ = writeln!(
            html,
            "<p>Under <code>[rules.{}]</code> in robolint.toml:</p>\n<table class=\"options\"><thead><tr><th scope=\"col\">Key</th><th scope=\"col\">Default</th><th scope=\"col\">Meaning</th></tr></thead><tbody>",
            escape(&metadata.name)
        );
        for (key, spec) in &metadata.options {
            let _ = writeln!(
                html,
                "<tr><td><code>{}</code></td><td><code>{}</code></td><td>{}</td></tr>",
                escape(key),
                escape(&spec.default.to_string()),
                inline(&spec.doc)
            );
        }
        html.push_str("</tbody></table>\n");
    }
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_spans_become_code_and_the_rest_is_escaped() {
        assert_eq!(inline("a `<b>` & `c"), "a <code>&lt;b&gt;</code> &amp; `c");
    }

    #[test]
    fn paragraphs_are_rewrapped_and_dash_lines_are_lists() {
        let html = prose("One\nline.\n\n- first\n  goes on\n- second `x`\n");
        assert_eq!(html, "<p>One line.</p>\n<ul><li>first goes on</li><li>second <code>x</code></li></ul>\n");
    }

    #[test]
    fn a_fenced_block_is_code_with_its_blank_lines() {
        assert_eq!(
            prose("Say:\n\n```toml\na = \"<b>\"\n\nb = 1\n```\nAfter."),
            "<p>Say:</p>\n<pre><code>a = &quot;&lt;b&gt;&quot;\n\nb = 1\n</code></pre>\n<p>After.</p>\n"
        );
    }

    #[test]
    fn every_rule_renders_with_its_sections() {
        for rule in rules::all() {
            let html = rule_documentation(rule.metadata(), &Dialect::TODAY, 2);
            for id in ["severity", "why", "examples", "options"] {
                assert!(html.contains(&format!("id=\"{id}\"")), "{}: no #{id}", rule.name());
            }
            let outside_code: String =
                html.split("<pre").map(|part| part.split_once("</pre>").map_or(part, |(_, rest)| rest)).collect();
            assert!(!outside_code.contains('`'), "{}: a backtick left unrendered", rule.name());
        }
    }
}
