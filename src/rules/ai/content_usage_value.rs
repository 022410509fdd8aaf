use crate::diagnostic::{Applicability, Edit, Severity};
use crate::model::Span;
use crate::preferences::{Category, Member, ParseFailure, Preferences, UsageReading, UsageRule, ValueKind};
use crate::rules::{Context, Findings};

use super::{near_miss, yes_or_no};

/// Labels of draft-ietf-aipref-vocab-00 and -01 (2025) that later drafts dropped, with
/// what to write today.
const DROPPED_LABELS: [(&str, &str); 4] = [
    ("train-genai", "`train-ai` now covers training models that generate content: write `train-ai`"),
    (
        "ai-use",
        "no category of the current draft covers using content as a model's input; Content-Signal's `ai-input` does",
    ),
    ("all", "the current draft has no catch-all category: state `train-ai` and `search` each"),
    ("bots", "the current draft has no catch-all category: state `train-ai` and `search` each"),
];

/// The Content-Signal keys, which mean nothing in a Content-Usage statement, and the
/// AIPREF label for the same use where there is one.
/// (`search` is both, so it is judged as a label.)
const SIGNAL_KEYS: [(&str, Option<Category>); 2] = [("ai-train", Some(Category::TrainAi)), ("ai-input", None)];

const IGNORED: &str = "every reader ignores the whole statement, so each use stays unknown";

/// Content-Usage values that readers of draft-ietf-aipref-attach §3.3 and
/// draft-ietf-aipref-vocab §6 read otherwise than they look.
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    let text = cx.text;
    for rule in Preferences::read(cx.doc, text).usage {
        let Some(field) = cx.lines()[rule.line].field() else { continue };
        match &rule.reading {
            UsageReading::Empty => {
                let span = if rule.path.is_some() { field.value } else { field.name };
                out.report(span, "Content-Usage without a statement of preference: it says nothing").help(
                    "write the preference after the field (and after the path, if any), such as `train-ai=n, search=y`",
                );
            }
            UsageReading::PathNotAbsolute { path, failure } => {
                let written = cx.slice(*path);
                out.report(*path, format!("Content-Usage: `{written}` is no path (paths start with `/`): {IGNORED}"))
                    .help(format!(
                        "a value that does not start with `/` has no path, so readers parse all of it as the \
                         statement, which fails at byte {}: {}",
                        failure.at - rule.statement.start,
                        failure.reason
                    ))
                    .fix(
                        Applicability::Unsafe,
                        format!("start the path with `/`: `/{written}`"),
                        vec![Edit::insert(path.start, "/")],
                    );
            }
            UsageReading::Unparsable(failure) if !failure.uppercase_keys.is_empty() => {
                uppercase_keys(cx, out, failure);
            }
            UsageReading::Unparsable(failure) => unparsable(cx, out, &rule, failure),
            UsageReading::Dictionary(members) => {
                for (index, member) in members.iter().enumerate() {
                    let later = &members[index + 1..];
                    match later.iter().find(|other| cx.slice(other.key) == cx.slice(member.key)) {
                        Some(winner) => repeated(cx, out, member, winner),
                        None => judge_member(cx, out, member),
                    }
                }
            }
        }
    }
}

fn uppercase_keys(cx: &Context<'_, '_>, out: &mut Findings, failure: &ParseFailure) {
    let Some((&first, others)) = failure.uppercase_keys.split_first() else { return };
    let edits =
        failure.uppercase_keys.iter().map(|&key| Edit::replace(key, cx.slice(key).to_ascii_lowercase())).collect();
    let diagnostic = out.report(first, format!("Content-Usage: upper-case key `{}`: {IGNORED}", cx.slice(first)));
    for &key in others {
        diagnostic.label(key, "also upper case");
    }
    diagnostic
        .help(
            "keys of a Structured Fields dictionary are lower case (RFC 9651 §3.2), and the AIPREF labels are \
             compared byte for byte: a dictionary with an upper-case key fails to parse as a whole",
        )
        // Safe: the statement means what it says once its keys are lower case, and no Allow or
        // Disallow decision changes.
        .fix(Applicability::Safe, "write the keys in lower case", edits);
}

