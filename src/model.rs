//! The typed document: what each line is, where each part of it lies (byte spans into
//! `Source::text`), and how lines group into records. No parser types appear here.

use std::fmt;

/// A half-open byte range into the source text. Offsets are kept in 32 bits: a document
/// holds a dozen spans per line, and the text they index is never longer than
/// [`MAX_TEXT_BYTES`] (the size cap in `source` sees to it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Span {
    start: u32,
    end: u32,
}

/// The longest text spans index.
pub const MAX_TEXT_BYTES: usize = u32::MAX as usize;

impl Span {
    /// The bytes from `start` to `end`; an offset past [`MAX_TEXT_BYTES`], which no text
    /// robolint reads reaches, is taken as that limit.
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start: offset(start), end: offset(end) }
    }

    /// An empty span at byte `offset`: where something missing would go.
    pub const fn empty_at(offset: usize) -> Span {
        Span::new(offset, offset)
    }

    /// The byte offset where the span starts.
    pub const fn start(self) -> usize {
        self.start as usize
    }

    /// The byte offset just past the span's end.
    pub const fn end(self) -> usize {
        self.end as usize
    }

    /// How many bytes the span covers.
    pub const fn len(self) -> usize {
        (self.end - self.start) as usize
    }

    /// Whether the span covers no bytes.
    pub const fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The span covering both.
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }

    /// The text the span covers in `source`, the text it was made from.
    /// Panics when the span lies outside `source` or splits a character.
    pub fn text(self, source: &str) -> &str {
        &source[self.start()..self.end()]
    }
}

const fn offset(offset: usize) -> u32 {
    // Compared as u64: on 32-bit targets every usize fits.
    if offset as u64 > u32::MAX as u64 {
        u32::MAX
    } else {
        offset as u32
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// How a line ends. A file may mix them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineEnding {
    /// `\n`, as on Unix.
    Lf,
    /// `\r\n`, as on Windows.
    CrLf,
    /// A lone `\r`, as on classic Mac OS.
    Cr,
    /// The last line of a file without a final line end.
    Missing,
}

impl LineEnding {
    /// The line end's short name for messages: `LF`, `CRLF`, `CR` or `none`.
    pub fn as_str(self) -> &'static str {
        match self {
            LineEnding::Lf => "LF",
            LineEnding::CrLf => "CRLF",
            LineEnding::Cr => "CR",
            LineEnding::Missing => "none",
        }
    }
}

/// The fields robolint knows. The draft defines the first three; the rest are extensions
/// in use somewhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Directive {
    /// `User-agent`: names the robots a record is for.
    UserAgent,
    /// `Disallow`: a path prefix or pattern robots may not fetch.
    Disallow,
    /// `Allow`: a path prefix or pattern robots may fetch. Not in the 1994 standard.
    Allow,
    /// `Sitemap`: the URL of a sitemap. Read by every major crawler.
    Sitemap,
    /// `Crawl-delay`: seconds to wait between fetches. Some crawlers read it; Google does not.
    CrawlDelay,
    /// `Host`: Yandex's former way to name a site's main mirror.
    Host,
    /// `Clean-param`: Yandex's list of URL parameters that do not change a page.
    CleanParam,
    /// `Request-rate`: pages per time, from an unofficial late-1990s proposal.
    RequestRate,
    /// `Visit-time`: UTC hours to crawl in, from the same unofficial proposal.
    VisitTime,
    /// `Noindex`: Google read it unofficially until September 2019.
    Noindex,
    /// `Content-Signal`: Cloudflare's usage preferences (`crate::preferences`).
    ContentSignal,
    /// `Content-Usage`: IETF AIPREF usage preferences (`crate::preferences`).
    ContentUsage,
}

impl Directive {
    /// Every field robolint knows, in declaration order.
    pub const ALL: [Directive; 12] = [
        Directive::UserAgent,
        Directive::Disallow,
        Directive::Allow,
        Directive::Sitemap,
        Directive::CrawlDelay,
        Directive::Host,
        Directive::CleanParam,
        Directive::RequestRate,
        Directive::VisitTime,
        Directive::Noindex,
        Directive::ContentSignal,
        Directive::ContentUsage,
    ];

