use crate::diagnostic::{Applicability, Edit};
use crate::dialect::covers_every_path;
use crate::model::LineEnding;
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    for (_, line, field) in cx.doc.access_rules() {
        let value = cx.slice(field.value);
        if !value.contains(|c: char| c.is_ascii_whitespace()) {
            continue;
        }
        let paths: Vec<&str> = value.split_ascii_whitespace().collect();
        // `/browse/Video Games` is one path with a space in it (space-in-path); several
        // paths each start like a path.
        let path_like = paths.iter().filter(|path| path.starts_with(['/', '*'])).count();
        if paths.len() < 2 || path_like < 2 {
            continue;
        }
        let name = cx.slice(field.name);
        let ending = match line.ending {
            LineEnding::Missing => "\n",
            _ => cx.slice(line.ending_span),
        };
        let replacement = paths.join(&format!("{ending}{name}: "));
        let diagnostic = out
            .report(
                field.value,
                format!("{} paths on one line; robots read `{value}` as a single path, which no URL matches", paths.len()),
            )
            .help(format!("write one `{name}:` line per path"));
        // `Disallow: / *&o= *` split would shut robots out of the whole site: whoever wrote
        // it meant something narrower, which a fix cannot guess.
        if !paths.iter().any(|path| covers_every_path(path)) {
            diagnostic.fix(
                Applicability::Unsafe,
                format!("Split into {} `{name}` lines", paths.len()),
                vec![Edit::replace(field.value, replacement)],
            );
        }
    }
}
