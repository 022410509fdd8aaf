//! Rules of category `records`, code band RL2xx: records and groups (who a record speaks to, how lines group).
//! One file per rule; its line in `super`'s registry says when it runs.

pub(super) mod agent_pattern;
pub(super) mod agent_substring_capture;
pub(super) mod agent_token_cut;
pub(super) mod blank_line_in_record;
pub(super) mod brand_name_as_agent;
pub(super) mod duplicate_agent;
pub(super) mod merged_group;
pub(super) mod missing_record_separator;
pub(super) mod multiple_star_records;
pub(super) mod record_without_disallow;
pub(super) mod rule_before_user_agent;
pub(super) mod too_many_rules;
pub(super) mod unreachable_record;
pub(super) mod whole_site_blocked;
