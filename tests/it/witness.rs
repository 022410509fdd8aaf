//! Every witness a diagnostic carries is re-checked: each dialect's verdict it claims is asked
//! of the matcher again, and a note of the diagnostic must name the same robot and URL.
//! Runs over every corpus case (all folders) and, when present, `../shared/corpus/protego`.

use crate::support::shared;

use std::fs;
use std::path::Path;

use robolint::dialect::{Dialect, Matcher};
use robolint::{lint, parse, Settings, Source};

/// Re-checks every witness reported for `path`; returns how many it checked.
fn recheck(path: &Path, failures: &mut Vec<String>) -> usize {
    let Ok(bytes) = fs::read(path) else { return 0 };
    // Every robot's view: every finding on its own line, each with its own witness.
    let portable = Settings { targets: Dialect::ALL.to_vec(), ..Settings::default() };
    let report = lint(Source::from_bytes(&bytes), Some(path), &portable);
    let source = Source::from_bytes(&bytes);
    let document = parse::parse(&source);
    let mut checked = 0;
    for diagnostic in &report.diagnostics {
        let Some(witness) = &diagnostic.witness else { continue };
        let named = format!("for robot `{}` and `", witness.robot);
        if !diagnostic.notes.iter().any(|note| note.starts_with(&named)) {
            let message = diagnostic.message.render(&report.source.text);
            failures.push(format!("{}: the notes of `{message}` do not say {named}", path.display()));
        }
        if witness.claims.len() != 2 || witness.claims[0].1 == witness.claims[1].1 {
            let message = diagnostic.message.render(&report.source.text);
            failures.push(format!("{}: not two differing verdicts in `{message}`", path.display()));
        }
        for &(dialect, claimed) in &witness.claims {
            let actual = Matcher::new(&document, &source.text, &witness.robot, dialect).allowed(&witness.url);
            if actual.allowed != claimed {
                failures.push(format!(
                    "{}: {} claims {dialect} {} `{}` for `{}`, but the matcher says {:?}",
                    path.display(),
                    diagnostic.code,
                    if claimed { "allows" } else { "disallows" },
                    witness.url,
                    witness.robot,
                    actual
                ));
            }
        }
        checked += 1;
    }
    checked
}

#[test]
fn every_corpus_witness_holds() {
    let mut files = crate::support::files_below(&Path::new(crate::support::ROOT).join("corpus"), Some("txt"));
    files.sort();
    let mut failures = Vec::new();
    let checked: usize = files.iter().map(|path| recheck(path, &mut failures)).sum();
    assert!(failures.is_empty(), "{} witnesses do not hold:\n{}", failures.len(), failures.join("\n"));
    assert!(checked >= 10, "expected the divergence corpus to report witnesses, found {checked}");
}

#[test]
#[cfg_attr(not(ci), ignore = "needs ../shared beside the clone; CI=true runs it")]
fn every_protego_witness_holds() {
    let Some(files) = shared::protego_files() else { return };
    let mut failures = Vec::new();
    for path in &files {
        recheck(path, &mut failures);
    }
    assert!(failures.is_empty(), "{} witnesses do not hold:\n{}", failures.len(), failures.join("\n"));
}
