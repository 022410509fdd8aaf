//! Usage preferences: the values of `Content-Usage` (IETF AIPREF: draft-ietf-aipref-attach
//! §3.3, a Structured Fields dictionary read as draft-ietf-aipref-vocab §6 says) and
//! `Content-Signal` (Cloudflare's Content Signals Policy: comma-separated `key=value`
//! pairs). Each line becomes a typed statement with byte spans into the source text and the
//! problems its readers would meet; the `ai` rules turn those into findings.

use crate::model::{Directive, Document, Field, LineIndex, Span};

/// A usage category of the AIPREF vocabulary (draft-ietf-aipref-vocab §4, labels in §6.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Category {
    /// `train-ai`: AI model training.
    TrainAi,
    /// `search`: search applications.
    Search,
}

impl Category {
    /// Both categories, in declaration order.
    pub const ALL: [Category; 2] = [Category::TrainAi, Category::Search];

    /// The Content-Usage label (case-sensitive).
    pub fn label(self) -> &'static str {
        match self {
            Category::TrainAi => "train-ai",
            Category::Search => "search",
        }
    }

    /// The Content-Signal key for the same use.
    pub fn signal_key(self) -> &'static str {
        match self {
            Category::TrainAi => "ai-train",
            Category::Search => "search",
        }
    }
}

/// What a statement says about one category (vocab §3: allowed, disallowed or unknown).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Preference {
    /// The use is allowed: a `y` in Content-Usage, `yes` in Content-Signal.
    Allowed,
    /// The use is disallowed: an `n` in Content-Usage, `no` in Content-Signal.
    Disallowed,
    /// The statement says nothing that counts about the use.
    Unknown,
}

impl Preference {
    /// Vocab §5.1: a disallow anywhere wins, then an allow, else unknown.
    pub fn most_restrictive(self, other: Preference) -> Preference {
        match (self, other) {
            (Preference::Disallowed, _) | (_, Preference::Disallowed) => Preference::Disallowed,
            (Preference::Allowed, _) | (_, Preference::Allowed) => Preference::Allowed,
            _ => Preference::Unknown,
        }
    }
}

/// The kind of an RFC 9651 bare item or inner list, from its first byte (the dictionary has
/// already parsed, so the first byte decides).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    /// A token, as in `y` or `n`: the only kind that states a preference.
    Token,
    /// An integer or decimal, as in `5` or `-1.5`.
    Number,
    /// A quoted string, as in `"y"`.
    String,
    /// A byte sequence: base64 between colons, as in `:eQ==:`.
    ByteSequence,
    /// A boolean, as in `?1`. Also the value of a bare key.
    Boolean,
    /// A date: `@` and seconds since 1970, as in `@1700000000`.
    Date,
    /// A display string, as in `%"y"`.
    DisplayString,
    /// An inner list in parentheses, as in `(y n)`.
    InnerList,
}

impl ValueKind {
    fn of(value: &str) -> ValueKind {
        match value.as_bytes().first() {
            Some(b'(') => ValueKind::InnerList,
            Some(b'"') => ValueKind::String,
            Some(b':') => ValueKind::ByteSequence,
            Some(b'?') => ValueKind::Boolean,
            Some(b'@') => ValueKind::Date,
            Some(b'%') => ValueKind::DisplayString,
            Some(b'-' | b'0'..=b'9') => ValueKind::Number,
            _ => ValueKind::Token,
        }
    }

    /// The kind in a few words, for messages: `a quoted string`.
    pub fn describe(self) -> &'static str {
        match self {
            ValueKind::Token => "a token",
            ValueKind::Number => "a number",
            ValueKind::String => "a quoted string",
            ValueKind::ByteSequence => "a byte sequence",
            ValueKind::Boolean => "a boolean",
            ValueKind::Date => "a date",
            ValueKind::DisplayString => "a display string",
            ValueKind::InnerList => "an inner list",
        }
    }
}

