//! The flags of `robolint lint`, the bare `robolint` and `robolint fetch`, and what they
//! decide alone: the output format, the fetch options, `--fail-on`.

use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::ValueEnum;

use robolint::config::Config;
use robolint::fetch::HttpUrl;
use robolint::lint::Linters;
use robolint::parallel;
use robolint::render::{Found, Renderer};
use robolint::rules::Level;
use robolint::{BeyondTargets, Settings, Severity};
use robolint_cli::fetch::FetchOptions;

use super::ColorChoice;

#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("writes_in_place").args(["fix", "add_suppressions"]).multiple(true)))]
pub struct LintArgs {
    /// Files to lint; `-` reads standard input; a directory means every robots.txt below it;
    /// an http(s) URL means its site's /robots.txt, fetched.
    #[arg(value_name = "FILE|URL")]
    pub(super) files: Vec<PathBuf>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub(super) format: Format,

    /// When to colour the output (`auto` honours NO_COLOR and whether stdout is a terminal).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub(super) color: ColorChoice,

    /// Exit with status 1 when a finding at or above this severity is reported
    /// [default: robolint.toml's `fail-on`, else warning].
    #[arg(long, value_enum)]
    pub(super) fail_on: Option<FailOn>,

    /// The robots the site cares about: norobots-1994, draft-1996, rfc9309, google, python-robotparser,
    /// today (rfc9309 and google) or portable (all five) [default: robolint.toml's `target`, else today].
    #[arg(long, value_delimiter = ',', value_name = "DIALECT")]
    pub(super) target: Vec<String>,

    /// Use this configuration file instead of the nearest robolint.toml above each file.
    #[arg(long, value_name = "PATH", conflicts_with = "no_config")]
    pub(super) config: Option<PathBuf>,

    /// Ignore every robolint.toml.
    #[arg(long)]
    pub(super) no_config: bool,

    /// Apply safe fixes to the files in place, then report what is left.
    #[arg(long)]
    pub(super) fix: bool,

    /// With --fix or --diff, apply unsafe fixes too (they may change what some robot does).
    #[arg(long)]
    pub(super) unsafe_fixes: bool,

    /// With --fix or --add-suppressions, also write files that are read-only (no `w` in their
    /// mode), keeping that mode; without it they are left alone, reported, and the run exits 2.
    #[arg(long, requires = "writes_in_place")]
    pub(super) fix_read_only: bool,

    /// Print the fixes as a unified diff instead of applying them; exit 1 when there is one.
    #[arg(long, conflicts_with = "fix")]
    pub(super) diff: bool,

    /// Silence every finding reported now: add a `# robolint: disable=RULE` comment to each
    /// line with findings (merged into one already there), or `disable-file=RULE` at the top
    /// where a line cannot take one, then report what is left. Running it again adds nothing.
    #[arg(long, conflicts_with_all = ["fix", "diff"])]
    pub(super) add_suppressions: bool,

    #[command(flatten)]
    pub(super) rules: RuleFlags,

    /// Paths a directory walk skips (globs, matching a name or a path from the current
    /// folder), replacing robolint.toml's `exclude` and the default, `node_modules`.
    #[arg(long, value_delimiter = ',', value_name = "GLOB")]
    pub(super) exclude: Option<Vec<String>>,

    /// Paths a directory walk skips besides `exclude`.
    #[arg(long, value_delimiter = ',', value_name = "GLOB")]
    pub(super) extend_exclude: Vec<String>,

    /// Rules ignored in the files a glob names, as `GLOB:RULE[,RULE…]`; repeatable.
    #[arg(long, value_name = "GLOB:RULES")]
    pub(super) per_file_ignores: Vec<String>,

    /// Leave out excluded files even when named on the command line (for tools such as
    /// pre-commit, which pass every changed file).
    #[arg(long)]
    pub(super) force_exclude: bool,

    /// Print the information about robots outside the targets too (or about none: a rule
    /// another already covers), which the human, concise and github formats leave out by
    /// default and count in the summary line. JSON and SARIF always hold it, marked.
    #[arg(long)]
    pub(super) all_infos: bool,

    /// Lint again whenever an input file or a file below an input directory changes, until
    /// interrupted.
    #[arg(long, conflicts_with_all = ["fix", "diff", "add_suppressions"])]
    pub(super) watch: bool,

    /// Print the settings the first input would be linted with, and where they come from,
    /// instead of linting.
    #[arg(long)]
    pub(super) show_settings: bool,

    /// Print the findings and nothing else: no summary line, no note of the fixes applied.
    #[arg(long, short = 'q')]
    pub(super) quiet: bool,

