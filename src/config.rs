//! `robolint.toml`: targets, failure threshold, rule levels and rule options. Every key is
//! checked; a mistake becomes an error that names the file and points at the key.

use std::collections::BTreeMap;
use std::io::Read;
use std::ops::Range;
use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;

use crate::agents::Registry;
use crate::dialect::{Dialect, UnknownDialect};
use crate::lint::Settings;
use crate::rules::{self, Level, Rule};

mod resolve;
mod schema;
pub use resolve::Resolver;
pub use schema::{json_schema, SCHEMA_URL};

/// The configuration file's name, looked for in the linted file's folder and above.
pub const FILE_NAME: &str = "robolint.toml";

/// The largest configuration file robolint reads: a real one is a few hundred bytes, and a
/// file past this (a stray log, a sparse file of hundreds of megabytes) is refused before it
/// is read, not parsed for a minute in hundreds of megabytes of memory.
pub const LARGEST_CONFIG: u64 = 1024 * 1024;

/// What a configuration file says, checked against the rules robolint has.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Config {
    /// The file it came from; `None` for the built-in defaults.
    pub path: Option<PathBuf>,
    /// `target`: the dialects whose robots the site cares about.
    /// Empty when the file does not say; the lint then takes today's robots.
    pub targets: Vec<Dialect>,
    /// `fail-on`: the least severe level that fails the run (`Off` for "never").
    pub fail_on: Option<Level>,
    /// `[rules]` levels, by rule: a selector's level is set on each rule it names.
    pub levels: BTreeMap<Rule, Level>,
    /// `[rules.<name>]` tables (and `[policy]`): options by rule, already parsed.
    pub options: BTreeMap<Rule, rules::RuleOptions>,
    /// `select`, `extend-select`, `ignore`: rule selectors as the command line takes them.
    pub select: Option<Vec<String>>,
    /// `extend-select`: selectors of rules enabled besides `select`, such as `pedantic`.
    pub extend_select: Vec<String>,
    /// `ignore`: selectors of rules turned off.
    pub ignore: Vec<String>,
    /// `exclude`: globs of paths a directory walk skips, replacing the default
    /// (`node_modules`); `None` keeps it. Read relative to this file's folder.
    pub exclude: Option<Vec<String>>,
    /// `extend-exclude`: globs skipped besides `exclude`.
    pub extend_exclude: Vec<String>,
    /// `[per-file-ignores]`: a glob of files, relative to this file's folder, and the rule
    /// selectors ignored in them.
    pub per_file_ignores: Vec<(String, Vec<String>)>,
    /// The crawler registry with the file's `[[agent]]` additions; `None` when it has none.
    pub registry: Option<Registry>,
}

/// The mistakes in a configuration file, each with where it is so it can be shown in context.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// The configuration file the mistakes are in.
    pub path: PathBuf,
    /// The file's text, when it could be read.
    pub text: String,
    /// Every mistake found, in file order; never empty.
    pub problems: Vec<ConfigProblem>,
}

/// One mistake in a configuration file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigProblem {
    /// Byte range of the offending key or value.
    pub span: Option<Range<usize>>,
    /// What is wrong, in a sentence.
    pub message: String,
}

impl ConfigError {
    /// Every problem's message, for a one-line report.
    pub fn summary(&self) -> String {
        let messages: Vec<&str> = self.problems.iter().map(|problem| problem.message.as_str()).collect();
        messages.join("; ")
    }
}

