//! `robolint fetch`: the lint run's flags, for sites' URLs only.

use super::lint::{run_lint, Inputs};
use super::lint_args::LintCommand;
use super::CliError;

pub fn run(command: &LintCommand) -> Result<u8, CliError> {
    run_lint(&command.lint, &command.http, Inputs::UrlsOnly, &mut command.lint.linters())
}
