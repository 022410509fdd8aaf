use crate::diagnostic::{Applicability, Edit, Evidence};
use crate::dialect::covers_every_path;
use crate::model::{Line, LineEnding, LineIndex};
use crate::rules::paths::space_in_path::{has_encoded_twin, spaced_access_rule};
use crate::rules::{Context, Findings};
use crate::text;
use crate::text::starts_like_path;

pub fn check(cx: &Context<'_, '_>, index: LineIndex, line: &Line, out: &mut Findings) {
    let Some((field, paths)) = spaced_access_rule(cx, line) else { return };
    let words: Vec<&str> = paths.iter().copied().filter(|part| !starts_like_path(part)).collect();
    // `/browse/Video Games` is one path with a space in it (space-in-path); several
    // paths each start like a path.
    let path_like = paths.len() - words.len();
    if path_like < 2 {
        return;
    }
    let name = cx.slice(field.name);
    let ending = match line.ending {
        LineEnding::Missing => "\n",
        _ => cx.slice(line.ending_span),
    };
    let replacement = paths.join(&format!("{ending}{name}: "));
    let help = match words.as_slice() {
        [] => text!("write one `{}:` line per path", field.name),
        words => text!("write one `{}:` line per path; `{}` is not a path", field.name, words.join("`, `")),
    };
    let diagnostic = out
        .report(
            field.value,
            text!(
                "{} paths on one line; robots read `{}` as a single path, which no URL matches",
                path_like,
                field.value
            ),
        )
        .help(help);
    // `/* */*$` beside `/*%20*/*$` is one pattern whose space the next line encodes.
    if has_encoded_twin(cx, index, field, &paths) {
        diagnostic.evidence(Evidence::NoEffect);
    }
    // Splitting `/a to /b` would write `Disallow: to`; `Disallow: / *&o= *` split would
    // shut robots out of the whole site. Whoever wrote such a line meant something a fix
    // cannot guess.
    if words.is_empty() && !paths.iter().any(|path| covers_every_path(path)) {
        diagnostic.fix(
            Applicability::Unsafe,
            format!("Split into {} `{name}` lines", paths.len()),
            vec![Edit::replace(field.value, replacement)],
        );
    }
}
