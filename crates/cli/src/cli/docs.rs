//! `robolint completions` and `robolint man`: made from the same clap definitions as --help.

use std::io::{self, Write};

use super::CliError;
use super::{cannot_write, Cli};

pub fn print_completions(shell: clap_complete::Shell) -> Result<u8, CliError> {
    let mut command = <Cli as clap::CommandFactory>::command();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut command, "robolint", &mut out);
    io::stdout().lock().write_all(&out).map_err(cannot_write)?;
    Ok(0)
}

pub fn print_man_page() -> Result<u8, CliError> {
    let mut out = Vec::new();
    clap_mangen::Man::new(<Cli as clap::CommandFactory>::command()).render(&mut out).map_err(cannot_write)?;
    io::stdout().lock().write_all(&out).map_err(cannot_write)?;
    Ok(0)
}
