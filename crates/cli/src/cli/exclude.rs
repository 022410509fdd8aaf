//! Which paths a run leaves out, as ruff does: `exclude` (replacing the default,
//! `node_modules`) and `extend-exclude` from robolint.toml and the command line, skipped by
//! the directory walk and, with `--force-exclude`, for files named on the command line too;
//! `per-file-ignores`, the rules ignored in the files a glob names.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use globset::{Glob, GlobMatcher};

use robolint::config::Config;

/// Folders a directory walk skips unless `exclude` says otherwise: installed packages.
const DEFAULT_EXCLUDE: [&str; 1] = ["node_modules"];

/// A glob and the folder its relative paths start from (the robolint.toml's, or the
/// current folder for the command line's).
#[derive(Clone)]
struct Pattern {
    base: PathBuf,
    matcher: GlobMatcher,
}

impl Pattern {
    fn new(base: &Path, glob: &str, origin: &str) -> Result<Pattern, String> {
        let glob = Glob::new(glob).map_err(|error| format!("{origin}: `{glob}` is not a glob: {error}"))?;
        Ok(Pattern { base: base.to_path_buf(), matcher: glob.compile_matcher() })
    }

    /// A pattern names a path by its own name (`drafts`, `*.bak`) or by its path from the
    /// pattern's base (`sites/old/**`).
    fn matches(&self, path: &Path) -> bool {
        let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        path.file_name().is_some_and(|name| self.matcher.is_match(name))
            || absolute.strip_prefix(&self.base).is_ok_and(|relative| self.matcher.is_match(relative))
    }
}

/// The exclusion and per-file ignores for one run.
#[derive(Clone)]
pub(super) struct Exclusion {
    excluded: Vec<Pattern>,
    ignores: Vec<(Pattern, Vec<String>)>,
}

/// What the command line adds to robolint.toml's.
#[derive(Default)]
pub(super) struct CliExclusion<'a> {
    pub exclude: Option<&'a [String]>,
    pub extend_exclude: &'a [String],
    pub per_file_ignores: &'a [String],
}

/// A run's exclusions, made once per configuration: a run over thousands of files under
/// one robolint.toml compiles its globs once, not once per file.
pub(super) struct Exclusions<'a> {
    cli: CliExclusion<'a>,
    /// By the path of the configuration they were made for (`None` for the defaults).
    made: HashMap<Option<PathBuf>, Rc<Exclusion>>,
}

impl<'a> Exclusions<'a> {
    pub(super) fn new(cli: CliExclusion<'a>) -> Exclusions<'a> {
        Exclusions { cli, made: HashMap::new() }
    }

    /// The exclusion of `config` with the command line's on top.
    pub(super) fn of(&mut self, config: &Config) -> Result<Rc<Exclusion>, String> {
        if let Some(made) = self.made.get(&config.path) {
            return Ok(Rc::clone(made));
        }
        let exclusion = Rc::new(Exclusion::new(config, &self.cli)?);
        self.made.insert(config.path.clone(), Rc::clone(&exclusion));
        Ok(exclusion)
    }
}

impl Exclusion {
    /// The default: `node_modules` skipped, no per-file ignores.
    pub(super) fn defaults() -> Exclusion {
        Exclusion::new(&Config::default(), &CliExclusion::default())
            .unwrap_or(Exclusion { excluded: Vec::new(), ignores: Vec::new() })
    }

    fn new(config: &Config, cli: &CliExclusion<'_>) -> Result<Exclusion, String> {
        let here = std::env::current_dir().map_err(|error| format!("the current folder: {error}"))?;
        let config_base = config.path.as_deref().and_then(Path::parent).map_or(here.clone(), Path::to_path_buf);
        let origin = config.path.as_deref().map_or("robolint.toml".to_string(), |path| path.display().to_string());
        let defaults: Vec<String> = DEFAULT_EXCLUDE.map(str::to_string).to_vec();
        let mut excluded = Vec::new();
        match (cli.exclude, &config.exclude) {
            (Some(globs), _) => {
                for glob in globs {
                    excluded.push(Pattern::new(&here, glob, "--exclude")?);
                }
            }
            (None, Some(globs)) => {
                for glob in globs {
                    excluded.push(Pattern::new(&config_base, glob, &format!("{origin}: exclude"))?);
                }
            }
            (None, None) => {
                for glob in &defaults {
                    excluded.push(Pattern::new(&here, glob, "the default exclusion")?);
                }
            }
        }
        for glob in &config.extend_exclude {
            excluded.push(Pattern::new(&config_base, glob, &format!("{origin}: extend-exclude"))?);
        }
        for glob in cli.extend_exclude {
            excluded.push(Pattern::new(&here, glob, "--extend-exclude")?);
        }
        let mut ignores = Vec::new();
        for (glob, selectors) in &config.per_file_ignores {
            ignores
                .push((Pattern::new(&config_base, glob, &format!("{origin}: per-file-ignores"))?, selectors.clone()));
        }
        for entry in cli.per_file_ignores {
            let (glob, selectors) = entry
                .rsplit_once(':')
                .ok_or_else(|| format!("--per-file-ignores `{entry}`: write GLOB:RULE[,RULE…]"))?;
            let selectors: Vec<String> = selectors.split(',').map(str::to_string).collect();
            // Checked here, not only when a file matches: a misspelt rule is a mistake either way.
            if let Some(unknown) =
                selectors.iter().find(|selector| !robolint::rules::all().iter().any(|rule| rule.matches(selector)))
            {
                return Err(format!(
                    "--per-file-ignores `{entry}`: unknown rule selector `{unknown}` (see `robolint rules`)"
                ));
            }
            ignores.push((Pattern::new(&here, glob, "--per-file-ignores")?, selectors));
        }
        Ok(Exclusion { excluded, ignores })
    }

    pub(super) fn excludes(&self, path: &Path) -> bool {
        self.excluded.iter().any(|pattern| pattern.matches(path))
    }

    /// For `--force-exclude`: a file named on the command line is left out when it, or a
    /// folder it is in, is excluded (`old/robots.txt` under `exclude = ["old"]`).
    pub(super) fn excludes_file(&self, path: &Path) -> bool {
        path.ancestors().filter(|path| !path.as_os_str().is_empty()).any(|path| self.excludes(path))
    }

    /// The rule selectors ignored in `path`.
    pub(super) fn ignored_in(&self, path: &Path) -> impl Iterator<Item = &String> {
        let path = path.to_path_buf();
        self.ignores.iter().filter(move |(pattern, _)| pattern.matches(&path)).flat_map(|(_, selectors)| selectors)
    }
}