    /// The spelling robolint writes and suggests.
    pub fn canonical_name(self) -> &'static str {
        match self {
            Directive::UserAgent => "User-agent",
            Directive::Disallow => "Disallow",
            Directive::Allow => "Allow",
            Directive::Sitemap => "Sitemap",
            Directive::CrawlDelay => "Crawl-delay",
            Directive::Host => "Host",
            Directive::CleanParam => "Clean-param",
            Directive::RequestRate => "Request-rate",
            Directive::VisitTime => "Visit-time",
            Directive::Noindex => "Noindex",
            Directive::ContentSignal => "Content-Signal",
            Directive::ContentUsage => "Content-Usage",
        }
    }

    /// Field names compare case-insensitively in every dialect.
    pub fn from_name(name: &str) -> Option<Directive> {
        Directive::ALL.into_iter().find(|directive| directive.canonical_name().eq_ignore_ascii_case(name))
    }

    /// The field a misspelt name was probably meant to be: the same letters without
    /// spaces, hyphens and underscores (`User agent`, `useragent`, `Site-map`), a plural, or
    /// a small edit (`Dissallow`, `Disalow`, `Diasllow`).
    pub fn from_misspelling(name: &str) -> Option<Directive> {
        let squashed: String =
            name.chars().filter(|c| !matches!(c, ' ' | '\t' | '-' | '_')).map(|c| c.to_ascii_lowercase()).collect();
        if squashed.len() < 3 {
            return None;
        }
        let exact = Directive::ALL.into_iter().find(|&directive| {
            let canonical = directive.squashed_name();
            squashed == canonical || squashed.strip_suffix('s') == Some(canonical)
        });
        if exact.is_some() {
            return exact;
        }
        // Every line with an unknown field comes here, often from several rules: names whose
        // length alone rules out a small edit skip the distance computation.
        let length = squashed.chars().count();
        Directive::ALL
            .into_iter()
            .filter_map(|directive| {
                let canonical = directive.squashed_name();
                let allowed = if canonical.len() >= 7 { 2 } else { 1 };
                if length.abs_diff(canonical.len()) > allowed {
                    return None;
                }
                let distance = crate::text::edit_distance_at_most(&squashed, canonical, allowed)?;
                Some((distance, directive))
            })
            .min_by_key(|&(distance, _)| distance)
            .map(|(_, directive)| directive)
    }

    /// The canonical name in lower case without hyphens, as `from_misspelling` compares it.
    fn squashed_name(self) -> &'static str {
        match self {
            Directive::UserAgent => "useragent",
            Directive::Disallow => "disallow",
            Directive::Allow => "allow",
            Directive::Sitemap => "sitemap",
            Directive::CrawlDelay => "crawldelay",
            Directive::Host => "host",
            Directive::CleanParam => "cleanparam",
            Directive::RequestRate => "requestrate",
            Directive::VisitTime => "visittime",
            Directive::Noindex => "noindex",
            Directive::ContentSignal => "contentsignal",
            Directive::ContentUsage => "contentusage",
        }
    }

    /// Content-Signal and Content-Usage: usage preferences, which say how fetched content may
    /// be used and change nothing a robot may fetch (`crate::preferences` reads their values).
    pub fn is_usage_preference(self) -> bool {
        matches!(self, Directive::ContentSignal | Directive::ContentUsage)
    }

    /// Allow and Disallow: the lines that decide what a robot may fetch.
    pub fn is_access_rule(self) -> bool {
        matches!(self, Directive::Allow | Directive::Disallow)
    }
}

/// How a line separates its field name from its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Separator {
    /// `name:` or `name :` (`space_before` holds the whitespace before the colon, if any).
    Colon {
        /// The colon itself.
        colon: Span,
        /// The whitespace between the name and the colon; empty when there is none.
        space_before: Span,
    },
    /// `name value` with no colon: whitespace only.
    Whitespace(Span),
    /// A lone word: no colon and no value.
    Missing,
}

