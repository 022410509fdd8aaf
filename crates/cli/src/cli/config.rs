//! The configuration each input is linted with, and configuration mistakes drawn for people.

use std::path::Path;

use robolint::config::{Config, ConfigError, Resolver};

use super::lint_args::{Input, LintArgs};

/// The configuration for each input: `--no-config`, `--config PATH`, or the nearest
/// robolint.toml above the input (the library's [`Resolver`], which the language server uses
/// too).
pub(super) struct Configs {
    resolver: Resolver,
}

impl Configs {
    pub(super) fn new(args: &LintArgs) -> Result<Configs, String> {
        Configs::from_flags(args.no_config, args.config.as_deref())
    }

    /// `--no-config`, `--config PATH`, or neither.
    pub(super) fn from_flags(no_config: bool, config: Option<&Path>) -> Result<Configs, String> {
        let resolver = if no_config {
            Resolver::fixed(Config::default())
        } else if let Some(path) = config {
            Resolver::fixed(Config::load(path).map_err(|error| show_config_error(&error, false))?)
        } else {
            Resolver::nearest()
        };
        Ok(Configs { resolver })
    }

    /// The configuration for inputs with no folder of their own (WARC files hold many sites).
    pub(super) fn for_current_directory(&mut self) -> Result<&Config, String> {
        let directory = std::env::current_dir().unwrap_or_default();
        self.resolver.for_directory(&directory).map_err(|error| show_config_error(&error, false))
    }

    pub(super) fn for_input(
        &mut self,
        input: &Input,
        stdin_filename: Option<&Path>,
        color: bool,
    ) -> Result<&Config, String> {
        // Standard input and URLs have no folder of their own: the current one stands in.
        let input = match (input, stdin_filename) {
            (Input::File(path), Some(name)) if path == Path::new("-") => &Input::File(name.to_path_buf()),
            _ => input,
        };
        let directory = match input {
            // `robots.txt` has the parent `` (not `.`), which would find no configuration.
            Input::File(path) if path != Path::new("-") => {
                path.parent().filter(|parent| !parent.as_os_str().is_empty()).unwrap_or(Path::new(".")).to_path_buf()
            }
            Input::File(_) | Input::Url(_) => std::env::current_dir().unwrap_or_default(),
        };
        let absolute = std::path::absolute(&directory).unwrap_or(directory);
        self.resolver.for_directory(&absolute).map_err(|error| show_config_error(&error, color))
    }
}

/// Draws a configuration error's problems over the file's text (the way findings are drawn)
/// and returns the one-line message for the exit path, which repeats none of what was drawn.
pub(super) fn show_config_error(error: &ConfigError, color: bool) -> String {
    let name = error.path.display().to_string();
    let located: Vec<_> =
        error.problems.iter().filter_map(|problem| Some((problem.span.clone()?, &problem.message))).collect();
    if located.is_empty() || error.text.is_empty() {
        return format!("{name}: {}", error.summary());
    }
    let headline = match located.as_slice() {
        [(_, message)] => format!("invalid configuration: {message}"),
        _ => format!("invalid configuration: {} problems", located.len()),
    };
    let config = ariadne::Config::default().with_color(color).with_index_type(ariadne::IndexType::Byte);
    let report = ariadne::Report::build(ariadne::ReportKind::Error, (name.as_str(), located[0].0.clone()))
        .with_config(config)
        .with_message(headline)
        .with_labels(
            located
                .iter()
                .map(|(span, message)| ariadne::Label::new((name.as_str(), span.clone())).with_message(message)),
        )
        .finish();
    let _ = report.eprint((name.as_str(), ariadne::Source::from(error.text.as_str())));
    let unlocated: Vec<&str> = error
        .problems
        .iter()
        .filter(|problem| problem.span.is_none())
        .map(|problem| problem.message.as_str())
        .collect();
    match unlocated.as_slice() {
        [] => format!("{name}: invalid configuration (see above)"),
        _ => format!("{name}: invalid configuration: {}", unlocated.join("; ")),
    }
}
