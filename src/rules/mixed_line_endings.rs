use crate::diagnostic::{Applicability, Edit};
use crate::model::LineEnding;
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_>, out: &mut Findings) {
    let styles = [LineEnding::CrLf, LineEnding::Lf, LineEnding::Cr];
    let count = |style| cx.lines().iter().filter(|line| line.ending == style).count();
    let counts = styles.map(count);
    if counts.iter().filter(|&&n| n > 0).count() < 2 {
        return;
    }
    let (majority, majority_count) = styles
        .into_iter()
        .zip(counts)
        .max_by_key(|&(_, n)| n)
        .unwrap_or((LineEnding::Lf, 0));
    let replacement = match majority {
        LineEnding::CrLf => "\r\n",
        LineEnding::Cr => "\r",
        _ => "\n",
    };
    let minority: Vec<_> = cx
        .lines()
        .iter()
        .filter(|line| line.ending != majority && line.ending != LineEnding::Missing)
        .collect();
    let Some(first) = minority.first() else { return };
    let edits = minority
        .iter()
        .map(|line| Edit::replace(line.ending_span, replacement))
        .collect();
    out.report(
        first.ending_span,
        format!(
            "this line ends with {} but {majority_count} lines end with {}; {} lines differ",
            first.ending.as_str(),
            majority.as_str(),
            minority.len()
        ),
    )
    .help("parsers that split lines only on LF join a CR-terminated line to the next one; use one line end throughout")
    .fix(Applicability::Safe, format!("End every line with {}", majority.as_str()), edits);
}
