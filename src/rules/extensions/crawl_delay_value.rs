use crate::diagnostic::{Applicability, Arg, Edit, Severity};
use crate::model::{Directive, Line, LineIndex};
use crate::rules::{Context, Findings};
use crate::text;
use crate::text::abbreviate;

/// Above this many seconds a delay is more likely a mistake (minutes, milliseconds) than a
/// wish: 60 s already allows no more than 1,440 fetches a day.
const MOST_SECONDS: f64 = 60.0;

const WHO: &str = "Crawl-delay is no standard field: Bing and some other crawlers honour it, \
                   Google ignores it entirely, and Yandex has ignored it since 2018";

pub fn check(cx: &Context<'_, '_>, _: LineIndex, line: &Line, out: &mut Findings) {
    let Some(field) = line.field().filter(|field| field.is(Directive::CrawlDelay)) else { return };
    let value = cx.slice(field.value);
    if value.is_empty() {
        out.report(field.name, "a Crawl-delay line with no value").help(text!(
            "the value is the number of seconds to wait between fetches; robots that honour it skip an empty line. {}",
            WHO
        ));
        return;
    }
    if let Some(seconds) = number(value) {
        if seconds > MOST_SECONDS {
            let per_day = (86_400.0 / seconds).floor();
            let quoted = Arg::Abbreviated(field.value, 40);
            // The robots that honour Crawl-delay read a long delay as written; whether it is
            // a deliberate throttle or milliseconds written as seconds only the site knows,
            // so it is a question for the admin, not a misreading.
            let diagnostic = out
                .report(
                    field.value,
                    text!(
                        "`Crawl-delay: {}` asks robots to wait {} seconds between fetches: at most {} fetches a day",
                        quoted.clone(),
                        quoted,
                        per_day.to_string()
                    ),
                )
                .help(text!(
                "the value is in seconds; delays up to about 10 are usual, and anything over {} is usually minutes or \
                 milliseconds written as seconds. {}",
                MOST_SECONDS.to_string(),
                WHO
            ));
            diagnostic.severity = Severity::Info;
        }
        return;
    }
    if value.strip_prefix('-').is_some_and(|rest| number(rest).is_some()) {
        out.report(
            field.value,
            text!(
                "`Crawl-delay: {}` is negative: no robot can wait less than no time",
                Arg::Abbreviated(field.value, 40)
            ),
        )
        .help(text!("write `0` or delete the line if robots need not wait. {}", WHO));
        return;
    }
    let diagnostic = out
        .report(
            field.value,
            text!("`{}` is not a number: Crawl-delay takes a number of seconds", Arg::Abbreviated(field.value, 40)),
        )
        .help(text!("robots that honour Crawl-delay skip a value they cannot read. {}", WHO));
    if let Some(seconds) = seconds_with_unit(value) {
        let quoted = abbreviate(value, 40);
        diagnostic.fix(
            Applicability::Safe,
            format!("Replace `{quoted}` with `{seconds}`"),
            vec![Edit::replace(field.value, seconds.to_string())],
        );
    }
}

/// A plain decimal number of seconds: `10`, `0.5`, `.5`.
fn number(value: &str) -> Option<f64> {
    let (whole, fraction) = value.split_once('.').unwrap_or((value, ""));
    let digits = |part: &str| part.chars().all(|c| c.is_ascii_digit());
    let valid = digits(whole) && digits(fraction) && !(whole.is_empty() && fraction.is_empty());
    if !valid || (value.contains('.') && fraction.is_empty()) {
        return None;
    }
    value.parse().ok()
}

/// `10s`, `10 sec`, `10 seconds` → `10`.
fn seconds_with_unit(value: &str) -> Option<&str> {
    let end = value.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(value.len());
    let (amount, unit) = value.split_at(end);
    let unit = unit.trim_start().to_ascii_lowercase();
    let is_seconds = matches!(unit.as_str(), "s" | "sec" | "secs" | "second" | "seconds");
    (is_seconds && number(amount).is_some()).then_some(amount)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(number("10"), Some(10.0));
        assert_eq!(number("0.5"), Some(0.5));
        assert_eq!(number(".5"), Some(0.5));
        for bad in ["", ".", "5.", "1e3", "inf", "NaN", "-1", "10s", "1.2.3", "１０"] {
            assert_eq!(number(bad), None, "{bad}");
        }
    }

    #[test]
    fn units() {
        assert_eq!(seconds_with_unit("10s"), Some("10"));
        assert_eq!(seconds_with_unit("10 Seconds"), Some("10"));
        assert_eq!(seconds_with_unit("10 minutes"), None);
        assert_eq!(seconds_with_unit("s"), None);
    }
}
