use crate::diagnostic::{Applicability, Edit, Severity};
use crate::model::Span;
use crate::preferences::{Category, Member, ParseFailure, Preferences, UsageReading, UsageRule, ValueKind};
use crate::rules::{Context, Findings};
use crate::text;

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
                out.report(*path, text!("Content-Usage: `{}` is no path (paths start with `/`): {}", *path, IGNORED))
                    .help(text!(
                        "a value that does not start with `/` has no path, so readers parse all of it as the \
                         statement, which fails at byte {}: {}",
                        failure.at - rule.statement.start(),
                        failure.reason.clone()
                    ))
                    .fix(
                        Applicability::Unsafe,
                        format!("start the path with `/`: `/{written}`"),
                        vec![Edit::insert(path.start(), "/")],
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
    let diagnostic = out.report(first, text!("Content-Usage: upper-case key `{}`: {}", first, IGNORED));
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
    let at = Span::new(failure.at, end.min(rule.statement.end().max(failure.at)));
    // Escaped, so not the span's bytes as they are.
    let shown = if at.is_empty() { text!("the end") } else { text!("`{}`", cx.slice(at).escape_debug().to_string()) };
    let statement = cx.slice(rule.statement);
    let spaced = statement.contains(" =") || statement.contains("= ");
    out.report(at, text!("Content-Usage statement does not parse at {}: {}", shown, IGNORED)).help(text!(
        "the statement is a Structured Fields dictionary (RFC 9651 §4.2.2), such as `train-ai=n, search=y`; \
         the parser stops at byte {} ({}){}",
        failure.at - rule.statement.start(),
        failure.reason.clone(),
        if spaced { "; no space may stand before or after `=`" } else { "" }
    ));
}

/// A key given again later: RFC 9651 keeps the last value.
fn repeated(cx: &Context<'_, '_>, out: &mut Findings, earlier: &Member, winner: &Member) {
    let value_of = |member: &Member| member.value.map(|value| cx.slice(value));
    if value_of(earlier) == value_of(winner) {
        out.report(earlier.span(), text!("Content-Usage: `{}` is repeated later; one is enough", earlier.span()))
            .label(winner.span(), "the same again")
            .severity = Severity::Info;
        return;
    }
    out.report(
        earlier.span(),
        text!("Content-Usage: `{}` is overridden by `{}` later on the line", earlier.span(), winner.span()),
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
            text!("Content-Usage: `{}` was dropped from the AIPREF vocabulary; every reader ignores it", label),
        )
        .help(text!(
            "draft-ietf-aipref-vocab-00 and -01 (2025) had this label; the current draft knows only `train-ai` and \
             `search`, and {}",
            instead
        ));
    } else if let Some(&(signal_key, category)) = SIGNAL_KEYS.iter().find(|(signal_key, _)| *signal_key == key) {
        signal_key_in_usage(cx, out, member, signal_key, category);
    } else if let Some(meant) = near_miss(key, &[Category::TrainAi.label(), Category::Search.label()]) {
        out.report(
            member.key,
            text!("Content-Usage: unknown label `{}`, which readers ignore; did you mean `{}`?", member.key, meant),
        )
        .help("the AIPREF labels are `train-ai` and `search`, spelt exactly; unknown labels are skipped")
        .fix(Applicability::Unsafe, format!("write `{meant}`"), vec![Edit::replace(member.key, meant)]);
    }
    if let Some(parameters) = member.parameters {
        judge_parameters(cx, out, member.key, parameters);
    }
}

/// Parameters mean nothing (vocab §6.4), which is information, unless one of them is a
/// preference that a `;` written for `,` turned into a parameter (`train-ai=n; search=y`).
fn judge_parameters(cx: &Context<'_, '_>, out: &mut Findings, key: Span, parameters: Span) {
    let mut offset = parameters.start();
    for parameter in cx.slice(parameters).split(';') {
        let start = offset;
        offset += parameter.len() + 1;
        let name = parameter.split('=').next().unwrap_or("").trim_start_matches([' ', '\t']);
        let Some(category) = Category::ALL.into_iter().find(|category| category.label() == name) else { continue };
        // `start` is the `;` before this parameter (the text before the first `;` is empty).
        let separator = Span::new(start - 1, start);
        // The parameter without the spaces after its `;`.
        let end = start + parameter.len();
        let written = Span::new(end - parameter.trim_start_matches([' ', '\t']).len(), end);
        out.report(
            separator,
            text!(
                "Content-Usage: `;` makes `{}` a parameter of `{}`, so `{}` stays unknown",
                written,
                key,
                category.label()
            ),
        )
        .help("a `;` starts parameters, which readers ignore; members of the dictionary are separated by `,`")
        // Safe: the line plainly lists two preferences, and no crawling decision changes.
        .fix(Applicability::Safe, "separate the preferences with `,`", vec![Edit::replace(separator, ",")]);
        return;
    }
    out.report(parameters, text!("Content-Usage: the parameters of `{}` mean nothing to any reader", key))
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
        Some(value) => {
            text!("Content-Usage: `{}` leaves `{}` unknown: the value is `y` or `n`", member.key.to(value), label)
        }
        None => text!("Content-Usage: `{}` without `=y` or `=n` leaves it unknown", label),
    };
    let diagnostic = out.report(member.value.unwrap_or(member.key), message);
    diagnostic.help(text!(
        "readers take only the tokens `y` (allow) and `n` (disallow); {} is neither, so the preference for \
         `{}` is unknown (draft-ietf-aipref-vocab §6.5)",
        match written {
            Some(_) => member.kind.describe(),
            None => "a key without a value (boolean true)",
        },
        label
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
    signal_key: &'static str,
    category: Option<Category>,
) {
    let diagnostic = out.report(
        member.key,
        text!("Content-Usage: `{}` is a Content-Signal key, which Content-Usage readers ignore", signal_key),
    );
    let Some(category) = category else {
        diagnostic.help(text!(
            "the AIPREF vocabulary has no `{}` category; state it on a Content-Signal line instead",
            signal_key
        ));
        return;
    };
    let label = category.label();
    diagnostic.help(text!("Content-Usage uses the AIPREF labels: `{}` with `y` or `n`", label));
    let token = member.value.and_then(|value| yes_or_no(cx.slice(value))).map(|(yes, _)| if yes { "y" } else { "n" });
    if let (Some(value), Some(token)) = (member.value, token) {
        diagnostic.fix(
            Applicability::Unsafe,
            format!("write `{label}={token}`"),
            vec![Edit::replace(member.key, label), Edit::replace(value, token)],
        );
    }
}
