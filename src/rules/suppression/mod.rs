//! Rules of category `suppression`, code band RL9xx: robolint's own suppression comments.
//! One file per rule; its line in `super`'s registry says when it runs.

pub(super) mod unknown_rule_in_suppression;
pub(super) mod unused_suppression;