/// The file as written. Its doc comments are the descriptions of robolint.toml's JSON schema
/// ([`json_schema`]), which editors show beside each key.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
#[schemars(title = "robolint.toml", description = "The configuration of robolint, a robots.txt linter.")]
struct RawConfig {
    /// The robots the site cares about: dialect names (norobots-1994, draft-1996, rfc9309,
    /// google, python-robotparser), `today` (rfc9309 and google, the default) or `portable`
    /// (all five); one name or a list.
    #[serde(default)]
    #[schemars(schema_with = "schema::targets")]
    target: Option<Spanned<RawTargets>>,
    /// The least severe finding that fails the run: info, warning (the default), error or never.
    #[serde(default)]
    #[schemars(schema_with = "schema::fail_on")]
    fail_on: Option<Spanned<String>>,
    /// Rules to run instead of the default set, as `--select` takes them: codes (RL301), code
    /// prefixes (RL3), names, categories or ALL. `--select` replaces this list.
    #[schemars(with = "Option<Vec<String>>")]
    select: Option<Spanned<Vec<String>>>,
    /// Rules to run besides the default (or selected) set, such as `pedantic`.
    #[schemars(with = "Option<Vec<String>>")]
    extend_select: Option<Spanned<Vec<String>>>,
    /// Rules not to run.
    #[schemars(with = "Option<Vec<String>>")]
    ignore: Option<Spanned<Vec<String>>>,
    /// Globs of paths a directory walk skips (names, or paths from this file's folder),
    /// replacing the default, `node_modules`.
    exclude: Option<Vec<String>>,
    /// Globs of paths a directory walk skips besides `exclude`.
    extend_exclude: Option<Vec<String>>,
    /// Rules ignored in the files a glob names (paths from this file's folder): the glob, then
    /// the rule selectors.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, Vec<String>>")]
    per_file_ignores: BTreeMap<String, Spanned<Vec<String>>>,
    /// Rule levels (off, info, warning or error) by name, code, code prefix or category; a
    /// table under one rule's name sets its options, and its level as `severity`.
    #[serde(default)]
    #[schemars(schema_with = "schema::rules")]
    rules: BTreeMap<Spanned<String>, Spanned<RawRule>>,
    /// Robots to add to the crawler registry, or entries to replace (by `token`), with the
    /// keys of the registry's own entries plus `purpose`.
    #[serde(default)]
    #[schemars(schema_with = "schema::agents")]
    agent: Vec<Spanned<toml::Table>>,
    /// The crawler policy: the options of rule `crawler-policy` under a name of their own.
    #[serde(default)]
    #[schemars(schema_with = "schema::policy")]
    policy: Option<Spanned<toml::Table>>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawTargets {
    One(String),
    Many(Vec<String>),
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawRule {
    Level(String),
    Table(toml::Table),
}

impl RawConfig {
    /// The file's keys as typed values. A top-level entry that does not fit (an unknown key, a
    /// value of the wrong type) is reported and set aside, and the rest read again, so one
    /// mistake does not hide the others; `None` only when the text is no TOML at all.
    fn read(text: &str, problems: &mut Vec<ConfigProblem>) -> Option<RawConfig> {
        let mut root = match toml::de::DeTable::parse(text) {
            Ok(root) => root,
            Err(problem) => {
                problems.push(ConfigProblem { span: problem.span(), message: problem.message().to_string() });
                return None;
            }
        };
        loop {
            let problem = match RawConfig::deserialize(toml::de::Deserializer::from(root.clone())) {
                Ok(raw) => return Some(raw),
                Err(problem) => problem,
            };
            let at = problem.span().map(|span| span.start);
            problems.push(ConfigProblem { span: problem.span(), message: problem.message().to_string() });
            let entry = root.get_ref().iter().find_map(|(key, value)| {
                let whole = key.span().start..value.span().end.max(key.span().end);
                at.filter(|at| whole.contains(at)).map(|_| key.clone())
            });
            // Nothing to set aside: the mistake is not in one entry, so reading again would
            // report it again.
            let entry = entry?;
            root.get_mut().remove(&entry);
        }
    }
}

impl Config {
    /// Reads and checks a configuration file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let unreadable = |message: String| ConfigError {
            path: path.to_path_buf(),
            text: String::new(),
            problems: vec![ConfigProblem { span: None, message }],
        };
        let cannot_read = |error: std::io::Error| unreadable(format!("cannot read the configuration: {error}"));
        let too_large =
            || unreadable(format!("the configuration is larger than {LARGEST_CONFIG} bytes, the most robolint reads"));
        let file = std::fs::File::open(path).map_err(cannot_read)?;
        // The size on disk says no at once; reading at most one byte past the limit holds for
        // files whose size is not known beforehand (pipes, /proc).
        if file.metadata().map_err(cannot_read)?.len() > LARGEST_CONFIG {
            return Err(too_large());
        }
        let mut bytes = Vec::new();
        file.take(LARGEST_CONFIG + 1).read_to_end(&mut bytes).map_err(cannot_read)?;
        if bytes.len() as u64 > LARGEST_CONFIG {
            return Err(too_large());
        }
        let text = String::from_utf8(bytes)
            .map_err(|_| unreadable("cannot read the configuration: it is not UTF-8 text".into()))?;
        Config::parse(&text, path)
    }

