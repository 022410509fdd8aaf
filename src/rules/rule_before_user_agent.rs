use crate::rules::{Context, Findings};

pub fn check(cx: &Context<'_>, out: &mut Findings) {
    let lines = cx.lines();
    for record in &cx.doc.records {
        for index in record.orphan_rules() {
            let line = &lines[index];
            out.report(line.span, "this rule comes before any User-agent line, so no robot applies it")
                .help("put a `User-agent:` line (`*` for every robot) before it; RFC 9309 ignores rules outside groups");
        }
        if !record.agents.is_empty() {
            return;
        }
    }
}
