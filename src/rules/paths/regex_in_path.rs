use crate::diagnostic::{Applicability, Arg, Edit, Evidence};
use crate::dialect::witness::concrete_url;
use crate::model::{Directive, Line, LineIndex, Span};
use crate::rules::{Context, Findings};
use crate::text;
use crate::text::abbreviate;

/// One piece of regular-expression syntax in a path, at a byte range of the value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `.*`
    DotStar,
    /// `.+`
    DotPlus,
    /// A leading `^` (or `/^`).
    Caret,
    /// A backslash before a character regular expressions escape or class (`\.`, `\d`).
    Escape(char),
    /// Any other backslash.
    Backslash,
    /// `(a|b)`
    Alternation,
    /// `[0-9]`, `[^/]`
    Class,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Found {
    kind: Kind,
    start: usize,
    end: usize,
}

/// The help of every finding, which goes on with the wildcard form where there is one.
const HELP: &str = "RFC 9309 robots know two special characters in paths, `*` (any run of characters) and `$` \
                    (end of the URL); robots that follow the 1994 standard or the 1996 draft know none";

pub fn check(cx: &Context<'_, '_>, index: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.access_rule() else { return };
    let value = cx.slice(field.value);
    let found = find(value);
    let Some(first) = found.first() else { return };
    let at = |found: &Found| Span::new(field.value.start() + found.start, field.value.start() + found.end);
    let piece = Arg::Abbreviated(at(first), 60);
    let message = match first.kind {
        Kind::DotStar => text!(
            "`.*` is regular-expression syntax, which no robot reads: RFC 9309 robots see a literal `.` \
             followed by the wildcard `*`, older robots the two characters themselves"
        ),
        Kind::DotPlus => {
            text!("`.+` is regular-expression syntax, which no robot reads: every robot takes `.` and `+` literally")
        }
        Kind::Caret => text!(
            "`^` is a regular-expression anchor, which no robot reads: every robot takes it as a literal \
             character, and rules match from the start of the path anyway"
        ),
        Kind::Escape(_) => text!(
            "`{}` is a regular-expression escape, which no robot reads: every robot compares the backslash \
             literally, so the rule matches only URLs that contain `{}`",
            piece.clone(),
            piece
        ),
        Kind::Backslash => text!(
            "a backslash in a path: every robot compares it literally, and browsers turn `\\` in links \
             into `/`, so requested URLs seldom contain it"
        ),
        Kind::Alternation => text!(
            "`{}` is a regular-expression alternation, which no robot reads: every robot takes the \
             parentheses and `|` literally, so the rule matches only URLs that contain this exact text",
            piece
        ),
        Kind::Class => text!(
            "`{}` is a regular-expression character class, which no robot reads: every robot takes the \
             brackets literally, so the rule matches only URLs that contain this exact text",
            piece
        ),
    };
    let wildcard = wildcard_form(value, &found);
    let help = match &wildcard {
        Some(wildcard) => text!("{}. The wildcard form is `{}`", HELP, abbreviate(wildcard, 60).into_owned()),
        None => text!("{}", HELP),
    };
    let diagnostic = out.report(at(first), message).help(help);
    for other in &found[1..] {
        diagnostic.label(at(other), "regular-expression syntax too");
    }
    // What the regex means is done by another line already: no answer changes.
    let meant = concrete_url(&wildcard.clone().unwrap_or_else(|| literal_reading(value)));
    let meant_allowed = field.is(Directive::Allow);
    if meant.is_some_and(|url| cx.witnesses().decided_elsewhere(index, &url) == Some(meant_allowed)) {
        diagnostic.evidence(Evidence::NoEffect);
    }
    if let Some(wildcard) = wildcard {
        diagnostic.fix(
            Applicability::Unsafe,
            format!("Replace `{}` with `{}`", abbreviate(value, 60), abbreviate(&wildcard, 60)),
            vec![Edit::replace(field.value, wildcard)],
        );
    }
}

