//! `robolint lint` and the bare `robolint FILES`: inputs in, findings out, with `--fix`,
//! `--diff` and `--watch`.

use std::fs::{self, File};
use std::io::{self, IsTerminal, Write};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use clap::ValueEnum;

use robolint::config::Config;
use robolint::fetch::{looks_like_http_url, HttpUrl};
use robolint::lint::{Linter, Linters};
use robolint::parallel;
use robolint::render::{Found, Linted, Renderer, Tally};
use robolint::rules::Level;
use robolint::source::DEFAULT_SIZE_CAP;
use robolint::{Report, Settings, Severity};
use robolint_cli::fetch::{self, FetchOptions};

use super::config::Configs;
use super::exclude::{CliExclusion, Exclusion};
use super::fixing::{add_suppressions_to_file, apply_fixes, fix_to_stdout, Fixing};
use super::inputs::{collect_inputs, display_name, read_source};
use super::{cannot_write, CliError, ColorChoice, EXIT_FOUND, EXIT_USAGE};

#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("writes_in_place").args(["fix", "add_suppressions"]).multiple(true)))]
pub struct LintArgs {
    /// Files to lint; `-` reads standard input; a directory means every robots.txt below it;
    /// an http(s) URL means its site's /robots.txt, fetched.
    #[arg(value_name = "FILE|URL")]
    pub(super) files: Vec<PathBuf>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,

    /// When to colour the output (`auto` honours NO_COLOR and whether stdout is a terminal).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,

    /// Exit with status 1 when a finding at or above this severity is reported
    /// [default: robolint.toml's `fail-on`, else warning].
    #[arg(long, value_enum)]
    fail_on: Option<FailOn>,

    /// The robots the site cares about: norobots-1994, draft-1996, rfc9309, google, python-robotparser,
    /// today (rfc9309 and google) or portable (all five) [default: robolint.toml's `target`, else today].
    #[arg(long, value_delimiter = ',', value_name = "DIALECT")]
    target: Vec<String>,

    /// Use this configuration file instead of the nearest robolint.toml above each file.
    #[arg(long, value_name = "PATH", conflicts_with = "no_config")]
    pub(super) config: Option<PathBuf>,

    /// Ignore every robolint.toml.
    #[arg(long)]
    pub(super) no_config: bool,

    /// Apply safe fixes to the files in place, then report what is left.
    #[arg(long)]
    fix: bool,

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
    rules: RuleFlags,

    /// Paths a directory walk skips (globs, matching a name or a path from the current
    /// folder), replacing robolint.toml's `exclude` and the default, `node_modules`.
    #[arg(long, value_delimiter = ',', value_name = "GLOB")]
    exclude: Option<Vec<String>>,

    /// Paths a directory walk skips besides `exclude`.
    #[arg(long, value_delimiter = ',', value_name = "GLOB")]
    extend_exclude: Vec<String>,

    /// Rules ignored in the files a glob names, as `GLOB:RULE[,RULE…]`; repeatable.
    #[arg(long, value_name = "GLOB:RULES")]
    per_file_ignores: Vec<String>,

    /// Leave out excluded files even when named on the command line (for tools such as
    /// pre-commit, which pass every changed file).
    #[arg(long)]
    force_exclude: bool,

    /// Print the information about robots outside the targets too (or about none: a rule
    /// another already covers), which the human, concise and github formats leave out by
    /// default and count in the summary line. JSON and SARIF always hold it, marked.
    #[arg(long)]
    all_infos: bool,

    /// Lint again whenever an input file or a file below an input directory changes, until
    /// interrupted.
    #[arg(long, conflicts_with_all = ["fix", "diff", "add_suppressions"])]
    watch: bool,

    /// Print the settings the first input would be linted with, and where they come from,
    /// instead of linting.
    #[arg(long)]
    show_settings: bool,

    /// Print the findings and nothing else: no summary line, no note of the fixes applied.
    #[arg(long, short = 'q')]
    pub(super) quiet: bool,

    /// Instead of the findings, a count of them per rule, most frequent first.
    #[arg(long, conflicts_with_all = ["format", "diff"])]
    statistics: bool,