    /// Checks configuration text; `path` is only used in errors and kept in the result.
    /// Every mistake is reported, not only the first.
    pub fn parse(text: &str, path: &Path) -> Result<Config, ConfigError> {
        let mut problems = Vec::new();
        let config = match RawConfig::read(text, &mut problems) {
            Some(raw) => Config::check(raw, path, &mut problems),
            None => Config::default(),
        };
        if problems.is_empty() {
            return Ok(config);
        }
        problems.sort_by_key(|problem| problem.span.as_ref().map(|span| span.start));
        Err(ConfigError { path: path.to_path_buf(), text: text.to_string(), problems })
    }

    /// Turns the file's typed keys into a configuration, step by step, each reporting what
    /// it cannot take.
    fn check(raw: RawConfig, path: &Path, problems: &mut Vec<ConfigProblem>) -> Config {
        let mut config = Config { path: Some(path.to_path_buf()), ..Config::default() };
        config.check_targets(raw.target, problems);
        config.check_fail_on(raw.fail_on, problems);
        config.select = checked_selectors(raw.select, problems);
        config.extend_select = checked_selectors(raw.extend_select, problems).unwrap_or_default();
        config.ignore = checked_selectors(raw.ignore, problems).unwrap_or_default();
        config.exclude = raw.exclude;
        config.extend_exclude = raw.extend_exclude.unwrap_or_default();
        for (pattern, list) in raw.per_file_ignores {
            let list = checked_selectors(Some(list), problems).unwrap_or_default();
            config.per_file_ignores.push((pattern, list));
        }
        for (key, value) in raw.rules {
            config.check_rule_entry(key, value, problems);
        }
        config.check_policy(raw.policy, problems);
        config.check_agents(raw.agent, path, problems);
        config
    }

    /// `target`: dialect names.
    fn check_targets(&mut self, target: Option<Spanned<RawTargets>>, problems: &mut Vec<ConfigProblem>) {
        let Some(target) = target else { return };
        let span = target.span();
        let names = match target.into_inner() {
            RawTargets::One(name) => vec![name],
            RawTargets::Many(names) => names,
        };
        match parse_targets(&names) {
            Ok(targets) => self.targets = targets,
            Err(unknown) => report(problems, span, unknown.to_string()),
        }
    }

    /// `fail-on`: a threshold, where `off` is a rule level and `never` says it.
    fn check_fail_on(&mut self, fail_on: Option<Spanned<String>>, problems: &mut Vec<ConfigProblem>) {
        let Some(fail_on) = fail_on else { return };
        let level = match fail_on.get_ref().as_str() {
            "never" => Ok(Level::Off),
            "off" => Err("`fail-on` takes info, warning, error or never (`never`, not `off`)".to_string()),
            other => other
                .parse::<Level>()
                .map_err(|_| format!("`fail-on` takes info, warning, error or never, not `{}`", other.escape_debug())),
        };
        match level {
            Ok(level) => self.fail_on = Some(level),
            Err(message) => report(problems, fail_on.span(), message),
        }
    }

    /// One `[rules]` entry: a level, or a table of one rule's options and its `severity`.
    fn check_rule_entry(&mut self, key: Spanned<String>, value: Spanned<RawRule>, problems: &mut Vec<ConfigProblem>) {
        // A key selects rules as `--select` does: a code, a code prefix, a name, a category.
        let selected: Vec<&rules::Rule> = rules::all().iter().filter(|rule| rule.matches(key.get_ref())).collect();
        if selected.is_empty() {
            let hint =
                rules::closest_name(key.get_ref()).map(|name| format!(": did you mean `{name}`?")).unwrap_or_default();
            report(problems, key.span(), format!("unknown rule `{}`{hint} (see `robolint rules`)", key.get_ref()));
            return;
        }
        let value_span = value.span();
        let (level, options) = match value.into_inner() {
            RawRule::Level(level) => (Some(level.parse::<Level>().map_err(|unknown| unknown.to_string())), None),
            RawRule::Table(mut table) => {
                let level = table.remove("severity").map(|level| {
                    level
                        .as_str()
                        .ok_or_else(|| "`severity` must be a string".to_string())
                        .and_then(|level| level.parse::<Level>().map_err(|unknown| unknown.to_string()))
                });
                (level, Some(table))
            }
        };
        match level {
            Some(Ok(level)) => selected.iter().for_each(|rule| {
                self.levels.insert(**rule, level);
            }),
            Some(Err(message)) => report(problems, value_span.clone(), message),
            None => {}
        }
        let Some(options) = options.filter(|options| !options.is_empty()) else { return };
        match selected.as_slice() {
            [rule] => match rule.parse_options(&options) {
                Ok(options) => {
                    self.options.insert(**rule, options);
                }
                Err(message) => report(problems, value_span, message),
            },
            _ => report(
                problems,
                value_span,
                format!("`{}` names several rules: options belong under one rule's name", key.get_ref()),
            ),
        }
    }