/// The path a regex names when its syntax is read away: anchors and quantifiers dropped,
/// escapes unescaped, `.*` and `.+` as nothing (`^/+pro/contact.tmpl` names
/// `/pro/contact.tmpl`). A URL to ask robots about, not a pattern.
fn literal_reading(value: &str) -> String {
    let without_any = value.replace(".*", "").replace(".+", "");
    let mut out = String::with_capacity(without_any.len());
    let mut chars = without_any.trim_start_matches('^').chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.extend(chars.next()),
            '+' | '?' | '$' => {}
            c => out.push(c),
        }
    }
    out
}

/// Regular-expression syntax in `value`, in order. `.*` counts only where a wildcard
/// reading makes little sense (right after `/` or `^`, or beside other regex syntax):
/// `/index.*` is a fine RFC 9309 pattern for `/index.html`, `/index.php`, ….
fn find(value: &str) -> Vec<Found> {
    let bytes = value.as_bytes();
    // Every piece of syntax below starts with one of these; most paths have none of them.
    if !bytes.iter().any(|byte| matches!(byte, b'\\' | b'.' | b'(' | b'[' | b'^')) {
        return Vec::new();
    }
    let mut found = Vec::new();
    let caret = if value.starts_with('^') {
        Some(0)
    } else if value.starts_with("/^") {
        Some(1)
    } else {
        None
    };
    if let Some(at) = caret {
        // `^^^` anchors no more than `^`: one finding, and one fix that removes them all (a
        // caret at a time took a round of fixing each, more than the fixer runs).
        let carets = value[at..].len() - value[at..].trim_start_matches('^').len();
        found.push(Found { kind: Kind::Caret, start: at, end: at + carets });
    }
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => {
                let next = value[at + 1..].chars().next();
                match next {
                    Some(c) if is_escapable(c) => {
                        found.push(Found { kind: Kind::Escape(c), start: at, end: at + 1 + c.len_utf8() });
                        at += 1 + c.len_utf8();
                        continue;
                    }
                    _ => found.push(Found { kind: Kind::Backslash, start: at, end: at + 1 }),
                }
            }
            b'.' if bytes.get(at + 1) == Some(&b'+') => {
                found.push(Found { kind: Kind::DotPlus, start: at, end: at + 2 });
                at += 2;
                continue;
            }
            b'(' => {
                if let Some(close) = value[at..].find(')').map(|offset| at + offset) {
                    if value[at + 1..close].contains('|') {
                        found.push(Found { kind: Kind::Alternation, start: at, end: close + 1 });
                        at = close + 1;
                        continue;
                    }
                }
            }
            b'[' => {
                if let Some(close) = value[at + 1..].find(']').map(|offset| at + 1 + offset) {
                    if is_class(&value[at + 1..close]) {
                        found.push(Found { kind: Kind::Class, start: at, end: close + 1 });
                        at = close + 1;
                        continue;
                    }
                }
            }
            _ => {}
        }
        at += 1;
    }
    let others = !found.is_empty();
    for (at, _) in value.match_indices(".*") {
        let after_anchor = at == 0 || matches!(bytes[at - 1], b'/' | b'^');
        let inside = found.iter().any(|found| found.start <= at && at < found.end);
        if (after_anchor || others) && !inside {
            found.push(Found { kind: Kind::DotStar, start: at, end: at + 2 });
        }
    }
    found.sort_by_key(|found| found.start);
    found
}

/// Characters a backslash escapes, or turns into a class, in common regex dialects.
fn is_escapable(c: char) -> bool {
    matches!(c, '.' | '?' | '*' | '+' | '(' | ')' | '[' | ']' | '{' | '}' | '|' | '^' | '$' | '\\' | '/' | '-')
        || matches!(c, 'd' | 'D' | 'w' | 'W' | 's' | 'S' | 'b')
}

/// The inside of `[…]` looks like a character class: short, without words, and negated
/// (`^…`), holding an escape, or a range of digits or letters (`0-9`, `a-z`). `[0]`, `[]`,
/// `[user]` or a bracketed URL are literal text in real paths (PHP array parameters,
/// placeholders, pasted links).
fn is_class(inside: &str) -> bool {
    let has_word = inside.as_bytes().windows(3).any(|run| run.iter().all(u8::is_ascii_alphabetic));
    if inside.is_empty() || inside.len() > 32 || inside.contains(char::is_whitespace) || has_word {
        return false;
    }
    if inside.starts_with('^') || inside.contains('\\') {
        return true;
    }
    let chars: Vec<char> = inside.chars().collect();
    chars.windows(3).any(|window| {
        let (low, dash, high) = (window[0], window[1], window[2]);
        let same_kind = (low.is_ascii_digit() && high.is_ascii_digit())
            || (low.is_ascii_lowercase() && high.is_ascii_lowercase())
            || (low.is_ascii_uppercase() && high.is_ascii_uppercase());
        dash == '-' && same_kind && low < high
    })
}