/// A field line's parts: its name, separator and value, as spans.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    /// The field name as written (may contain inner spaces: `User agent`).
    pub name: Span,
    /// The field this name spells exactly (ignoring case), if any.
    pub directive: Option<Directive>,
    /// How the name is separated from the value.
    pub separator: Separator,
    /// The value without surrounding whitespace; empty at the position where it would start.
    pub value: Span,
}

impl Field {
    /// Whether the name spells `directive` exactly (ignoring case).
    pub fn is(&self, directive: Directive) -> bool {
        self.directive == Some(directive)
    }
}

/// What a line holds, as robolint reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineKind {
    /// Nothing but whitespace.
    Blank,
    /// Only a comment (possibly indented).
    Comment,
    /// `name: value` (or a recognisable attempt at it), possibly followed by a comment.
    Field(Field),
    /// A line that is none of the above: HTML, binary noise, a stray word.
    Invalid,
}

/// A node of the strict grammar's parse tree: a production of the draft's BNF, where it
/// matched, and the productions inside it. Plain data, so no pest type leaves the parser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxNode {
    /// The production's name in the grammar, as in `agentline`.
    pub production: &'static str,
    /// The bytes the production matched.
    pub span: Span,
    /// The productions matched inside this one, in order.
    pub children: Vec<SyntaxNode>,
}

/// Why the strict grammar rejects a line, in the grammar's own terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StrictFailure {
    /// Byte offset in the source where the strict parse could go no further.
    pub offset: usize,
    /// The production the line was checked against (`agentline`, `disallowline`, …).
    pub production: &'static str,
    /// The productions the grammar would have accepted at `offset`.
    pub expected: Vec<&'static str>,
}

/// The ways lines can break the draft's file-level productions (`robotstxt`, `record`,
/// `commentblank`) while each is fine on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StructureProblem {
    /// A rule or extension line outside any record (`robotstxt` allows only blank and
    /// comment lines there; `record` must start with an `agentline`).
    OutsideRecord,
    /// A record's agent lines end (blank line or end of file) before any rule line
    /// (`record` needs `1*ruleline`).
    RecordWithoutRules,
    /// A User-agent line right after rule lines: a new record needs a blank line first
    /// (`commentblank`).
    MissingBlankLine,
}

impl StructureProblem {
    /// The draft production that fails.
    pub fn production(self) -> &'static str {
        match self {
            StructureProblem::OutsideRecord | StructureProblem::RecordWithoutRules => "record",
            StructureProblem::MissingBlankLine => "commentblank",
        }
    }
}

/// Where and how the lines break the draft's file structure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StructureFailure {
    /// Which file-level production fails.
    pub problem: StructureProblem,
    /// Where the failure is detected: the offending line, or the end of the file.
    pub offset: usize,
    /// The lines the failure concerns (a whole record when it lacks its rule lines).
    pub blame: Span,
}

/// One line of the file, and the spans of its parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The whole line without its line end.
    pub span: Span,
    /// The line end itself (empty for `LineEnding::Missing`).
    pub ending_span: Span,
    /// How the line ends.
    pub ending: LineEnding,
    /// Whitespace before the first visible character.
    pub indent: Span,
    /// What the line holds: blank, comment, field or invalid.
    pub kind: LineKind,
    /// From `#` to the end of the line.
    pub comment: Option<Span>,
    /// Whitespace between the content and the line end (or the comment).
    pub trailing_whitespace: Span,
    /// The strict grammar's verdict on this line alone, `None` when it accepts it. Boxed:
    /// most lines have none, and a file may have a million lines.
    pub strict_failure: Option<Box<StrictFailure>>,
}

impl Line {
    /// The line's field, when it is a field line.
    pub fn field(&self) -> Option<&Field> {
        match &self.kind {
            LineKind::Field(field) => Some(field),
            _ => None,
        }
    }

    /// From the field name to the end of its value: the line without indentation, trailing
    /// whitespace or comment.
    pub fn field_span(&self) -> Span {
        self.field().map_or(self.span, |field| field.name.to(field.value))
    }