/// One member of a Content-Usage dictionary, as written (duplicates are kept in order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    /// The member's key, as in `train-ai`.
    pub key: Span,
    /// The value after `=`; `None` for a bare key, which RFC 9651 reads as boolean true.
    pub value: Option<Span>,
    /// The kind of its value; a bare key counts as a boolean.
    pub kind: ValueKind,
    /// From the first `;` to the end of the last parameter.
    pub parameters: Option<Span>,
}

impl Member {
    /// The whole member: key, value and parameters.
    pub fn span(&self) -> Span {
        let end = self.parameters.or(self.value).unwrap_or(self.key);
        self.key.to(end)
    }

    /// What the member says about its category (vocab §6.5): only the tokens `y` and `n`
    /// count; any other value leaves it unknown.
    fn preference(&self, text: &str) -> Preference {
        match self.value.map(|value| value.text(text)) {
            Some("y") => Preference::Allowed,
            Some("n") => Preference::Disallowed,
            _ => Preference::Unknown,
        }
    }
}

/// Why RFC 9651 rejects a statement: every reader then ignores all of it (vocab §6.5.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseFailure {
    /// The byte where the parse could go no further.
    pub at: usize,
    /// The parser's reason, without position.
    pub reason: String,
    /// Keys with upper-case letters whose lower-casing alone makes the statement parse.
    pub uppercase_keys: Vec<Span>,
}

/// How a Content-Usage statement reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UsageReading {
    /// No statement at all (an empty value, or a path alone).
    Empty,
    /// The value does not start with `/`, but its first word is a path: readers take the
    /// whole value as the statement, which then cannot parse.
    PathNotAbsolute {
        /// The first word, which holds a `/` or starts with `*`.
        path: Span,
        /// Why the whole value then fails to parse.
        failure: ParseFailure,
    },
    /// The dictionary parses: its members, in order.
    Dictionary(Vec<Member>),
    /// The statement is no RFC 9651 dictionary: every reader ignores all of it.
    Unparsable(ParseFailure),
}

/// One `Content-Usage` line (draft-ietf-aipref-attach §3.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsageRule {
    /// Where the line is: its index in [`Document::lines`].
    pub line: LineIndex,
    /// The path, when the value starts with `/`.
    pub path: Option<Span>,
    /// The statement of preference: the value after the path and its whitespace.
    pub statement: Span,
    /// How the statement reads: empty, a dictionary, or why it fails.
    pub reading: UsageReading,
}

impl UsageRule {
    /// The members in force: for each key, its last occurrence (RFC 9651 §4.2.2).
    pub fn effective_members<'m>(&'m self, text: &str) -> Vec<&'m Member> {
        let UsageReading::Dictionary(members) = &self.reading else { return Vec::new() };
        members
            .iter()
            .enumerate()
            .filter(|&(index, member)| {
                let key = member.key.text(text);
                !members[index + 1..].iter().any(|later| later.key.text(text) == key)
            })
            .map(|(_, member)| member)
            .collect()
    }

    /// What the statement says about `category` (vocab §6.5); unknown when it does not parse.
    pub fn preference(&self, category: Category, text: &str) -> Preference {
        self.effective_members(text)
            .into_iter()
            .find(|member| member.key.text(text) == category.label())
            .map_or(Preference::Unknown, |member| member.preference(text))
    }
}

