//! Lints every real-world file in `../shared/corpus/protego` (4,231 sites' robots.txt):
//! no panic, and every span robolint reports lies inside the text on character boundaries.
//! The folder lives beside the project, not in it; without it the test says so and passes,
//! except under `CI=true`, where it fails (tests/it/support/shared.rs).

use crate::support::shared;

use robolint::{lint, Settings, Source};

#[test]
#[cfg_attr(not(ci), ignore = "needs ../shared beside the clone; CI=true runs it")]
fn every_real_world_file_lints_without_panic_and_with_valid_spans() {
    let Some(paths) = shared::protego_files() else { return };
    let settings = Settings { extend_select: vec!["ALL".to_string()], ..Settings::default() };
    let mut files = 0;
    let mut problems = Vec::new();
    for path in paths {
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
                let valid = span.start() <= span.end()
                    && span.end() <= text.len()
                    && text.is_char_boundary(span.start())
                    && text.is_char_boundary(span.end());
                if !valid {
                    problems.push(format!("{}: {} has span {span}", path.display(), diagnostic.name));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(files > 4000, "expected the whole corpus, linted {files} files");
}
