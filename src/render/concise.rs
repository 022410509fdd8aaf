//! `path:line:col: severity[CODE name]: message`, one line per finding: the form that
//! editors' error formats (Vim's errorformat, Emacs compile mode) read.

use std::io::{self, Write};

use super::{position, Linted};

pub fn write(out: &mut impl Write, input: &Linted<'_>) -> io::Result<()> {
    for diagnostic in &input.report.diagnostics {
        let at = position(input.report, diagnostic.span.start);
        writeln!(
            out,
            "{}:{}:{}: {}[{} {}]: {}",
            input.name,
            at.line,
            at.column,
            diagnostic.severity.as_str(),
            diagnostic.code,
            diagnostic.name,
            diagnostic.message
        )?;
    }
    Ok(())
}