/// Reads the value of a Content-Usage field.
pub fn usage_rule(line: LineIndex, field: &Field, text: &str) -> UsageRule {
    let value = field.value;
    let written = value.text(text);
    let word_end = written.find([' ', '\t']).unwrap_or(written.len());
    let rest_start = word_end + written[word_end..].len() - written[word_end..].trim_start_matches([' ', '\t']).len();
    let statement_of = |from: usize| Span::new(value.start() + from, value.end());
    if written.starts_with('/') {
        let path = Span::new(value.start(), value.start() + word_end);
        let statement = statement_of(rest_start);
        let reading = read_dictionary(statement, text);
        return UsageRule { line, path: Some(path), statement, reading };
    }
    let statement = statement_of(0);
    let mut reading = read_dictionary(statement, text);
    let first_word = &written[..word_end];
    if let UsageReading::Unparsable(failure) = &reading {
        // `blog/ train-ai=n`, `*.pdf train-ai=n`: a path meant, without its leading `/`.
        if first_word.contains('/') || first_word.starts_with('*') {
            let path = Span::new(value.start(), value.start() + word_end);
            reading = UsageReading::PathNotAbsolute { path, failure: failure.clone() };
        }
    }
    UsageRule { line, path: None, statement, reading }
}

/// Parses `statement` as an RFC 9651 dictionary with the `sfv` crate, then finds each
/// member's spans.
fn read_dictionary(statement: Span, text: &str) -> UsageReading {
    let written = statement.text(text);
    if written.is_empty() {
        return UsageReading::Empty;
    }
    match sfv::Parser::new(written).parse_dictionary_with_visitor(sfv::visitor::Ignored) {
        Ok(()) => UsageReading::Dictionary(member_spans(written, statement.start())),
        Err(error) => {
            let at = statement.start() + error.index().unwrap_or(written.len()).min(written.len());
            let uppercase_keys = uppercase_keys(written)
                .into_iter()
                .map(|key| Span::new(statement.start() + key.start(), statement.start() + key.end()))
                .collect();
            UsageReading::Unparsable(ParseFailure { at, reason: format!("{error:#}"), uppercase_keys })
        }
    }
}

/// The keys (relative spans) with upper-case letters, when lower-casing them makes
/// `statement` parse; empty otherwise.
fn uppercase_keys(statement: &str) -> Vec<Span> {
    let mut keys = Vec::new();
    let mut lowered = String::with_capacity(statement.len());
    let mut offset = 0;
    for member in statement.split(',') {
        let key_start = member.len() - member.trim_start_matches([' ', '\t']).len();
        let key_end = member[key_start..].find(['=', ';']).map_or(member.len(), |at| key_start + at);
        let key = &member[key_start..key_end];
        if key.bytes().any(|byte| byte.is_ascii_uppercase()) {
            keys.push(Span::new(offset + key_start, offset + key_end));
        }
        lowered.push_str(&member[..key_start]);
        lowered.push_str(&key.to_ascii_lowercase());
        lowered.push_str(&member[key_end..]);
        lowered.push(',');
        offset += member.len() + 1;
    }
    lowered.pop();
    let parses = sfv::Parser::new(&lowered).parse_dictionary_with_visitor(sfv::visitor::Ignored).is_ok();
    if parses {
        keys
    } else {
        Vec::new()
    }
}

/// The members of a dictionary that RFC 9651 accepts, with spans offset by `base`. Only
/// valid input comes here, so each part ends where the grammar says; indexing is checked
/// all the same.
fn member_spans(statement: &str, base: usize) -> Vec<Member> {
    let bytes = statement.as_bytes();
    let at = |index: usize| bytes.get(index).copied();
    let is_key_byte = |byte: u8| byte.is_ascii_lowercase() || byte.is_ascii_digit() || b"_-.*".contains(&byte);
    let span = |start: usize, end: usize| Span::new(base + start, base + end);
    let mut members = Vec::new();
    let mut position = skip_whitespace(bytes, 0);
    while position < bytes.len() {
        let key_start = position;
        while at(position).is_some_and(is_key_byte) {
            position += 1;
        }
        let key = span(key_start, position);
        let (value, kind) = if at(position) == Some(b'=') {
            let value_start = position + 1;
            position = item_end(bytes, value_start);
            let value = &statement[value_start.min(position)..position];
            (Some(span(value_start, position)), ValueKind::of(value))
        } else {
            (None, ValueKind::Boolean)
        };
        let parameters_start = position;
        while at(position) == Some(b';') {
            position = skip_whitespace(bytes, position + 1);
            while at(position).is_some_and(is_key_byte) {
                position += 1;
            }
            if at(position) == Some(b'=') {
                position = item_end(bytes, position + 1);
            }
        }
        let parameters = (position > parameters_start).then(|| span(parameters_start, position));
        members.push(Member { key, value, kind, parameters });
        position = skip_whitespace(bytes, position);
        if at(position) == Some(b',') {
            position = skip_whitespace(bytes, position + 1);
        } else if position < bytes.len() {
            // Not reachable for a dictionary that parsed; stop rather than loop.
            break;
        }
    }
    members
}

