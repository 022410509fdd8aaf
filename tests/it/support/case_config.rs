//! How the tests lint a corpus case. A case may come with a robolint.toml of its own,
//! `<case>.toml` (a crawler policy, a rule's options): the tests that lint the corpus lay it
//! over their settings.

use std::fs;
use std::path::Path;

use robolint::config::Config;
use robolint::diagnostic::Applicability;
use robolint::dialect::Dialect;
use robolint::fix::{apply_fixes, fix_text, Fixed};
use robolint::{lint, Settings, Source};

/// How tests/it/corpus.rs lints `case` of `rule`'s folder, whose snapshot holds what it finds
/// and the text its fixes give: the default rules plus `rule`, the case's own robolint.toml,
/// and every robot as a target, the portable target, where nothing folds, so that a rule's
/// cases show what it finds for every robot (tests/it/defaults.rs covers today's default).
pub fn rule_case_settings(rule: &str, case: &Path) -> Settings {
    let settings =
        Settings { targets: Dialect::ALL.to_vec(), extend_select: vec![rule.to_string()], ..Settings::default() };
    with_case_config(case, &settings)
}

/// The case's text with every fix applied (safe and unsafe), when some fix applies. A file
/// that is not UTF-8 is not fixed, as the command line refuses to.
pub fn fixed(bytes: &[u8], settings: &Settings) -> Option<Fixed> {
    let text = std::str::from_utf8(bytes).ok()?;
    Some(fix_text(text, None, settings, Applicability::Unsafe)).filter(|fixed| fixed.applied > 0)
}

/// A case's text with one rule's fixes applied, and how many applied.
#[allow(dead_code, reason = "tests/it/corpus.rs alone snapshots one rule's fixes")]
pub struct FixedBy {
    pub text: String,
    pub applied: usize,
}

/// At most this many rounds of fixes, as `--fix` makes.
#[allow(dead_code, reason = "tests/it/corpus.rs alone snapshots one rule's fixes")]
const ROUNDS: usize = 10;

/// The case's text with `rule`'s fixes applied (safe and unsafe), round after round as
/// `--fix` applies them, when one applies. Other rules' fixes are left out: a folder's
/// snapshot shows what its own rule's fixes do. A file that is not UTF-8 is not fixed, as
/// the command line refuses to.
#[allow(dead_code, reason = "tests/it/corpus.rs alone snapshots one rule's fixes")]
pub fn fixed_by(rule: &str, bytes: &[u8], settings: &Settings) -> Option<FixedBy> {
    let mut text = std::str::from_utf8(bytes).ok()?.to_string();
    let mut applied = 0;
    for _ in 0..ROUNDS {
        let report = lint(Source::from(text.as_str()), None, settings);
        let own = report.diagnostics.iter().filter(|finding| finding.name == rule);
        let (fixed, taken) =
            apply_fixes(&text, own.filter_map(|finding| finding.fix.as_ref()).map(|fix| &fix.edits[..]));
        if taken.is_empty() {
            break;
        }
        applied += taken.len();
        text = fixed;
    }
    (applied > 0).then_some(FixedBy { text, applied })
}

/// `settings` with the rule options and levels of the case's own robolint.toml, if any.
pub fn with_case_config(case: &Path, settings: &Settings) -> Settings {
    let config_path = case.with_extension("toml");
    let Ok(text) = fs::read_to_string(&config_path) else { return settings.clone() };
    let config = Config::parse(&text, &config_path)
        .unwrap_or_else(|error| panic!("{}: {}", config_path.display(), error.summary()));
    let mut settings = settings.clone();
    settings.options.extend(config.options);
    settings.levels.extend(config.levels);
    settings
}
