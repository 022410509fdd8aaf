//! How long a robot may keep the robots.txt it fetched, from `Cache-Control`, `Expires`
//! and `Date` (RFC 9111 §4.2.1, §5.2, §5.3), and what each dialect makes of it: the 1996
//! draft keeps a copy 7 days when no header says otherwise (§3.4); RFC 9309 keeps one at
//! most 24 hours (§2.4).

use super::headers::Headers;

/// One day in seconds: the unit the lifetimes below count in.
pub const DAY: u64 = 24 * 60 * 60;
/// The 1996 draft's default expiry (§3.4).
pub const DRAFT_DEFAULT_LIFETIME: u64 = 7 * DAY;
/// RFC 9309 §2.4: a cached copy SHOULD NOT be used for more than 24 hours.
pub const RFC9309_MAX_LIFETIME: u64 = DAY;

/// What the headers allow a cache to do with the response.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Freshness {
    /// `Cache-Control: no-store`: no copy may be kept.
    NoStore,
    /// A copy must be checked with the server before every use: `no-cache`, `max-age=0`,
    /// an invalid `max-age`, or an `Expires` at or before `Date` (or not a date).
    Revalidate {
        /// The header that says so, quoted, as in `` `Cache-Control: no-cache` ``.
        because: String,
    },
    /// Fresh for this many seconds.
    Lifetime {
        /// How long a copy stays fresh, in seconds.
        seconds: u64,
        /// The headers that say so, quoted, as in `` `Cache-Control: max-age=3600` ``.
        because: String,
    },
    /// Fresh until an `Expires` date, with no `Date` header to count from: each robot
    /// counts from its own clock.
    Until {
        /// The `Expires` header's value, as sent.
        expires: String,
    },
    /// No header about caching: each dialect's default applies.
    Unspecified,
}

impl Freshness {
    /// What `headers` allow: `Cache-Control` first, then `Expires` against `Date`.
    pub fn of(headers: &Headers) -> Freshness {
        let cache_control = headers.combined("cache-control").unwrap_or_default();
        let directives: Vec<(String, Option<String>)> = cache_control
            .split(',')
            .filter_map(|directive| {
                let (name, value) = match directive.split_once('=') {
                    Some((name, value)) => (name, Some(value.trim().trim_matches('"').to_string())),
                    None => (directive, None),
                };
                let name = name.trim().to_ascii_lowercase();
                (!name.is_empty()).then_some((name, value))
            })
            .collect();
        let directive = |wanted: &str| directives.iter().find(|(name, _)| name == wanted);
        if directive("no-store").is_some() {
            return Freshness::NoStore;
        }
        if directive("no-cache").is_some() {
            return Freshness::Revalidate { because: "`Cache-Control: no-cache`".into() };
        }
        if let Some((_, value)) = directive("max-age") {
            let value = value.as_deref().unwrap_or_default();
            return match delta_seconds(value) {
                Some(0) => Freshness::Revalidate { because: "`Cache-Control: max-age=0`".into() },
                Some(seconds) => Freshness::Lifetime { seconds, because: format!("`Cache-Control: max-age={value}`") },
                None => Freshness::Revalidate {
                    because: format!("`Cache-Control: max-age={value}`, which is not a number of seconds"),
                },
            };
        }
        let Some(expires) = headers.get("expires") else { return Freshness::Unspecified };
        let Some(expires_at) = parse_http_date(expires) else {
            return Freshness::Revalidate { because: format!("`Expires: {expires}`, which is not a date") };
        };
        let Some(date) = headers.get("date") else { return Freshness::Until { expires: expires.to_string() } };
        let Some(date_at) = parse_http_date(date) else { return Freshness::Until { expires: expires.to_string() } };
        let because = format!("`Expires: {expires}` with `Date: {date}`");
        match u64::try_from(expires_at - date_at) {
            Ok(seconds) if seconds > 0 => Freshness::Lifetime { seconds, because },
            _ => Freshness::Revalidate { because },
        }
    }
}

/// RFC 9111 §1.2.2: a number of seconds, where a number too large to hold means 2³¹.
fn delta_seconds(text: &str) -> Option<u64> {
    const TOO_LARGE: u64 = 1 << 31;
    if text.is_empty() || !text.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    Some(text.parse::<u64>().map_or(TOO_LARGE, |seconds| seconds.min(TOO_LARGE)))
}

