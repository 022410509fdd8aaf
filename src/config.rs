//! `robolint.toml`: targets, failure threshold, rule levels and rule options. Every key is
//! checked; a mistake becomes an error that names the file and points at the key.

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::agents::Registry;
use crate::dialect::Dialect;
use crate::lint::Settings;
use crate::rules::{self, Level};

pub const FILE_NAME: &str = "robolint.toml";

/// What a configuration file says, checked against the rules robolint has.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Config {
    /// The file it came from; `None` for the built-in defaults.
    pub path: Option<PathBuf>,
    pub targets: Vec<Dialect>,
    /// `fail-on`: the least severe level that fails the run (`Off` for "never").
    pub fail_on: Option<Level>,
    pub levels: BTreeMap<String, Level>,
    pub options: BTreeMap<String, toml::Table>,
    /// The crawler registry with the file's `[[agent]]` additions; `None` when it has none.
    pub registry: Option<Registry>,
}

/// A configuration mistake, with where it is so it can be shown in context.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    pub path: PathBuf,
    /// The file's text, when it could be read.
    pub text: String,
    /// Byte range of the offending key or value.
    pub span: Option<Range<usize>>,
    pub message: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawConfig {
    target: Option<Spanned<RawTargets>>,
    fail_on: Option<Spanned<String>>,
    #[serde(default)]
    rules: BTreeMap<Spanned<String>, Spanned<RawRule>>,
    #[serde(default)]
    agent: Vec<Spanned<toml::Table>>,
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

impl Config {
    /// Reads and checks a configuration file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|error| ConfigError {
            path: path.to_path_buf(),
            text: String::new(),
            span: None,
            message: format!("cannot read the configuration: {error}"),
        })?;
        Config::parse(&text, path)
    }

    /// Checks configuration text; `path` is only used in errors and kept in the result.
    pub fn parse(text: &str, path: &Path) -> Result<Config, ConfigError> {
        let error = |span: Option<Range<usize>>, message: String| ConfigError {
            path: path.to_path_buf(),
            text: text.to_string(),
            span,
            message,
        };
        let raw: RawConfig =
            toml::from_str(text).map_err(|problem| error(problem.span(), problem.message().to_string()))?;
        let mut config = Config { path: Some(path.to_path_buf()), ..Config::default() };
        if let Some(target) = raw.target {
            let span = target.span();
            let names = match target.into_inner() {
                RawTargets::One(name) => vec![name],
                RawTargets::Many(names) => names,
            };
            config.targets = parse_targets(&names).map_err(|message| error(Some(span), message))?;
        }
        if let Some(fail_on) = raw.fail_on {
            let level = match fail_on.get_ref().as_str() {
                "never" => Ok(Level::Off),
                other => other.parse::<Level>().and_then(|level| match level {
                    Level::Off => Err("`fail-on` takes info, warning, error or never".to_string()),
                    level => Ok(level),
                }),
            };
            config.fail_on = Some(level.map_err(|message| error(Some(fail_on.span()), message))?);
        }
        for (key, value) in raw.rules {
            let rule = rules::find(key.get_ref()).ok_or_else(|| {
                error(Some(key.span()), format!("unknown rule `{}` (see `robolint rules`)", key.get_ref()))
            })?;
            let name = rule.metadata.name.clone();
            let value_span = value.span();
            match value.into_inner() {
                RawRule::Level(level) => {
                    let level = level.parse::<Level>().map_err(|message| error(Some(value_span), message))?;
                    config.levels.insert(name, level);
                }
                RawRule::Table(mut table) => {
                    if let Some(level) = table.remove("severity") {
                        let level = level
                            .as_str()
                            .ok_or_else(|| "`severity` must be a string".to_string())
                            .and_then(str::parse::<Level>)
                            .map_err(|message| error(Some(value_span.clone()), message))?;
                        config.levels.insert(name.clone(), level);
                    }
                    check_options(rule, &table).map_err(|message| error(Some(value_span), message))?;
                    config.options.insert(name, table);
                }
            }
        }
        if !raw.agent.is_empty() {
            let spans: Vec<(Option<String>, Range<usize>)> = raw
                .agent
                .iter()
                .map(|table| {
                    (table.get_ref().get("token").and_then(|token| token.as_str()).map(str::to_string), table.span())
                })
                .collect();
            let tables = raw.agent.into_iter().map(Spanned::into_inner).collect();
            let registry = Registry::builtin().with_additions(&path.display().to_string(), tables);
            let builtin_problems = Registry::builtin().problems.len();
            if let Some(problem) = registry.problems.get(builtin_problems) {
                let span = spans.iter().find(|(token, _)| *token == problem.token).or(spans.first());
                let message = match &problem.token {
                    Some(token) => format!("[[agent]] `{token}`: {}", problem.message),
                    None => format!("[[agent]]: {}", problem.message),
                };
                return Err(error(span.map(|(_, span)| span.clone()), message));
            }
            config.registry = Some(registry);
        }
        Ok(config)
    }

    /// The nearest `robolint.toml` in `directory` or above it.
    pub fn discover(directory: &Path) -> Option<PathBuf> {
        directory.ancestors().map(|folder| folder.join(FILE_NAME)).find(|candidate| candidate.is_file())
    }

    /// Lint settings from this configuration; the caller adds what the command line says.
    pub fn settings(&self) -> Settings {
        Settings {
            targets: self.targets.clone(),
            levels: self.levels.clone(),
            options: self.options.clone(),
            ..Settings::default()
        }
    }
}

