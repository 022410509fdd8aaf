use crate::diagnostic::Text;
use crate::model::{Span, StrictFailure, StructureProblem};
use crate::rules::{Context, Findings};
use crate::text;

/// Reports what the draft's grammar rejects and no other rule has explained.
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let explained = Explanations::new(cx.strict_explanations);
    for line in cx.lines() {
        let Some(failure) = &line.strict_failure else { continue };
        if explained.touch(Span::empty_at(failure.offset)) {
            continue;
        }
        let at = failure.offset.min(line.span.end());
        let found = cx.text[at..line.span.end()].chars().next();
        let span = found.map_or(Span::empty_at(at), |c| Span::new(at, at + c.len_utf8()));
        let found = match found {
            None => text!("the end of the line"),
            Some(c) if c.is_ascii_graphic() => text!("`{}`", span),
            Some(c) => text!("U+{}", format!("{:04X}", u32::from(c))),
        };
        out.report(
            span,
            text!(
                "the draft's grammar rejects this line: `{}` expects {}, found {}",
                failure.production,
                expected(failure),
                found
            ),
        )
        .help(hint(failure));
    }
    for failure in &cx.doc.structure_failures {
        if explained.touch(failure.blame) {
            continue;
        }
        let message = match failure.problem {
            StructureProblem::OutsideRecord => {
                "the draft allows this line only inside a record, after a User-agent line (production `record`)"
            }
            StructureProblem::RecordWithoutRules => {
                "this record ends before any rule line; the draft's `record` needs at least one"
            }
            StructureProblem::MissingBlankLine => {
                "a new record starts here without a blank line before it (production `commentblank`)"
            }
        };
        let line_span = cx
            .lines()
            .iter()
            .find(|line| line.span.start() <= failure.offset && failure.offset <= line.span.end())
            .map_or(Span::empty_at(failure.offset), |line| line.span);
        out.report(line_span, message)
            .label(failure.blame, "in this part of the file")
            .help("RFC 9309 robots accept this; robots that follow the 1996 draft may not");
    }
}

/// The spans other rules explained, indexed so that each failure asks in logarithmic time
/// whether one of them touches it: spans that overlap, or an empty span inside or at the edge
/// of the other. (Asking every span for every failure took minutes on 100,000 bad lines.)
struct Explanations {
    /// Empty spans, by offset.
    points: Vec<usize>,
    /// The other spans, by start.
    ranges: Vec<Span>,
    /// The furthest end among `ranges[..=i]`.
    furthest_end: Vec<usize>,
}

impl Explanations {
    fn new(spans: &[Span]) -> Explanations {
        let (points, mut ranges): (Vec<Span>, Vec<Span>) = spans.iter().partition(|span| span.is_empty());
        let mut points: Vec<usize> = points.into_iter().map(|point| point.start()).collect();
        points.sort_unstable();
        ranges.sort_unstable();
        let furthest_end = ranges
            .iter()
            .scan(0, |furthest, range| {
                *furthest = range.end().max(*furthest);
                Some(*furthest)
            })
            .collect();
        Explanations { points, ranges, furthest_end }
    }

    fn touch(&self, blame: Span) -> bool {
        let first_point = self.points.partition_point(|&point| point < blame.start());
        let point_inside = self.points.get(first_point).is_some_and(|&point| point <= blame.end());
        // A range touches an empty blame anywhere from its start to its end; a non-empty
        // blame it must overlap by a byte.
        let (last_start, least_end) =
            if blame.is_empty() { (blame.start(), blame.start()) } else { (blame.end() - 1, blame.start() + 1) };
        let candidates = self.ranges.partition_point(|range| range.start() <= last_start);
        point_inside || candidates > 0 && self.furthest_end[candidates - 1] >= least_end
    }
}

fn expected(failure: &StrictFailure) -> Text {
    match failure.expected.as_slice() {
        [] => text!("a valid `{}`", failure.production),
        [only] => text!("`{}`", *only),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(|name| format!("`{name}`")).collect();
            text!("{} or `{}`", init.join(", "), *last)
        }
    }
}

fn hint(failure: &StrictFailure) -> Text {
    let mentions = |name: &str| failure.expected.contains(&name);
    if mentions("CRLF") && mentions("comment") {
        text!("after the value, the draft allows only a comment or the end of the line: `?`, `;` and spaces are not path characters (RFC 1808)")
    } else {
        text!(
            "see the `{}` production in draft-koster-robots-00 §3.3 (`robolint rule strict-syntax`)",
            failure.production
        )
    }
}