    /// `[policy]`: the crawler-policy rule's options under a name of their own.
    fn check_policy(&mut self, policy: Option<Spanned<toml::Table>>, problems: &mut Vec<ConfigProblem>) {
        let Some(policy) = policy else { return };
        let span = policy.span();
        // The rule whose options `[policy]` sets.
        let rule = Rule::CrawlerPolicy;
        if self.options.contains_key(&rule) {
            report(problems, span, format!("[policy] and [rules.{rule}] both set the policy: keep one"));
            return;
        }
        match rule.parse_options(policy.get_ref()) {
            Ok(options) => {
                self.options.insert(rule, options);
            }
            Err(message) => report(problems, span, message.replace(&format!("rule `{rule}`"), "[policy]")),
        }
    }

    /// `[[agent]]`: robots added to the registry, or entries replaced.
    fn check_agents(&mut self, agent: Vec<Spanned<toml::Table>>, path: &Path, problems: &mut Vec<ConfigProblem>) {
        if agent.is_empty() {
            return;
        }
        let spans: Vec<(Option<String>, Range<usize>)> = agent
            .iter()
            .map(|table| {
                (table.get_ref().get("token").and_then(|token| token.as_str()).map(str::to_string), table.span())
            })
            .collect();
        let tables = agent.into_iter().map(Spanned::into_inner).collect();
        let registry = Registry::builtin().with_additions(&path.display().to_string(), tables);
        let builtin_problems = Registry::builtin().problems.len();
        if let Some(problem) = registry.problems.get(builtin_problems) {
            let span = spans.iter().find(|(token, _)| *token == problem.token).or(spans.first());
            let message = match &problem.token {
                Some(token) => format!("[[agent]] `{token}`: {}", problem.message),
                None => format!("[[agent]]: {}", problem.message),
            };
            problems.push(ConfigProblem { span: span.map(|(_, span)| span.clone()), message });
        }
        self.registry = Some(registry);
    }

    /// The nearest `robolint.toml` in `directory` or above it, else the user's own (see
    /// [`user_config_path`]): a project's file wins whole, as ruff's does.
    pub fn discover(directory: &Path) -> Option<PathBuf> {
        directory
            .ancestors()
            .map(|folder| folder.join(FILE_NAME))
            .find(|candidate| candidate.is_file())
            .or_else(|| user_config_path().filter(|path| path.is_file()))
    }

    /// Lint settings from this configuration; the caller adds what the command line says.
    pub fn settings(&self) -> Settings {
        Settings {
            targets: self.targets.clone(),
            levels: self.levels.clone(),
            options: self.options.clone(),
            select: self.select.clone(),
            extend_select: self.extend_select.clone(),
            ignore: self.ignore.clone(),
            all_infos: false,
        }
    }
}

/// A problem at `span` of the file.
fn report(problems: &mut Vec<ConfigProblem>, span: Range<usize>, message: String) {
    problems.push(ConfigProblem { span: Some(span), message });
}

/// A list of rule selectors, with those that name no rule reported.
fn checked_selectors(list: Option<Spanned<Vec<String>>>, problems: &mut Vec<ConfigProblem>) -> Option<Vec<String>> {
    let list = list?;
    let unknown: Vec<String> = list
        .get_ref()
        .iter()
        .filter(|selector| !rules::all().iter().any(|rule| rule.matches(selector)))
        .map(|selector| match rules::closest_name(selector) {
            Some(name) => format!("`{selector}` (did you mean `{name}`?)"),
            None => format!("`{selector}`"),
        })
        .collect();
    if !unknown.is_empty() {
        report(
            problems,
            list.span(),
            format!("unknown rule selector(s): {} (see `robolint rules`)", unknown.join(", ")),
        );
    }
    Some(list.into_inner())
}

