use crate::agents::names::{name_no_robot_sends, NameNoRobotSends};
use crate::agents::{Agent, Obeys, Registry, RobotMatcher};
use crate::diagnostic::{Applicability, Edit, Severity};
use crate::dialect::witness::{probe_urls, robot_of_value};
use crate::dialect::Verdict;
use crate::model::{Document, LineIndex, Span};
use crate::parse;
use crate::rules::{Context, Findings};
use crate::source::Source;
use crate::text;

/// How many rules of each group give candidate URLs: enough for any group written by hand,
/// and a bound on the work for a generated file.
const RULES_PROBED: usize = 64;

/// How many lines with such names are followed through a parse of the changed file each: a
/// file that writes more has made its point, and a generated one cannot make the lint slow.
const NAMES_FOLLOWED: usize = 16;

/// A company's or product's name on a User-agent line (`Google`, `OpenAI`) where its robot's
/// token was meant. No robot sends the name, so the robot meant obeys another group, usually
/// `*`. Each robot's verdicts are those of its real matcher: on the file as it is, and on the
/// file with the robot's token in place of the name; the finding names a URL where they differ.
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let registry = Registry::builtin();
    let named = cx.doc.agent_lines().filter_map(|(index, _, field)| {
        let value = cx.slice(field.value);
        let token = robot_of_value(value)?;
        Some((index, field, value, token.len(), name_no_robot_sends(&token)?))
    });
    for (index, field, value, token_len, name) in named.take(NAMES_FOLLOWED) {
        // Past any leading whitespace the value keeps: the finding and the fix are about the name.
        let start = field.value.start() + (value.len() - value.trim_start().len());
        let name_span = Span::new(start, start + token_len);
        for robot in name.robots(registry) {
            report_robot_elsewhere(cx, index, name_span, name, robot, out);
        }
    }
}

/// Reports where `robot`, meant by the name at `name_span` on line `index`, obeys another group
/// than that line's and is answered otherwise for some URL.
fn report_robot_elsewhere(
    cx: &Context<'_, '_>,
    index: LineIndex,
    name_span: Span,
    name: &NameNoRobotSends,
    robot: &Agent,
    out: &mut Findings,
) {
    // A group of extension lines only (`Crawl-delay: 1`) says nothing of what the robot may
    // fetch: comparing verdicts would put words in its author's mouth.
    let has_rules = cx
        .doc
        .record_of(index)
        .is_some_and(|record| record.governed_rules().any(|line| cx.lines()[line].access_rule().is_some()));
    if !has_rules {
        return;
    }
    let actual = robot.matcher(cx.doc, cx.text);
    // A robot whose dialect reads the name as its own, or one that has a group of its own
    // anyway, is not misled by the line.
    if actual.matcher.agent_lines().contains(&index) || actual.obeys == Obeys::OwnGroup {
        return;
    }
    let meant_text = format!("{}{}{}", &cx.text[..name_span.start()], robot.token, &cx.text[name_span.end()..]);
    let meant_document = parse::parse_for_answers(&Source::from(meant_text.as_str()));
    let meant = robot.matcher(&meant_document, &meant_text);
    if !meant.matcher.agent_lines().contains(&index) {
        return;
    }
    let probed = |matcher: &RobotMatcher| -> Vec<String> {
        matcher.matcher.rules().take(RULES_PROBED).flat_map(|rule| probe_urls(&rule.pattern)).collect()
    };
    let candidates = std::iter::once("/".to_string()).chain(probed(&meant)).chain(probed(&actual));
    let Some((url, is, would_be)) = candidates.into_iter().find_map(|url| {
        let (is, would_be) = (actual.matcher.allowed(&url), meant.matcher.allowed(&url));
        (is.allowed != would_be.allowed).then_some((url, is, would_be))
    }) else {
        return;
    };
    // The whole site is at stake when the side that keeps the robot off `/` does so with a
    // rule for every path.
    let blocker = if is.allowed { (&would_be, &meant_document, meant_text.as_str()) } else { (&is, cx.doc, cx.text) };
    let whole_site = url == "/" && blocks_every_path(blocker.0, blocker.1, blocker.2);
    let obeyed = match &actual.obeys {
        Obeys::Star => text!("the `*` group"),
        Obeys::Fallback(token) => text!("the `{}` group", token.clone()),
        Obeys::NoGroup | Obeys::OwnGroup => text!("no group"),
    };
    let what = if whole_site { text!("the whole site") } else { text!("`{}`", url.clone()) };
    let message = match (is.allowed, whole_site) {
        (true, true) => text!(
            "no robot sends `{}`: {} obeys {} and may crawl the whole site, which this group closes to it",
            name_span,
            robot.token.clone(),
            obeyed
        ),
        (false, true) => text!(
            "no robot sends `{}`: {} obeys {} and is kept off the whole site, which this group opens to it",
            name_span,
            robot.token.clone(),
            obeyed
        ),
        (true, false) => text!(
            "no robot sends `{}`: {} obeys {} and may fetch {}, which this group disallows",
            name_span,
            robot.token.clone(),
            obeyed,
            what
        ),
        (false, false) => text!(
            "no robot sends `{}`: {} obeys {} and is kept from {}, which this group allows",
            name_span,
            robot.token.clone(),
            obeyed,
            what
        ),
    };
    let lines = cx.lines();
    let diagnostic = out.report(lines[index].field_span(), message);
    if let Some(rule) = is.reason.rule() {
        diagnostic.label(lines[rule.line].field_span(), text!("the rule {} obeys instead", robot.token.clone()));
    }
    if let Some(rule) = would_be.reason.rule() {
        diagnostic.label(lines[rule.line].field_span(), "the rule meant for it");
    }
    diagnostic
        .note(format!(
            "for robot `{}` and `{url}`: as written, {}; with `{}` in place of `{}`, {}",
            robot.token,
            answer(&is, cx.doc, cx.text),
            robot.token,
            name_span.text(cx.text),
            answer(&would_be, &meant_document, &meant_text),
        ))
        .help(text!(
            "a robot obeys the groups that name the product token it sends, and no robot sends this name; write \
             the robot's token ({}'s robots are listed at {})",
            robot.operator.clone(),
            name.docs.clone()
        ))
        .fix(
            Applicability::Unsafe,
            format!("Replace `{}` with `{}`", name_span.text(cx.text), robot.token),
            vec![Edit::replace(name_span, robot.token.clone())],
        );
    if whole_site {
        diagnostic.severity = Severity::Error;
    }
}

/// Whether the disallowing `verdict` comes from a rule that matches every path (`/`, `/*`).
fn blocks_every_path(verdict: &Verdict, document: &Document, text: &str) -> bool {
    let Some(rule) = verdict.reason.rule() else { return false };
    let value = document.lines.get(rule.line).and_then(|line| line.field()).map(|field| field.value.text(text).trim());
    matches!(value, Some("/" | "/*"))
}

/// A verdict in words: "line 2 `Disallow: /` disallows", "no rule matched: allowed".
fn answer(verdict: &Verdict, document: &Document, text: &str) -> String {
    let word = if verdict.allowed { "allows" } else { "disallows" };
    match verdict.reason.rule().and_then(|rule| Some((rule.line, document.lines.get(rule.line)?.field()?))) {
        Some((line, field)) => format!("line {} `{}` {word}", line + 1, field.name.to(field.value).text(text)),
        None => format!("{} ({})", if verdict.allowed { "allowed" } else { "disallowed" }, verdict.reason.describe()),
    }
}
