//! The `robolint` command: arguments in, library calls, a renderer, an exit status.

mod cli_agents;
mod cli_audit;
mod cli_check;
mod cli_diff;
mod cli_parse;

use std::collections::HashMap;
use std::fs::{self, File};
use std::io::{self, IsTerminal, Write};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};

use robolint::config::{Config, ConfigError};
use robolint::diagnostic::Applicability;
use robolint::dialect::Dialect;
use robolint::fetch::{self, looks_like_http_url, FetchOptions, HttpUrl};
use robolint::fix::{fix_text, unified_diff, write_fixed, NotWritten};
use robolint::parallel;
use robolint::render::{Found, Linted, Renderer, Tally};
use robolint::rules::Level;
use robolint::rules::{self, Rule};
use robolint::source::{Source, DEFAULT_SIZE_CAP};
use robolint::{lint, lint_fetched, Report, Settings};

/// A robots.txt validator and linter that knows the 1994 standard, the 1996 draft,
/// RFC 9309 and Google's practice.
#[derive(Parser)]
#[command(name = "robolint", version, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    check: LintArgs,

    #[command(flatten)]
    http: HttpArgs,
}

#[derive(clap::Args)]
struct LintArgs {
    /// Files to lint; `-` reads standard input; a directory means every robots.txt below it;
    /// an http(s) URL means its site's /robots.txt, fetched.
    #[arg(value_name = "FILE|URL")]
    files: Vec<PathBuf>,

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
    config: Option<PathBuf>,

    /// Ignore every robolint.toml.
    #[arg(long)]
    no_config: bool,

    /// Apply safe fixes to the files in place, then report what is left.
    #[arg(long)]
    fix: bool,

    /// With --fix or --diff, apply unsafe fixes too (they may change what some robot does).
    #[arg(long)]
    unsafe_fixes: bool,

    /// With --fix, also write files that are read-only (no `w` in their mode), keeping that
    /// mode; without it they are left alone, reported, and the run exits 2.
    #[arg(long, requires = "fix")]
    fix_read_only: bool,

    /// Print the fixes as a unified diff instead of applying them; exit 1 when there is one.
    #[arg(long, conflicts_with = "fix")]
    diff: bool,

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

    /// Lint again whenever an input file or a file below an input directory changes, until
    /// interrupted.
    #[arg(long, conflicts_with_all = ["fix", "diff"])]
    watch: bool,

    /// Print the settings the first input would be linted with, and where they come from,
    /// instead of linting.
    #[arg(long)]
    show_settings: bool,

    /// Print the findings and nothing else: no summary line, no note of the fixes applied.
    #[arg(long, short = 'q')]
    quiet: bool,

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
struct HttpArgs {
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

