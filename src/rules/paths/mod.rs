//! Rules of category `paths`, code band RL3xx: the paths of Allow and Disallow lines.
//! One file per rule; its line in `super`'s registry says when it runs.

pub(super) mod allow_all_and_disallow_all;
pub(super) mod allow_for_1994_robots;
pub(super) mod duplicate_rule;
pub(super) mod encoded_slash;
pub(super) mod fragment_in_path;
pub(super) mod glob_pattern;
pub(super) mod path_case_variants;
pub(super) mod path_too_long;
pub(super) mod percent_encoding_divergence;
pub(super) mod query_in_path;
pub(super) mod redundant_rule;
pub(super) mod regex_in_path;
pub(super) mod robots_txt_in_rule;
pub(super) mod sensitive_path;
pub(super) mod shadowed_rule;
pub(super) mod space_in_path;