/// The RFC 9309 pattern the regex plainly means, when it uses nothing but `.*`, a leading
/// `^` and escaped literal characters.
fn wildcard_form(value: &str, found: &[Found]) -> Option<String> {
    let simple = found.iter().all(|found| match found.kind {
        Kind::DotStar | Kind::Caret => true,
        Kind::Escape(c) => matches!(c, '.' | '?' | '/' | '-'),
        _ => false,
    });
    if !simple || value.contains(['+', '{', '(', '[', '|']) {
        return None;
    }
    let mut out = String::with_capacity(value.len());
    let mut cursor = 0;
    for found in found {
        out.push_str(&value[cursor..found.start]);
        match found.kind {
            Kind::DotStar => out.push('*'),
            Kind::Escape(c) => out.push(c),
            _ => {}
        }
        cursor = found.end;
    }
    out.push_str(&value[cursor..]);
    // `$` anywhere but the end is a literal for RFC 9309 robots, an anchor in a regex.
    let dollar_inside = out.find('$').is_some_and(|at| at + 1 != out.len());
    (out.starts_with('/') && !dollar_inside).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(value: &str) -> Vec<Kind> {
        find(value).into_iter().map(|found| found.kind).collect()
    }

    #[test]
    fn finds_regex_syntax() {
        assert_eq!(kinds("/video/.*"), vec![Kind::DotStar]);
        assert_eq!(kinds("^/private"), vec![Kind::Caret]);
        assert_eq!(kinds("/^private"), vec![Kind::Caret]);
        assert_eq!(find("/^^^private"), vec![Found { kind: Kind::Caret, start: 1, end: 4 }]);
        assert_eq!(kinds("/a\\.pdf"), vec![Kind::Escape('.')]);
        assert_eq!(kinds("/AboutUs\\News"), vec![Kind::Backslash]);
        assert_eq!(kinds("/(a|b)/"), vec![Kind::Alternation]);
        assert_eq!(kinds("/page[0-9]"), vec![Kind::Class]);
        assert_eq!(kinds("/[^/]/"), vec![Kind::Class]);
        assert_eq!(kinds("/[A-Za-z0-9_]/"), vec![Kind::Class]);
        assert_eq!(kinds("/x.+"), vec![Kind::DotPlus]);
        assert_eq!(kinds("/blog/.*\\?.*"), vec![Kind::DotStar, Kind::Escape('?'), Kind::DotStar]);
    }

    #[test]
    fn leaves_wildcards_and_literal_brackets_alone() {
        for value in
            ["/index.*", "/*.*", "/reviewlist.*.html", "/*topic[0]", "/files/[user]/", "/a(1).pdf", "/x|y", "/*&f[]=*"]
        {
            assert_eq!(kinds(value), vec![], "{value}");
        }
    }

    #[test]
    fn wildcard_forms() {
        let form = |value: &str| wildcard_form(value, &find(value));
        assert_eq!(form("/video/.*").as_deref(), Some("/video/*"));
        assert_eq!(form("^/private/").as_deref(), Some("/private/"));
        assert_eq!(form("/^^^^people").as_deref(), Some("/people"));
        assert_eq!(form("/blog/.*\\?.*").as_deref(), Some("/blog/*?*"));
        assert_eq!(form("/(a|b)/"), None);
        assert_eq!(form("^/+pro/"), None);
        assert_eq!(form("^private"), None);
    }

    #[test]
    fn survives_awkward_text() {
        for value in ["\\", "/é\\", "(", "[", "^", ".*", "/(é|ü)", "[é-ü]", "\\é"] {
            let _ = find(value);
            let _ = wildcard_form(value, &find(value));
        }
    }
}