    /// Write the output to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "PATH")]
    output_file: Option<PathBuf>,

    /// The file name standard input stands for (`-`): the name shown, the folder robolint.toml
    /// is looked up from, and the name the file-name rule judges. For editor integrations that
    /// pipe a buffer.
    #[arg(long, value_name = "PATH")]
    stdin_filename: Option<PathBuf>,

    /// How many threads to use [default: one per core]: files are linted that many at once,
    /// and a file of 64 KiB to 1 MiB is parsed and linted on two. Output keeps the order of
    /// the inputs whatever the number; `--fix` and `--diff` take one file at a time.
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<NonZeroUsize>,
}

/// How URLs are fetched (files ignore these).
#[derive(clap::Args)]
pub struct HttpArgs {
    /// The User-Agent header to send [default: robolint/VERSION].
    #[arg(long, value_name = "TEXT")]
    user_agent: Option<String>,

    /// The most the whole fetch may take, redirects and body included, in seconds [default: 30].
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,

    /// The most opening a connection (DNS, TCP, TLS) may take, in seconds [default: 10].
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    connect_timeout: Option<Duration>,

    /// The most body bytes to read, counted after gzip or deflate is removed; the rest is
    /// not linted [default: 524288, Google's 500 KiB plus a margin].
    #[arg(long, value_name = "BYTES")]
    max_size: Option<usize>,

    /// Follow redirects from a public address to a private one (loopback, RFC 1918, IPv6
    /// unique local, link-local); refused and reported as RL614 by default.
    #[arg(long)]
    allow_private_redirects: bool,
}

impl LintArgs {
    fn renderer(&self, color: bool) -> Renderer {
        if self.statistics {
            return Renderer::Statistics(Default::default());
        }
        self.format.renderer(color)
    }

    /// The configuration's settings with the command line's on top: `--target` and `--select`
    /// replace the file's, `--extend-select` and `--ignore` add to the file's.
    fn settings(&self, config: &Config, cli_targets: &[robolint::dialect::Dialect]) -> Settings {
        Settings { all_infos: self.all_infos, ..self.rules.settings(config, cli_targets) }
    }

    /// The run's linters, one per configuration, each lint held to `--jobs` threads.
    pub(super) fn linters(&self) -> Linters {
        let offered = parallel::available_threads();
        Linters::new(self.jobs.map_or(offered, |jobs| jobs.get().min(offered)))
    }