    /// The path standing for `path`: `--stdin-filename` for standard input.
    fn named<'p>(&'p self, path: &'p Path) -> &'p Path {
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

/// `robolint fetch`: the default command's flags, for URLs only.
#[derive(clap::Args)]
struct FetchArgs {
    #[command(flatten)]
    lint: LintArgs,

    #[command(flatten)]
    http: HttpArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Fetch sites' /robots.txt and lint it, with what the HTTP answer means to robots
    /// (`robolint URL` does the same).
    #[command(mut_arg("files", |urls| urls.value_name("URL").help(
        "Sites to lint: any http(s) URL on the site; robolint fetches its /robots.txt"
    )))]
    // A fetched file cannot be fixed in place: the fixing flags are not offered here.
    #[command(mut_arg("fix", |arg| arg.hide(true)), mut_arg("diff", |arg| arg.hide(true)))]
    #[command(mut_arg("unsafe_fixes", |arg| arg.hide(true)), mut_arg("fix_read_only", |arg| arg.hide(true)))]
    Fetch(FetchArgs),
    /// Print a rule's documentation.
    Rule {
        /// A rule code (RL301) or name (glob-pattern).
        rule: String,
    },
    /// List every rule with its code, name, level by default (today's robots) and for every
    /// robot (portable), and category.
    Rules {
        /// Output format.
        #[arg(long, value_enum, default_value_t = ListFormat::Human)]
        format: ListFormat,
    },
    /// Print a completion script for a shell, to be sourced by its start-up file.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print robolint's man page (roff), made from the same definitions as --help.
    Man,
    /// Run a Language Server on stdin and stdout, for editors.
    Lsp,
    /// Serve the playground page on 127.0.0.1: an editor that lints as you type, applies
    /// fixes, and asks every robot of the registry about a URL.
    Serve {
        /// The port (0: any free port); the page's address is printed on standard output.
        #[arg(long, default_value_t = robolint::serve::DEFAULT_PORT)]
        port: u16,
    },
    /// Whether a robot may fetch URLs, per dialect, and the line that decided
    /// (exit 0: all allowed, 1: some disallowed, 2: error).
    Check(cli_check::CheckArgs),
    /// A table of which robots may fetch which URLs, like the 1996 draft's §4 matrix.
    Matrix(cli_check::MatrixArgs),
    /// What a robots.txt change does: the URLs and robots it blocks or opens
    /// (exit 0: nothing the --fail-on gate names, 1: the gate, 2: error).
    Diff(cli_diff::DiffArgs),
    /// The draft's strict parse tree of a file, or the production that failed and where
    /// (exit 0: the 1996 grammar accepts the file, 1: it does not, 2: error).
    Parse(cli_parse::ParseArgs),
    /// The crawler registry: each robot's token, purpose, operator, whether it honours
    /// robots.txt and how it reads it.
    Agents(cli_agents::AgentsArgs),
    /// What each robot of the registry may fetch under a robots.txt (all, some, none), the
    /// group that decides, and the usage preferences the file states.
    Audit(cli_audit::AuditArgs),
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
}

