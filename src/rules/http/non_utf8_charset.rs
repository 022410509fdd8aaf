use crate::fetch::{Charset, FetchOutcome};
use crate::model::Span;
use crate::rules::{Context, Findings};
use crate::text;

/// A charset other than UTF-8 declared for a body that has non-ASCII bytes: robots that
/// honour the header and robots that read UTF-8 see different characters. (ASCII is the
/// same in every charset, so an ASCII file is not reported.)
pub fn check(cx: &Context<'_, '_>, fetch: &FetchOutcome, out: &mut Findings) {
    let Some(response) = fetch.robots_txt() else { return };
    let charset = response.charset();
    if charset == Charset::Utf8 {
        return;
    }
    let Some(first_non_ascii) = response.body.bytes.iter().position(|byte| !byte.is_ascii()) else { return };
    let declared = response.headers.media_type().and_then(|media_type| media_type.charset).unwrap_or_default();
    let message = match charset {
        Charset::Windows1252 => text!(
            "the response declares `charset={}` and the file has non-ASCII bytes: robolint decoded them as \
             windows-1252, as a robot that honours the header does, but RFC 9309 robots and Google read robots.txt as \
             UTF-8 whatever the header says (§2.3), so they see other characters",
            declared
        ),
        _ => text!(
            "the response declares `charset={}`, which robolint does not decode: it reads the non-ASCII bytes as \
             UTF-8, as RFC 9309 robots and Google do (§2.3), and a robot that honours the header sees other characters",
            declared
        ),
    };
    let diagnostic = out.report_response(fetch, message);
    diagnostic.help("save robots.txt as UTF-8 and send `Content-Type: text/plain; charset=utf-8`");
    // Every byte before it is ASCII, so the byte offset is also the offset in the text.
    if let Some(character) = cx.text.get(first_non_ascii..).and_then(|rest| rest.chars().next()) {
        let span = Span::new(first_non_ascii, first_non_ascii + character.len_utf8());
        diagnostic.label(span, text!("the first non-ASCII character, read as `{}`", span));
    }
}
