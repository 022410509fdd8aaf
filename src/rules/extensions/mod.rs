//! Rules of category `extensions`, code band RL4xx: the fields beyond the draft (Sitemap, Crawl-delay, …).
//! One file per rule; its line in `super`'s registry says when it runs.

pub(super) mod crawl_delay_value;
pub(super) mod extension_outside_record;
pub(super) mod malformed_field_value;
pub(super) mod nonstandard_field;
pub(super) mod sitemap_url;
