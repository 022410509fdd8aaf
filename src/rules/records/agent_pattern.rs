use crate::agents::Registry;
use crate::diagnostic::Evidence;
use crate::dialect::witness::robot_of_value;
use crate::dialect::Dialect;
use crate::model::{Line, LineIndex, Span};
use crate::rules::{Context, Findings};
use crate::text;

pub fn check(cx: &Context<'_, '_>, _: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.user_agent() else { return };
    let value = cx.slice(field.value);
    if value == "*" {
        return;
    }
    let pattern_at = value
        .find(".*")
        .or_else(|| value.find('*'))
        .or_else(|| value.starts_with('^').then_some(0))
        .or_else(|| value.ends_with('$').then(|| value.len() - 1))
        .or_else(|| value.find('|'));
    let Some(at) = pattern_at else { return };
    let start = field.value.start() + at;
    let diagnostic = out
        .report(
            Span::new(start, start + 1),
            text!("`{}` is not a pattern: only `*` alone means every robot", field.value),
        )
        .help(
            "no robot expands wildcards or regular expressions in a User-agent value (robotstxt.org: \
         `User-agent: *bot*` is not supported); name each robot by its product token in its own line",
        );
    diagnostic.evidence(evidence(cx, value));
}

/// Who reads the pattern otherwise than it means. Google and RFC 9309 robots compare the
/// product token the value starts with, so `Mediapartners-Google*` reaches
/// Mediapartners-Google as meant: only robots that compare whole values or look for the
/// value in their name miss it. A value that starts with the pattern (`*MJ12bot*`) has no
/// token for anyone: it misreads a robot of today only when it names one that no other
/// line names; otherwise (a long-gone robot, one blocked elsewhere) it changes nothing.
fn evidence(cx: &Context<'_, '_>, value: &str) -> Evidence {
    if robot_of_value(value).is_some() {
        return Evidence::Misread(vec![Dialect::Norobots1994, Dialect::Draft1996, Dialect::PythonRobotparser]);
    }
    let name = value.trim_matches(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'));
    let registry = Registry::builtin();
    let current = registry.find(name).filter(|agent| !agent.is_retired());
    let named_elsewhere = |token: &str| {
        cx.doc.agent_lines().any(|(_, _, field)| {
            let other = cx.slice(field.value).trim();
            other.eq_ignore_ascii_case(token)
                || robot_of_value(other).is_some_and(|robot| robot.eq_ignore_ascii_case(token))
        })
    };
    match current {
        Some(agent) if !agent.tokens().any(named_elsewhere) => Evidence::Levels,
        _ => Evidence::NoEffect,
    }
}