    /// The line's directive, when it spells a known field exactly.
    pub fn directive(&self) -> Option<Directive> {
        self.field().and_then(|field| field.directive)
    }

    /// The field of an Allow or Disallow line.
    pub fn access_rule(&self) -> Option<&Field> {
        self.field().filter(|field| field.directive.is_some_and(Directive::is_access_rule))
    }

    /// The field of a User-agent line.
    pub fn user_agent(&self) -> Option<&Field> {
        self.field().filter(|field| field.is(Directive::UserAgent))
    }

    /// Whether the line holds nothing but whitespace.
    pub fn is_blank(&self) -> bool {
        self.kind == LineKind::Blank
    }

    /// What to delete to remove the line's field: the whole line with its end, or, when a
    /// comment follows the field, everything before the comment, which stays as a comment
    /// line (a fix never drops words the user wrote beyond what it names).
    pub fn field_removal(&self) -> Span {
        match self.comment {
            Some(comment) => Span::new(self.span.start(), comment.start()),
            None => Span::new(self.span.start(), self.ending_span.end()),
        }
    }
}

/// A line's position in [`Document::lines`], counting from 0.
pub type LineIndex = usize;

/// A record as the 1994 standard and the 1996 draft see it: the lines between blank lines
/// (comment lines do not separate), split again where a User-agent line follows rule lines,
/// as RFC 9309 groups are.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Record {
    /// Every non-blank line of the record, comments included, in order.
    pub lines: Vec<LineIndex>,
    /// The record's User-agent lines.
    pub agents: Vec<LineIndex>,
    /// Allow and Disallow lines.
    pub rules: Vec<LineIndex>,
    /// Every other field line (Sitemap, Crawl-delay, unknown fields).
    pub extensions: Vec<LineIndex>,
    /// This record began at a User-agent line right after the previous record's rule
    /// lines, with no blank line between (RFC 9309 starts a new group there; the draft
    /// requires a blank line).
    pub split_without_blank_line: bool,
}

impl Record {
    /// A record that opens with a User-agent line, as the standard requires.
    pub fn starts_with_agent(&self, lines: &[Line]) -> bool {
        self.lines
            .iter()
            .map(|&index| &lines[index])
            .find(|line| line.kind != LineKind::Comment)
            .is_some_and(|line| line.directive() == Some(Directive::UserAgent))
    }

    /// Allow/Disallow lines after the record's first User-agent line: the rules robots
    /// actually apply to its agents.
    pub fn governed_rules(&self) -> impl Iterator<Item = LineIndex> + '_ {
        let first_agent = self.agents.first().copied().unwrap_or(usize::MAX);
        self.rules.iter().copied().filter(move |&index| index > first_agent)
    }

    /// Whether `line` is one of [`Record::governed_rules`], found without walking them.
    pub fn governs(&self, line: LineIndex) -> bool {
        self.agents.first().is_some_and(|&first_agent| line > first_agent) && self.rules.binary_search(&line).is_ok()
    }

    /// Allow/Disallow lines that come before the record's first User-agent line, so no
    /// robot that follows the standard knows whom they are for.
    pub fn orphan_rules(&self) -> Vec<LineIndex> {
        let first_agent = self.agents.first().copied().unwrap_or(usize::MAX);
        self.rules.iter().copied().filter(|&index| index < first_agent).collect()
    }

    /// From the record's first line to its last; empty for a record with no lines.
    pub fn span(&self, lines: &[Line]) -> Span {
        match (self.lines.first(), self.lines.last()) {
            (Some(&first), Some(&last)) => lines[first].span.to(lines[last].span),
            _ => Span::default(),
        }
    }
}

/// What `Document::record_of_line` holds for a line in no record.
pub(crate) const NO_RECORD: u32 = u32::MAX;

