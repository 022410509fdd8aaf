//! `robolint fetch`: the lint run's flags, for sites' URLs only.

use super::lint::{run_lint, Inputs, LintCommand};

pub fn run(command: &LintCommand) -> Result<u8, String> {
    run_lint(&command.lint, &command.http, Inputs::UrlsOnly)
}