    /// Whether the run changes files (`--fix`, `--diff`'s dry run of it, `--add-suppressions`).
    fn writes_files(&self) -> bool {
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
    fn options(&self) -> FetchOptions {
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

/// `robolint lint` and the bare `robolint`: one run, or runs until interrupted with `--watch`.
pub fn run(command: &LintCommand) -> Result<u8, CliError> {
    let mut linters = command.lint.linters();
    if command.lint.watch {
        watch(&command.lint, &command.http, &mut linters)
    } else {
        run_lint(&command.lint, &command.http, Inputs::FilesAndUrls, &mut linters)
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
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
    fn renderer(self, color: bool) -> Renderer {
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
    fn level(self) -> Level {
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

/// What the positional arguments may name.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Inputs {
    FilesAndUrls,
    /// `robolint fetch`.
    UrlsOnly,
}

pub(super) fn run_lint(
    args: &LintArgs,
    http: &HttpArgs,
    allowed: Inputs,
    linters: &mut Linters,
) -> Result<u8, CliError> {
    check_arguments(args, allowed)?;
    let fetch_options = http.options();
    let cli_targets = parse_targets(&args.target)?;
    let mut configs = Configs::new(args)?;
    let cli_exclusion = CliExclusion {
        exclude: args.exclude.as_deref(),
        extend_exclude: &args.extend_exclude,
        per_file_ignores: &args.per_file_ignores,
    };
    let inputs = match gather_inputs(args, allowed, &mut configs, &cli_exclusion)? {
        Gathered::Inputs(inputs) => inputs,
        Gathered::AllExcluded => {
            // pre-commit hands over every changed file: excluding them all is a clean run.
            super::to_stderr(format_args!("robolint: every file given is excluded (--force-exclude): nothing to lint"));
            return Ok(0);
        }
    };
    let color = args.color.enabled(io::stdout().is_terminal());
    let mut jobs = Vec::with_capacity(inputs.len());
    for input in inputs {
        let (config, settings) = input_settings(args, &input, &mut configs, &cli_targets, &cli_exclusion, color)?;
        if args.show_settings {
            return show_settings(&input, config, &settings);
        }
        settings.check_selectors()?;
        let weight = input_weight(&input, fetch_options.max_size);
        jobs.push(Job { input, linter: linters.get(&settings), fail_on: config.fail_on, weight });
    }
    lint_jobs(args, &jobs, &fetch_options, color)
}

/// Usage errors the flags and inputs show before anything is read.
fn check_arguments(args: &LintArgs, allowed: Inputs) -> Result<(), CliError> {
    if args.files.is_empty() {
        return Err(match allowed {
            Inputs::FilesAndUrls => {
                "no input: give a robots.txt file, a directory, an http(s) URL, or `-` for standard input"
            }
            Inputs::UrlsOnly => "no input: give the URL of a site, such as https://example.com/",
        }
        .into());
    }
    if args.diff && !matches!(args.format, Format::Human) {
        return Err("--diff prints a unified diff: it takes no --format (use --fix to apply the fixes, then lint with the format)".into());
    }
    if allowed == Inputs::UrlsOnly && (args.fix || args.diff || args.add_suppressions) {
        return Err(
            "a fetched robots.txt cannot be fixed in place: save it to a file and run `robolint --fix FILE`".into()
        );
    }
    Ok(())
}

/// What the positional arguments name once directories are walked.
enum Gathered {
    Inputs(Vec<Input>),
    /// `--force-exclude` left out every file given.
    AllExcluded,
}

/// The inputs the positional arguments name: URLs, files, and the robots.txt files below
/// directories, less what the configurations exclude.
fn gather_inputs(
    args: &LintArgs,
    allowed: Inputs,
    configs: &mut Configs,
    cli_exclusion: &CliExclusion<'_>,
) -> Result<Gathered, CliError> {
    let mut inputs = Vec::new();
    let mut force_excluded = false;
    for path in &args.files {
        if let Some(url) = url_argument(path, allowed)? {
            inputs.push(Input::Url(url.robots_txt()));
            continue;
        }
        // The configuration of the folder walked (or of the file's) says what it excludes.
        let stand_in = Input::File(if path.is_dir() { path.join("robots.txt") } else { path.clone() });
        let exclusion = Exclusion::new(configs.for_input(&stand_in, None, false)?, cli_exclusion)?;
        if args.force_exclude && path != Path::new("-") && !path.is_dir() && exclusion.excludes_file(path) {
            force_excluded = true;
            continue;
        }
        let mut files = Vec::new();
        collect_inputs(path, &mut files, &exclusion)?;
        if files.is_empty() {
            super::to_stderr(format_args!(
                "robolint: {}: no file named robots.txt below this directory",
                path.display()
            ));
        }
        inputs.extend(files.into_iter().map(Input::File));
    }
    match (inputs.is_empty(), force_excluded) {
        (true, true) => Ok(Gathered::AllExcluded),
        (true, false) => Err("nothing to lint".into()),
        (false, _) => Ok(Gathered::Inputs(inputs)),
    }
}

/// An input's configuration, and the settings it gives with the command line's flags and
/// the input's `per-file-ignores` on top.
fn input_settings<'c>(
    args: &LintArgs,
    input: &Input,
    configs: &'c mut Configs,
    cli_targets: &[robolint::dialect::Dialect],
    cli_exclusion: &CliExclusion<'_>,
    color: bool,
) -> Result<(&'c Config, Settings), CliError> {
    let config = configs.for_input(input, args.stdin_filename.as_deref(), color)?;
    let mut settings = args.settings(config, cli_targets);
    if let Input::File(path) = input {
        let exclusion = Exclusion::new(config, cli_exclusion)?;
        settings.ignore.extend(exclusion.ignored_in(args.named(path)).cloned());
    }
    Ok((config, settings))
}

/// Lints the jobs on the threads `--jobs` allows and prints their findings in input order.
fn lint_jobs(args: &LintArgs, jobs: &[Job], fetch_options: &FetchOptions, color: bool) -> Result<u8, CliError> {
    // Fixes write files: one at a time, so that a file named twice is fixed in turn.
    let threads =
        if args.writes_files() { 1 } else { args.jobs.map_or_else(parallel::available_threads, NonZeroUsize::get) };
    let destination: Box<dyn Write> = match &args.output_file {
        Some(path) => Box::new(File::create(path).map_err(|error| format!("{}: {error}", path.display()))?),
        None => Box::new(io::stdout().lock()),
    };
    let mut printer = Printer::new(args, destination, color, progress_bar(args, jobs.len()));
    // Inputs are linted, and for the formats that print each input by itself rendered, on
    // every core, then printed in order; nothing but the counts outlives an input's output.
    let work = |job: &Job| {
        let mut outcome = process(args, job, fetch_options);
        outcome.render_alone(args, color);
        outcome
    };
    let window = (|job: &Job| job.weight, (threads as u64).saturating_mul(AHEAD_BYTES_PER_THREAD));
    parallel::map_in_order(jobs, threads, window, work, |outcome| printer.print(outcome))?;
    printer.finish()
}

/// The printing end of a lint run: the output, the renderer, and the counts kept across
/// inputs for the summary and the exit status.
struct Printer<'a> {
    args: &'a LintArgs,
    out: io::BufWriter<Box<dyn Write + 'a>>,
    renderer: Renderer,
    tally: Tally,
    progress: Option<indicatif::ProgressBar>,
    unreadable: usize,
    not_written: usize,
    failed: bool,
}

impl<'a> Printer<'a> {
    fn new(
        args: &'a LintArgs,
        destination: Box<dyn Write + 'a>,
        color: bool,
        progress: Option<indicatif::ProgressBar>,
    ) -> Printer<'a> {
        Printer {
            args,
            out: io::BufWriter::new(destination),
            renderer: args.renderer(color),
            tally: Tally::default(),
            progress,
            unreadable: 0,
            not_written: 0,
            failed: false,
        }
    }

    /// Prints one input's outcome. The progress bar steps aside meanwhile, so the two never mix.
    fn print(&mut self, outcome: Outcome) -> Result<(), CliError> {
        let Some(bar) = self.progress.clone() else { return self.write(outcome) };
        bar.suspend(|| self.write(outcome))?;
        bar.inc(1);
        Ok(())
    }

    fn write(&mut self, outcome: Outcome) -> Result<(), CliError> {
        let out = &mut self.out;
        out.write_all(outcome.diff.as_bytes()).map_err(cannot_write)?;
        for message in &outcome.messages {
            super::to_stderr(format_args!("robolint: {message}"));
        }
        self.not_written += usize::from(outcome.fix_not_written);
        let (name, found, fail_on) = match outcome.result {
            Processed::Linted { name, report, fail_on } => {
                self.renderer.add(out, &Linted { name: &name, report: &report }).map_err(cannot_write)?;
                (name, Found::in_report(&report), fail_on)
            }
            Processed::Rendered { name, output, found, fail_on } => {
                out.write_all(&output.map_err(cannot_write)?).map_err(cannot_write)?;
                (name, found, fail_on)
            }
            Processed::Diffed { changed } => {
                self.failed |= changed;
                return Ok(());
            }
            Processed::FixedToStdout { fails } => {
                self.failed |= fails;
                return Ok(());
            }
            Processed::Unreadable => {
                self.unreadable += 1;
                return Ok(());
            }
        };
        self.failed |= fails(self.args, fail_on, &found);
        self.tally.add(&name, &found);
        if self.progress.is_some() {
            out.flush().map_err(cannot_write)?;
        }
        Ok(())
    }

    /// The summary, when the run prints one, and the exit status.
    fn finish(mut self) -> Result<u8, CliError> {
        let args = self.args;
        if let Some(bar) = &self.progress {
            bar.finish_and_clear();
        }
        // `--fix -` prints the fixed text, which a summary line would corrupt.
        let stdout_holds_fixed_text = args.fix && args.files.iter().any(|file| file == Path::new("-"));
        let summary_wanted = !(args.quiet && self.renderer.ends_with_summary());
        if !args.diff && !stdout_holds_fixed_text && summary_wanted {
            self.renderer.finish(&mut self.out, &self.tally).map_err(cannot_write)?;
        }
        self.out.flush().map_err(cannot_write)?;
        if self.unreadable > 0 || self.not_written > 0 {
            return Ok(EXIT_USAGE);
        }
        Ok(if self.failed { EXIT_FOUND } else { 0 })
    }
}

/// `--watch`: a run, then another after each change to what the inputs name (a burst of
/// events from one save makes one run). Runs until interrupted or the watch fails. The
/// linters are kept between runs: a configuration that did not change is not resolved again.
fn watch(args: &LintArgs, http: &HttpArgs, linters: &mut Linters) -> Result<u8, CliError> {
    use notify::Watcher;
    const SETTLE: Duration = Duration::from_millis(150);
    let (sender, events) = std::sync::mpsc::channel();
    let mut watcher = notify::recommended_watcher(sender).map_err(|error| format!("--watch: {error}"))?;
    for path in args.files.iter().filter(|path| path.as_path() != Path::new("-")) {
        watcher
            .watch(path, notify::RecursiveMode::Recursive)
            .map_err(|error| format!("--watch: {}: {error}", path.display()))?;
    }
    loop {
        match run_lint(args, http, Inputs::FilesAndUrls, linters) {
            Ok(_) => {}
            Err(CliError::OutputClosed) => return Err(CliError::OutputClosed),
            Err(CliError::Message(message)) => super::to_stderr(format_args!("robolint: {message}")),
        }
        super::to_stderr(format_args!("robolint: watching for changes (Ctrl-C to stop)"));
        let changed = |event: &notify::Result<notify::Event>| {
            event.as_ref().is_ok_and(|event| event.kind.is_modify() || event.kind.is_create() || event.kind.is_remove())
        };
        loop {
            let event = events.recv().map_err(|_| "--watch: the file watcher stopped".to_string())?;
            if changed(&event) {
                break;
            }
        }
        std::thread::sleep(SETTLE);
        while events.try_recv().is_ok() {}
    }
}

/// From how many inputs a run to a terminal shows a progress bar.
const PROGRESS_FROM_INPUTS: usize = 1000;

/// A progress bar on standard error, for a long run whose output people read: thousands of
/// inputs, standard error a terminal, a format for people. Never in machine formats, pipes
/// or `--quiet` runs.
fn progress_bar(args: &LintArgs, inputs: usize) -> Option<indicatif::ProgressBar> {
    let for_people = matches!(args.format, Format::Human | Format::Concise) && !args.quiet;
    if inputs < PROGRESS_FROM_INPUTS || !for_people || !io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(inputs as u64);
    let style = indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} files, {elapsed} ({eta} left)");
    if let Ok(style) = style {
        bar.set_style(style);
    }
    Some(bar)
}

/// How many bytes of input each lint thread may have linted, or be linting, ahead of the
/// input being printed. A lint holds a few tens of times its input in memory until printed.
const AHEAD_BYTES_PER_THREAD: u64 = 512 * 1024;

/// What linting an input is expected to cost, in bytes read: its size up to the cap, and at
/// least a few KiB for what every input costs whatever its size.
fn input_weight(input: &Input, fetch_cap: usize) -> u64 {
    const LEAST: u64 = 4 * 1024;
    let cap = match input {
        Input::Url(_) => fetch_cap,
        Input::File(_) => DEFAULT_SIZE_CAP,
    } as u64;
    let size = match input {
        Input::File(path) if path != Path::new("-") => fs::metadata(path).map_or(cap, |metadata| metadata.len()),
        _ => cap,
    };
    size.clamp(LEAST, cap.max(LEAST))
}

/// One input with the settings its configuration gives it.
pub(super) struct Job {
    input: Input,
    /// The linter of the input's settings, shared with the inputs of equal ones.
    pub(super) linter: Arc<Linter>,
    pub(super) fail_on: Option<Level>,
    /// `input_weight`: how much of the lint threads' window this input takes.
    weight: u64,
}

/// What processing one input produced, for the main thread to print in input order.
pub(super) struct Outcome {
    /// `--diff` output.
    pub(super) diff: String,
    /// Lines for standard error: what was fixed, what could not be, read errors.
    pub(super) messages: Vec<String>,
    /// `--fix` had fixes for this file but could not write them (the run then exits 2; the
    /// file is linted as it is, so its findings still show).
    fix_not_written: bool,
    pub(super) result: Processed,
}

pub(super) enum Processed {
    Linted {
        name: String,
        report: Box<Report>,
        fail_on: Option<Level>,
    },
    /// Linted and already rendered (`Outcome::render_alone`), so that only the output and
    /// the counts travel to the printing thread.
    Rendered {
        name: String,
        output: io::Result<Vec<u8>>,
        found: Found,
        fail_on: Option<Level>,
    },
    /// `--diff` printed the fixes (or had none to print); nothing is linted.
    Diffed {
        changed: bool,
    },
    /// `--fix -`: the fixed text went to standard output in place of findings; the run fails
    /// when what is left fails it.
    FixedToStdout {
        fails: bool,
    },
    Unreadable,
}

/// Fetches or reads one input, fixes it when asked, and lints it. Runs on a worker thread,
/// so it prints nothing itself.
fn process(args: &LintArgs, job: &Job, fetch_options: &FetchOptions) -> Outcome {
    let mut outcome =
        Outcome { diff: String::new(), messages: Vec::new(), fix_not_written: false, result: Processed::Unreadable };
    let linter = &*job.linter;
    let path = match &job.input {
        Input::File(path) => path.as_path(),
        Input::Url(url) => {
            if args.writes_files() {
                let not_done = if args.add_suppressions { "no suppressions added" } else { "not fixed" };
                outcome.messages.push(format!("{url}: {not_done}: a fetched file cannot be changed in place"));
            }
            outcome.result = if args.diff {
                Processed::Diffed { changed: false }
            } else {
                let report = linter.lint_fetched(&fetch::fetch(url, fetch_options));
                Processed::Linted { name: url.to_string(), report: Box::new(report), fail_on: job.fail_on }
            };
            return outcome;
        }
    };
    let source = match read_source(path) {
        Ok(source) => source,
        Err(message) => {
            outcome.messages.push(message);
            return outcome;
        }
    };
    let name = display_name(args.named(path));
    if args.fix && path == Path::new("-") {
        fix_to_stdout(args, job, source, &mut outcome);
        return outcome;
    }
    let (mut checked, mut fixed_report) = (None, None);
    let source = if args.add_suppressions {
        let (source, written) = add_suppressions_to_file(args, path, &name, source, linter, &mut outcome.messages);
        outcome.fix_not_written = !written;
        source
    } else if args.fix || args.diff {
        match apply_fixes(args, path, &name, source, linter, &mut outcome.messages) {
            Ok(Fixing::Fixed(source)) => source,
            Ok(Fixing::Checked(source, fixed, report)) => {
                (checked, fixed_report) = (Some(fixed), report);
                source
            }
            Ok(Fixing::NotWritten(source)) => {
                outcome.fix_not_written = true;
                source
            }
            Ok(Fixing::Diff(diff)) => {
                outcome.diff = diff;
                outcome.result = Processed::Diffed { changed: true };
                return outcome;
            }
            Err(message) => {
                outcome.messages.push(message);
                return outcome;
            }
        }
    } else {
        source
    };
    outcome.result = if args.diff {
        Processed::Diffed { changed: false }
    } else {
        // Fixing linted the fixed text last (with the same path and settings): that report is
        // this one.
        let mut report = fixed_report.unwrap_or_else(|| Box::new(linter.lint(source, Some(args.named(path)))));
        if let Some(fixed) = &checked {
            fixed.mark_held_back(&mut report.diagnostics);
        }
        Processed::Linted { report, name, fail_on: job.fail_on }
    };
    outcome
}

impl Outcome {
    /// Renders a linted input here, on the thread that linted it, when the format writes
    /// each input by itself: the printing thread then has only bytes to copy.
    fn render_alone(&mut self, args: &LintArgs, color: bool) {
        let mut renderer = args.renderer(color);
        if renderer.writes_one_document() {
            return;
        }
        self.result = match std::mem::replace(&mut self.result, Processed::Unreadable) {
            Processed::Linted { name, report, fail_on } => {
                let mut output = Vec::new();
                let rendered = renderer.add(&mut output, &Linted { name: &name, report: &report });
                let found = Found::in_report(&report);
                Processed::Rendered { name, output: rendered.map(|()| output), found, fail_on }
            }
            other => other,
        };
    }
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

/// The URL a positional argument names, checked; `None` for a file (an error for
/// `robolint fetch`, which takes only URLs).
fn url_argument(argument: &Path, allowed: Inputs) -> Result<Option<HttpUrl>, CliError> {
    let text = argument.to_string_lossy();
    // Any `scheme://` goes to the URL parser, which names a scheme it cannot fetch, rather
    // than to the file system, which would only say that no such file exists.
    if looks_like_http_url(&text) || has_url_scheme(&text) {
        return Ok(Some(HttpUrl::parse(&text)?));
    }
    if allowed == Inputs::FilesAndUrls {
        return Ok(None);
    }
    let hint = if !text.contains('/') && text.contains('.') {
        format!(" (did you mean https://{text}/ ?)")
    } else {
        String::new()
    };
    Err(format!("`{text}` is not an http(s) URL{hint}: `robolint fetch` lints sites; lint files without `fetch`")
        .into())
}

/// Whether `text` starts with an RFC 3986 scheme and `://` (`ftp://…`, `file://…`).
fn has_url_scheme(text: &str) -> bool {
    text.split_once("://").is_some_and(|(scheme, _)| {
        scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    })
}

pub(super) fn parse_targets(names: &[String]) -> Result<Vec<robolint::dialect::Dialect>, String> {
    robolint::config::parse_targets(names).map_err(|message| format!("--target: {message}"))
}

/// `--show-settings`: the resolved settings for one input and the file they come from.
fn show_settings(input: &Input, config: &Config, settings: &Settings) -> Result<u8, CliError> {
    let name = match input {
        Input::File(path) => display_name(path),
        Input::Url(url) => url.to_string(),
    };
    let origin = match &config.path {
        Some(path) if robolint::config::user_config_path().as_deref() == Some(path.as_path()) => {
            format!("{} (the user configuration)", path.display())
        }
        Some(path) => path.display().to_string(),
        None => "none: built-in defaults".to_string(),
    };
    let targets: Vec<&str> = if settings.targets.is_empty() {
        vec!["today (rfc9309, google)"]
    } else {
        settings.targets.iter().map(|dialect| dialect.name()).collect()
    };
    let list = |selectors: &[String]| format!("[{}]", selectors.join(", "));
    let mut text = format!("settings for {name}\nconfiguration: {origin}\ntarget: {}\n", targets.join(", "));
    let fail_on = config.fail_on.map_or("warning (default)".to_string(), |level| match level {
        Level::Off => "never".to_string(),
        level => level.as_str().to_string(),
    });
    text.push_str(&format!("fail-on: {fail_on}\n"));
    text.push_str(&format!("select: {}\n", settings.select.as_deref().map_or("default rules".to_string(), list)));
    text.push_str(&format!("extend-select: {}\nignore: {}\n", list(&settings.extend_select), list(&settings.ignore)));
    for (rule, level) in &settings.levels {
        text.push_str(&format!("rules.{rule}: {}\n", level.as_str()));
    }
    for (rule, options) in &settings.options {
        let options: Vec<String> = options.table.iter().map(|(key, value)| format!("{key} = {value}")).collect();
        text.push_str(&format!("rules.{rule} options: {}\n", options.join(", ")));
    }
    io::stdout().lock().write_all(text.as_bytes()).map_err(cannot_write)?;
    Ok(0)
}