/// A parsed robots.txt: its lines, records and structure failures.
/// Spans in it index the text it was parsed from.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Document {
    /// A leading U+FEFF, when present.
    pub bom: Option<Span>,
    /// Every line of the file, in order.
    pub lines: Vec<Line>,
    /// The records the lines form, in file order.
    pub records: Vec<Record>,
    /// For each line, the index of the record it belongs to in `records`, [`NO_RECORD`] for
    /// blank and stray comment lines: 4 bytes a line ([`Document::record_index_of`]).
    pub(crate) record_of_line: Vec<u32>,
    /// Where the lines, each fine or not on its own, break the draft's file structure.
    pub structure_failures: Vec<StructureFailure>,
    /// The input's bytes when the text is not exactly them (`Source::original`).
    pub original: Option<std::sync::Arc<[u8]>>,
}

impl Document {
    /// The record line `line` belongs to, if any. Panics if `line` is out of range.
    pub fn record_of(&self, line: LineIndex) -> Option<&Record> {
        self.record_index_of(line).map(|index| &self.records[index])
    }

    /// The index in `records` of the record line `line` belongs to: none for blank and stray
    /// comment lines, and for a line out of range.
    pub fn record_index_of(&self, line: LineIndex) -> Option<usize> {
        self.record_of_line.get(line).filter(|&&index| index != NO_RECORD).map(|&index| index as usize)
    }

    /// The line holding byte `offset` (a line's end belongs to it), if any.
    pub fn line_at(&self, offset: usize) -> Option<LineIndex> {
        let after = self.lines.partition_point(|line| line.span.start() <= offset);
        let index = after.checked_sub(1)?;
        (offset <= self.lines[index].ending_span.end()).then_some(index)
    }

    /// Allow and Disallow lines, with their fields.
    pub fn access_rules(&self) -> impl Iterator<Item = (LineIndex, &Line, &Field)> {
        self.lines.iter().enumerate().filter_map(|(index, line)| Some((index, line, line.access_rule()?)))
    }

    /// User-agent lines, with their fields.
    pub fn agent_lines(&self) -> impl Iterator<Item = (LineIndex, &Line, &Field)> {
        self.lines.iter().enumerate().filter_map(|(index, line)| Some((index, line, line.user_agent()?)))
    }

    /// Records that name at least one agent.
    pub fn agent_records(&self) -> impl Iterator<Item = &Record> {
        self.records.iter().filter(|record| !record.agents.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_span_keeps_offsets_in_four_bytes_and_saturates_past_them() {
        assert_eq!(std::mem::size_of::<Span>(), 8);
        let span = Span::new(3, 10);
        assert_eq!((span.start(), span.end(), span.len()), (3, 10, 7));
        assert_eq!(Span::new(2, 4).to(Span::new(1, 3)), Span::new(1, 4));
        if usize::BITS > 32 {
            let past = Span::new(MAX_TEXT_BYTES - 1, MAX_TEXT_BYTES + 5);
            assert_eq!((past.start(), past.end()), (MAX_TEXT_BYTES - 1, MAX_TEXT_BYTES));
        }
    }

    #[test]
    fn squashed_names_are_the_canonical_names_squashed() {
        for directive in Directive::ALL {
            let squashed = directive.canonical_name().replace('-', "").to_ascii_lowercase();
            assert_eq!(directive.squashed_name(), squashed, "{directive:?}");
        }
    }

    #[test]
    fn misspellings_within_a_small_edit_are_recognised() {
        assert_eq!(Directive::from_misspelling("User agent"), Some(Directive::UserAgent));
        assert_eq!(Directive::from_misspelling("User-agents"), Some(Directive::UserAgent));
        assert_eq!(Directive::from_misspelling("Dissallow"), Some(Directive::Disallow));
        assert_eq!(Directive::from_misspelling("Diasllow"), Some(Directive::Disallow));
        assert_eq!(Directive::from_misspelling("Alow"), Some(Directive::Allow));
        assert_eq!(Directive::from_misspelling("Hots"), None);
        assert_eq!(Directive::from_misspelling("Disallowwww"), None);
        assert_eq!(Directive::from_misspelling("X-Robots-Tag"), None);
    }
}
