use crate::model::{Line, LineIndex, Span};
use serde::Deserialize;

use crate::rules::{Context, Findings};
use crate::text;

/// `[rules.path-too-long]`; the defaults are in rules/path-too-long.toml.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Options {
    max_length: usize,
}

/// Yandex's documented limit on an Allow or Disallow rule, in characters.
const YANDEX_LIMIT: usize = 1024;

pub fn check(
    cx: &Context<'_, '_>,
    &Options { max_length: limit }: &Options,
    _: LineIndex,
    line: &Line,
    out: &mut Findings,
) {
    let Some(field) = line.access_rule() else { return };
    let value = cx.slice(field.value);
    // The byte offset of the first character past the limit, if there is one.
    let Some((over, _)) = value.char_indices().nth(limit) else { return };
    let length = value.chars().count();
    let effect = if length > YANDEX_LIMIT {
        "Yandex ignores Allow and Disallow rules longer than 1024 characters, so for Yandex this line does not exist"
    } else {
        "Yandex still reads it (its own limit is 1024 characters), but it is over the `max-length` set in robolint.toml"
    };
    out.report(
        Span::new(field.value.start() + over, field.value.end()),
        text!("the path is {} characters long, over the limit of {}: {}", length, limit, effect),
    )
    .help(
        "a path this long usually names one URL with a long query string; a shorter prefix, \
         or a `*` pattern for RFC 9309 robots, covers it and its siblings",
    );
}