impl Format {
    fn renderer(self, color: bool) -> Renderer {
        match self {
            Format::Human => Renderer::Human { color },
            Format::Concise => Renderer::Concise { color },
            Format::Json => Renderer::Json(Default::default()),
            Format::Sarif => Renderer::Sarif(Default::default()),
            Format::Github => Renderer::Github,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ListFormat {
    /// A table.
    Human,
    /// An array of objects, one a rule, with every metadata field.
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum ColorChoice {
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    /// `auto` colours a terminal unless NO_COLOR is set, and any output when FORCE_COLOR or
    /// CLICOLOR_FORCE is set (CI logs that render colour set them); an empty or `0` value
    /// counts as unset, as those conventions say.
    pub(crate) fn enabled(self, to_terminal: bool) -> bool {
        let set = |name: &str| std::env::var_os(name).is_some_and(|value| !value.is_empty() && value != "0");
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => set("FORCE_COLOR") || set("CLICOLOR_FORCE") || (to_terminal && !no_color),
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum FailOn {
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
enum Input {
    File(PathBuf),
    Url(HttpUrl),
}

/// What the positional arguments may name.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Inputs {
    FilesAndUrls,
    /// `robolint fetch`.
    UrlsOnly,
}

const EXIT_FOUND: u8 = 1;
const EXIT_USAGE: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Rule { rule }) => print_rule(&rule),
        Some(Command::Rules { format }) => print_rules(format),
        Some(Command::Completions { shell }) => print_completions(shell),
        Some(Command::Man) => print_man_page(),
        Some(Command::Lsp) => robolint::lsp::run_stdio().map_err(|error| format!("lsp: {error}")),
        Some(Command::Serve { port }) => serve(port),
        Some(Command::Check(args)) => cli_check::run_check(&args),
        Some(Command::Matrix(args)) => cli_check::run_matrix(&args),
        Some(Command::Parse(args)) => cli_parse::run_parse(&args),
        Some(Command::Agents(args)) => cli_agents::run_agents(&args),
        Some(Command::Audit(args)) => cli_audit::run_audit(&args),
        Some(Command::Diff(args)) => cli_diff::run_diff(&args),
        Some(Command::Fetch(args)) => run_lint(&args.lint, &args.http, Inputs::UrlsOnly),
        None if cli.check.watch => watch(&cli.check, &cli.http),
        None => run_lint(&cli.check, &cli.http, Inputs::FilesAndUrls),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(message) => {
            eprintln!("robolint: {message}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}

fn run_lint(args: &LintArgs, http: &HttpArgs, allowed: Inputs) -> Result<u8, String> {
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
    if allowed == Inputs::UrlsOnly && (args.fix || args.diff) {
        return Err(
            "a fetched robots.txt cannot be fixed in place: save it to a file and run `robolint --fix FILE`".into()
        );
    }
    let fetch_options = http.options();
    let cli_targets = parse_targets(&args.target)?;
    let mut configs = Configs::new(args)?;
    let mut inputs = Vec::new();
    for path in &args.files {
        if let Some(url) = url_argument(path, allowed)? {
            inputs.push(Input::Url(url.robots_txt()));
            continue;
        }
        let mut files = Vec::new();
        collect_inputs(path, &mut files)?;
        if files.is_empty() {
            eprintln!("robolint: {}: no file named robots.txt below this directory", path.display());
        }
        inputs.extend(files.into_iter().map(Input::File));
    }
    if inputs.is_empty() {
        return Err("nothing to lint".into());
    }
    let stdout = io::stdout();
    let color = args.color.enabled(stdout.is_terminal());
    let mut jobs = Vec::with_capacity(inputs.len());
    for input in inputs {
        let config = configs.for_input(&input, args.stdin_filename.as_deref(), color)?;
        let settings = args.settings(&config, &cli_targets);
        if args.show_settings {
            return show_settings(&input, &config, &settings);
        }
        let unknown: Vec<String> = settings
            .unknown_selectors()
            .into_iter()
            .map(|selector| match rules::closest_name(selector) {
                Some(name) => format!("{selector} (did you mean `{name}`?)"),
                None => selector.to_string(),
            })
            .collect();
        if !unknown.is_empty() {
            return Err(format!("unknown rule selector(s): {} (see `robolint rules`)", unknown.join(", ")));
        }
        let weight = input_weight(&input, fetch_options.max_size);
        jobs.push(Job { input, settings, fail_on: config.fail_on, weight });
    }
    if let Some(jobs) = args.jobs {
        parallel::limit_threads(jobs.get());
    }
    // Fixes write files: one at a time, so that a file named twice is fixed in turn.
    let threads =
        if args.fix || args.diff { 1 } else { args.jobs.map_or_else(parallel::available_threads, NonZeroUsize::get) };

    let destination: Box<dyn Write> = match &args.output_file {
        Some(path) => Box::new(File::create(path).map_err(|error| format!("{}: {error}", path.display()))?),
        None => Box::new(stdout.lock()),
    };
    let mut out = io::BufWriter::new(destination);
    let mut tally = Tally::default();
    let mut renderer = args.renderer(color);
    let mut unreadable = 0;
    let mut not_written = 0;
    let mut failed = false;
    // `--fix -` prints the fixed text, which a summary line would corrupt.
    let stdout_holds_fixed_text = args.fix && args.files.iter().any(|file| file == Path::new("-"));
    // Inputs are linted, and for the formats that print each input by itself rendered, on
    // every core, then printed in order; nothing but the counts outlives an input's output.
    let work = |job: &Job| {
        let mut outcome = process(args, job, &fetch_options);
        outcome.render_alone(args, color);
        outcome
    };
    let window = (|job: &Job| job.weight, (threads as u64).saturating_mul(AHEAD_BYTES_PER_THREAD));
    let progress = progress_bar(args, jobs.len());
    let mut deliver = |outcome: Outcome| {
        out.write_all(outcome.diff.as_bytes()).map_err(cannot_write)?;
        for message in &outcome.messages {
            eprintln!("robolint: {message}");
        }
        not_written += usize::from(outcome.fix_not_written);
        let (name, found, fail_on) = match outcome.result {
            Processed::Linted { name, report, fail_on } => {
                renderer.add(&mut out, &Linted { name: &name, report: &report }).map_err(cannot_write)?;
                (name, Found::in_report(&report), fail_on)
            }
            Processed::Rendered { name, output, found, fail_on } => {
                out.write_all(&output.map_err(cannot_write)?).map_err(cannot_write)?;
                (name, found, fail_on)
            }
            Processed::Diffed { changed } => {
                failed |= changed;
                return Ok(());
            }
            Processed::FixedToStdout { fails } => {
                failed |= fails;
                return Ok(());
            }
            Processed::Unreadable => {
                unreadable += 1;
                return Ok(());
            }
        };
        failed |= fails(args, fail_on, &found);
        tally.add(&name, &found);
        if progress.is_some() {
            out.flush().map_err(cannot_write)?;
        }
        Ok::<(), String>(())
    };
    parallel::map_in_order(&jobs, threads, window, work, |outcome| match &progress {
        // The bar steps aside while an input's output is written, so the two never mix.
        Some(bar) => {
            bar.suspend(|| deliver(outcome))?;
            bar.inc(1);
            Ok(())
        }
        None => deliver(outcome),
    })?;
    if let Some(bar) = &progress {
        bar.finish_and_clear();
    }
    let summary_wanted = !(args.quiet && renderer.ends_with_summary());
    if !args.diff && !stdout_holds_fixed_text && summary_wanted {
        renderer.finish(&mut out, &tally).map_err(cannot_write)?;
    }
    out.flush().map_err(cannot_write)?;
    if unreadable > 0 || not_written > 0 {
        return Ok(EXIT_USAGE);
    }
    Ok(if failed { EXIT_FOUND } else { 0 })
}

/// `--watch`: a run, then another after each change to what the inputs name (a burst of
/// events from one save makes one run). Runs until interrupted or the watch fails.
fn watch(args: &LintArgs, http: &HttpArgs) -> Result<u8, String> {
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
        match run_lint(args, http, Inputs::FilesAndUrls) {
            Ok(_) => {}
            Err(message) => eprintln!("robolint: {message}"),
        }
        eprintln!("robolint: watching for changes (Ctrl-C to stop)");
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

/// The message for output that could not be written. A reader that closed standard output
/// (`robolint … | head`) ends the run normally, as for any command-line tool: what is left
/// would be read by no one.
fn cannot_write(error: io::Error) -> String {
    if error.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    format!("cannot write output: {error}")
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
struct Job {
    input: Input,
    settings: Settings,
    fail_on: Option<Level>,
    /// `input_weight`: how much of the lint threads' window this input takes.
    weight: u64,
}

/// What processing one input produced, for the main thread to print in input order.
struct Outcome {
    /// `--diff` output.
    diff: String,
    /// Lines for standard error: what was fixed, what could not be, read errors.
    messages: Vec<String>,
    /// `--fix` had fixes for this file but could not write them (the run then exits 2; the
    /// file is linted as it is, so its findings still show).
    fix_not_written: bool,
    result: Processed,
}

enum Processed {
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
    let settings = &job.settings;
    let path = match &job.input {
        Input::File(path) => path.as_path(),
        Input::Url(url) => {
            if args.fix || args.diff {
                outcome.messages.push(format!("{url}: not fixed: a fetched file cannot be changed in place"));
            }
            outcome.result = if args.diff {
                Processed::Diffed { changed: false }
            } else {
                let report = lint_fetched(&fetch::fetch(url, fetch_options), settings);
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
    let mut checked = None;
    let source = if args.fix || args.diff {
        match apply_fixes(args, path, &name, source, settings, &mut outcome.messages) {
            Ok(Fixing::Fixed(source)) => source,
            Ok(Fixing::Checked(source, fixed)) => {
                checked = Some(fixed);
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
        let mut report = lint(source, Some(args.named(path)), settings);
        if let Some(fixed) = &checked {
            fixed.mark_held_back(&mut report.diagnostics);
        }
        Processed::Linted { report: Box::new(report), name, fail_on: job.fail_on }
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
fn fails(args: &LintArgs, configured_fail_on: Option<Level>, found: &Found) -> bool {
    let fail_on = args.fail_on.map(FailOn::level).or(configured_fail_on).unwrap_or(Level::Warning);
    fail_on.severity().is_some_and(|threshold| found.worst().is_some_and(|worst| worst >= threshold))
}

/// The URL a positional argument names, checked; `None` for a file (an error for
/// `robolint fetch`, which takes only URLs).
fn url_argument(argument: &Path, allowed: Inputs) -> Result<Option<HttpUrl>, String> {
    let text = argument.to_string_lossy();
    // Any `scheme://` goes to the URL parser, which names a scheme it cannot fetch, rather
    // than to the file system, which would only say that no such file exists.
    if looks_like_http_url(&text) || has_url_scheme(&text) {
        return HttpUrl::parse(&text).map(Some);
    }
    if allowed == Inputs::FilesAndUrls {
        return Ok(None);
    }
    let hint = if !text.contains('/') && text.contains('.') {
        format!(" (did you mean https://{text}/ ?)")
    } else {
        String::new()
    };
    Err(format!("`{text}` is not an http(s) URL{hint}: `robolint fetch` lints sites; lint files without `fetch`"))
}

/// Whether `text` starts with an RFC 3986 scheme and `://` (`ftp://…`, `file://…`).
fn has_url_scheme(text: &str) -> bool {
    text.split_once("://").is_some_and(|(scheme, _)| {
        scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    })
}

/// `--fix -`: standard input, fixed, to standard output (every byte of it, changed or not, so
/// an editor can replace its buffer with it); what is left is counted for the exit status.
fn fix_to_stdout(args: &LintArgs, job: &Job, source: Source, outcome: &mut Outcome) {
    if !source.is_exact() || source.truncation.is_some() {
        outcome.messages.push("standard input: not fixed: it is not UTF-8 text robolint read whole".into());
        return;
    }
    let allowed = if args.unsafe_fixes { Applicability::Unsafe } else { Applicability::Safe };
    let path = args.named(Path::new("-"));
    let fixed = fix_text(&source.text, Some(path), &job.settings, allowed);
    let left = lint(Source::from(fixed.text.as_str()), Some(path), &job.settings);
    outcome.result = Processed::FixedToStdout { fails: fails(args, job.fail_on, &Found::in_report(&left)) };
    outcome.diff = fixed.text;
}

/// What `--fix` or `--diff` made of an input.
enum Fixing {
    /// The source to lint: fixed and written back (`--fix`), or left as it was.
    Fixed(Source),
    /// `--fix` could not write the fixes (the reason is in the messages): the source as it was.
    NotWritten(Source),
    /// `--diff`: the fixes as a unified diff.
    Diff(String),
    /// The source after fixing, and what fixing did: its held-back fixes are shown as such.
    Checked(Source, Box<robolint::fix::Fixed>),
}

/// `--fix`: writes the fixed file and returns its source for the report of what is left.
/// `--diff`: returns the diff when there is one (the run then fails).
/// Inputs whose bytes robolint cannot reproduce exactly are left alone, with a message.
fn apply_fixes(
    args: &LintArgs,
    input: &Path,
    name: &str,
    source: Source,
    settings: &Settings,
    messages: &mut Vec<String>,
) -> Result<Fixing, String> {
    let refusal = if !source.is_exact() {
        Some("it is not UTF-8 text")
    } else if source.truncation.is_some() {
        Some("robolint read only part of it")
    } else {
        None
    };
    if let Some(reason) = refusal {
        messages.push(format!("{name}: not fixed: {reason}"));
        return Ok(Fixing::Fixed(source));
    }
    let allowed = if args.unsafe_fixes { Applicability::Unsafe } else { Applicability::Safe };
    let fixed = fix_text(&source.text, Some(input), settings, allowed);
    if fixed.applied == 0 {
        return Ok(Fixing::Checked(source, Box::new(fixed)));
    }
    if args.diff {
        return Ok(Fixing::Diff(unified_diff(name, &source.text, &fixed.text)));
    }
    if let Err(not_written) = write_fixed(input, fixed.text.as_bytes(), args.fix_read_only) {
        let reason = match not_written {
            NotWritten::ReadOnly => "it is read-only (--fix-read-only writes it anyway)".to_string(),
            NotWritten::Io(error) => format!("cannot write the fixed file: {error}"),
        };
        messages.push(format!("{name}: not fixed: {reason}"));
        return Ok(Fixing::NotWritten(source));
    }
    if !args.quiet {
        messages.push(format!("{name}: applied {} fix{}", fixed.applied, if fixed.applied == 1 { "" } else { "es" }));
    }
    Ok(Fixing::Checked(Source::from(fixed.text.as_str()), Box::new(fixed)))
}

fn parse_targets(names: &[String]) -> Result<Vec<robolint::dialect::Dialect>, String> {
    robolint::config::parse_targets(names).map_err(|message| format!("--target: {message}"))
}

/// The configuration for each input: `--no-config`, `--config PATH`, or the nearest
/// robolint.toml above the input (read once per file found).
struct Configs {
    fixed: Option<Config>,
    found: HashMap<PathBuf, Config>,
}

impl Configs {
    fn new(args: &LintArgs) -> Result<Configs, String> {
        let fixed = if args.no_config {
            Some(Config::default())
        } else if let Some(path) = &args.config {
            Some(Config::load(path).map_err(|error| show_config_error(&error, false))?)
        } else {
            None
        };
        Ok(Configs { fixed, found: HashMap::new() })
    }

    fn for_input(&mut self, input: &Input, stdin_filename: Option<&Path>, color: bool) -> Result<Config, String> {
        if let Some(config) = &self.fixed {
            return Ok(config.clone());
        }
        // Standard input and URLs have no folder of their own: the current one stands in.
        let input = match (input, stdin_filename) {
            (Input::File(path), Some(name)) if path == Path::new("-") => &Input::File(name.to_path_buf()),
            _ => input,
        };
        let directory = match input {
            // `robots.txt` has the parent `` (not `.`), which would find no configuration.
            Input::File(path) if path != Path::new("-") => {
                path.parent().filter(|parent| !parent.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf()
            }
            Input::File(_) | Input::Url(_) => std::env::current_dir().unwrap_or_default(),
        };
        let absolute = std::path::absolute(&directory).unwrap_or(directory);
        let Some(path) = Config::discover(&absolute) else { return Ok(Config::default()) };
        if let Some(config) = self.found.get(&path) {
            return Ok(config.clone());
        }
        let config = Config::load(&path).map_err(|error| show_config_error(&error, color))?;
        self.found.insert(path, config.clone());
        Ok(config)
    }
}

/// `--show-settings`: the resolved settings for one input and the file they come from.
fn show_settings(input: &Input, config: &Config, settings: &Settings) -> Result<u8, String> {
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

/// Draws a configuration error's problems over the file's text (the way findings are drawn)
/// and returns the one-line message for the exit path, which repeats none of what was drawn.
fn show_config_error(error: &ConfigError, color: bool) -> String {
    let name = error.path.display().to_string();
    let located: Vec<_> =
        error.problems.iter().filter_map(|problem| Some((problem.span.clone()?, &problem.message))).collect();
    if located.is_empty() || error.text.is_empty() {
        return format!("{name}: {}", error.summary());
    }
    let headline = match located.as_slice() {
        [(_, message)] => format!("invalid configuration: {message}"),
        _ => format!("invalid configuration: {} problems", located.len()),
    };
    let config = ariadne::Config::default().with_color(color).with_index_type(ariadne::IndexType::Byte);
    let report = ariadne::Report::build(ariadne::ReportKind::Error, (name.as_str(), located[0].0.clone()))
        .with_config(config)
        .with_message(headline)
        .with_labels(
            located
                .iter()
                .map(|(span, message)| ariadne::Label::new((name.as_str(), span.clone())).with_message(message)),
        )
        .finish();
    let _ = report.eprint((name.as_str(), ariadne::Source::from(error.text.as_str())));
    let unlocated: Vec<&str> = error
        .problems
        .iter()
        .filter(|problem| problem.span.is_none())
        .map(|problem| problem.message.as_str())
        .collect();
    match unlocated.as_slice() {
        [] => format!("{name}: invalid configuration (see above)"),
        _ => format!("{name}: invalid configuration: {}", unlocated.join("; ")),
    }
}

/// Folders a directory walk never enters, whatever .gitignore says: installed packages.
const VENDORED_FOLDERS: [&str; 1] = ["node_modules"];

/// Expands directories into the robots.txt files below them (any case, as servers on
/// case-insensitive file systems serve them), in a stable order. The walk skips hidden
/// folders, vendored packages and what .gitignore ignores, follows symbolic links with loop
/// detection, and names each file once however many links lead to it.
fn collect_inputs(path: &Path, inputs: &mut Vec<PathBuf>) -> Result<(), String> {
    if path == Path::new("-") {
        inputs.push(path.to_path_buf());
        return Ok(());
    }
    let metadata = fs::metadata(path).map_err(|error| format!("{}: {error}", path.display()))?;
    if !metadata.is_dir() {
        inputs.push(path.to_path_buf());
        return Ok(());
    }
    let walk = ignore::WalkBuilder::new(path)
        .follow_links(true)
        .sort_by_file_name(|a, b| a.cmp(b))
        .filter_entry(|entry| !VENDORED_FOLDERS.iter().any(|folder| entry.file_name() == *folder))
        .build();
    let mut seen = std::collections::HashSet::new();
    for entry in walk {
        // A link back to a folder above is reported by the walk as a loop: it is skipped, as
        // is an entry that vanished or cannot be read while walking.
        let Ok(entry) = entry else { continue };
        let is_robots_txt = entry.file_name().to_str().is_some_and(|name| name.eq_ignore_ascii_case("robots.txt"));
        if !is_robots_txt || !entry.file_type().is_some_and(|kind| kind.is_file()) {
            continue;
        }
        let identity = fs::canonicalize(entry.path()).unwrap_or_else(|_| entry.path().to_path_buf());
        if seen.insert(identity) {
            inputs.push(entry.into_path());
        }
    }
    Ok(())
}

fn read_source(path: &Path) -> Result<Source, String> {
    if path == Path::new("-") {
        return Source::read(io::stdin().lock(), DEFAULT_SIZE_CAP, None)
            .map_err(|error| format!("standard input: {error}"));
    }
    let file = File::open(path).map_err(|error| format!("{}: {error}", path.display()))?;
    let total = file.metadata().ok().map(|metadata| metadata.len());
    Source::read(file, DEFAULT_SIZE_CAP, total).map_err(|error| format!("{}: {error}", path.display()))
}

fn display_name(path: &Path) -> String {
    if path == Path::new("-") {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

fn print_completions(shell: clap_complete::Shell) -> Result<u8, String> {
    let mut command = <Cli as clap::CommandFactory>::command();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut command, "robolint", &mut out);
    io::stdout().lock().write_all(&out).map_err(cannot_write)?;
    Ok(0)
}

fn print_man_page() -> Result<u8, String> {
    let mut out = Vec::new();
    clap_mangen::Man::new(<Cli as clap::CommandFactory>::command()).render(&mut out).map_err(cannot_write)?;
    io::stdout().lock().write_all(&out).map_err(cannot_write)?;
    Ok(0)
}

fn print_rules(format: ListFormat) -> Result<u8, String> {
    let mut rules: Vec<&Rule> = rules::all().iter().collect();
    rules.sort_by(|a, b| a.code().cmp(b.code()));
    if format == ListFormat::Json {
        let metadata: Vec<&rules::Metadata> = rules.iter().map(|rule| &rule.metadata).collect();
        let mut out = io::stdout().lock();
        serde_json::to_writer_pretty(&mut out, &metadata).map_err(|error| cannot_write(error.into()))?;
        writeln!(out).map_err(cannot_write)?;
        return Ok(0);
    }
    // What a default run reports (today's robots), and what `--target portable` reports.
    let level = |rule: &Rule, dialects: &[Dialect]| {
        let metadata = &rule.metadata;
        if metadata.default_enabled {
            metadata.level_for_targets(dialects).as_str()
        } else {
            "off"
        }
    };
    let default_level = |rule: &Rule| level(rule, &Dialect::TODAY);
    let portable_level = |rule: &Rule| level(rule, &Dialect::ALL);
    let width = |header: &str, cell: &dyn Fn(&Rule) -> usize| {
        rules.iter().map(|rule| cell(rule)).max().unwrap_or(0).max(header.len())
    };
    let code_width = width("CODE", &|rule| rule.code().len());
    let name_width = width("NAME", &|rule| rule.name().len());
    let default_width = width("DEFAULT", &|rule| default_level(rule).len());
    let portable_width = width("PORTABLE", &|rule| portable_level(rule).len());
    let category_width = width("CATEGORY", &|rule| rule.metadata.category.len());
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut row = |cells: [&str; 6]| {
        writeln!(
            out,
            "{:<code_width$} {:<name_width$} {:<default_width$} {:<portable_width$} {:<category_width$} {}",
            cells[0], cells[1], cells[2], cells[3], cells[4], cells[5]
        )
    };
    row(["CODE", "NAME", "DEFAULT", "PORTABLE", "CATEGORY", "SUMMARY"]).map_err(cannot_write)?;
    for rule in rules {
        let metadata = &rule.metadata;
        row([
            &metadata.code,
            &metadata.name,
            default_level(rule),
            portable_level(rule),
            &metadata.category,
            &metadata.summary,
        ])
        .map_err(cannot_write)?;
    }
    out.flush().map_err(cannot_write)?;
    Ok(0)
}

fn serve(port: u16) -> Result<u8, String> {
    let playground = robolint::serve::Playground::bind(port).map_err(|error| format!("serve: port {port}: {error}"))?;
    let mut out = io::stdout().lock();
    // Flushed at once: a script or test reads the port from this line.
    writeln!(out, "robolint playground: {}", playground.url()).and_then(|()| out.flush()).map_err(cannot_write)?;
    drop(out);
    playground.run().map_err(|error| format!("serve: {error}"))?;
    Ok(0)
}

fn print_rule(code_or_name: &str) -> Result<u8, String> {
    let rule = rules::find(code_or_name).ok_or_else(|| {
        let suggestion =
            rules::closest_name(code_or_name).map(|name| format!(": did you mean `{name}`?")).unwrap_or_default();
        format!("no rule `{code_or_name}`{suggestion} (see `robolint rules`)")
    })?;
    io::stdout().lock().write_all(rule.metadata.documentation().as_bytes()).map_err(cannot_write)?;
    Ok(0)
}
