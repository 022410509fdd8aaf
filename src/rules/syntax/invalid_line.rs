use crate::diagnostic::Evidence;
use crate::model::{Directive, Line, LineIndex, LineKind, Separator, Span};
use crate::rules::{Context, Findings};
use crate::text;

pub fn check(cx: &Context<'_, '_>, index: LineIndex, line: &Line, out: &mut Findings) {
    let is_invalid = match &line.kind {
        LineKind::Invalid => true,
        // A word and more words, no colon, and no field name robolint recognises.
        LineKind::Field(field) => {
            field.directive.is_none()
                && !matches!(field.separator, Separator::Colon { .. })
                && cx.misspelt_directive(index).is_none()
        }
        _ => false,
    };
    // A first line behind a garbled byte-order mark is `garbled-byte-order-mark`'s: one
    // cause, one finding.
    if !is_invalid || (index == 0 && crate::rules::file::garbled_byte_order_mark::mark(cx).is_some()) {
        return;
    }
    let written = line.span.text(cx.text);
    let content = written.trim();
    let content_start = line.span.start() + (written.len() - written.trim_start().len());
    let content_span = Span::new(content_start, content_start + content.len());
    // Google's parser is more forgiving than the line grammar (`Disallow*: /`, a vertical
    // tab before the colon): where it reads a directive, saying robots ignore the line is
    // false, and the directive it reads is the fix to suggest.
    if let Some(read_as) = cx.witnesses().google_directive_at(index) {
        out.report(line.span, text!("Google reads this line as `{}`; other robots ignore it", read_as.clone()))
            .help(text!("write it as `{}` if that is what it means, so every robot reads it alike", read_as));
        return;
    }
    let diagnostic =
        out.report(line.span, "this line is not a field (`name: value`), a comment or a blank line; robots ignore it");
    let glued_field = Directive::ALL.into_iter().find(|directive| {
        let name = directive.canonical_name();
        content.get(..name.len()).is_some_and(|head| head.eq_ignore_ascii_case(name))
    });
    if content.starts_with('/') {
        diagnostic.help(text!("a path on a line of its own: did you mean `Disallow: {}`?", content_span));
    } else if let Some(directive) = glued_field {
        let name = directive.canonical_name();
        // What follows the name, up to the end of the content.
        let rest = content[name.len()..].trim_start();
        let rest = Span::new(content_span.end() - rest.len(), content_span.end());
        diagnostic.help(text!("did you mean `{}: {}`? A field name needs a colon after it", name, rest));
    } else if starts_like_url(content) {
        diagnostic.help(text!("a URL on a line of its own: did you mean `Sitemap: {}`?", content_span));
    } else {
        diagnostic.help("start it with `#` if it is meant as a comment");
        // Prose or markup among fields reads as a comment that lost its `#`: robots ignore
        // it as its writer meant. A path after a stray colon is a rule that lost its name,
        // and a file of nothing else is no robots.txt at all.
        let lost_path = content.trim_start_matches([':', ' ', '\t']).starts_with('/');
        if cx.analysis.has_acted_on_fields() && !lost_path {
            diagnostic.evidence(Evidence::NoEffect);
        }
    }
}

fn starts_like_url(content: &str) -> bool {
    let lower = content.get(..8).unwrap_or(content).to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://") || lower.starts_with("www.")
}