fn unparsable(cx: &Context<'_, '_>, out: &mut Findings, rule: &UsageRule, failure: &ParseFailure) {
    let end = cx.text[failure.at..].chars().next().map_or(failure.at, |c| failure.at + c.len_utf8());
    let at = Span::new(failure.at, end.min(rule.statement.end.max(failure.at)));
    let shown = if at.is_empty() { "the end".to_string() } else { format!("`{}`", cx.slice(at).escape_debug()) };
    let statement = cx.slice(rule.statement);
    let spaced = statement.contains(" =") || statement.contains("= ");
    out.report(at, format!("Content-Usage statement does not parse at {shown}: {IGNORED}")).help(format!(
        "the statement is a Structured Fields dictionary (RFC 9651 §4.2.2), such as `train-ai=n, search=y`; \
         the parser stops at byte {} ({}){}",
        failure.at - rule.statement.start,
        failure.reason,
        if spaced { "; no space may stand before or after `=`" } else { "" }
    ));
}

/// A key given again later: RFC 9651 keeps the last value.
fn repeated(cx: &Context<'_, '_>, out: &mut Findings, earlier: &Member, winner: &Member) {
    let written = cx.slice(earlier.span());
    let value_of = |member: &Member| member.value.map(|value| cx.slice(value));
    if value_of(earlier) == value_of(winner) {
        out.report(earlier.span(), format!("Content-Usage: `{written}` is repeated later; one is enough"))
            .label(winner.span(), "the same again")
            .severity = Severity::Info;
        return;
    }
    out.report(
        earlier.span(),
        format!("Content-Usage: `{written}` is overridden by `{}` later on the line", cx.slice(winner.span())),
    )
    .label(earlier.span(), "ignored: the last value of a key wins")
    .label(winner.span(), "this one counts")
    .help("RFC 9651 keeps only the last value of a repeated key (draft-ietf-aipref-vocab §6.5.1); write each key once");
}

fn judge_member(cx: &Context<'_, '_>, out: &mut Findings, member: &Member) {
    let key = cx.slice(member.key);
    if let Some(category) = Category::ALL.into_iter().find(|category| category.label() == key) {
        value_not_y_or_n(cx, out, member, category);
    } else if let Some(&(label, instead)) = DROPPED_LABELS.iter().find(|(label, _)| *label == key) {
        out.report(
            member.key,
            format!("Content-Usage: `{label}` was dropped from the AIPREF vocabulary; every reader ignores it"),
        )
        .help(format!(
            "draft-ietf-aipref-vocab-00 and -01 (2025) had this label; the current draft knows only `train-ai` and \
             `search`, and {instead}"
        ));
    } else if let Some(&(signal_key, category)) = SIGNAL_KEYS.iter().find(|(signal_key, _)| *signal_key == key) {
        signal_key_in_usage(cx, out, member, signal_key, category);
    } else if let Some(meant) = near_miss(key, &[Category::TrainAi.label(), Category::Search.label()]) {
        out.report(
            member.key,
            format!("Content-Usage: unknown label `{key}`, which readers ignore; did you mean `{meant}`?"),
        )
        .help("the AIPREF labels are `train-ai` and `search`, spelt exactly; unknown labels are skipped")
        .fix(Applicability::Unsafe, format!("write `{meant}`"), vec![Edit::replace(member.key, meant)]);
    }
    if let Some(parameters) = member.parameters {
        judge_parameters(cx, out, key, parameters);
    }
}

