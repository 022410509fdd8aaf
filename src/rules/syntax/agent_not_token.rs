use crate::agents::{Agent, Extension, Registry};
use crate::diagnostic::{Applicability, Edit, Evidence};
use crate::dialect::{product_token, Dialect};
use crate::model::{Directive, Line, LineIndex, Span};
use crate::rules::{Context, Findings};
use crate::text;
use crate::text::first_non_token_char;

/// A warning where the value names a crawler of the registry that today's robots then miss
/// (`Mozilla/5.0 (compatible; bingbot/2.0)`, which Google reads as `Mozilla`); information
/// where they find the name anyway (`Googlebot/2.1` is cut to `Googlebot`) or the value
/// names no crawler that still fetches pages.
pub fn check(cx: &Context<'_, '_>, index: LineIndex, line: &Line, out: &mut Findings) {
    let registry = Registry::builtin();
    let Some(field) = line.user_agent() else { return };
    let value = cx.slice(field.value);
    let Some((at, c)) = first_non_token_char(value) else { return };
    let bad = Span::new(field.value.start() + at, field.value.start() + at + c.len_utf8());
    let what = match c {
        ' ' | '\t' => text!("whitespace"),
        c if c.is_ascii_control() => text!("the control character U+{}", format!("{:04X}", u32::from(c))),
        c if !c.is_ascii() => text!("the non-ASCII character `{}`", bad),
        _ => text!("`{}`", bad),
    };
    let diagnostic = out
        .report(
            field.value,
            text!(
                "`{}` is not a single robot name token: {} cannot be part of one",
                value.escape_debug().to_string(),
                what
            ),
        )
        .label(bad, "the token ends here")
        .help(
            "name the robot by its product token alone (`Googlebot`, not `Googlebot/2.1`): RFC 9309 tokens \
             are letters, `_` and `-`, and Google cuts the value at the first other character",
        );
    // Google and RFC 9309 read the value up to its first character other than a letter,
    // `_` or `-` (`+Baiduspider/2.0` is read as nothing).
    let read = product_token(value);
    match missed_crawler(registry, value, read) {
        Some(crawler) => {
            let what_is_read = if read.is_empty() { "no name".to_string() } else { format!("only `{read}`") };
            diagnostic
                .note(format!("the value names `{}`, but today's robots read {what_is_read} here", crawler.token));
            if missing_it_changes_nothing(cx, index, crawler) {
                diagnostic.evidence(Evidence::NoEffect);
            }
        }
        None => {
            diagnostic.evidence(Evidence::NoEffect);
        }
    }
    if let Some(name) = versioned_name(value) {
        diagnostic.fix(
            Applicability::Unsafe,
            format!("Replace `{value}` with `{name}`"),
            vec![Edit::replace(field.value, name.to_string())],
        );
    }
}

/// A current crawler of the registry that `value` names, when `read` (what today's robots
/// read of the value) does not name that crawler too. Two neighbouring words are tried
/// first, joined by `-` and by nothing, for a name split by a look-alike dash or a space
/// (`Applebot–Extended`, `Yandex Images`); then each word that stands as a product token
/// with a version where a browser-style string names its robot, in the comment after
/// `Mozilla/5.0 (`, or anywhere when today's robots read nothing of the value. A word alone
/// is not enough: registry tokens include plain words (`Spider`) that many other robots'
/// names end with, and the products after a robot's own (`MOMspider/1.0 libwww-perl/0.40`)
/// are the libraries it is built on.
fn missed_crawler<'r>(registry: &'r Registry, value: &str, read: &str) -> Option<&'r Agent> {
    let words: Vec<&str> = value
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
        .filter(|word| !word.is_empty())
        .collect();
    let pairs = words.windows(2).flat_map(|pair| [format!("{}-{}", pair[0], pair[1]), pair.concat()]);
    let named_robot_in = if read.is_empty() { Some(value) } else { value.split_once('(').map(|(_, comment)| comment) };
    let products = named_robot_in.into_iter().flat_map(|part| {
        words.iter().filter(move |word| part.contains(&format!("{word}/"))).map(|word| word.to_string())
    });
    let mut names = pairs.chain(products);
    let named = names.find_map(|name| registry.find(&name).filter(|crawler| !crawler.is_retired()))?;
    let read_names_it = registry.find(read).is_some_and(|crawler| std::ptr::eq(crawler, named));
    (!read_names_it).then_some(named)
}

