use crate::diagnostic::{Applicability, Edit};
use crate::model::Span;
use crate::preferences::{Category, Preferences, SignalLine};
use crate::rules::{Context, Findings};
use crate::text;

use super::{near_miss, yes_or_no};

/// The signals of Cloudflare's Content Signals Policy, each answered `yes` or `no`.
const YES_NO_KEYS: [&str; 3] = ["search", "ai-input", "ai-train"];

/// Cloudflare's `use` signal (announced 1 July 2026): how much of the content a robot may
/// keep and show.
const USE_KEY: &str = "use";
const USE_LEVELS: [&str; 3] = ["immediate", "reference", "full"];

/// Content-Signal values that are not in the form the Content Signals Policy gives them.
/// Keys it does not define are allowed and stay silent unless they look like a known one.
pub fn check(cx: &Context<'_, '_>, out: &mut Findings) {
    for line in Preferences::read(cx.doc, cx.text).signals {
        let Some(field) = cx.lines()[line.line].field() else { continue };
        if line.pairs.is_empty() {
            out.report(field.name, "Content-Signal without any signal: it says nothing")
                .help("write comma-separated `key=value` pairs, such as `search=yes, ai-train=no`");
            continue;
        }
        for pair in &line.pairs {
            let Some((key, value)) = pair.key_value.filter(|(key, _)| !key.is_empty()) else {
                not_a_pair(out, pair.span);
                continue;
            };
            judge_pair(cx, out, key, value);
        }
        repeated_keys(cx, out, &line);
    }
}

fn not_a_pair(out: &mut Findings, span: Span) {
    let message = if span.is_empty() {
        text!("Content-Signal: an empty signal (two commas in a row, or one at either end)")
    } else {
        text!("Content-Signal: `{}` is not a `key=value` pair", span)
    };
    out.report(span, message)
        .help("Content-Signal takes comma-separated `key=value` pairs, such as `search=yes, ai-train=no`");
}

fn judge_pair(cx: &Context<'_, '_>, out: &mut Findings, key: Span, value: Span) {
    let written_key = cx.slice(key);
    let written_value = cx.slice(value);
    let pair = key.to(value);
    if value.is_empty() {
        out.report(pair, text!("Content-Signal: `{}` has no value", pair))
            .help("each signal takes a value: `yes` or `no` (`use` takes `immediate`, `reference` or `full`)");
        return;
    }
    if YES_NO_KEYS.iter().any(|known| known.eq_ignore_ascii_case(written_key)) {
        if written_value.eq_ignore_ascii_case("yes") || written_value.eq_ignore_ascii_case("no") {
            return;
        }
        let diagnostic = out
            .report(value, text!("Content-Signal: `{}` is neither `yes` nor `no`, so it states no preference", pair));
        diagnostic.help("the Content Signals Policy answers each signal with `yes` or `no`");
        if let Some((yes, word)) = yes_or_no(written_value) {
            let answer = if yes { "yes" } else { "no" };
            // A word (`y`, `true`, `deny`) plainly means its answer; a number is a guess.
            let applicability = if word { Applicability::Safe } else { Applicability::Unsafe };
            diagnostic.fix(
                applicability,
                format!("write `{written_key}={answer}`"),
                vec![Edit::replace(value, answer)],
            );
        }
        return;
    }
    if written_key.eq_ignore_ascii_case(USE_KEY) {
        if !USE_LEVELS.iter().any(|level| level.eq_ignore_ascii_case(written_value)) {
            out.report(value, text!("Content-Signal: `{}` is not a level of the `use` signal", pair))
                .help("Cloudflare's `use` signal takes `immediate`, `reference` or `full`");
        }
        return;
    }
    if let Some(category) = Category::ALL.into_iter().find(|category| category.label() == written_key) {
        aipref_label_in_signal(cx, out, key, value, category);
        return;
    }
    if let Some(meant) = near_miss(written_key, &YES_NO_KEYS) {
        out.report(key, text!("Content-Signal: unknown key `{}`, which readers skip; did you mean `{}`?", key, meant))
            .help("the Content Signals Policy's keys are `search`, `ai-input` and `ai-train`")
            .fix(Applicability::Unsafe, format!("write `{meant}`"), vec![Edit::replace(key, meant)]);
    }
}

/// An AIPREF label (`train-ai=n`) written on a Content-Signal line.
fn aipref_label_in_signal(cx: &Context<'_, '_>, out: &mut Findings, key: Span, value: Span, category: Category) {
    let label = category.label();
    let signal_key = category.signal_key();
    let diagnostic = out.report(
        key,
        text!(
            "Content-Signal: `{}` is the AIPREF label of Content-Usage; Content-Signal's key is `{}`",
            label,
            signal_key
        ),
    );
    diagnostic.help(text!(
        "Content-Signal readers know `{}` with `yes` or `no`; `{}=y|n` belongs on a Content-Usage line",
        signal_key,
        label
    ));
    if let Some((yes, _)) = yes_or_no(cx.slice(value)) {
        let answer = if yes { "yes" } else { "no" };
        diagnostic.fix(
            Applicability::Unsafe,
            format!("write `{signal_key}={answer}`"),
            vec![Edit::replace(key, signal_key), Edit::replace(value, answer)],
        );
    }
}

/// A key given twice with different values: readers may take either.
fn repeated_keys(cx: &Context<'_, '_>, out: &mut Findings, line: &SignalLine) {
    let pairs: Vec<(Span, Span)> = line.pairs.iter().filter_map(|pair| pair.key_value).collect();
    for (index, &(key, value)) in pairs.iter().enumerate() {
        let same_key = |&&(other, _): &&(Span, Span)| cx.slice(other).eq_ignore_ascii_case(cx.slice(key));
        let Some(&(later_key, later_value)) = pairs[index + 1..].iter().find(same_key) else { continue };
        if cx.slice(value).eq_ignore_ascii_case(cx.slice(later_value)) {
            continue;
        }
        out.report(
            key.to(value),
            text!(
                "Content-Signal: `{}` and `{}` on one line contradict each other",
                key.to(value),
                later_key.to(later_value)
            ),
        )
        .label(later_key.to(later_value), "the same key again")
        .help("the Content Signals Policy does not say which answer counts; give each key once");
    }
}
