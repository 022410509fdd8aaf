//! Rules of category `ai`, code band RL5xx: the crawlers that collect for AI and the fields
//! (`Content-Signal`, `Content-Usage`) that state how content may be used.
//! One file per rule; its line in `super`'s registry says when it runs.
pub(super) mod crawler_policy;