/// Dialect names, or `portable`/`all` for every dialect.
pub fn parse_targets(names: &[String]) -> Result<Vec<Dialect>, String> {
    let mut targets = Vec::new();
    for name in names {
        if name.eq_ignore_ascii_case("portable") || name.eq_ignore_ascii_case("all") {
            targets.extend(Dialect::ALL);
        } else {
            targets.push(name.parse::<Dialect>()?);
        }
    }
    targets.sort();
    targets.dedup();
    Ok(targets)
}

/// Each option must be one the rule declares, with a value of its default's type.
fn check_options(rule: &rules::Rule, table: &toml::Table) -> Result<(), String> {
    let declared = &rule.metadata.options;
    for (key, value) in table {
        let Some(spec) = declared.get(key) else {
            let known: Vec<&str> = declared.keys().map(String::as_str).collect();
            let known = if known.is_empty() { "none".to_string() } else { known.join(", ") };
            return Err(format!(
                "rule `{}` has no option `{key}` (its options: severity, {known})",
                rule.metadata.name
            ));
        };
        if !same_shape(value, &spec.default) {
            return Err(format!(
                "option `{key}` of rule `{}` takes a {}, not a {}",
                rule.metadata.name,
                spec.default.type_str(),
                value.type_str()
            ));
        }
    }
    Ok(())
}

fn same_shape(value: &toml::Value, default: &toml::Value) -> bool {
    match (value, default) {
        (toml::Value::Array(values), toml::Value::Array(defaults)) => match defaults.first() {
            Some(first) => values.iter().all(|value| same_shape(value, first)),
            None => true,
        },
        (toml::Value::Integer(value), toml::Value::Integer(_)) => *value >= 0,
        _ => value.type_str() == default.type_str(),
    }
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
        assert_eq!(config.levels.get("glob-pattern"), Some(&Level::Off));
        assert_eq!(config.levels.get("robots-txt-in-rule"), Some(&Level::Error));
    }

    #[test]
    fn errors_point_at_the_key() {
        let text = "target = \"portable\"\ncolour = true\n";
        let error = parse(text).expect_err("unknown key");
        assert!(error.message.contains("colour"), "{}", error.message);
        assert_eq!(error.span.map(|span| &text[span]), Some("colour"));

        let text = "[rules]\nglob-patern = \"off\"\n";
        let error = parse(text).expect_err("unknown rule");
        assert_eq!(error.span.map(|span| &text[span]), Some("glob-patern"));

        let error = parse("[rules]\nglob-pattern = \"loud\"\n").expect_err("bad level");
        assert!(error.message.contains("loud"));

        let error = parse("target = \"bing\"\n").expect_err("bad target");
        assert!(error.message.contains("bing"));

        let error = parse("[rules.glob-pattern]\npaths = []\n").expect_err("no such option");
        assert!(error.message.contains("paths"), "{}", error.message);
    }

    #[test]
    fn portable_means_every_dialect() {
        assert_eq!(parse("target = \"portable\"\n").expect("valid").targets, Dialect::ALL.to_vec());
    }
}