    /// Instead of the findings, a count of them per rule, most frequent first.
    #[arg(long, conflicts_with_all = ["format", "diff"])]
    pub(super) statistics: bool,

    /// Write the output to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "PATH")]
    pub(super) output_file: Option<PathBuf>,

    /// The file name standard input stands for (`-`): the name shown, the folder robolint.toml
    /// is looked up from, and the name the file-name rule judges. For editor integrations that
    /// pipe a buffer.
    #[arg(long, value_name = "PATH")]
    pub(super) stdin_filename: Option<PathBuf>,

    /// How many threads to use [default: one per core]: files are linted that many at once,
    /// and a file of 64 KiB to 1 MiB is parsed and linted on two. Output keeps the order of
    /// the inputs whatever the number; `--fix` and `--diff` take one file at a time.
    #[arg(long, short = 'j', value_name = "N")]
    pub(super) jobs: Option<NonZeroUsize>,
}

/// How URLs are fetched (files ignore these).
#[derive(clap::Args)]
pub struct HttpArgs {
    /// The User-Agent header to send [default: robolint/VERSION].
    #[arg(long, value_name = "TEXT")]
    pub(super) user_agent: Option<String>,

    /// The most the whole fetch may take, redirects and body included, in seconds [default: 30].
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub(super) timeout: Option<Duration>,

    /// The most opening a connection (DNS, TCP, TLS) may take, in seconds [default: 10].
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub(super) connect_timeout: Option<Duration>,

    /// The most body bytes to read, counted after gzip or deflate is removed; the rest is
    /// not linted [default: 524288, Google's 500 KiB plus a margin].
    #[arg(long, value_name = "BYTES")]
    pub(super) max_size: Option<usize>,

    /// Follow redirects from a public address to a private one (loopback, RFC 1918, IPv6
    /// unique local, link-local); refused and reported as RL614 by default.
    #[arg(long)]
    pub(super) allow_private_redirects: bool,
}

impl LintArgs {
    pub(super) fn renderer(&self, color: bool) -> Renderer {
        if self.statistics {
            return Renderer::Statistics(Default::default());
        }
        self.format.renderer(color)
    }

    /// The configuration's settings with the command line's on top: `--target` and `--select`
    /// replace the file's, `--extend-select` and `--ignore` add to the file's.
    pub(super) fn settings(&self, config: &Config, cli_targets: &[robolint::dialect::Dialect]) -> Settings {
        Settings { all_infos: self.all_infos, ..self.rules.settings(config, cli_targets) }
    }

    /// The run's linters, one per configuration, each lint held to `--jobs` threads,
    /// writing the proofs the output shows and proving the findings it lists (every one when
    /// the run writes files: a fix mends what the output leaves out).
    pub(super) fn linters(&self) -> Linters {
        let offered = parallel::available_threads();
        let renderer = self.renderer(false);
        let beyond_targets = if self.writes_files() { BeyondTargets::Listed } else { renderer.beyond_targets() };
        Linters::new(self.jobs.map_or(offered, |jobs| jobs.get().min(offered)))
            .with_proofs(renderer.proofs())
            .with_beyond_targets(beyond_targets)
    }

    /// Whether the run changes files (`--fix`, `--diff`'s dry run of it, `--add-suppressions`).
    pub(super) fn writes_files(&self) -> bool {
        self.fix || self.diff || self.add_suppressions
    }

    /// The path standing for `path`: `--stdin-filename` for standard input.
    pub(super) fn named<'p>(&'p self, path: &'p Path) -> &'p Path {
        match &self.stdin_filename {
            Some(name) if path == Path::new("-") => name,
            _ => path,
        }
    }
}

impl HttpArgs {
    pub(super) fn options(&self) -> FetchOptions {
        let defaults = FetchOptions::default();
        FetchOptions {
            user_agent: self.user_agent.clone().unwrap_or(defaults.user_agent),
            connect_timeout: self.connect_timeout.unwrap_or(defaults.connect_timeout),
            timeout: self.timeout.unwrap_or(defaults.timeout),
            max_size: self.max_size.unwrap_or(defaults.max_size),
            allow_private_redirects: self.allow_private_redirects,
        }
    }
}

/// A positive number of seconds; one too large for a `Duration` is the largest there is
/// (the fetch caps waits at fetch::LONGEST_WAIT anyway).
fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text.parse().map_err(|_| format!("`{text}` is not a number of seconds"))?;
    let positive = || format!("`{text}`: give a positive number of seconds");
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(positive());
    }
    let duration = Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX);
    Some(duration).filter(|duration| !duration.is_zero()).ok_or_else(positive)
}

