use crate::model::{Directive, LineKind};
use crate::rules::{Context, Findings};
use crate::text;

/// How far into the file an HTML tag still marks the whole file as a web page.
const LINES_TO_SCAN: usize = 20;

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    // HTML comments are skipped like `#` ones, over as many lines as they run: real
    // robots.txt files open with a version-control header in `<!-- … -->` (uspto.gov's
    // does), and caching plugins append one.
    let mut in_html_comment = false;
    let mut content_lines = cx
        .lines()
        .iter()
        .filter_map(|line| {
            let mut text = cx.slice(line.span).trim_start();
            if in_html_comment {
                let (_, after) = text.split_once("-->")?;
                in_html_comment = false;
                text = after.trim_start();
            }
            // A page may follow its opening comments on the same line (`<!-- cache --><html>`).
            while let Some(after_opening) = text.strip_prefix("<!--") {
                let Some((_, after)) = after_opening.split_once("-->") else {
                    in_html_comment = true;
                    return None;
                };
                text = after.trim_start();
            }
            let content = !text.is_empty() && !matches!(line.kind, LineKind::Blank | LineKind::Comment);
            content.then_some((line, text))
        })
        .take(LINES_TO_SCAN);
    // A file that opens with a tag is markup; further down only document-level tags count,
    // so one stray `<br>` in a real robots.txt does not hide all its rules.
    let opens_with_tag = content_lines.next().filter(|(_, text)| starts_tag(text));
    let html_line = opens_with_tag.or_else(|| content_lines.find(|(_, text)| starts_html(text)));
    let Some((line, text)) = html_line else { return };
    // Markup beside real rules (a PHP warning printed above the file, an error page
    // appended) leaves those rules to robots: the markup lines are `invalid-line`s then.
    if holds_rules(cx) {
        return;
    }
    let what = if is_xml(text) { "an XML document" } else { "an HTML page" };
    out.report(line.span, text!("this file is {}, not a robots.txt file", what)).help(
        "the server answers /robots.txt with a web page or an error document (a soft 404, a storage \
             service's `<Error>`). Robots find no rules in it and crawl everything; serve a plain-text robots.txt, \
             or a 404 status",
    );
    out.not_robots_txt();
}

/// `<?xml …` or a first tag that is no HTML element (`<Error>`, `<ListBucketResult>`).
fn is_xml(text: &str) -> bool {
    let lower = text.get(..text.len().min(16)).unwrap_or(text).to_ascii_lowercase();
    lower.starts_with("<?xml")
        || text.strip_prefix('<').is_some_and(|tag| tag.starts_with(|c: char| c.is_ascii_uppercase()))
}

/// `<` followed by a tag name, `!` or `?`: no robots.txt line starts like that.
fn starts_tag(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next() == Some('<') && chars.next().is_some_and(|c| c.is_ascii_alphabetic() || matches!(c, '!' | '?'))
}

fn starts_html(text: &str) -> bool {
    let head = text.get(..text.len().min(16)).unwrap_or(text).to_ascii_lowercase();
    ["<!doctype", "<html", "<head", "<body", "<?xml"].iter().any(|tag| head.starts_with(tag))
}

/// Whether the file names at least one robot and gives at least one Allow or Disallow: what
/// a web page does not have.
fn holds_rules(cx: &Context<'_, '_>) -> bool {
    cx.doc.agent_lines().next().is_some()
        && cx.doc.lines.iter().any(|line| matches!(line.directive(), Some(Directive::Allow | Directive::Disallow)))
}
