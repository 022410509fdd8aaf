//! Rules of category `syntax`, code band RL1xx: each line against the 1996 draft's grammar.
//! One file per rule; its line in `super`'s registry says when it runs.

pub(super) mod agent_not_token;
pub(super) mod empty_user_agent;
pub(super) mod field_typo;
pub(super) mod invalid_line;
pub(super) mod invalid_percent_encoding;
pub(super) mod line_continuation;
pub(super) mod missing_colon;
pub(super) mod multiple_paths;
pub(super) mod non_ascii_path;
pub(super) mod path_not_absolute;
pub(super) mod space_before_colon;
pub(super) mod strict_syntax;
pub(super) mod trailing_whitespace;
pub(super) mod unknown_field;
