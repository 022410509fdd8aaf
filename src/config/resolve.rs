//! Which configuration applies to a file: the one answer the command line and the language
//! server share, so that an editor lints a file with the settings `robolint FILE` would use.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::{Config, ConfigError};

/// The configuration for files in a directory: the nearest robolint.toml above it (else the
/// user's own, else the defaults), or one fixed configuration for every file (`--config PATH`,
/// `--no-config`). Each file found is read once, and read again when it changes on disk: the
/// language server lives long and cannot count on every client reporting changed files.
pub struct Resolver {
    /// `--config PATH` or `--no-config`: this configuration for every directory.
    fixed: Option<Config>,
    found: HashMap<PathBuf, Cached>,
    /// What a directory with no configuration file above it gets.
    defaults: Config,
}

struct Cached {
    /// When the file was last changed and its size, as it was read; `None` when unknown, which
    /// never counts as unchanged.
    stamp: Option<(SystemTime, u64)>,
    config: Config,
}

impl Default for Resolver {
    fn default() -> Resolver {
        Resolver::nearest()
    }
}

impl Resolver {
    /// Each directory gets the nearest robolint.toml in it or above it ([`Config::discover`]).
    pub fn nearest() -> Resolver {
        Resolver { fixed: None, found: HashMap::new(), defaults: Config::default() }
    }

    /// Every directory gets `config`: a file the user named, or the defaults for `--no-config`.
    pub fn fixed(config: Config) -> Resolver {
        Resolver { fixed: Some(config), ..Resolver::nearest() }
    }

    /// The configuration for files in `directory`. An invalid file is an error each time it is
    /// asked for, so that the mistake is reported where it matters; it is never cached.
    pub fn for_directory(&mut self, directory: &Path) -> Result<&Config, ConfigError> {
        if let Some(config) = &self.fixed {
            return Ok(config);
        }
        let Some(path) = Config::discover(directory) else { return Ok(&self.defaults) };
        let stamp = stamp(&path);
        let stale = self.found.get(&path).is_none_or(|cached| stamp.is_none() || cached.stamp != stamp);
        if stale {
            self.found.remove(&path);
            let config = Config::load(&path)?;
            self.found.insert(path.clone(), Cached { stamp, config });
        }
        Ok(self.found.get(&path).map_or(&self.defaults, |cached| &cached.config))
    }

    /// Forgets every file read, so the next answers read them again (the language server does
    /// this when the client reports a robolint.toml changed).
    pub fn forget(&mut self) {
        self.found.clear();
    }
}

fn stamp(path: &Path) -> Option<(SystemTime, u64)> {
    let metadata = std::fs::metadata(path).ok()?;
    Some((metadata.modified().ok()?, metadata.len()))
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;
    use crate::rules::Level;

    /// A fresh folder tree under the temporary directory, removed when dropped.
    struct Tree(PathBuf);

    impl Tree {
        fn new(name: &str) -> Tree {
            let root = std::env::temp_dir().join(format!("robolint-resolver-{name}-{}", std::process::id()));
            let _ = fs::remove_dir_all(&root);
            fs::create_dir_all(root.join("site/deep")).expect("temp dir");
            Tree(root)
        }

        fn write(&self, relative: &str, text: &str) -> PathBuf {
            let path = self.0.join(relative);
            fs::write(&path, text).expect("config written");
            path
        }
    }

    impl Drop for Tree {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    fn glob_pattern_level(config: &Config) -> Option<Level> {
        config.levels.get(&crate::rules::Rule::GlobPattern).copied()
    }

    #[test]
    fn the_nearest_file_wins() {
        let tree = Tree::new("nearest");
        tree.write("robolint.toml", "[rules]\nglob-pattern = \"off\"\n");
        let inner = tree.write("site/robolint.toml", "[rules]\nglob-pattern = \"error\"\n");
        let mut resolver = Resolver::nearest();
        let config = resolver.for_directory(&tree.0.join("site/deep")).expect("valid");
        assert_eq!(config.path.as_deref(), Some(inner.as_path()));
        assert_eq!(glob_pattern_level(config), Some(Level::Error));
        let config = resolver.for_directory(&tree.0).expect("valid");
        assert_eq!(glob_pattern_level(config), Some(Level::Off));
    }

    #[test]
    fn a_file_is_read_once_until_forgotten_or_changed() {
        let tree = Tree::new("cached");
        let path = tree.write("robolint.toml", "[rules]\nglob-pattern = \"off\"\n");
        let mut resolver = Resolver::nearest();
        assert_eq!(glob_pattern_level(resolver.for_directory(&tree.0).expect("valid")), Some(Level::Off));
        // Swapped behind the resolver's back with the same stamp, the cached reading is kept.
        let modified = fs::metadata(&path).and_then(|metadata| metadata.modified()).expect("a modification time");
        tree.write("robolint.toml", "[rules]\nglob-pattern = \"err\"\n");
        fs::File::options()
            .write(true)
            .open(&path)
            .and_then(|file| file.set_modified(modified))
            .expect("modification time restored");
        assert_eq!(glob_pattern_level(resolver.for_directory(&tree.0.join("site")).expect("cached")), Some(Level::Off));
        resolver.forget();
        assert!(resolver.for_directory(&tree.0).is_err(), "read again after forget");
        // A change the resolver can see is read without being told.
        tree.write("robolint.toml", "[rules]\nglob-pattern = \"error\"\n\n");
        assert_eq!(glob_pattern_level(resolver.for_directory(&tree.0).expect("valid")), Some(Level::Error));
    }

    #[test]
    fn a_fixed_configuration_answers_every_directory() {
        let tree = Tree::new("fixed");
        tree.write("robolint.toml", "[rules]\nglob-pattern = \"off\"\n");
        let mut resolver = Resolver::fixed(Config::default());
        assert_eq!(resolver.for_directory(&tree.0).expect("fixed"), &Config::default());
    }
}
