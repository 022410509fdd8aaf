//! What names a rule: the [`Rule`] enum, one variant per `rules/*.toml`, which build.rs
//! generates, and the [`Category`] bands. Nothing here uses another module of the engine,
//! so findings, settings and the rules themselves can all name a rule.
//!
//! What a rule does and says is [`crate::rules`]'s: its check, metadata and options.

mod category;

pub use category::Category;

mod identity {
    use super::Category;

    include!(concat!(env!("OUT_DIR"), "/rule_identities.rs"));
}

pub use identity::Rule;