/// `7 days`, `1 hour and 30 minutes`, `45 seconds`.
pub fn describe_duration(seconds: u64) -> String {
    let units = [(DAY, "day"), (3600, "hour"), (60, "minute"), (1, "second")];
    let mut left = seconds;
    let mut parts = Vec::new();
    for (size, name) in units {
        let count = left / size;
        left %= size;
        if count > 0 {
            parts.push(format!("{count} {name}{}", if count == 1 { "" } else { "s" }));
        }
    }
    match parts.split_last() {
        None => "0 seconds".to_string(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// Seconds since 1970 of an HTTP date in any of the three forms RFC 9110 §5.6.7 says a
/// recipient must accept: `Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT`
/// and `Sun Nov  6 08:49:37 1994`.
pub fn parse_http_date(text: &str) -> Option<i64> {
    let text = text.trim();
    let after_day_name = match text.split_once(',') {
        Some((_, rest)) => rest,
        None => text.split_once(' ')?.1,
    };
    let tokens: Vec<&str> = after_day_name.split_whitespace().collect();
    let (day, month, year, time) = match tokens.as_slice() {
        [day, month, year, time, "GMT"] => (*day, *month, year.parse::<i64>().ok()?, *time),
        [date, time, "GMT"] => {
            let mut parts = date.split('-');
            let (day, month, year) = (parts.next()?, parts.next()?, parts.next()?);
            // RFC 9110 §5.6.7: a two-digit year more than 50 years ahead is in the past.
            let year: i64 = match year.parse().ok()? {
                two_digits @ 0..=69 => 2000 + two_digits,
                two_digits @ 70..=99 => 1900 + two_digits,
                other => other,
            };
            (day, month, year, *time)
        }
        [month, day, time, year] => (*day, *month, year.parse::<i64>().ok()?, *time),
        _ => return None,
    };
    let day: i64 = day.parse().ok().filter(|day| (1..=31).contains(day))?;
    // Four-digit years keep the arithmetic below far from overflow.
    let year = Some(year).filter(|year| (1..=9999).contains(year))?;
    const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
    let month = MONTHS.iter().position(|name| name.eq_ignore_ascii_case(month))? as i64 + 1;
    let mut clock = time.split(':').map(|part| part.parse::<i64>().ok());
    let (hour, minute, second) = (clock.next()??, clock.next()??, clock.next()??);
    if clock.next().is_some() || !(0..=23).contains(&hour) || !(0..=59).contains(&minute) || !(0..=60).contains(&second)
    {
        return None;
    }
    Some(days_since_epoch(year, month, day) * DAY as i64 + hour * 3600 + minute * 60 + second)
}

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar, counting years from
/// March so that the leap day comes last.
fn days_since_epoch(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_from_march = (month + 9) % 12;
    let day_of_year = (153 * month_from_march + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    fn freshness(fields: &[(&str, &str)]) -> Freshness {
        Freshness::of(&Headers::new(fields.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect()))
    }

    #[test]
    fn the_three_date_forms_agree() {
        let expected = Some(784_111_777);
        assert_eq!(parse_http_date("Sun, 06 Nov 1994 08:49:37 GMT"), expected);
        assert_eq!(parse_http_date("Sunday, 06-Nov-94 08:49:37 GMT"), expected);
        assert_eq!(parse_http_date("Sun Nov  6 08:49:37 1994"), expected);
        assert_eq!(parse_http_date("Thu, 01 Jan 1970 00:00:00 GMT"), Some(0));
        assert_eq!(parse_http_date("Tue, 29 Feb 2028 12:00:00 GMT"), Some(1_835_438_400));
        for bad in [
            "0",
            "-1",
            "yesterday",
            "Sun, 06 Nov 1994 25:49:37 GMT",
            "Sun, 32 Nov 1994 08:49:37 GMT",
            "Sun, 06 Nov 99999999999999 08:49:37 GMT",
            "Sunday, 06-Nov-9223372036854775807 08:49:37 GMT",
            "Sun, 06 Nov 1994 -9223372036854775808:00:00 GMT",
            "Sun, 06 Nov 1994 08:-1:37 GMT",
            "",
        ] {
            assert_eq!(parse_http_date(bad), None, "{bad}");
        }
    }

    #[test]
    fn max_age_wins_over_expires() {
        let found = freshness(&[
            ("Cache-Control", "public, max-age=3600"),
            ("Expires", "Sun, 06 Nov 1994 08:49:37 GMT"),
            ("Date", "Sun, 06 Nov 1994 08:49:37 GMT"),
        ]);
        assert!(matches!(found, Freshness::Lifetime { seconds: 3600, .. }), "{found:?}");
    }

    #[test]
    fn expires_counts_from_date() {
        let found =
            freshness(&[("Expires", "Mon, 07 Nov 1994 08:49:37 GMT"), ("Date", "Sun, 06 Nov 1994 08:49:37 GMT")]);
        assert!(matches!(found, Freshness::Lifetime { seconds: DAY, .. }), "{found:?}");
        assert!(matches!(freshness(&[("Expires", "0")]), Freshness::Revalidate { .. }));
        assert!(matches!(freshness(&[("Expires", "Mon, 07 Nov 1994 08:49:37 GMT")]), Freshness::Until { .. }));
        let past =
            freshness(&[("Expires", "Sun, 06 Nov 1994 08:49:37 GMT"), ("Date", "Sun, 06 Nov 1994 08:49:37 GMT")]);
        assert!(matches!(past, Freshness::Revalidate { .. }));
    }

    #[test]
    fn directives_that_stop_caching() {
        assert_eq!(freshness(&[("Cache-Control", "No-Store")]), Freshness::NoStore);
        assert!(matches!(freshness(&[("Cache-Control", "no-cache")]), Freshness::Revalidate { .. }));
        assert!(matches!(freshness(&[("Cache-Control", "max-age=0")]), Freshness::Revalidate { .. }));
        assert!(matches!(freshness(&[("Cache-Control", "max-age=soon")]), Freshness::Revalidate { .. }));
        let huge = freshness(&[("Cache-Control", "max-age=99999999999999999999999")]);
        assert!(matches!(huge, Freshness::Lifetime { seconds: 2_147_483_648, .. }), "{huge:?}");
        assert_eq!(freshness(&[]), Freshness::Unspecified);
        assert_eq!(freshness(&[("Cache-Control", "public")]), Freshness::Unspecified);
    }

    #[test]
    fn durations_read_naturally() {
        assert_eq!(describe_duration(7 * DAY), "7 days");
        assert_eq!(describe_duration(3600), "1 hour");
        assert_eq!(describe_duration(5400), "1 hour and 30 minutes");
        assert_eq!(describe_duration(DAY + 3661), "1 day, 1 hour, 1 minute and 1 second");
        assert_eq!(describe_duration(0), "0 seconds");
    }
}
