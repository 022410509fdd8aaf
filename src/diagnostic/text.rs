//! What a finding says, kept as data until a renderer prints it: a template and its typed
//! arguments. A lint finds more than it shows (folded, suppressed and filtered findings,
//! those past the LSP's limit per document), so the words are built only for the findings
//! that reach a reader. An argument that quotes the file is a span into it, read from the
//! source text at print time, not a copy.

use std::borrow::Cow;
use std::fmt::Write;

use smallvec::SmallVec;

use crate::model::Span;
use crate::text::abbreviate;

/// A template whose `{}` holes take the arguments in order (`{{` and `}}` are braces).
/// Built with [`text!`](crate::text!), which checks the holes against the arguments when it
/// compiles, or from a plain string.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Text {
    template: &'static str,
    args: SmallVec<[Arg; 2]>,
}

/// One argument of a [`Text`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// Bytes of the linted text, quoted as they are.
    Source(Span),
    /// Bytes of the linted text, quoted whole when they are at most this many characters and
    /// cut around `…` otherwise ([`abbreviate`]).
    Abbreviated(Span, u16),
    /// Fixed words, known when robolint was compiled.
    Static(&'static str),
    /// A number, written in decimal.
    Number(u64),
    /// Words worked out when the finding was made (a URL, a list of names).
    Owned(Box<str>),
    /// Another text, such as the headline a fold extends.
    Text(Box<Text>),
    /// Texts with a separator between each two (a list of robots): flat, however long.
    /// Boxed, as rare: every argument is as large as the largest kind, and a file may have
    /// a million findings.
    Joined(Box<(Vec<Text>, &'static str)>),
}

/// The template of a text that is one argument and nothing else.
const WHOLE: &str = "{}";

impl Text {
    /// Used by [`text!`](crate::text!), after it has checked that `template` has one hole
    /// per argument.
    pub fn template(template: &'static str, args: impl IntoIterator<Item = Arg>) -> Text {
        Text { template, args: args.into_iter().collect() }
    }

    /// `parts` with `separator` between each two; nothing when there are none.
    pub fn joined(parts: impl IntoIterator<Item = Text>, separator: &'static str) -> Text {
        Text::template(WHOLE, [Arg::Joined(Box::new((parts.into_iter().collect(), separator)))])
    }

    /// The words, with each quoted span read from `source`, the text the finding's spans
    /// point into (a span outside it quotes nothing).
    pub fn render<'a>(&'a self, source: &'a str) -> Cow<'a, str> {
        match self.args.as_slice() {
            [] if !self.template.contains(['{', '}']) => Cow::Borrowed(self.template),
            [only] if self.template == WHOLE => only.render(source),
            _ => {
                let mut out = String::with_capacity(self.template.len() + 16 * self.args.len());
                self.write(&mut out, source);
                Cow::Owned(out)
            }
        }
    }

    fn write(&self, out: &mut String, source: &str) {
        let mut args = self.args.iter();
        let mut rest = self.template;
        while let Some(brace) = rest.find(['{', '}']) {
            out.push_str(&rest[..brace]);
            let (brace_byte, next) = (rest.as_bytes()[brace], rest.as_bytes().get(brace + 1).copied());
            if (brace_byte, next) == (b'{', Some(b'}')) {
                if let Some(arg) = args.next() {
                    arg.write(out, source);
                }
            } else {
                out.push(char::from(brace_byte));
            }
            // A doubled brace is one brace; text! admits no other (see `holes`).
            let width = if next == Some(b'}') || next == Some(brace_byte) { 2 } else { 1 };
            rest = &rest[brace + width..];
        }
        out.push_str(rest);
    }
}

impl Arg {
    fn render<'a>(&'a self, source: &'a str) -> Cow<'a, str> {
        match self {
            Arg::Source(span) => Cow::Borrowed(quoted(*span, source)),
            Arg::Abbreviated(span, max_chars) => abbreviate(quoted(*span, source), usize::from(*max_chars)),
            Arg::Static(text) => Cow::Borrowed(text),
            Arg::Number(number) => Cow::Owned(number.to_string()),
            Arg::Owned(text) => Cow::Borrowed(text),
            Arg::Text(text) => text.render(source),
            Arg::Joined(..) => {
                let mut out = String::new();
                self.write(&mut out, source);
                Cow::Owned(out)
            }
        }
    }

    fn write(&self, out: &mut String, source: &str) {
        match self {
            Arg::Number(number) => {
                let _ = write!(out, "{number}");
            }
            // A nested text writes straight into `out`, not through words of its own.
            Arg::Text(text) => text.write(out, source),
            Arg::Joined(joined) => {
                let (parts, separator) = &**joined;
                for (at, part) in parts.iter().enumerate() {
                    if at > 0 {
                        out.push_str(separator);
                    }
                    part.write(out, source);
                }
            }
            lent => out.push_str(&lent.render(source)),
        }
    }
}

fn quoted(span: Span, source: &str) -> &str {
    source.get(span.start()..span.end()).unwrap_or_default()
}

impl From<&'static str> for Text {
    fn from(text: &'static str) -> Text {
        Text::template(WHOLE, [Arg::Static(text)])
    }
}

impl From<String> for Text {
    fn from(text: String) -> Text {
        Text::template(WHOLE, [Arg::Owned(text.into_boxed_str())])
    }
}

impl From<Span> for Arg {
    fn from(span: Span) -> Arg {
        Arg::Source(span)
    }
}

impl From<&'static str> for Arg {
    fn from(text: &'static str) -> Arg {
        Arg::Static(text)
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Owned(text.into_boxed_str())
    }
}