/// Whether the crawler that the group on line `index` misses obeys what the group says all
/// the same: the rules it obeys now are the group's, and so is the Crawl-delay where it
/// reads one (a group that only sets a delay for a robot that ignores delays meant nothing
/// else for it).
fn missing_it_changes_nothing(cx: &Context<'_, '_>, index: LineIndex, crawler: &Agent) -> bool {
    let Some(record) = cx.doc.record_of(index) else { return true };
    let lines = cx.lines();
    let rules_of = |rules: &mut dyn Iterator<Item = LineIndex>| {
        let mut rules: Vec<(bool, &str)> = rules
            .filter_map(|rule| {
                let field = lines[rule].field()?;
                Some((field.is(Directive::Allow), cx.slice(field.value).trim()))
            })
            .collect();
        rules.sort_unstable();
        rules.dedup();
        rules
    };
    let delay_of = |extensions: &[LineIndex]| {
        extensions.iter().find_map(|&line| {
            let field = lines[line].field().filter(|field| field.is(Directive::CrawlDelay))?;
            Some(cx.slice(field.value).trim())
        })
    };
    let (obeyed_agents, _) = cx.witnesses().obeyed(crawler.token.as_ref(), Dialect::Google);
    let obeyed_record = obeyed_agents.first().and_then(|&line| cx.doc.record_of(line));
    let obeyed_rules = obeyed_record.map_or_else(Vec::new, |obeyed| rules_of(&mut obeyed.governed_rules()));
    let meant_rules = rules_of(&mut record.governed_rules());
    let reads_delay = crawler.reads.contains(&Extension::CrawlDelay);
    let same_delay =
        !reads_delay || obeyed_record.and_then(|obeyed| delay_of(&obeyed.extensions)) == delay_of(&record.extensions);
    let only_a_delay = meant_rules.is_empty()
        && record.extensions.iter().all(|&line| lines[line].directive() == Some(Directive::CrawlDelay));
    (obeyed_rules == meant_rules && same_delay)
        || (only_a_delay && !reads_delay)
        || claims_another_operator(
            cx.slice(lines[index].field().map_or(lines[index].span, |field| field.value)),
            crawler,
        )
}

/// Whether the value is another operator's robot describing itself as compatible with the
/// crawler: its URL (`+https://deepcrawl.com/bot`) is on a domain the crawler's
/// documentation is not.
fn claims_another_operator(value: &str, crawler: &Agent) -> bool {
    let domain = |url: &str| {
        let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
        let host = rest.split(['/', ')', ';', ' ']).next().unwrap_or_default().to_ascii_lowercase();
        let labels: Vec<&str> = host.split('.').collect();
        labels[labels.len().saturating_sub(2)..].join(".")
    };
    let crawler_domain = domain(&crawler.docs);
    value.match_indices("http").any(|(at, _)| {
        let url = &value[at..];
        (url.starts_with("http://") || url.starts_with("https://")) && domain(url) != crawler_domain
    })
}

/// `Name/1.2` → `Name`, when nothing else stands in the value and the name is all that
/// today's robots read (`+Name/1.2` would still be read as nothing).
fn versioned_name(value: &str) -> Option<&str> {
    let (name, version) = value.split_once('/')?;
    let plain_name = !name.is_empty() && product_token(name) == name;
    let plain_version = version.chars().all(|c| c.is_ascii_alphanumeric() || c == '.');
    (plain_name && plain_version).then_some(name)
}