fn skip_whitespace(bytes: &[u8], mut position: usize) -> usize {
    while matches!(bytes.get(position), Some(b' ' | b'\t')) {
        position += 1;
    }
    position
}

/// Where the bare item or inner list starting at `start` ends.
fn item_end(bytes: &[u8], start: usize) -> usize {
    let mut position = start;
    match bytes.get(position) {
        Some(b'(') => {
            position += 1;
            while let Some(&byte) = bytes.get(position) {
                match byte {
                    b')' => return position + 1,
                    b'"' => position = quoted_end(bytes, position),
                    b'%' if bytes.get(position + 1) == Some(&b'"') => position = quoted_end(bytes, position + 1),
                    _ => position += 1,
                }
            }
            position
        }
        Some(b'"') => quoted_end(bytes, position),
        Some(b'%') if bytes.get(position + 1) == Some(&b'"') => quoted_end(bytes, position + 1),
        _ => {
            while bytes.get(position).is_some_and(|byte| !b",; \t)".contains(byte)) {
                position += 1;
            }
            position
        }
    }
}

/// The end of the quoted string whose opening quote is at `quote`, past its closing quote.
fn quoted_end(bytes: &[u8], quote: usize) -> usize {
    let mut position = quote + 1;
    while let Some(&byte) = bytes.get(position) {
        match byte {
            b'\\' => position += 2,
            b'"' => return position + 1,
            _ => position += 1,
        }
    }
    bytes.len()
}

/// One `key=value` pair of a Content-Signal line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignalPair {
    /// The pair as written, without surrounding whitespace.
    pub span: Span,
    /// The key and the value, without whitespace; `None` when the pair has no `=`.
    pub key_value: Option<(Span, Span)>,
}

/// One `Content-Signal` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignalLine {
    /// Where the line is: its index in [`Document::lines`].
    pub line: LineIndex,
    /// The pairs, in order; an empty one stands for two commas in a row or one at an end.
    pub pairs: Vec<SignalPair>,
}

impl SignalLine {
    /// What the line says about `category`: `yes` allows, `no` disallows (either case); the
    /// last pair of a key decides, as the vocabulary's dictionaries do.
    pub fn preference(&self, category: Category, text: &str) -> Preference {
        let value = self
            .pairs
            .iter()
            .filter_map(|pair| pair.key_value)
            .rfind(|(key, _)| key.text(text).eq_ignore_ascii_case(category.signal_key()))
            .map(|(_, value)| value.text(text));
        match value {
            Some(value) if value.eq_ignore_ascii_case("yes") => Preference::Allowed,
            Some(value) if value.eq_ignore_ascii_case("no") => Preference::Disallowed,
            _ => Preference::Unknown,
        }
    }
}

