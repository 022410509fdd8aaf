//! RL502: the same robot named in two records: RFC 9309 robots merge them, first-match
//! robots obey only the first. Shown by a witness URL from the later record's rules.

use crate::dialect::witness::{anonymous_robot, concrete_url, robot_of_value, Witnesses};
use crate::dialect::Dialect;
use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_>, out: &mut Findings) {
    let lines = cx.lines();
    let doc = cx.doc;
    let mut witnesses = Witnesses::new(doc, cx.text);
    let mut anonymous: Option<String> = None;
    // Every agent value seen in earlier records (lower case), with its first line.
    let mut earlier: Vec<(String, usize)> = Vec::new();
    for record in &doc.records {
        let values: Vec<(String, usize)> = record
            .agents
            .iter()
            .filter_map(|&line| {
                let value = cx.slice(lines[line].field()?.value).trim().to_ascii_lowercase();
                (!value.is_empty()).then_some((value, line))
            })
            .collect();
        let candidates: Vec<String> = record
            .governed_rules()
            .filter_map(|line| concrete_url(cx.slice(lines[line].field()?.value)))
            .collect();
        let mut reported = false;
        for (value, line) in &values {
            let Some((_, first)) = earlier.iter().find(|(seen, _)| seen == value) else { continue };
            if reported || candidates.is_empty() {
                continue;
            }
            let robot = if value.starts_with('*') {
                anonymous.get_or_insert_with(|| anonymous_robot(doc, cx.text)).clone()
            } else {
                let Some(robot) = robot_of_value(value) else { continue };
                robot
            };
            let found = witnesses.find(&robot, &candidates, (Dialect::Draft1996, Dialect::Rfc9309), |divergence| {
                divergence.deciding_line(Dialect::Rfc9309).is_some_and(|decided| record.rules.contains(&decided))
            });
            let Some(divergence) = found else { continue };
            reported = true;
            let witness = divergence.describe(doc, cx.text, Dialect::Draft1996, Dialect::Rfc9309);
            let shown = cx.slice(lines[*line].field().map_or(lines[*line].span, |field| field.value));
            out.report(
                lines[*line].field_span(),
                format!("RFC 9309 robots merge this record with the earlier one for `{shown}`, first-match robots obey only the earlier one: {witness}"),
            )
            .witness(divergence.witness(Dialect::Draft1996, Dialect::Rfc9309))
            .label(lines[*first].field_span(), "first named here")
            .help("put all of this robot's rules in one record so every robot reads the same rules");
        }
        earlier.extend(values);
    }
}