/// Parameters mean nothing (vocab §6.4), which is information, unless one of them is a
/// preference that a `;` written for `,` turned into a parameter (`train-ai=n; search=y`).
fn judge_parameters(cx: &Context<'_, '_>, out: &mut Findings, key: &str, parameters: Span) {
    let mut offset = parameters.start;
    for parameter in cx.slice(parameters).split(';') {
        let start = offset;
        offset += parameter.len() + 1;
        let name = parameter.split('=').next().unwrap_or("").trim_start_matches([' ', '\t']);
        let Some(category) = Category::ALL.into_iter().find(|category| category.label() == name) else { continue };
        // `start` is the `;` before this parameter (the text before the first `;` is empty).
        let separator = Span::new(start - 1, start);
        let written = parameter.trim_start_matches([' ', '\t']);
        out.report(
            separator,
            format!(
                "Content-Usage: `;` makes `{written}` a parameter of `{key}`, so `{}` stays unknown",
                category.label()
            ),
        )
        .help("a `;` starts parameters, which readers ignore; members of the dictionary are separated by `,`")
        // Safe: the line plainly lists two preferences, and no crawling decision changes.
        .fix(Applicability::Safe, "separate the preferences with `,`", vec![Edit::replace(separator, ",")]);
        return;
    }
    out.report(parameters, format!("Content-Usage: the parameters of `{key}` mean nothing to any reader"))
        .help("draft-ietf-aipref-vocab §6.4 defines no parameters, and readers ignore them")
        .severity = Severity::Info;
}

/// A category's value other than the tokens `y` and `n`.
fn value_not_y_or_n(cx: &Context<'_, '_>, out: &mut Findings, member: &Member, category: Category) {
    let label = category.label();
    let written = member.value.map(|value| cx.slice(value));
    if member.kind == ValueKind::Token && matches!(written, Some("y" | "n")) {
        return;
    }
    let message = match member.value {
        Some(value) => format!(
            "Content-Usage: `{}` leaves `{label}` unknown: the value is `y` or `n`",
            cx.slice(member.key.to(value))
        ),
        None => format!("Content-Usage: `{label}` without `=y` or `=n` leaves it unknown"),
    };
    let diagnostic = out.report(member.value.unwrap_or(member.key), message);
    diagnostic.help(format!(
        "readers take only the tokens `y` (allow) and `n` (disallow); {} is neither, so the preference for \
         `{label}` is unknown (draft-ietf-aipref-vocab §6.5)",
        match written {
            Some(_) => member.kind.describe(),
            None => "a key without a value (boolean true)",
        }
    ));
    let meaning = written.and_then(yes_or_no);
    if let (Some(value), Some((yes, word))) = (member.value, meaning) {
        let token = if yes { "y" } else { "n" };
        // A word (`yes`, `no`, `true`) plainly means its token; a number or boolean is a guess.
        let applicability = if word { Applicability::Safe } else { Applicability::Unsafe };
        diagnostic.fix(applicability, format!("write `{label}={token}`"), vec![Edit::replace(value, token)]);
    }
}

/// A Content-Signal key written in a Content-Usage statement.
fn signal_key_in_usage(
    cx: &Context<'_, '_>,
    out: &mut Findings,
    member: &Member,
    signal_key: &str,
    category: Option<Category>,
) {
    let diagnostic = out.report(
        member.key,
        format!("Content-Usage: `{signal_key}` is a Content-Signal key, which Content-Usage readers ignore"),
    );
    let Some(category) = category else {
        diagnostic.help(format!(
            "the AIPREF vocabulary has no `{signal_key}` category; state it on a Content-Signal line instead"
        ));
        return;
    };
    let label = category.label();
    diagnostic.help(format!("Content-Usage uses the AIPREF labels: `{label}` with `y` or `n`"));
    let token = member.value.and_then(|value| yes_or_no(cx.slice(value))).map(|(yes, _)| if yes { "y" } else { "n" });
    if let (Some(value), Some(token)) = (member.value, token) {
        diagnostic.fix(
            Applicability::Unsafe,
            format!("write `{label}={token}`"),
            vec![Edit::replace(member.key, label), Edit::replace(value, token)],
        );
    }
}
