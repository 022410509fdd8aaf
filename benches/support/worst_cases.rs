//! Hostile robots.txt files, each the worst case of one part of the linter, filled up to a
//! size: `benches/lint.rs` times them and `tests/it/worst_cases.rs` lints each at the 2 MiB cap
//! and checks its findings, so a change that makes one quadratic again shows in both.

use std::fmt::Write;

/// One worst case: its name, and the file it makes of (at most) a given size.
pub struct WorstCase {
    pub name: &'static str,
    /// What it is the worst case of.
    pub stresses: &'static str,
    pub generate: fn(usize) -> String,
}

pub const WORST_CASES: &[WorstCase] = &[
    WorstCase {
        name: "star-records",
        stresses: "multiple-star-records: a witness per record from one matcher over all `*` rules",
        generate: star_records,
    },
    WorstCase {
        name: "agents-in-one-record",
        stresses: "which User-agent values contain which (the draft's substring selection)",
        generate: agents_in_one_record,
    },
    WorstCase {
        name: "distinct-agent-records",
        stresses: "agent captures, and selecting each robot's record",
        generate: distinct_agent_records,
    },
    WorstCase {
        name: "rules-in-one-group",
        stresses: "rules compared with each other in one group",
        generate: rules_in_one_group,
    },
    WorstCase {
        name: "wildcard-rules",
        stresses: "wildcard patterns that all begin with `/*` (no literal start to index)",
        generate: wildcard_rules,
    },
    WorstCase {
        name: "prefixed-wildcards",
        stresses:
            "glob-pattern's witness search among the record's other rules, each pattern with its own literal start",
        generate: prefixed_wildcards,
    },
    WorstCase {
        name: "one-long-wildcard",
        stresses: "matching one pattern of a million `*`",
        generate: one_long_wildcard,
    },
    WorstCase { name: "long-lines", stresses: "comment lines longer than Google reads", generate: long_lines },
    WorstCase {
        name: "nested-prefixes",
        stresses: "redundant and shadowed rules: each path a prefix of many others",
        generate: nested_prefixes,
    },
    WorstCase {
        name: "case-variants",
        stresses: "path-case-variants: Allow and Disallow pairs",
        generate: case_variants,
    },
    WorstCase {
        name: "star-disallows-and-an-ai-group",
        stresses: "ai-group-looser-than-star: every `*` Disallow path asked of an AI crawler's own group",
        generate: star_disallows_and_an_ai_group,
    },
];

/// Repeats `unit(n)` for n = 0, 1, … while the text stays within `size` bytes.
fn filled(size: usize, start: &str, mut unit: impl FnMut(&mut String, usize)) -> String {
    let mut text = String::from(start);
    let mut next = String::new();
    for n in 0.. {
        next.clear();
        unit(&mut next, n);
        if text.len() + next.len() > size {
            break;
        }
        text.push_str(&next);
    }
    text
}

/// N records of `User-agent: *`, each with its own Disallow path.
pub fn star_records(size: usize) -> String {
    filled(size, "", |out, n| {
        let _ = write!(out, "User-agent: *\nDisallow: /p{n}\n\n");
    })
}

/// One record naming N robots, `bot0` to `botN`: each a substring of ten others.
pub fn agents_in_one_record(size: usize) -> String {
    let closing = "Disallow: /x\n";
    let mut text = filled(size.saturating_sub(closing.len()), "", |out, n| {
        let _ = writeln!(out, "User-agent: bot{n}");
    });
    text.push_str(closing);
    text
}

/// N records, each naming its own robot.
pub fn distinct_agent_records(size: usize) -> String {
    filled(size, "", |out, n| {
        let _ = write!(out, "User-agent: bot{n}\nDisallow: /p{n}\n\n");
    })
}

/// One `*` group of N Allow and Disallow lines, by turns.
pub fn rules_in_one_group(size: usize) -> String {
    filled(size, "User-agent: *\n", |out, n| {
        let kind = if n % 2 == 1 { "Allow" } else { "Disallow" };
        let _ = writeln!(out, "{kind}: /p{n}/");
    })
}

/// One `*` group of N patterns `/*a*a…*aN`.
pub fn wildcard_rules(size: usize) -> String {
    filled(size, "User-agent: *\n", |out, n| {
        let _ = writeln!(out, "Disallow: /{}{n}", "*a".repeat(40));
    })
}

/// One `*` group of N patterns `/pNq*x`: a wildcard after a literal start of its own.
pub fn prefixed_wildcards(size: usize) -> String {
    filled(size, "User-agent: *\n", |out, n| {
        let _ = writeln!(out, "Disallow: /p{n}q*x");
    })
}

/// One Disallow line `/*a*a*a…` as long as the size allows.
pub fn one_long_wildcard(size: usize) -> String {
    let start = "User-agent: *\nDisallow: /";
    let pieces = size.saturating_sub(start.len() + 1) / 2;
    format!("{start}{}\n", "*a".repeat(pieces))
}

/// Comment lines of 20,000 bytes, past Google's 16,663.
pub fn long_lines(size: usize) -> String {
    let line = format!("# {}\n", "x".repeat(20_000));
    filled(size, "User-agent: *\nDisallow: /private/\n\n", |out, _| out.push_str(&line))
}

/// One `*` group of Disallow `/aaa…` and Allow `/aaa…bN` pairs, the paths 0 to 199 `a`s
/// long: every Disallow covers every longer one.
pub fn nested_prefixes(size: usize) -> String {
    filled(size, "User-agent: *\n", |out, n| {
        let prefix = "a".repeat(n % 200);
        let _ = write!(out, "Disallow: /{prefix}\nAllow: /{prefix}b{n}\n");
    })
}

