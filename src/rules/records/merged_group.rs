use crate::agents::Registry;
use crate::diagnostic::{Applicability, Edit, Evidence, Severity};
use crate::dialect::witness::{concrete_url, MERGED};
use crate::dialect::Dialect;
use crate::model::{Directive, LineIndex, LineKind};
use crate::rules::ai::unknown_agent::names_a_robot_mistakenly;
use crate::rules::{Context, Findings};
use crate::text;

/// User-agent lines that RFC 9309 and Google put into a later group by accident: a group
/// ends only at a User-agent line that follows an Allow or Disallow line, so a run of
/// User-agent lines followed by a blank line, a Crawl-delay or a Sitemap (and no rule)
/// shares the rules of the next run that has some. Reported where those rules block the
/// robots it names; an error where they block the whole site. Information where the merge
/// is what the file evidently means or reaches no robot of today: a run with no line of its
/// own (one name in a list that ends in one rule set), a run that joins `*` without being
/// kept off the whole site (a delay for a robot that should obey the general rules), and
/// runs naming only retired robots or misspelt tokens, which reach no robot at all.
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    for group in groups_as_today_reads_them(cx) {
        let Some(&first_rule) = group.rules.first() else { continue };
        let Some((owner, closed)) = group.runs.split_last() else { continue };
        for run in closed {
            report_run(cx, out, run, owner, &group.rules, first_rule);
        }
    }
}

/// User-agent lines in a row, and the first line after them that is neither one nor a
/// comment, when that is not a rule (a blank line, Crawl-delay, Sitemap).
struct Run {
    agents: Vec<LineIndex>,
    ended_by: Option<LineIndex>,
}

/// A group as RFC 9309 and Google read one: its runs of User-agent lines, and its rules.
#[derive(Default)]
struct Group {
    runs: Vec<Run>,
    rules: Vec<LineIndex>,
}

fn groups_as_today_reads_them(cx: &Context<'_, '_>) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    let mut current = Group::default();
    for (index, line) in cx.lines().iter().enumerate() {
        match (&line.kind, line.directive()) {
            (LineKind::Comment, _) => {}
            (_, Some(Directive::UserAgent)) => {
                if !current.rules.is_empty() {
                    groups.push(std::mem::take(&mut current));
                }
                match current.runs.last_mut() {
                    Some(run) if run.ended_by.is_none() => run.agents.push(index),
                    _ => current.runs.push(Run { agents: vec![index], ended_by: None }),
                }
            }
            (_, Some(Directive::Allow | Directive::Disallow)) if !current.runs.is_empty() => {
                current.rules.push(index);
            }
            _ => {
                if let Some(run) = current.runs.last_mut().filter(|_| current.rules.is_empty()) {
                    run.ended_by.get_or_insert(index);
                }
            }
        }
    }
    groups.push(current);
    groups
}

fn report_run(
    cx: &Context<'_, '_>,
    out: &mut Findings,
    run: &Run,
    owner: &Run,
    rules: &[LineIndex],
    first_rule: LineIndex,
) {
    let (Some(&first), Some(&last), Some(ended_by)) = (run.agents.first(), run.agents.last(), run.ended_by) else {
        return;
    };
    let witnesses = cx.witnesses();
    let robots = witnesses.record_robots(&run.agents);
    let lines = cx.lines();
    let mut candidates = vec!["/".to_string()];
    candidates.extend(rules.iter().filter_map(|&rule| concrete_url(cx.slice(lines[rule].field()?.value))));
    let blocked_by_group = |robot: &str, url: &str, dialect: Dialect| {
        witnesses.verdict(robot, url, dialect).and_then(|verdict| {
            let line = verdict.reason.rule().map(|rule| rule.line).filter(|line| rules.contains(line));
            (!verdict.allowed).then_some(line).flatten()
        })
    };
    let Some((robot, url, decided)) = robots.iter().find_map(|robot| {
        candidates.iter().find_map(|url| Some((robot, url, blocked_by_group(robot, url, Dialect::Rfc9309)?)))
    }) else {
        return;
    };
    let whole_site = url == "/" && blocked_by_group(robot, "/", Dialect::Google).is_some();
    let (who, have, them) = match robots.as_slice() {
        [_] => {
            let value = lines[first].field().map_or(lines[first].span, |field| field.value);
            (text!("`{}`", value), "has", "it")
        }
        [_, rest @ ..] => (text!("`{}` and {} more", robot.clone(), rest.len()), "have", "them"),
        [] => return,
    };
    let rule = lines[decided].field_span();
    let effect = if whole_site { text!("the whole site") } else { text!("`{}`", url.clone()) };
    let separator = match lines[ended_by].field() {
        Some(field) => text!("`{}` does not end a group", field.name),
        None => text!("a blank line does not end a group"),
    };
    let agents = lines[first].span.to(lines[last].span);
    let owner_line = owner.agents.first().copied().unwrap_or(first_rule);
    let ending = match cx.slice(lines[last].ending_span) {
        "" => "\n",
        ending => ending,
    };
    let insert_at = lines[last].ending_span.end();
    let diagnostic = out
        .report(
            agents,
            text!(
                "{} {} no rules: today's robots give {} the next group's, and `{}` blocks {} from {}",
                who,
                have,
                them,
                rule,
                them,
                effect
            ),
        )
        .label(lines[ended_by].span, separator)
        .label(lines[owner_line].span, "the group it joins")
        .label(lines[decided].span, "the rule it then obeys")
        .help(
            "RFC 9309 and Google end a group only at a User-agent line after an Allow or Disallow line; blank lines, \
             Crawl-delay and Sitemap do not. Give these robots a rule of their own (`Disallow:` allows everything), \
             or move their User-agent lines into the group meant for them",
        )
        .fix(
            Applicability::Unsafe,
            "Insert `Disallow:` (allow everything) after the User-agent lines",
            vec![Edit::insert(insert_at, format!("Disallow:{ending}"))],
        );
    if whole_site {
        diagnostic.severity = Severity::Error;
    }
    let only_lists_a_name = matches!(lines[ended_by].kind, LineKind::Blank) && next_is_user_agent(cx, ended_by);
    let joins_star =
        owner.agents.iter().any(|&line| lines[line].field().is_some_and(|field| cx.slice(field.value).trim() == "*"));
    let reaches_no_robot_of_today = robots.iter().all(|robot| {
        Registry::builtin().find(robot).map_or_else(|| names_a_robot_mistakenly(robot), |agent| agent.is_retired())
    });
    if (only_lists_a_name && !joins_star) || (joins_star && !whole_site) || reaches_no_robot_of_today {
        diagnostic.evidence(Evidence::NoEffect);
    }
    if let Some(divergence) =
        witnesses.find(robot, [url], MERGED, |divergence| divergence.deciding_line(Dialect::Rfc9309) == Some(decided))
    {
        diagnostic.attach_witness(&divergence);
    }
}

/// Whether the first line after `line` that is neither blank nor a comment is a User-agent
/// line: the run before `line` has no line of its own.
fn next_is_user_agent(cx: &Context<'_, '_>, line: LineIndex) -> bool {
    let later = cx.lines().iter().skip(line + 1);
    let mut fields = later.filter(|line| !matches!(line.kind, LineKind::Blank | LineKind::Comment));
    fields.next().is_some_and(|line| line.directive() == Some(Directive::UserAgent))
}
