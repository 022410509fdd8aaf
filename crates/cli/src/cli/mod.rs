//! The `robolint` command line: the argument definitions, and one file (room) per subcommand.

pub mod agents;
pub mod audit;
pub mod check;
mod config;
pub mod diff;
pub mod docs;
mod exclude;
pub mod fetch;
mod fixing;
pub mod format;
mod inputs;
mod job;
pub mod lint;
pub mod lint_args;
pub mod matrix;
mod output;
pub mod parse;
pub mod rules;
pub mod serve;
pub mod site;
pub mod warc;

use std::io;

use clap::{Parser, Subcommand, ValueEnum};

use lint_args::LintCommand;
use rules::ListFormat;

/// A robots.txt validator and linter that knows the 1994 standard, the 1996 draft,
/// RFC 9309 and Google's practice.
#[derive(Parser)]
// A flag given twice takes its last value, so a pre-commit hook's `args` can override what
// its `entry` sets (`--format concise`, then `--format human`).
#[command(name = "robolint", version, args_conflicts_with_subcommands = true, args_override_self = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// `robolint [OPTIONS] FILES`: the same flags as `robolint lint`.
    #[command(flatten)]
    pub lint: LintCommand,

    /// Where the documentation site is published: rule links (`--format json`'s `url`,
    /// SARIF's `helpUri`, the language server's links) point to URL/rules/NAME/
    /// [default: https://robolint.dev/, a placeholder].
    #[arg(long, global = true, value_name = "URL")]
    pub docs_url: Option<String>,
}

#[derive(Subcommand)]
pub enum Command {
    /// Lint robots.txt files, directories and sites (what `robolint FILES` does).
    Lint(LintCommand),
    /// Fetch sites' /robots.txt and lint it, with what the HTTP answer means to robots
    /// (`robolint URL` does the same).
    #[command(mut_arg("files", |urls| urls.value_name("URL").help(
        "Sites to lint: any http(s) URL on the site; robolint fetches its /robots.txt"
    )))]
    // A fetched file cannot be fixed in place: the fixing flags are not offered here.
    #[command(mut_arg("fix", |arg| arg.hide(true)), mut_arg("diff", |arg| arg.hide(true)))]
    #[command(mut_arg("unsafe_fixes", |arg| arg.hide(true)), mut_arg("fix_read_only", |arg| arg.hide(true)))]
    Fetch(LintCommand),
    /// Rewrite robots.txt files in the canonical layout the language server formats to
    /// (layout only: no robot reads them differently); exit 0: done, 1: `--check` or
    /// `--diff` found a file to reformat, 2: error.
    Format(format::FormatArgs),
    /// Print a rule's documentation.
    Rule {
        /// A rule code (RL301) or name (glob-pattern).
        rule: String,
        /// The robots the site cares about, as `robolint --target` takes them: the severity
        /// shown is the one findings get for them [default: today].
        #[arg(long, value_delimiter = ',', value_name = "DIALECT")]
        target: Vec<String>,
    },
    /// List every rule with its code, name, level for the target (today's robots unless
    /// `--target` says otherwise) and for every robot (portable), and category.
    Rules {
        /// Output format.
        #[arg(long, value_enum, default_value_t = ListFormat::Human)]
        format: ListFormat,
        /// The robots the site cares about, as `robolint --target` takes them [default: today].
        #[arg(long, value_delimiter = ',', value_name = "DIALECT")]
        target: Vec<String>,
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
        #[arg(long, default_value_t = robolint_cli::serve::DEFAULT_PORT)]
        port: u16,
    },
    /// Whether a robot may fetch URLs, per dialect, and the line that decided
    /// (exit 0: all allowed, 1: some disallowed, 2: error).
    Check(check::CheckArgs),
    /// A table of which robots may fetch which URLs, like the 1996 draft's §4 matrix.
    Matrix(matrix::MatrixArgs),
    /// What a robots.txt change does: the URLs and robots it blocks or opens
    /// (exit 0: nothing the --fail-on gate names, 1: the gate, 2: error).
    Diff(diff::DiffArgs),
    /// The draft's strict parse tree of a file, or the production that failed and where
    /// (exit 0: the 1996 grammar accepts the file, 1: it does not, 2: error).
    Parse(parse::ParseArgs),
    /// Lint the robots.txt captures of WARC files (a web crawl's archive) as the fetches they
    /// record, printing JSON Lines: a line per capture, then a summary (exit 0: nothing at
    /// or above --fail-on, 1: findings that are, 2: a file or record that could not be read).
    Warc(warc::WarcArgs),
    /// The crawler registry: each robot's token, purpose, operator, whether it honours
    /// robots.txt and how it reads it.
    Agents(agents::AgentsArgs),
    /// What each robot of the registry may fetch under a robots.txt (all, some, none), the
    /// group that decides, and the usage preferences the file states.
    Audit(audit::AuditArgs),
    /// Write the documentation site (a page per rule, the registry, the dialects, the
    /// configuration) into a folder; web/site.mjs adds the playground beside it.
    #[command(hide = true)]
    Site {
        /// The folder to write into (created if missing; files of the same names replaced).
        outdir: std::path::PathBuf,
    },
}

