//! The large input `tests/it/bad_input.rs` asserts on and `benches/corpus.rs` reports: records of
//! a comment, a robot and a rule, as sites with many robots write them, written piece by
//! piece so the writing process stays small. Each includes this file (`#[path] mod records;`).

use std::io::{self, Write};

/// Writes whole records until at least `bytes` are written; each record is 68 bytes, and
/// clean, so the only findings on the file are about its size.
pub fn write_records(out: &mut impl Write, bytes: u64) -> io::Result<()> {
    let mut written = 0;
    let mut record = 0u64;
    while written < bytes {
        let text = format!("# shop {record:07}\nUser-agent: bot-{record:07}\nDisallow: /catalog/{record:07}/\n\n");
        out.write_all(text.as_bytes())?;
        written += text.len() as u64;
        record += 1;
    }
    Ok(())
}
