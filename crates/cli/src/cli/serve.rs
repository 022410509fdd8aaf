//! `robolint serve`: the playground on a loopback port.

use std::io::{self, Write};

use super::cannot_write;
use super::CliError;

pub fn serve(port: u16) -> Result<u8, CliError> {
    let playground =
        robolint_cli::serve::Playground::bind(port).map_err(|error| format!("serve: port {port}: {error}"))?;
    let mut out = io::stdout().lock();
    // Flushed at once: a script or test reads the port from this line.
    writeln!(out, "robolint playground: {}", playground.url()).and_then(|()| out.flush()).map_err(cannot_write)?;
    drop(out);
    playground.run().map_err(|error| format!("serve: {error}"))?;
    Ok(0)
}