/// Reads the value of a Content-Signal field: comma-separated pairs, whitespace allowed
/// around commas and `=`.
pub fn signal_line(line: LineIndex, field: &Field, text: &str) -> SignalLine {
    let value = field.value;
    let written = value.text(text);
    let mut pairs = Vec::new();
    let mut offset = 0;
    for part in written.split(',') {
        let (start, trimmed) = trimmed_at(part, offset);
        let span = Span::new(value.start() + start, value.start() + start + trimmed.len());
        let key_value = trimmed.find('=').map(|equals| {
            let (key_start, key) = trimmed_at(&trimmed[..equals], start);
            let (answer_start, answer) = trimmed_at(&trimmed[equals + 1..], start + equals + 1);
            (
                Span::new(value.start() + key_start, value.start() + key_start + key.len()),
                Span::new(value.start() + answer_start, value.start() + answer_start + answer.len()),
            )
        });
        pairs.push(SignalPair { span, key_value });
        offset += part.len() + 1;
    }
    if written.is_empty() {
        pairs.clear();
    }
    SignalLine { line, pairs }
}

/// `part` without surrounding whitespace, and where that starts when `part` starts at
/// `offset`.
fn trimmed_at(part: &str, offset: usize) -> (usize, &str) {
    let trimmed = part.trim_matches([' ', '\t']);
    let lead = part.len() - part.trim_start_matches([' ', '\t']).len();
    (offset + lead, trimmed)
}

/// Every usage-preference line of a document, in file order.
pub struct Preferences {
    /// The Content-Usage lines, in file order.
    pub usage: Vec<UsageRule>,
    /// The Content-Signal lines, in file order.
    pub signals: Vec<SignalLine>,
}

