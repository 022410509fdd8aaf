//! A corpus case may come with a robolint.toml of its own, `<case>.toml` (a crawler policy,
//! a rule's options): the tests that lint the corpus lay it over their settings.

use std::fs;
use std::path::Path;

use robolint::config::Config;
use robolint::Settings;

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
