use foldhash::{HashMap, HashMapExt};

use crate::diagnostic::Arg;
use crate::model::{Directive, Field, LineIndex, Record, Span};
use crate::rules::{Context, Findings};
use crate::text;
use crate::text::PrefixChains;

pub fn check(cx: &Context<'_, '_>, record: &Record, out: &mut Findings) {
    let lines = cx.lines();
    let rules: Vec<(LineIndex, &Field)> =
        record.rules.iter().filter_map(|&index| Some((index, lines[index].field()?))).collect();
    let of_kind = |directive| rules.iter().filter(move |(_, field)| field.is(directive));
    if of_kind(Directive::Allow).next().is_none() {
        return;
    }
    let (chains, member_of) = PrefixChains::indexing(rules.iter().map(|(_, field)| cx.slice(field.value)));
    let of_kind_with_member =
        |directive| rules.iter().zip(member_of.iter().copied()).filter(move |((_, field), _)| field.is(directive));
    // For each path, the first Disallow line with it.
    let mut first_disallow: HashMap<usize, LineIndex> = HashMap::new();
    for (&(index, field), member) in of_kind_with_member(Directive::Disallow) {
        if !field.value.is_empty() {
            first_disallow.entry(member).or_insert(index);
        }
    }
    for (&(_, field), member) in of_kind_with_member(Directive::Allow) {
        // 1994 robots disallow every URL that starts with a Disallow value, literally; the
        // first such line in the record is the one to show.
        let covering = chains.chain(member).filter_map(|prefix| first_disallow.get(&prefix).copied()).min();
        // Where no Disallow covers the path, skipping the Allow line changes nothing for
        // those robots, and there is nothing to report.
        if let Some(disallow) = covering.and_then(|index| lines[index].field()) {
            report(out, field, disallow.value);
        }
    }
}

/// An Allow line that 1994 robots skip while the Disallow path `disallow` keeps them out.
fn report(out: &mut Findings, field: &Field, disallow: Span) {
    out.report(
        field.name,
        text!(
            "robots that follow the 1994 standard know no Allow field and skip this line: `Disallow: {}` \
             still keeps them out of `{}`",
            Arg::Abbreviated(disallow, 60),
            Arg::Abbreviated(field.value, 60)
        ),
    )
    .label(disallow, "this Disallow applies to them in full")
    .help(
        "the 1996 draft (§5.1) accepts this: robots that ignore Allow fetch nothing the site disallows, but they \
         also miss what the Allow line opens. If those pages matter for 1994 robots, disallow the neighbouring \
         paths one by one instead of disallowing the parent and allowing the child",
    );
}
