use crate::model::Directive;
use crate::rules::{Context, Findings};
use crate::text::abbreviate;

pub fn check(cx: &Context<'_>, out: &mut Findings) {
    let lines = cx.lines();
    for (index, _, field) in cx.doc.access_rules() {
        if !field.is(Directive::Allow) {
            continue;
        }
        let value = cx.slice(field.value);
        // 1994 robots disallow every URL that starts with a Disallow value, literally.
        let covering = cx.doc.record_of(index).and_then(|record| {
            record.rules.iter().find_map(|&other| {
                let disallow = lines[other].field().filter(|other| other.is(Directive::Disallow))?;
                let prefix = cx.slice(disallow.value);
                (!prefix.is_empty() && value.starts_with(prefix)).then_some(disallow.value)
            })
        });
        // Where no Disallow covers the path, skipping the Allow line changes nothing for
        // those robots, and there is nothing to report.
        let Some(disallow) = covering else { continue };
        let prefix = abbreviate(cx.slice(disallow), 60);
        let path = abbreviate(value, 60);
        out.report(
            field.name,
            format!(
                "robots that follow the 1994 standard know no Allow field and skip this line: `Disallow: {prefix}` \
                 still keeps them out of `{path}`"
            ),
        )
        .label(disallow, "this Disallow applies to them in full")
        .help(
            "the 1996 draft (§5.1) accepts this: robots that ignore Allow fetch nothing the site disallows, but they \
             also miss what the Allow line opens. If those pages matter for 1994 robots, disallow the neighbouring \
             paths one by one instead of disallowing the parent and allowing the child",
        );
    }
}
