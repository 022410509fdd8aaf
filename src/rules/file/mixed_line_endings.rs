use super::binary_content;
use crate::diagnostic::{Applicability, Edit};
use crate::model::LineEnding;
use crate::rules::{Context, Findings};
use crate::text;

pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    // The CR and LF bytes of a binary file end no lines: binary-content's one finding covers
    // the file, and no fix may rewrite its bytes.
    if binary_content::is_binary(cx.text) {
        return;
    }
    let lines = cx.lines();
    let count = |style| lines.iter().filter(|line| line.ending == style).count();
    let styles: Vec<(LineEnding, usize)> = [LineEnding::CrLf, LineEnding::Lf, LineEnding::Cr]
        .into_iter()
        .map(|style| (style, count(style)))
        .filter(|&(_, n)| n > 0)
        .collect();
    if styles.len() < 2 {
        return;
    }
    // The most common style wins; on a tie, the style of the first line.
    let first_style = lines.first().map_or(LineEnding::Lf, |line| line.ending);
    let Some(&(majority, majority_count)) = styles.iter().max_by_key(|&&(style, n)| (n, style == first_style)) else {
        return;
    };
    let replacement = match majority {
        LineEnding::CrLf => "\r\n",
        LineEnding::Cr => "\r",
        _ => "\n",
    };
    let minority: Vec<_> =
        lines.iter().filter(|line| line.ending != majority && line.ending != LineEnding::Missing).collect();
    let Some(first) = minority.first() else { return };
    let edits = minority.iter().map(|line| Edit::replace(line.ending_span, replacement)).collect();
    let plural = |n: usize, word: &'static str| if n == 1 { text!("1 {}", word) } else { text!("{} {}s", n, word) };
    out.report(
        first.ending_span,
        text!(
            "this line ends with {} but {} end with {}; {} in all end differently",
            first.ending.as_str(),
            plural(majority_count, "line"),
            majority.as_str(),
            plural(minority.len(), "line"),
        ),
    )
    .help("parsers that split lines only on LF join a CR-terminated line to the next one; use one line end throughout")
    .fix(Applicability::Safe, format!("End every line with {}", majority.as_str()), edits);
}