/// The flags of `robolint lint`, of the bare `robolint`, and (for URLs only) of `robolint fetch`:
/// one definition, so the three cannot drift apart.
#[derive(clap::Args)]
pub struct LintCommand {
    #[command(flatten)]
    pub lint: LintArgs,

    #[command(flatten)]
    pub http: HttpArgs,
}

#[derive(Clone, Copy, ValueEnum)]
pub(super) enum Format {
    /// Source excerpts with the findings drawn under them.
    Human,
    /// `path:line:col: severity[CODE name]: message`.
    Concise,
    /// One JSON document for the whole run (docs/json-format.md).
    Json,
    /// A SARIF 2.1.0 log, for GitHub code scanning and other SARIF viewers.
    Sarif,
    /// GitHub Actions workflow commands, which annotate the lines of a pull request.
    Github,
    /// A GitLab Code Quality report (`artifacts: reports: codequality`).
    Gitlab,
    /// A JUnit XML report: a test suite per file, a failing test case per finding.
    Junit,
}

impl Format {
    pub(super) fn renderer(self, color: bool) -> Renderer {
        match self {
            Format::Human => Renderer::Human { color },
            Format::Concise => Renderer::Concise { color },
            Format::Json => Renderer::Json(Default::default()),
            Format::Sarif => Renderer::Sarif(Default::default()),
            Format::Github => Renderer::Github,
            Format::Gitlab => Renderer::Gitlab(Default::default()),
            Format::Junit => Renderer::Junit(Default::default()),
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
pub(super) enum FailOn {
    Info,
    Warning,
    Error,
    Never,
}

impl FailOn {
    pub(super) fn level(self) -> Level {
        match self {
            FailOn::Info => Level::Info,
            FailOn::Warning => Level::Warning,
            FailOn::Error => Level::Error,
            FailOn::Never => Level::Off,
        }
    }
}

/// One thing to lint: a file (or `-`), or a robots.txt URL to fetch.
pub(super) enum Input {
    File(PathBuf),
    Url(HttpUrl),
}

/// Whether an input with `found` fails the run (`--fail-on`, else robolint.toml's
/// `fail-on`, else warning). Files and URLs alike come through here.
pub(super) fn fails(args: &LintArgs, configured_fail_on: Option<Level>, found: &Found) -> bool {
    fails_at(args.fail_on, configured_fail_on, found.worst())
}

/// Whether the worst finding reaches `--fail-on`, else robolint.toml's `fail-on`, else warning.
pub(super) fn fails_at(
    cli_fail_on: Option<FailOn>,
    configured_fail_on: Option<Level>,
    worst: Option<Severity>,
) -> bool {
    let fail_on = cli_fail_on.map(FailOn::level).or(configured_fail_on).unwrap_or(Level::Warning);
    fail_on.severity().is_some_and(|threshold| worst.is_some_and(|worst| worst >= threshold))
}

/// The rule flags of `robolint lint` and `robolint warc`.
#[derive(clap::Args)]
pub(super) struct RuleFlags {
    /// Rules to run instead of the default set: codes (RL301), code prefixes (RL3), names
    /// (glob-pattern), categories (paths) or ALL. Comma-separated or repeated.
    #[arg(long, value_delimiter = ',', value_name = "RULE")]
    select: Option<Vec<String>>,

    /// Rules to run in addition to the default (or selected) set, e.g. pedantic rules.
    #[arg(long, value_delimiter = ',', value_name = "RULE")]
    extend_select: Vec<String>,

    /// Rules not to run.
    #[arg(long, value_delimiter = ',', value_name = "RULE")]
    ignore: Vec<String>,
}

impl RuleFlags {
    /// A configuration's settings with these flags and `--target` on top: `--target` and
    /// `--select` replace the file's, `--extend-select` and `--ignore` add to the file's.
    pub(super) fn settings(&self, config: &Config, cli_targets: &[robolint::dialect::Dialect]) -> Settings {
        let mut settings = config.settings();
        if !cli_targets.is_empty() {
            settings.targets = cli_targets.to_vec();
        }
        if self.select.is_some() {
            settings.select = self.select.clone();
        }
        settings.extend_select.extend(self.extend_select.iter().cloned());
        settings.ignore.extend(self.ignore.iter().cloned());
        settings
    }
}

pub(super) fn parse_targets(names: &[String]) -> Result<Vec<robolint::dialect::Dialect>, String> {
    robolint::config::parse_targets(names).map_err(|message| format!("--target: {message}"))
}
