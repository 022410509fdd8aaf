//! The rule categories and their code bands.
//!
//! This file is pure data with no `crate::` paths: build.rs includes it too, to check each
//! rule's TOML against the same table the engine uses.

use serde::{Deserialize, Serialize};

/// A band of rule codes. A rule's category is its code's band, and its source lives in
/// `src/rules/<category>/`. Codes are stable public ids and never reused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    /// `RL0`: the file as a whole: its encoding, size and line ends.
    File,
    /// `RL1`: how each line is written: fields, colons, values.
    Syntax,
    /// `RL2`: records and groups: which robots they name and what they hold.
    Records,
    /// `RL3`: the paths of Allow and Disallow rules.
    Paths,
    /// `RL4`: fields beyond User-agent, Allow and Disallow, such as Sitemap and Crawl-delay.
    Extensions,
    /// `RL5`: AI crawlers and usage preferences.
    Ai,
    /// `RL6`: how a URL's robots.txt was fetched. For URLs only.
    Http,
    /// `RL9`: the suppression comments themselves.
    Suppression,
}

impl Category {
    /// Every category, in band order.
    pub const ALL: [Category; 8] = [
        Category::File,
        Category::Syntax,
        Category::Records,
        Category::Paths,
        Category::Extensions,
        Category::Ai,
        Category::Http,
        Category::Suppression,
    ];

    /// The word TOML, selectors and the source folder use.
    pub const fn as_str(self) -> &'static str {
        match self {
            Category::File => "file",
            Category::Syntax => "syntax",
            Category::Records => "records",
            Category::Paths => "paths",
            Category::Extensions => "extensions",
            Category::Ai => "ai",
            Category::Http => "http",
            Category::Suppression => "suppression",
        }
    }

    /// How every code of the band starts.
    pub const fn prefix(self) -> &'static str {
        match self {
            Category::File => "RL0",
            Category::Syntax => "RL1",
            Category::Records => "RL2",
            Category::Paths => "RL3",
            Category::Extensions => "RL4",
            Category::Ai => "RL5",
            Category::Http => "RL6",
            Category::Suppression => "RL9",
        }
    }

    /// What the band is about, for docs/rules.md and the documentation site.
    pub const fn about(self) -> &'static str {
        match self {
            Category::File => "file and encoding",
            Category::Syntax => "syntax",
            Category::Records => "records",
            Category::Paths => "paths",
            Category::Extensions => "extensions",
            Category::Ai => "AI crawlers and usage preferences",
            Category::Http => "HTTP (for URLs only)",
            Category::Suppression => "suppressions",
        }
    }

    /// The category whose band holds `code`.
    pub fn of_code(code: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|category| code.starts_with(category.prefix()))
    }
}

impl std::fmt::Display for Category {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
