//! Writes one of the hostile files of `benches/support/worst_cases.rs` to standard output,
//! at the 2 MiB size cap unless a size in bytes is given, to time the command line on it:
//!
//! ```sh
//! cargo run --release --example worst_case -- star-records > star-records.txt
//! cargo run --release --example worst_case -- list
//! ```

#![allow(clippy::print_stderr, reason = "an example prints what it finds")]

use std::io::Write;
use std::process::ExitCode;

#[path = "../benches/support/worst_cases.rs"]
mod worst_cases;

fn main() -> ExitCode {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let name = arguments.first().map_or("list", String::as_str);
    let size = match arguments.get(1).map(|size| size.parse::<usize>()) {
        None => robolint::source::DEFAULT_SIZE_CAP,
        Some(Ok(size)) => size,
        Some(Err(error)) => {
            eprintln!("worst_case: the size must be a number of bytes: {error}");
            return ExitCode::from(2);
        }
    };
    let cases = || worst_cases::WORST_CASES.iter().chain(worst_cases::ISSUE_34_CASES);
    let Some(case) = cases().find(|case| case.name == name) else {
        for case in cases() {
            eprintln!("{:<24} {}", case.name, case.stresses);
        }
        return ExitCode::from(u8::from(name != "list") * 2);
    };
    match std::io::stdout().lock().write_all((case.generate)(size).as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("worst_case: cannot write: {error}");
            ExitCode::from(2)
        }
    }
}