#[derive(Clone, Copy, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    /// `auto` colours a terminal unless NO_COLOR is set, and any output when FORCE_COLOR or
    /// CLICOLOR_FORCE is set (CI logs that render colour set them); an empty or `0` value
    /// counts as unset, as those conventions say.
    pub fn enabled(self, to_terminal: bool) -> bool {
        let set = |name: &str| std::env::var_os(name).is_some_and(|value| !value.is_empty() && value != "0");
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => set("FORCE_COLOR") || set("CLICOLOR_FORCE") || (to_terminal && !no_color),
        }
    }
}

/// The bare `robolint ARG` reads ARG as a file; when no such file exists and ARG is close to
/// a subcommand's name (`rulez`), the user most likely mistyped the subcommand: the message
/// says so, as clap does for a mistyped flag, rather than "No such file or directory".
pub fn mistyped_subcommand(cli: &Cli) -> Option<String> {
    use clap::CommandFactory;
    let mut words = cli
        .lint
        .lint
        .files
        .iter()
        .filter_map(|file| {
            let word = file.to_str()?;
            let plain = !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
            (plain && !file.exists()).then_some(word)
        })
        .peekable();
    // Building the command again cost every lint half a million instructions: only a word
    // that is no file needs the subcommands' names.
    words.peek()?;
    let command = Cli::command();
    let names: Vec<&str> = command.get_subcommands().map(|subcommand| subcommand.get_name()).collect();
    words.find_map(|word| {
        // At most two edits (a transposition counting one), fewer than half the word's
        // letters; among equals, a name of the word's length (`rulez`: `rules`, not `rule`).
        let (distance, _, closest) = names
            .iter()
            .map(|name| (strsim::osa_distance(word, name), name.len().abs_diff(word.len()), *name))
            .min()?;
        (distance <= 2 && distance * 2 < word.len())
            .then(|| format!("`{word}` is neither a file nor a subcommand; did you mean `robolint {closest}`?"))
    })
}

pub const EXIT_FOUND: u8 = 1;
pub const EXIT_USAGE: u8 = 2;

/// Writes one line to standard error. `eprintln!` panics when standard error cannot be
/// written (a full disk it is redirected to): the message is lost either way, but the exit
/// status still tells what happened.
pub fn to_stderr(line: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let _ = writeln!(io::stderr().lock(), "{line}");
}

/// Why a command stopped early. `main` alone turns it into a message and an exit status.
#[derive(Debug)]
pub enum CliError {
    /// A usage or input error, said as `robolint: MESSAGE` (exit 2).
    Message(String),
    /// The reader closed standard output (`robolint … | head`). The run ends normally, as
    /// for any command-line tool: what is left would be read by no one.
    OutputClosed,
}

impl From<String> for CliError {
    fn from(message: String) -> CliError {
        CliError::Message(message)
    }
}

impl From<&str> for CliError {
    fn from(message: &str) -> CliError {
        CliError::Message(message.to_string())
    }
}

/// A library error ends the command with its message.
macro_rules! error_message {
    ($($error:ty),*) => {$(
        impl From<$error> for CliError {
            fn from(error: $error) -> CliError {
                CliError::Message(error.to_string())
            }
        }
    )*};
}

error_message!(
    robolint::dialect::UnknownDialect,
    robolint::fetch::UrlError,
    robolint::lint::UnknownSelectors,
    robolint::rules::DocsBaseError
);

/// The error for output that could not be written.
pub fn cannot_write(error: io::Error) -> CliError {
    if error.kind() == io::ErrorKind::BrokenPipe {
        return CliError::OutputClosed;
    }
    CliError::Message(format!("cannot write output: {error}"))
}
