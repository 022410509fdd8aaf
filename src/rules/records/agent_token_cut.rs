use crate::agents::Matching;
use crate::dialect::product_token;
use crate::model::{Line, LineIndex, Span};
use crate::rules::{Context, Findings};
use crate::text;

/// A User-agent value that names a robot of the registry whose own crawler compares the
/// whole value (`MJ12bot`, `Sogou web spider`), which Google's parser and RFC 9309's cut to
/// a product token: the line reaches the robot it names, and not the same robot read
/// the way the default dialects read it.
pub fn check(cx: &Context<'_, '_>, index: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.user_agent() else { return };
    let written = cx.slice(field.value);
    let value = written.trim();
    let Some(agent) = cx.analysis.robot_named_at(index) else { return };
    if agent.matching != Matching::WholeValue || !agent.tokens().any(|token| token.eq_ignore_ascii_case(value)) {
        return;
    }
    let start = field.value.start() + (written.len() - written.trim_start().len());
    let message = match product_token(value).len() {
        0 => text!(
            "`{}` reaches the robot it names, which compares the whole value; Google's and RFC 9309's parsers read no robot's name in it",
            field.value
        ),
        cut => text!(
            "`{}` reaches the robot it names, which compares the whole value; Google's parser reads `{}`, and RFC 9309's no robot's name",
            field.value,
            Span::new(start, start + cut)
        ),
    };
    let token = agent.token.as_ref();
    out.report(field.value, message).help(text!(
        "nothing to change for {} ({}); a tool that reads the file as Google or RFC 9309 does answers for another robot here (`robolint check --agent '{}'` shows both). Why the registry says so: {}",
        token,
        agent.operator.as_ref(),
        token,
        agent.matching_basis.as_deref().unwrap_or_default()
    ));
}