/// One `*` group of `Disallow: /DocsN/` and `Allow: /docsN/` pairs.
pub fn case_variants(size: usize) -> String {
    filled(size, "User-agent: *\n", |out, n| {
        let _ = write!(out, "Disallow: /Docs{n}/\nAllow: /docs{n}/\n");
    })
}

/// One `*` group of N Disallow paths, then a group of GPTBot's own that repeats none of them.
pub fn star_disallows_and_an_ai_group(size: usize) -> String {
    let ai_group = "\nUser-agent: GPTBot\nDisallow: /private/\n";
    let mut text = filled(size.saturating_sub(ai_group.len()), "User-agent: *\n", |out, n| {
        let _ = writeln!(out, "Disallow: /p{n}/");
    });
    text.push_str(ai_group);
    text
}

/// The shapes of issue 34 (lint, fix and the other commands at the cap), apart from
/// [`WORST_CASES`] until each is linear for every command.
pub const ISSUE_34_CASES: &[WorstCase] = &[
    WorstCase {
        name: "misspelt-disallows",
        stresses: "--fix and the LSP's fix-all: one field-typo fix per line, all applied at once",
        generate: misspelt_disallows,
    },
    WorstCase { name: "indented-rules", stresses: "an indented rule on every line", generate: indented_rules },
    WorstCase {
        name: "unused-suppressions",
        stresses: "a suppression comment on every line that silences nothing",
        generate: unused_suppressions,
    },
    WorstCase { name: "content-signal-lines", stresses: "many Content-Signal lines", generate: content_signal_lines },
    WorstCase { name: "one-character-lines", stresses: "a million lines of one byte", generate: one_character_lines },
    WorstCase {
        name: "repeated-star-agents",
        stresses: "`User-agent: *` records without rules, one after another",
        generate: repeated_star_agents,
    },
    WorstCase {
        name: "suppression-comments",
        stresses: "suppression comments on lines of their own, one after another, before the rule they name",
        generate: suppression_comments,
    },
    WorstCase {
        name: "held-back-globs",
        stresses: "glob patterns without their leading `/` (`*/pN/`), which no safe fix may change",
        generate: held_back_globs,
    },
    WorstCase {
        name: "rules-before-any-agent",
        stresses: "Disallow lines before any User-agent line, as `--fix` leaves misspelt ones without a group",
        generate: rules_before_any_agent,
    },
    WorstCase {
        name: "one-long-path",
        stresses: "`audit` and the matchers on one Disallow path as long as the file",
        generate: one_long_path,
    },
];

/// One `*` group of N `Dissallow: /pN` lines, each a field-typo with a safe fix.
pub fn misspelt_disallows(size: usize) -> String {
    filled(size, "User-agent: *\n", |out, n| {
        let _ = writeln!(out, "Dissallow: /p{n}");
    })
}

/// N Disallow lines and no User-agent line: every rule belongs to no group.
pub fn rules_before_any_agent(size: usize) -> String {
    filled(size, "", |out, n| {
        let _ = writeln!(out, "Disallow: /p{n}");
    })
}

/// One `*` group of N Disallow lines, each indented.
pub fn indented_rules(size: usize) -> String {
    filled(size, "User-agent: *\n", |out, n| {
        let _ = writeln!(out, "   Disallow: /p{n}");
    })
}

/// One `*` group of N Disallow lines, each suppressing a rule that does not fire there.
pub fn unused_suppressions(size: usize) -> String {
    filled(size, "User-agent: *\n", |out, n| {
        let _ = writeln!(out, "Disallow: /p{n} # robolint: disable=glob-pattern");
    })
}

/// One `*` group of N Content-Signal lines.
pub fn content_signal_lines(size: usize) -> String {
    filled(size, "User-agent: *\nDisallow: /private/\n", |out, n| {
        let answer = if n % 2 == 0 { "yes" } else { "no" };
        let _ = writeln!(out, "Content-Signal: search=yes, ai-train={answer}");
    })
}

/// Lines of one character each.
pub fn one_character_lines(size: usize) -> String {
    filled(size, "", |out, _| out.push_str("x\n"))
}

/// N records of `User-agent: *` alone.
pub fn repeated_star_agents(size: usize) -> String {
    filled(size, "", |out, _| out.push_str("User-agent: *\n\n"))
}

/// N suppression comments on lines of their own, then the one rule they all apply to (what
/// `--fix` leaves of [`unused_suppressions`] once the redundant rules are gone).
pub fn suppression_comments(size: usize) -> String {
    let closing = "Disallow: /p0\n";
    let mut text = filled(size.saturating_sub(closing.len()), "User-agent: *\n", |out, _| {
        out.push_str("# robolint: disable=glob-pattern\n");
    });
    text.push_str(closing);
    text
}

/// One `*` group of N `Disallow: */pN/` lines: a pattern without its leading `/`, which
/// `/*/pN/` would make mean otherwise to Google on `/pN/`, so `--fix` leaves it.
pub fn held_back_globs(size: usize) -> String {
    filled(size, "User-agent: *\n", |out, n| {
        let _ = writeln!(out, "Disallow: */p{n}/");
    })
}

/// One Disallow line `/aaa…` as long as the size allows.
pub fn one_long_path(size: usize) -> String {
    let start = "User-agent: *\nDisallow: /";
    format!("{start}{}\n", "a".repeat(size.saturating_sub(start.len() + 1)))
}
