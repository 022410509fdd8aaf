//! Names admins write on User-agent lines that no robot sends (`Google`, `OpenAI`), each with
//! the registry's robots it is taken to mean: facts about robots, kept as data with the
//! operators' pages as sources in `agents/names/no-robot-sends.toml`, compiled in as the JSON
//! build.rs writes of it.

use std::sync::OnceLock;

use serde::Deserialize;

use super::{Agent, Registry};

/// One name no robot sends, as the file gives it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NameNoRobotSends {
    /// The name as admins write it; robots compare tokens without case.
    pub written: String,
    /// The registry tokens of the robots the name is taken to mean.
    pub meant: Vec<String>,
    /// The operator's page that lists its robots' real tokens.
    pub docs: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    name: Vec<NameNoRobotSends>,
}

/// Every name of `agents/names/no-robot-sends.toml`, read once per process.
pub fn names_no_robot_sends() -> &'static [NameNoRobotSends] {
    static NAMES: OnceLock<Vec<NameNoRobotSends>> = OnceLock::new();
    // build.rs wrote the JSON of a TOML file that parsed, and the tests below read it.
    let json = include_str!(concat!(env!("OUT_DIR"), "/agents/names/no-robot-sends.json"));
    NAMES.get_or_init(|| serde_json::from_str::<File>(json).map(|file| file.name).unwrap_or_default())
}

/// The entry for a User-agent line's product token, compared without case.
pub fn name_no_robot_sends(token: &str) -> Option<&'static NameNoRobotSends> {
    names_no_robot_sends().iter().find(|name| name.written.eq_ignore_ascii_case(token))
}

impl NameNoRobotSends {
    /// The robots meant, as `registry` knows them.
    pub fn robots<'r>(&self, registry: &'r Registry) -> impl Iterator<Item = &'r Agent> + use<'r, '_> {
        self.meant.iter().filter_map(|token| registry.find(token))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_reads_and_each_name_means_robots_of_the_registry() {
        let text = include_str!("../../agents/names/no-robot-sends.toml");
        let file: File = toml::from_str(text).expect("agents/names/no-robot-sends.toml reads");
        assert_eq!(names_no_robot_sends(), file.name, "the names built in are the file's");
        assert!(file.name.len() >= 10);
        let registry = Registry::builtin();
        for name in &file.name {
            assert!(registry.find(&name.written).is_none(), "`{}` is a registry token: a robot sends it", name.written);
            assert!(!name.meant.is_empty(), "`{}` means no robot", name.written);
            for token in &name.meant {
                assert!(registry.find(token).is_some(), "`{}` means `{token}`, which the registry lacks", name.written);
            }
            assert!(name.docs.starts_with("https://"), "`{}` needs the operator's page", name.written);
        }
        let written: Vec<String> = file.name.iter().map(|name| name.written.to_ascii_lowercase()).collect();
        assert!(written.is_sorted(), "keep the names sorted: {written:?}");
    }

    #[test]
    fn names_are_found_without_case() {
        assert_eq!(name_no_robot_sends("google").map(|name| name.meant.clone()), Some(vec!["Googlebot".to_string()]));
        assert!(name_no_robot_sends("Googlebot").is_none());
        assert!(name_no_robot_sends("Yandex").is_none());
    }
}
