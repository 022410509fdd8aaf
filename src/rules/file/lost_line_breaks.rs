use crate::model::{Directive, Line, LineKind, Span};
use crate::rules::{Context, Findings};
use crate::text;

/// The fields a robots.txt line starts with that carry its rules.
const RULE_FIELDS: [Directive; 4] = [Directive::UserAgent, Directive::Allow, Directive::Disallow, Directive::Sitemap];

/// A file whose line breaks were lost (saved through a form or a tool that joined its lines,
/// or written with `\n` escapes behind a comment), so its fields run together on one line:
/// `# robots.txt for x User-agent: * Disallow: /admin/`. Robots read that line as one
/// comment, or as one field with a long value, and obey none of the rules it holds.
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    // Binary data is `binary-content`'s alone, whatever its bytes happen to spell.
    if super::binary_content::is_binary(cx.text) {
        return;
    }
    let mut joined: Option<(&Line, Vec<(Span, Directive)>)> = None;
    for line in cx.lines() {
        let fields = fields_in(cx, line);
        let names_a_rule = |directive: &Directive| matches!(directive, Directive::Allow | Directive::Disallow);
        match fields.as_slice() {
            // One User-agent, Allow or Disallow line of its own keeps the file's rules: a
            // joined line among such lines is a local slip that the line rules explain.
            [(_, Directive::UserAgent | Directive::Allow | Directive::Disallow)] if line.directive().is_some() => {
                return;
            }
            [_, _, ..]
                if joined.is_none()
                    && fields.iter().any(|(_, directive)| *directive == Directive::UserAgent)
                    && fields.iter().any(|(_, directive)| names_a_rule(directive)) =>
            {
                joined = Some((line, fields));
            }
            _ => {}
        }
    }
    let Some((line, fields)) = joined else { return };
    let message = if line.kind == LineKind::Comment {
        text!(
            "this file's line breaks are lost: {} fields run together in one comment, and robots obey none of them",
            fields.len()
        )
    } else {
        text!(
            "this file's line breaks are lost: {} fields run together on one line, and robots obey none of them",
            fields.len()
        )
    };
    let diagnostic = out.report(line.span, message);
    // A line's own field starts it as it should; every other name should have started a line.
    let own = usize::from(line.directive().is_some());
    for &(name, _) in fields.iter().skip(own) {
        diagnostic.label(name, "a field that should start a line");
    }
    diagnostic.help(
        "robots read a line as one field, its value running to the line's end, or as a comment from `#` on: the \
         file holds no rule they obey, and they crawl everything. Save it with a line break after each field",
    );
    out.not_robots_txt();
}

/// The rule fields a line holds (name span, field), in order: its own field, then each
/// field name with its colon that follows whitespace, or a `\n` written as text where the
/// line is no known field (a line that is one is `escaped-line-breaks`'s).
fn fields_in(cx: &Context<'_, '_>, line: &Line) -> Vec<(Span, Directive)> {
    if line.kind == LineKind::Blank {
        return Vec::new();
    }
    let text = cx.slice(line.span);
    let own = line.field().filter(|field| field.directive.is_some_and(|directive| RULE_FIELDS.contains(&directive)));
    let escapes_count = own.is_none() && line.directive().is_none();
    let mut fields: Vec<(Span, Directive)> =
        own.and_then(|field| Some((field.name, field.directive?))).into_iter().collect();
    let searched_from = own.map_or(0, |field| field.name.end() - line.span.start());
    // Every field name starts with one of these letters, so only they are looked at (an
    // ASCII byte always starts a character).
    let starts_a_name = |byte: u8| matches!(byte.to_ascii_lowercase(), b'u' | b'a' | b'd' | b's');
    for at in searched_from.max(1)..text.len() {
        if !starts_a_name(text.as_bytes()[at]) {
            continue;
        }
        let before = &text[..at];
        let after_break =
            before.chars().next_back().is_some_and(char::is_whitespace) || (escapes_count && before.ends_with("\\n"));
        if !after_break {
            continue;
        }
        let Some(directive) = RULE_FIELDS.into_iter().find(|directive| {
            let name = directive.canonical_name();
            let rest = &text.as_bytes()[at..];
            rest.get(..name.len()).is_some_and(|start| start.eq_ignore_ascii_case(name.as_bytes()))
                && text[at + name.len()..].trim_start_matches([' ', '\t']).starts_with(':')
        }) else {
            continue;
        };
        let start = line.span.start() + at;
        fields.push((Span::new(start, start + directive.canonical_name().len()), directive));
    }
    fields
}
