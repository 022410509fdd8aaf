use foldhash::{HashMap, HashMapExt, HashSet};

use crate::diagnostic::Arg;
use crate::model::{Directive, Record};
use crate::rules::{Context, Findings};
use crate::text;

/// Allow and Disallow lines in one record whose paths differ only in letter case. Rules of
/// the same kind are left alone: listing `/Search` and `/search` together is how sites on
/// servers that ignore case cover both spellings, and real files do it by the hundred.
pub fn check(cx: &Context<'_, '_>, record: &Record, out: &mut Findings) {
    let lines = cx.lines();
    let paths: Vec<(usize, Directive, &str)> = record
        .rules
        .iter()
        .filter_map(|&index| {
            let field = lines[index].field()?;
            let value = cx.slice(field.value);
            (!value.is_empty()).then_some((index, field.directive?, value))
        })
        .collect();
    // Only an Allow and a Disallow can conflict, and most records have one kind only.
    let has = |kind: Directive| paths.iter().any(|&(_, directive, _)| directive == kind);
    if !has(Directive::Allow) || !has(Directive::Disallow) {
        return;
    }
    // Of two paths that differ only in case, one changes when lower-cased. Most records
    // have no such path, and then nothing is kept per path.
    let cased: HashSet<String> = paths
        .iter()
        .filter(|&&(_, _, value)| has_upper_case(value))
        .map(|&(_, _, value)| value.to_lowercase())
        .collect();
    if cased.is_empty() {
        return;
    }
    let mut earlier: HashMap<(String, Directive), Spellings<'_>> = HashMap::new();
    for &(index, directive, value) in &paths {
        let lower = if has_upper_case(value) { value.to_lowercase() } else { value.to_string() };
        if !cased.contains(&lower) {
            continue;
        }
        // Paths that differ only in the case of %-escape digits (`%2f`, `%2F`) are the
        // same path to every robot.
        let escapes = normalize_escapes(value);
        let other = if directive == Directive::Allow { Directive::Disallow } else { Directive::Allow };
        let conflict = earlier.get(&(lower.clone(), other)).and_then(|spellings| spellings.first_unlike(&escapes));
        earlier.entry((lower, directive)).or_default().add(index, value, escapes);
        let Some((first, _)) = conflict else { continue };
        let (Some(field), Some(first_field)) = (lines[index].field(), lines[first].field()) else { continue };
        let first_value = Arg::Abbreviated(first_field.value, 60);
        out.report(
            field.value,
            text!(
                "`{}: {}` and `{}: {}` differ only in letter case: robots compare \
                 paths case-sensitively, so they are rules for two different paths",
                field.name,
                Arg::Abbreviated(field.value, 60),
                first_field.name,
                first_value.clone()
            ),
        )
        .label(first_field.value, text!("`{}` here", first_value))
        .help(
            "if the server ignores case, the same pages are allowed under one spelling and disallowed under the \
             other, and which one a robot sees depends on the links it follows; if it does not, one spelling is \
             probably a typo. Give both spellings the same rule, or correct the one that is wrong",
        );
    }
}

/// The earlier lines of one kind whose paths lower-case alike: of them, only the first and the
/// first whose escapes differ from the first's can be the first unlike any given path, so a
/// path repeated thousands of times costs nothing more.
#[derive(Default)]
struct Spellings<'a> {
    first: Option<Spelling<'a>>,
    first_different: Option<Spelling<'a>>,
}

/// A rule line, its path as written, and the path with its escapes normalised.
type Spelling<'a> = (usize, &'a str, String);

impl<'a> Spellings<'a> {
    fn add(&mut self, index: usize, value: &'a str, escapes: String) {
        match &self.first {
            None => self.first = Some((index, value, escapes)),
            Some((_, _, first)) if self.first_different.is_none() && *first != escapes => {
                self.first_different = Some((index, value, escapes));
            }
            Some(_) => {}
        }
    }

    /// The first line whose path is not `escapes`.
    fn first_unlike(&self, escapes: &str) -> Option<(usize, &'a str)> {
        [&self.first, &self.first_different]
            .into_iter()
            .flatten()
            .find(|(_, _, normalized)| normalized != escapes)
            .map(|&(index, value, _)| (index, value))
    }
}

/// Whether lower-casing changes `value`: without allocating for the ASCII paths nearly all
/// files have.
fn has_upper_case(value: &str) -> bool {
    if value.is_ascii() {
        value.bytes().any(|byte| byte.is_ascii_uppercase())
    } else {
        value.chars().any(|c| c.to_lowercase().ne(std::iter::once(c)))
    }
}

/// `value` with the hex digits of every %-escape in upper case.
fn normalize_escapes(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let escape = rest.get(at..at + 3).filter(|escape| escape.bytes().skip(1).all(|b| b.is_ascii_hexdigit()));
        match escape {
            Some(escape) => {
                out.push_str(&escape.to_ascii_uppercase());
                rest = &rest[at + 3..];
            }
            None => {
                out.push('%');
                rest = &rest[at + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::{has_upper_case, normalize_escapes};

    #[test]
    fn escapes_compare_without_case() {
        assert_eq!(normalize_escapes("/a%2fb%zz%"), "/a%2Fb%zz%");
        assert_eq!(normalize_escapes("/é%c3%a9"), "/é%C3%A9");
        assert_eq!(normalize_escapes("%é"), "%é");
    }

    #[test]
    fn upper_case_is_what_lower_casing_changes() {
        assert!(has_upper_case("/A"));
        assert!(!has_upper_case("/a%2f"));
        assert!(has_upper_case("/a%2F"), "escape digits count; normalize_escapes sets them aside later");
        assert!(has_upper_case("/café/É"));
        assert!(!has_upper_case("/café/ß"));
    }
}