/// The user-level configuration, for every file no project configuration covers:
/// `$XDG_CONFIG_HOME/robolint/robolint.toml`, else `~/.config/robolint/robolint.toml`.
pub fn user_config_path() -> Option<PathBuf> {
    let from = |variable: &str| std::env::var_os(variable).filter(|value| !value.is_empty()).map(PathBuf::from);
    let base = from("XDG_CONFIG_HOME").or_else(|| from("HOME").map(|home| home.join(".config")))?;
    Some(base.join("robolint").join(FILE_NAME))
}

/// Dialect names, `portable`/`all` for every dialect, or `today` for today's robots.
pub fn parse_targets(names: &[String]) -> Result<Vec<Dialect>, UnknownDialect> {
    let mut targets = Vec::new();
    for name in names {
        if name.eq_ignore_ascii_case("portable") || name.eq_ignore_ascii_case("all") {
            targets.extend(Dialect::ALL);
        } else if name.eq_ignore_ascii_case("today") {
            targets.extend(Dialect::TODAY);
        } else {
            targets.push(name.parse::<Dialect>()?);
        }
    }
    targets.sort();
    targets.dedup();
    Ok(targets)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config, ConfigError> {
        Config::parse(text, Path::new("robolint.toml"))
    }

    #[test]
    fn full_configuration() {
        let config = parse(
            "target = [\"draft-1996\", \"rfc9309\"]\nfail-on = \"error\"\n[rules]\nglob-pattern = \"off\"\nRL302 = \"error\"\n",
        )
        .expect("valid");
        assert_eq!(config.targets, vec![Dialect::Draft1996, Dialect::Rfc9309]);
        assert_eq!(config.fail_on, Some(Level::Error));
        assert_eq!(config.levels.get(&Rule::GlobPattern), Some(&Level::Off));
        assert_eq!(config.levels.get(&Rule::RobotsTxtInRule), Some(&Level::Error));
    }

    #[test]
    fn errors_point_at_the_key() {
        let text = "target = \"portable\"\ncolour = true\n";
        let error = parse(text).expect_err("unknown key");
        assert!(error.summary().contains("colour"), "{}", error.summary());
        assert_eq!(error.problems[0].span.clone().map(|span| &text[span]), Some("colour"));

        let text = "[rules]\nglob-patern = \"off\"\n";
        let error = parse(text).expect_err("unknown rule");
        assert_eq!(error.problems[0].span.clone().map(|span| &text[span]), Some("glob-patern"));
        assert!(error.summary().contains("did you mean `glob-pattern`"), "{}", error.summary());

        let error = parse("[rules]\nglob-pattern = \"loud\"\n").expect_err("bad level");
        assert!(error.summary().contains("loud"));

        let error = parse("target = \"bing\"\n").expect_err("bad target");
        assert!(error.summary().contains("bing"));

        let error = parse("[rules.glob-pattern]\npaths = []\n").expect_err("no such option");
        assert!(error.summary().contains("paths"), "{}", error.summary());
    }

    #[test]
    fn policy_is_the_crawler_policy_rules_options() {
        let config = parse(
            "[policy]\nai-training = \"block\"\n\n[[policy.paths]]\npath = \"/blog/\"\nai-training = \"allow\"\n",
        )
        .expect("valid");
        let options = config.options.get(&Rule::CrawlerPolicy).expect("the policy becomes the rule's options");
        assert_eq!(options.table.get("ai-training").and_then(toml::Value::as_str), Some("block"));

        let text = "[policy]\nai-trainig = \"block\"\n";
        let error = parse(text).expect_err("no such purpose");
        assert!(error.summary().contains("[policy] has no option `ai-trainig`"), "{}", error.summary());
        assert_eq!(error.problems[0].span.clone().map(|span| &text[span]), Some("[policy]"));

        let error = parse("[policy]\nsearch = \"maybe\"\n").expect_err("no such stance");
        assert!(error.summary().contains("maybe"), "{}", error.summary());

        let error = parse("[policy]\n[[policy.paths]]\npath = \"/a/\"\ncontrol = \"block\"\n")
            .expect_err("control tokens fetch nothing");
        assert!(error.summary().contains("control"), "{}", error.summary());

        let both = "[policy]\nsearch = \"allow\"\n[rules.crawler-policy]\nsearch = \"block\"\n";
        assert!(parse(both).expect_err("two policies").summary().contains("keep one"));
    }

    /// The line a problem's span starts on, 1-based.
    fn line_of(text: &str, error: &ConfigError) -> usize {
        let span = error.problems[0].span.clone().expect("a span");
        text[..span.start].matches('\n').count() + 1
    }

    #[test]
    fn rule_options_name_the_rule_the_key_and_the_line() {
        // (configuration, what the message must say, the line it points at)
        let cases = [
            (
                "target = \"portable\"\n[rules.too-many-rules]\nmax-rule = 3\n",
                &["rule `too-many-rules` has no option `max-rule`", "(its options: severity, max-rules)"][..],
                2,
            ),
            (
                "[rules.sensitive-path]\npaths = [\"/a\"]\n[rules.too-many-rules]\nmax-rules = \"many\"\n",
                &["option `max-rules` of rule `too-many-rules`", "string \"many\", expected usize"],
                3,
            ),
            ("[rules.path-too-long]\nmax-length = -1\n", &["option `max-length` of rule `path-too-long`"], 1),
            ("[rules.sensitive-path]\npaths = [\"/a\", 3]\n", &["option `paths` of rule `sensitive-path`"], 1),
        ];
        for (text, says, line) in cases {
            let error = parse(text).expect_err(text);
            let summary = error.summary();
            assert!(says.iter().all(|part| summary.contains(part)), "{text:?}: {summary}");
            assert_eq!(line_of(text, &error), line, "{text:?}");
        }
    }

    #[test]
    fn rule_options_default_where_absent() {
        let rules = |count: usize| (0..count).map(|at| format!("Disallow: /{at}\n")).collect::<String>();
        let message = |config: &str, count: usize| {
            let settings = parse(config).expect("valid").settings();
            let text = format!("User-agent: *\n{}", rules(count));
            let report = crate::lint(crate::Source::from_bytes(text.as_bytes()), None, &settings);
            report
                .diagnostics
                .iter()
                .find(|d| d.name == "too-many-rules")
                .map(|d| d.message.render(&report.source.text).into_owned())
        };
        // No `max-rules`: the default from rules/too-many-rules.toml, 1000.
        let only_severity = "[rules.too-many-rules]\nseverity = \"error\"\n";
        assert_eq!(message(only_severity, 1000), None);
        assert!(message(only_severity, 1001).is_some_and(|message| message.contains("the limit of 1000")));
        let configured = "[rules.too-many-rules]\nmax-rules = 2\n";
        assert!(message(configured, 3).is_some_and(|message| message.contains("the limit of 2")));
        assert_eq!(message(configured, 2), None);
    }

    #[test]
    fn every_mistake_is_reported() {
        let text = "target = \"mars\"\nfail-on = \"sometimes\"\n[rules]\nglob-patern = \"off\"\nRL3 = \"loud\"\n";
        let error = parse(text).expect_err("four mistakes");
        let spans: Vec<&str> =
            error.problems.iter().filter_map(|problem| problem.span.clone()).map(|span| &text[span]).collect();
        assert_eq!(spans, ["\"mars\"", "\"sometimes\"", "glob-patern", "\"loud\""]);
    }

    #[test]
    fn rules_take_code_prefixes_and_categories_as_select_does() {
        let config = parse("[rules]\nRL3 = \"off\"\nrecords = \"error\"\n").expect("valid");
        assert_eq!(config.levels.get(&Rule::GlobPattern), Some(&Level::Off));
        assert_eq!(config.levels.get(&Rule::MultipleStarRecords), Some(&Level::Error));
        let error = parse("[rules.RL3]\npaths = []\n").expect_err("options under a group");
        assert!(error.summary().contains("several rules"), "{}", error.summary());
    }

    #[test]
    fn select_extend_select_and_ignore_take_what_the_command_line_takes() {
        let config =
            parse("select = [\"RL3\"]\nextend-select = [\"pedantic\"]\nignore = [\"glob-pattern\"]\n").expect("valid");
        assert_eq!(config.select, Some(vec!["RL3".to_string()]));
        let settings = config.settings();
        assert_eq!(
            (settings.extend_select, settings.ignore),
            (vec!["pedantic".to_string()], vec!["glob-pattern".to_string()])
        );
        let text = "ignore = [\"glob-patern\"]\n";
        let error = parse(text).expect_err("unknown selector");
        assert!(error.summary().contains("did you mean `glob-pattern`"), "{}", error.summary());
    }

    #[test]
    fn portable_means_every_dialect() {
        assert_eq!(parse("target = \"portable\"\n").expect("valid").targets, Dialect::ALL.to_vec());
        assert_eq!(parse("target = \"today\"\n").expect("valid").targets, Dialect::TODAY.to_vec());
    }
}
