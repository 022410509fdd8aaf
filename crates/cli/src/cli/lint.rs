//! `robolint lint` and the bare `robolint FILES`: inputs in, findings out, with `--fix`,
//! `--diff` and `--watch`.

use std::fs::{self, File};
use std::io::{self, IsTerminal, Write};
use std::num::NonZeroUsize;
use std::path::Path;
use std::time::Duration;

use robolint::config::Config;
use robolint::fetch::{looks_like_http_url, HttpUrl};
use robolint::lint::Linters;
use robolint::parallel;
use robolint::render::{Found, Linted, Renderer, Tally};
use robolint::rules::Level;
use robolint::source::DEFAULT_SIZE_CAP;
use robolint::Settings;
use robolint_cli::fetch::{self, FetchOptions};

use super::config::Configs;
use super::exclude::{CliExclusion, Exclusions};
use super::fixing::{add_suppressions_to_file, apply_fixes, fix_to_stdout, Fixing};
use super::inputs::{collect_inputs, display_name, read_source};
use super::job::{Job, Outcome, Processed};
use super::lint_args::{fails, parse_targets, Format, HttpArgs, Input, LintArgs, LintCommand};
use super::{cannot_write, CliError, EXIT_FOUND, EXIT_USAGE};

/// `robolint lint` and the bare `robolint`: one run, or runs until interrupted with `--watch`.
pub fn run(command: &LintCommand) -> Result<u8, CliError> {
    let mut linters = command.lint.linters();
    if command.lint.watch {
        watch(&command.lint, &command.http, &mut linters)
    } else {
        run_lint(&command.lint, &command.http, Inputs::FilesAndUrls, &mut linters)
    }
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
    let mut exclusions = Exclusions::new(CliExclusion {
        exclude: args.exclude.as_deref(),
        extend_exclude: &args.extend_exclude,
        per_file_ignores: &args.per_file_ignores,
    });
    let inputs = match gather_inputs(args, allowed, &mut configs, &mut exclusions)? {
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
        let (config, settings) = input_settings(args, &input, &mut configs, &cli_targets, &mut exclusions, color)?;
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
    exclusions: &mut Exclusions<'_>,
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
        let exclusion = exclusions.of(configs.for_input(&stand_in, None, false)?)?;
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
    exclusions: &mut Exclusions<'_>,
    color: bool,
) -> Result<(&'c Config, Settings), CliError> {
    let config = configs.for_input(input, args.stdin_filename.as_deref(), color)?;
    let mut settings = args.settings(config, cli_targets);
    if let Input::File(path) = input {
        let exclusion = exclusions.of(config)?;
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
    // By name, as robolint.toml writes them.
    let mut levels: Vec<_> = settings.levels.iter().collect();
    levels.sort_by_key(|(rule, _)| rule.name());
    for (rule, level) in levels {
        text.push_str(&format!("rules.{rule}: {}\n", level.as_str()));
    }
    let mut options: Vec<_> = settings.options.iter().collect();
    options.sort_by_key(|(rule, _)| rule.name());
    for (rule, options) in options {
        let options: Vec<String> = options.table.iter().map(|(key, value)| format!("{key} = {value}")).collect();
        text.push_str(&format!("rules.{rule} options: {}\n", options.join(", ")));
    }
    io::stdout().lock().write_all(text.as_bytes()).map_err(cannot_write)?;
    Ok(0)
}
