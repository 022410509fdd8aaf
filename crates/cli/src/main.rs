//! The `robolint` command: arguments in, library calls, a renderer, an exit status. Each
//! subcommand lives in its own file under src/cli/; this file only dispatches.

#![allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "the command line writes to the terminal: that is its job"
)]

mod cli;

use std::process::ExitCode;

use clap::Parser;

use cli::{Cli, CliError, Command, EXIT_USAGE};

fn main() -> ExitCode {
    let cli = Cli::parse();
    exit_status(run(cli))
}

fn run(cli: Cli) -> Result<u8, CliError> {
    if let Some(base) = &cli.docs_url {
        robolint::rules::set_docs_base(base)?;
    }
    match cli.command {
        Some(Command::Lint(args)) => cli::lint::run(&args),
        Some(Command::Fetch(args)) => cli::fetch::run(&args),
        Some(Command::Rule { rule, target }) => cli::rules::print_rule(&rule, &target),
        Some(Command::Rules { format, target }) => cli::rules::print_rules(format, &target),
        Some(Command::Completions { shell }) => cli::docs::print_completions(shell),
        Some(Command::Man) => cli::docs::print_man_page(),
        Some(Command::Lsp) => robolint_lsp::run_stdio().map_err(|error| format!("lsp: {error}").into()),
        Some(Command::Serve { port }) => cli::serve::serve(port),
        Some(Command::Check(args)) => cli::check::run_check(&args),
        Some(Command::Matrix(args)) => cli::matrix::run_matrix(&args),
        Some(Command::Parse(args)) => cli::parse::run_parse(&args),
        Some(Command::Agents(args)) => cli::agents::run_agents(&args),
        Some(Command::Audit(args)) => cli::audit::run_audit(&args),
        Some(Command::Diff(args)) => cli::diff::run_diff(&args),
        Some(Command::Format(args)) => cli::format::run_format(&args),
        Some(Command::Warc(args)) => cli::warc::run_warc(&args),
        Some(Command::Site { outdir }) => cli::site::write_site(&outdir),
        None => match cli::mistyped_subcommand(&cli) {
            Some(message) => Err(message.into()),
            None => cli::lint::run(&cli.lint),
        },
    }
}

/// The one place where a command's end becomes an exit status, and an error its message.
fn exit_status(result: Result<u8, CliError>) -> ExitCode {
    match result {
        Ok(code) => ExitCode::from(code),
        Err(CliError::OutputClosed) => ExitCode::SUCCESS,
        Err(CliError::Message(message)) => {
            cli::to_stderr(format_args!("robolint: {message}"));
            ExitCode::from(EXIT_USAGE)
        }
    }
}
