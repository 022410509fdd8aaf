//! Lints every real-world file in `../shared/corpus/protego` (4,231 sites' robots.txt):
//! no panic, and every span robolint reports lies inside the text on character boundaries.
//! The folder lives beside the project, not in it; without it the test says so and passes.

use std::path::Path;

use robolint::{lint, Settings, Source};

#[test]
fn every_real_world_file_lints_without_panic_and_with_valid_spans() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/protego");
    let Ok(entries) = std::fs::read_dir(&folder) else {
        eprintln!("skipped: {} does not exist", folder.display());
        return;
    };
    let settings = Settings { extend_select: vec!["ALL".to_string()], ..Settings::default() };
    let mut files = 0;
    let mut problems = Vec::new();
    for entry in entries {
        let path = entry.expect("directory entry").path();
        let bytes = std::fs::read(&path).expect("readable file");
        let report = match std::panic::catch_unwind(|| lint(Source::from_bytes(&bytes), Some(&path), &settings)) {
            Ok(report) => report,
            Err(_) => {
                problems.push(format!("{}: panicked", path.display()));
                continue;
            }
        };
        files += 1;
        let text = &report.source.text;
        for diagnostic in &report.diagnostics {
            let edits = diagnostic.fix.iter().flat_map(|fix| fix.edits.iter().map(|edit| edit.span));
            for span in diagnostic.spans().chain(edits) {
                let valid = span.start <= span.end
                    && span.end <= text.len()
                    && text.is_char_boundary(span.start)
                    && text.is_char_boundary(span.end);
                if !valid {
                    problems.push(format!("{}: {} has span {span}", path.display(), diagnostic.name));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(files > 4000, "expected the whole corpus, linted {files} files");
}
