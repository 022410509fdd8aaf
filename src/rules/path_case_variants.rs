use std::collections::HashMap;

use crate::model::Directive;
use crate::rules::{Context, Findings};
use crate::text::abbreviate;

/// Allow and Disallow lines in one record whose paths differ only in letter case. Rules of
/// the same kind are left alone: listing `/Search` and `/search` together is how sites on
/// servers that ignore case cover both spellings, and real files do it by the hundred.
pub fn check(cx: &Context<'_>, out: &mut Findings) {
    let lines = cx.lines();
    for record in &cx.doc.records {
        // Lower-cased path → the earlier lines with it: (line, directive, path as written).
        let mut earlier: HashMap<String, Vec<Seen<'_>>> = HashMap::new();
        for &index in &record.rules {
            let Some(field) = lines[index].field() else { continue };
            let value = cx.slice(field.value);
            if value.is_empty() {
                continue;
            }
            let seen = earlier.entry(value.to_lowercase()).or_default();
            // Paths that differ only in the case of %-escape digits (`%2f`, `%2F`) are the
            // same path to every robot.
            let conflict = seen.iter().copied().find(|&(_, directive, other)| {
                directive != field.directive && normalize_escapes(other) != normalize_escapes(value)
            });
            seen.push((index, field.directive, value));
            let Some((first, _, first_value)) = conflict else { continue };
            let Some(first_field) = lines[first].field() else { continue };
            let (name, first_name) = (cx.slice(field.name), cx.slice(first_field.name));
            let (value, first_value) = (abbreviate(value, 60), abbreviate(first_value, 60));
            out.report(
                field.value,
                format!(
                    "`{name}: {value}` and `{first_name}: {first_value}` differ only in letter case: robots compare \
                     paths case-sensitively, so they are rules for two different paths"
                ),
            )
            .label(first_field.value, format!("`{first_value}` here"))
            .help(
                "if the server ignores case, the same pages are allowed under one spelling and disallowed under the \
                 other, and which one a robot sees depends on the links it follows; if it does not, one spelling is \
                 probably a typo. Give both spellings the same rule, or correct the one that is wrong",
            );
        }
    }
}

/// An earlier rule line: its index, its directive and its path as written.
type Seen<'a> = (usize, Option<Directive>, &'a str);

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
    use super::normalize_escapes;

    #[test]
    fn escapes_compare_without_case() {
        assert_eq!(normalize_escapes("/a%2fb%zz%"), "/a%2Fb%zz%");
        assert_eq!(normalize_escapes("/é%c3%a9"), "/é%C3%A9");
        assert_eq!(normalize_escapes("%é"), "%é");
    }
}
