//! Which settings a document is linted with: the one place to change when configuration
//! loading changes.

use std::path::{Path, PathBuf};

use lsp_types::Uri;

use robolint::config::Resolver;
use robolint::lint::Settings;

/// The glob the server asks the client to watch: a change to any of these files may change
/// the settings of open documents.
pub const CONFIG_GLOB: &str = "**/robolint.toml";

pub struct SettingsResult {
    pub settings: Settings,
    /// A configuration file that could not be used, for the user to see.
    pub problem: Option<String>,
}

/// The settings for the document at `uri`: those of the nearest robolint.toml above its
/// file, found by the command line's [`Resolver`], or the defaults (for unsaved buffers,
/// non-file URIs, and a configuration file with a mistake, which is reported instead of
/// failing the lint).
pub fn settings_for(uri: &Uri, configs: &mut Resolver) -> SettingsResult {
    let defaults = |problem| SettingsResult { settings: Settings::default(), problem };
    let Some(directory) = file_path(uri).as_deref().and_then(Path::parent).map(Path::to_path_buf) else {
        return defaults(None);
    };
    match configs.for_directory(&directory) {
        Ok(config) => SettingsResult { settings: config.settings(), problem: None },
        Err(error) => defaults(Some(format!(
            "robolint: {}: {}; linting with the default settings",
            error.path.display(),
            error.summary()
        ))),
    }
}

/// The local path of a `file:` URI, percent-decoded; `None` for other schemes.
pub fn file_path(uri: &Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    // `file://host/path`: the path starts at the first slash after the authority.
    let path = &rest[rest.find('/')?..];
    let path = path.split(['?', '#']).next().unwrap_or(path);
    let decoded = percent_decode(path)?;
    Some(PathBuf::from(windows_drive(&decoded).unwrap_or(&decoded)))
}

/// `/C:/x` → `C:/x` on Windows, where file URIs put a slash before the drive letter.
fn windows_drive(path: &str) -> Option<&str> {
    let bytes = path.as_bytes();
    let drive =
        cfg!(windows) && bytes.len() >= 3 && bytes[0] == b'/' && bytes[1].is_ascii_alphabetic() && bytes[2] == b':';
    drive.then(|| &path[1..])
}

fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        let hex = |at: usize| bytes.get(at).and_then(|&byte| (byte as char).to_digit(16));
        match (bytes[index], hex(index + 1), hex(index + 2)) {
            (b'%', Some(high), Some(low)) => {
                out.push((high * 16 + low) as u8);
                index += 3;
            }
            (byte, _, _) => {
                out.push(byte);
                index += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uri(text: &str) -> Uri {
        text.parse().expect("a URI")
    }

    #[test]
    fn file_uris_become_decoded_paths() {
        assert_eq!(file_path(&uri("file:///srv/my%20site/robots.txt")), Some(PathBuf::from("/srv/my site/robots.txt")));
        assert_eq!(file_path(&uri("file://localhost/srv/robots.txt")), Some(PathBuf::from("/srv/robots.txt")));
        assert_eq!(file_path(&uri("untitled:Untitled-1")), None);
    }

    #[test]
    fn a_directory_with_a_configuration_file_gives_its_settings() {
        let folder = tempfile::Builder::new().prefix("robolint-lsp-settings-").tempdir().expect("temp dir");
        let directory = folder.path();
        std::fs::write(directory.join("robolint.toml"), "[rules]\nglob-pattern = \"off\"\n").expect("config");
        let document = uri(&format!("file://{}/robots.txt", directory.display()));
        let mut configs = Resolver::nearest();
        let result = settings_for(&document, &mut configs);
        assert!(result.problem.is_none());
        assert_eq!(result.settings.levels.get(&robolint::rules::Rule::GlobPattern), Some(&robolint::rules::Level::Off));
        std::fs::write(directory.join("robolint.toml"), "[rules]\nno-such-rule = \"off\"\n").expect("config");
        configs.forget();
        let result = settings_for(&document, &mut configs);
        assert!(result.problem.is_some_and(|problem| problem.contains("no-such-rule")));
    }
}
