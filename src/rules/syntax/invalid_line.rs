use crate::model::{Directive, Line, LineIndex, LineKind, Separator};
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, index: LineIndex, line: &Line, out: &mut Findings) {
    let is_invalid = match &line.kind {
        LineKind::Invalid => true,
        // A word and more words, no colon, and no field name robolint recognises.
        LineKind::Field(field) => {
            field.directive.is_none()
                && !matches!(field.separator, Separator::Colon { .. })
                && Directive::from_misspelling(cx.slice(field.name)).is_none()
        }
        _ => false,
    };
    // A first line behind a garbled byte-order mark is `garbled-byte-order-mark`'s: one
    // cause, one finding.
    if !is_invalid || (index == 0 && crate::rules::file::garbled_byte_order_mark::mark(cx).is_some()) {
        return;
    }
    let content = line.span.text(cx.text).trim();
    // Google's parser is more forgiving than the line grammar (`Disallow*: /`, a vertical
    // tab before the colon): where it reads a directive, saying robots ignore the line is
    // false, and the directive it reads is the fix to suggest.
    if let Some(read_as) = cx.witnesses().google_directive_at(index) {
        out.report(line.span, format!("Google reads this line as `{read_as}`; other robots ignore it"))
            .help(format!("write it as `{read_as}` if that is what it means, so every robot reads it alike"));
        return;
    }
    let diagnostic =
        out.report(line.span, "this line is not a field (`name: value`), a comment or a blank line; robots ignore it");
    let glued_field = Directive::ALL.into_iter().find(|directive| {
        let name = directive.canonical_name();
        content.get(..name.len()).is_some_and(|head| head.eq_ignore_ascii_case(name))
    });
    if content.starts_with('/') {
        diagnostic.help(format!("a path on a line of its own: did you mean `Disallow: {content}`?"));
    } else if let Some(directive) = glued_field {
        let name = directive.canonical_name();
        let rest = content[name.len()..].trim_start();
        diagnostic.help(format!("did you mean `{name}: {rest}`? A field name needs a colon after it"));
    } else {
        diagnostic.help("start it with `#` if it is meant as a comment");
    }
}
