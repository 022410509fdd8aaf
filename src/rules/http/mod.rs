//! Rules of category `http`, code band RL6xx: how a robots.txt URL was fetched (`robolint URL` only).
//! One file per rule; its line in `super`'s registry says when it runs.

pub(super) mod broken_redirect;
pub(super) mod cache_expiry;
pub(super) mod caching_disabled;
pub(super) mod cross_host_redirect;
pub(super) mod long_cache_lifetime;
pub(super) mod non_utf8_charset;
pub(super) mod private_redirect;
pub(super) mod response_truncated;
pub(super) mod robots_txt_forbidden;
pub(super) mod robots_txt_not_found;
pub(super) mod robots_txt_redirect;
pub(super) mod robots_txt_unreachable;
pub(super) mod undecodable_content_encoding;
pub(super) mod wrong_content_type;