impl Preferences {
    /// Reads every Content-Usage and Content-Signal line of `document`, parsed from `text`.
    pub fn read(document: &Document, text: &str) -> Preferences {
        let mut usage = Vec::new();
        let mut signals = Vec::new();
        for (index, line) in document.lines.iter().enumerate() {
            let Some(field) = line.field() else { continue };
            match field.directive {
                Some(Directive::ContentUsage) => usage.push(usage_rule(index, field, text)),
                Some(Directive::ContentSignal) => signals.push(signal_line(index, field, text)),
                _ => {}
            }
        }
        Preferences { usage, signals }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first Content-Usage line of `value`, read in a one-group file.
    fn usage(value: &str) -> (String, UsageRule) {
        let text = format!("User-agent: *\nContent-Usage: {value}\n");
        let document = crate::parse::parse_text(&text);
        let rule = Preferences::read(&document, &text).usage.remove(0);
        (text, rule)
    }

    fn keys(text: &str, rule: &UsageRule) -> Vec<String> {
        let UsageReading::Dictionary(members) = &rule.reading else { panic!("{:?}", rule.reading) };
        members.iter().map(|member| member.key.text(text).to_string()).collect()
    }

    #[test]
    fn path_and_statement_spans() {
        let (text, rule) = usage("/ai-ok/ train-ai=y, search=n");
        assert_eq!(rule.path.map(|path| path.text(&text)), Some("/ai-ok/"));
        assert_eq!(rule.statement.text(&text), "train-ai=y, search=n");
        assert_eq!(keys(&text, &rule), ["train-ai", "search"]);
        let UsageReading::Dictionary(members) = &rule.reading else { unreachable!() };
        assert_eq!(members[1].value.map(|value| value.text(&text)), Some("n"));
        assert_eq!(rule.preference(Category::TrainAi, &text), Preference::Allowed);
        assert_eq!(rule.preference(Category::Search, &text), Preference::Disallowed);
    }

    #[test]
    fn path_ends_at_tab_and_comment_ends_the_value() {
        let (text, rule) = usage("/x/\tsearch=y # note");
        assert_eq!(rule.path.map(|path| path.text(&text)), Some("/x/"));
        assert_eq!(rule.statement.text(&text), "search=y");
        assert_eq!(rule.preference(Category::Search, &text), Preference::Allowed);
    }

    #[test]
    fn whole_statement_unknown_when_it_does_not_parse() {
        for value in ["Train-AI=n", "train-ai=n;", "train-ai=n,", "train-ai = n", "train-ai=n @", "tráin-ai=n"] {
            let (text, rule) = usage(value);
            assert!(matches!(rule.reading, UsageReading::Unparsable(_)), "{value}: {:?}", rule.reading);
            assert_eq!(rule.preference(Category::TrainAi, &text), Preference::Unknown, "{value}");
        }
        let (text, rule) = usage("Train-AI=n, search=y");
        let UsageReading::Unparsable(failure) = &rule.reading else { unreachable!() };
        assert_eq!(failure.at, rule.statement.start());
        let uppercase: Vec<&str> = failure.uppercase_keys.iter().map(|key| key.text(&text)).collect();
        assert_eq!(uppercase, ["Train-AI"]);
    }

    #[test]
    fn path_without_slash_and_empty_statements() {
        let (text, rule) = usage("blog/ train-ai=n");
        let UsageReading::PathNotAbsolute { path, .. } = &rule.reading else { panic!("{:?}", rule.reading) };
        assert_eq!(path.text(&text), "blog/");
        assert_eq!(usage("").1.reading, UsageReading::Empty);
        assert_eq!(usage("/downloads/").1.reading, UsageReading::Empty);
    }

    #[test]
    fn last_value_wins_and_only_y_n_tokens_count() {
        let (text, rule) = usage("train-ai=n, search=y, train-ai=y");
        assert_eq!(keys(&text, &rule), ["train-ai", "search", "train-ai"]);
        assert_eq!(rule.effective_members(&text).len(), 2);
        assert_eq!(rule.preference(Category::TrainAi, &text), Preference::Allowed);
        // The vocabulary's own example: a boolean and a string leave both unknown.
        let (text, rule) = usage(r#"train-ai=y, train-ai, search=n, search="n""#);
        assert_eq!(rule.preference(Category::TrainAi, &text), Preference::Unknown);
        assert_eq!(rule.preference(Category::Search, &text), Preference::Unknown);
        for value in ["train-ai=yes", "train-ai=Y", "train-ai=1", "train-ai=?1", "train-ai=(y)"] {
            let (text, rule) = usage(value);
            assert_eq!(rule.preference(Category::TrainAi, &text), Preference::Unknown, "{value}");
        }
    }

    #[test]
    fn parameters_are_spanned_and_ignored() {
        let (text, rule) = usage(r#"train-ai;allow=n, train-ai=y;a=1;b="x, y", search=n"#);
        let UsageReading::Dictionary(members) = &rule.reading else { panic!("{:?}", rule.reading) };
        assert_eq!(members.len(), 3);
        assert_eq!(members[0].parameters.map(|span| span.text(&text)), Some(";allow=n"));
        assert_eq!(members[1].parameters.map(|span| span.text(&text)), Some(r#";a=1;b="x, y""#));
        assert_eq!(members[2].key.text(&text), "search");
        assert_eq!(rule.preference(Category::TrainAi, &text), Preference::Allowed);
    }

    #[test]
    fn most_restrictive_combination() {
        use Preference::*;
        assert_eq!(Allowed.most_restrictive(Disallowed), Disallowed);
        assert_eq!(Unknown.most_restrictive(Allowed), Allowed);
        assert_eq!(Unknown.most_restrictive(Unknown), Unknown);
    }

    #[test]
    fn signal_pairs_tolerate_whitespace() {
        let text = "User-agent: *\nContent-Signal: search = yes ,ai-train=no,, use=reference\n";
        let document = crate::parse::parse_text(text);
        let line = Preferences::read(&document, text).signals.remove(0);
        let pairs: Vec<Option<(&str, &str)>> = line
            .pairs
            .iter()
            .map(|pair| pair.key_value.map(|(key, value)| (key.text(text), value.text(text))))
            .collect();
        assert_eq!(pairs, [Some(("search", "yes")), Some(("ai-train", "no")), None, Some(("use", "reference"))]);
        assert_eq!(line.preference(Category::TrainAi, text), Preference::Disallowed);
        assert_eq!(line.preference(Category::Search, text), Preference::Allowed);
    }
}