/// A registry entry's words: borrowed from the binary, they are copied by no finding.
impl From<Cow<'static, str>> for Arg {
    fn from(text: Cow<'static, str>) -> Arg {
        match text {
            Cow::Borrowed(text) => Arg::Static(text),
            Cow::Owned(text) => Arg::from(text),
        }
    }
}

impl From<Text> for Arg {
    fn from(text: Text) -> Arg {
        Arg::Text(Box::new(text))
    }
}

macro_rules! number_args {
    ($($number:ty),*) => {$(
        impl From<$number> for Arg {
            fn from(number: $number) -> Arg {
                Arg::Number(number as u64)
            }
        }
    )*};
}
number_args!(usize, u64, u32, u16, u8);

/// The `{}` holes of a template, or `usize::MAX` when it has a brace that is neither a
/// hole nor doubled: [`text!`](crate::text!) then fails to compile.
pub const fn holes(template: &str) -> usize {
    let bytes = template.as_bytes();
    let (mut at, mut holes) = (0, 0);
    while at < bytes.len() {
        let next = if at + 1 < bytes.len() { bytes[at + 1] } else { 0 };
        match (bytes[at], next) {
            (b'{', b'}') => holes += 1,
            (b'{', b'{') | (b'}', b'}') => {}
            (b'{' | b'}', _) => return usize::MAX,
            _ => {
                at += 1;
                continue;
            }
        }
        at += 2;
    }
    holes
}

/// Counts a macro's arguments in a constant.
#[doc(hidden)]
pub const fn one(_: &str) -> usize {
    1
}

/// A [`Text`]: `text!("`{}` is not followed by a colon", field.name)`. Each argument becomes
/// an [`Arg`] (a span quotes the file; strings, numbers and other texts are kept as they
/// are); a template whose `{}` holes do not match the arguments does not compile.
#[macro_export]
macro_rules! text {
    ($template:literal $(, $arg:expr)* $(,)?) => {{
        const _: () = assert!(
            $crate::diagnostic::text::holes($template) == 0 $(+ $crate::diagnostic::text::one(stringify!($arg)))*,
            "a text! template needs one hole per argument, and a brace doubled to print it"
        );
        $crate::diagnostic::Text::template($template, [$($crate::diagnostic::Arg::from($arg)),*])
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "Disalow /private";

    #[test]
    fn a_template_fills_its_holes_in_order_and_quotes_spans_from_the_source() {
        let text = crate::text!("`{}` on line {} is {}", Span::new(0, 7), 3usize, "unknown");
        assert_eq!(text.render(SOURCE), "`Disalow` on line 3 is unknown");
    }

    #[test]
    fn doubled_braces_are_braces_and_a_lone_text_is_lent_not_copied() {
        let braces = crate::text!("{{{}}} and {{}}", Span::new(8, 16));
        assert_eq!(braces.render(SOURCE), "{/private} and {}");
        assert!(matches!(Text::from("plain {}").render(SOURCE), Cow::Borrowed("plain {}")));
        assert!(matches!(crate::text!("{}", Span::new(0, 7)).render(SOURCE), Cow::Borrowed("Disalow")));
        assert!(matches!(crate::text!("no holes").render(SOURCE), Cow::Borrowed("no holes")));
        assert_eq!(crate::text!("no holes, {{braces}}").render(SOURCE), "no holes, {braces}");
    }

    #[test]
    fn a_text_can_extend_another_and_owned_words_are_kept() {
        let headline = crate::text!("`{}` is {}", Span::new(0, 7), String::from("misspelt"));
        let folded = crate::text!("{} (and {} more like it)", headline, 2u64);
        assert_eq!(folded.render(SOURCE), "`Disalow` is misspelt (and 2 more like it)");
    }

    #[test]
    fn an_abbreviated_span_is_cut_only_when_printed_and_only_when_long() {
        let long = "/".repeat(3) + &"a".repeat(100);
        let text =
            crate::text!("`{}` and `{}`", Arg::Abbreviated(Span::new(0, 103), 9), Arg::Abbreviated(Span::new(0, 3), 9));
        assert_eq!(text.render(&long), "`///aaa…aa` and `///`");
    }

    #[test]
    fn joined_texts_have_the_separator_between_each_two_and_none_is_nothing() {
        let names = ["a", "b", "c"].map(|name| crate::text!("`{}`", name));
        assert_eq!(Text::joined(names, ", ").render(SOURCE), "`a`, `b`, `c`");
        assert_eq!(Text::joined([Text::from("only")], ", ").render(SOURCE), "only");
        assert_eq!(Text::joined([], ", ").render(SOURCE), "");
    }

    #[test]
    fn a_span_outside_the_source_quotes_nothing_rather_than_failing() {
        let text = crate::text!("[{}]", Span::new(10, 99));
        assert_eq!(text.render(SOURCE), "[]");
        let split_character = crate::text!("[{}]", Span::new(1, 2));
        assert_eq!(split_character.render("é"), "[]");
    }

    #[test]
    fn holes_counts_pairs_and_refuses_a_lone_brace() {
        assert_eq!(holes("a {} b {} c"), 2);
        assert_eq!(holes("{{}} {}"), 1);
        assert_eq!(holes("{name}"), usize::MAX);
        assert_eq!(holes("end {"), usize::MAX);
        assert_eq!(holes("}"), usize::MAX);
        assert_eq!(holes(""), 0);
    }
}
