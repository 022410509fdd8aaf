//! Which of a list of strings contain which: for each one, the first in the list that
//! contains it. The 1996 draft picks a robot's record by substring, so this is what
//! `analysis::captures::agent_captures` asks of every User-agent value at once.
//!
//! An Aho-Corasick automaton of our own rather than the `aho-corasick` crate's: building
//! that one moves every match state to the front and then follows each move's chain, which
//! is quadratic when nearly every state ends a pattern (100,000 User-agent lines `bot1`,
//! `bot2`, … took 20 seconds). Here building and searching cost the strings' total length,
//! and reporting costs each string once: a string found once is never reported again.

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

const ROOT: u32 = 0;
const NONE: u32 = u32::MAX;

/// For each of `distinct` (no two equal), the position of the first string in `distinct`
/// that contains it: its own position when no earlier one does.
pub fn first_containers(distinct: &[&str]) -> Vec<usize> {
    let containers = first_texts_containing(distinct, distinct);
    containers.into_iter().enumerate().map(|(own, container)| container.unwrap_or(own)).collect()
}

/// For each of `patterns` (no two equal), the position of the first of `texts` that contains
/// it, if one does. The 1994 and 1996 robots of `robolint matrix` find their records so.
pub fn first_texts_containing(patterns: &[&str], texts: &[impl AsRef<str>]) -> Vec<Option<usize>> {
    let automaton = Automaton::new(patterns);
    let mut container: Vec<Option<usize>> = vec![None; patterns.len()];
    // In list order, so the first text found to contain a pattern is the earliest.
    for (position, text) in texts.iter().enumerate() {
        let mut state = ROOT;
        for &byte in text.as_ref().as_bytes() {
            state = automaton.step(state, byte);
            // The patterns ending here are this state's (if any) and those along its
            // dictionary chain; each is a suffix of the one before, so once one of them was
            // found earlier, so were all the rest.
            let mut node =
                if automaton.pattern[state as usize] == NONE { automaton.dictionary[state as usize] } else { state };
            while node != NONE {
                let found = &mut container[automaton.pattern[node as usize] as usize];
                if found.is_some() {
                    break;
                }
                *found = Some(position);
                node = automaton.dictionary[node as usize];
            }
        }
    }
    container
}

/// For each of `texts`, the least of `ranks` (one per pattern, no two patterns equal) among
/// the patterns inside it, if any is. Python's robots, which take the first entry whose value
/// is inside their name, find it so. Each state knows the least rank along its dictionary
/// chain, so a text costs its length whatever the patterns.
pub fn least_rank_inside(patterns: &[&str], ranks: &[usize], texts: &[&str]) -> Vec<Option<usize>> {
    let automaton = Automaton::new(patterns);
    let rank_of = |state: u32| automaton.pattern.get(state as usize).and_then(|&pattern| ranks.get(pattern as usize));
    let mut least: Vec<Option<usize>> = vec![None; automaton.pattern.len()];
    least[ROOT as usize] = rank_of(ROOT).copied();
    // Shallower states first: a state's dictionary link is shallower than the state.
    for &state in &automaton.by_depth {
        let on_chain = automaton.dictionary[state as usize];
        let from_chain = if on_chain == NONE { None } else { least[on_chain as usize] };
        least[state as usize] = rank_of(state).copied().into_iter().chain(from_chain).min();
    }
    texts
        .iter()
        .map(|text| {
            let mut state = ROOT;
            let mut best = least[ROOT as usize];
            for &byte in text.as_bytes() {
                state = automaton.step(state, byte);
                best = best.into_iter().chain(least[state as usize]).min();
            }
            best
        })
        .collect()
}

/// Byte strings found inside texts: for `Matcher`'s rules that share their literal start with
/// many others, the longest piece of each, so a URL is compared only with rules whose piece
/// it holds.
#[derive(Debug, Clone)]
pub struct Pieces {
    automaton: Automaton,
}

impl Pieces {
    pub fn new(pieces: &[&[u8]]) -> Pieces {
        Pieces { automaton: Automaton::new(pieces) }
    }

    /// The position of each piece inside `text`, each once, ascending.
    pub fn inside(&self, text: &[u8]) -> Vec<u32> {
        let automaton = &self.automaton;
        // A state's dictionary chain is the same wherever it is met, so a chain met again is
        // not walked again: the work is the text's length plus the pieces found.
        let mut walked: HashSet<u32> = HashSet::new();
        let mut found = Vec::new();
        let mut state = ROOT;
        for &byte in text {
            state = automaton.step(state, byte);
            let mut node =
                if automaton.pattern[state as usize] == NONE { automaton.dictionary[state as usize] } else { state };
            while node != NONE && walked.insert(node) {
                found.push(automaton.pattern[node as usize]);
                node = automaton.dictionary[node as usize];
            }
        }
        found.sort_unstable();
        found
    }
}

#[derive(Debug, Clone)]
struct Automaton {
    /// `(state << 8) | byte` to the state it leads to in the trie.
    edges: HashMap<u64, u32>,
    /// Each state's parent in the trie and the byte that leads there from it.
    parent: Vec<(u32, u8)>,
    /// Each state's depth: the length of its string.
    depth: Vec<u32>,
    /// The state of the longest proper suffix of this state's string that is in the trie.
    failure: Vec<u32>,
    /// The nearest state along the failure chain (this one excluded) that ends a pattern.
    dictionary: Vec<u32>,
    /// The pattern this state's string is, if any.
    pattern: Vec<u32>,
    /// The states but the root, shallower ones first.
    by_depth: Vec<u32>,
}

impl Automaton {
    fn new(patterns: &[impl AsRef<[u8]>]) -> Automaton {
        let total: usize = patterns.iter().map(|pattern| pattern.as_ref().len()).sum();
        let mut automaton = Automaton {
            edges: HashMap::with_capacity(total),
            parent: vec![(ROOT, 0)],
            depth: vec![0],
            failure: vec![ROOT],
            dictionary: vec![NONE],
            pattern: vec![NONE],
            by_depth: Vec::new(),
        };
        for (index, pattern) in patterns.iter().enumerate() {
            let mut state = ROOT;
            for &byte in pattern.as_ref() {
                state = match automaton.edge(state, byte) {
                    Some(next) => next,
                    None => automaton.add_state(state, byte),
                };
            }
            automaton.pattern[state as usize] = index as u32;
        }
        automaton.link();
        automaton
    }

    fn edge(&self, state: u32, byte: u8) -> Option<u32> {
        self.edges.get(&(u64::from(state) << 8 | u64::from(byte))).copied()
    }

    fn add_state(&mut self, parent: u32, byte: u8) -> u32 {
        let state = self.parent.len() as u32;
        self.edges.insert(u64::from(parent) << 8 | u64::from(byte), state);
        self.parent.push((parent, byte));
        self.depth.push(self.depth[parent as usize] + 1);
        self.failure.push(ROOT);
        self.dictionary.push(NONE);
        self.pattern.push(NONE);
        state
    }

    /// Failure and dictionary links, shallower states first, so a state's parent and every
    /// state on its parent's failure chain are linked before it.
    fn link(&mut self) {
        let mut by_depth: Vec<u32> = (1..self.parent.len() as u32).collect();
        by_depth.sort_unstable_by_key(|&state| self.depth[state as usize]);
        for &state in &by_depth {
            let (parent, byte) = self.parent[state as usize];
            let failure = if parent == ROOT { ROOT } else { self.step(self.failure[parent as usize], byte) };
            self.failure[state as usize] = failure;
            self.dictionary[state as usize] =
                if self.pattern[failure as usize] == NONE { self.dictionary[failure as usize] } else { failure };
        }
        self.by_depth = by_depth;
    }

    /// The state after reading `byte` in `state`: the longest suffix of the text read so
    /// far that is in the trie.
    fn step(&self, mut state: u32, byte: u8) -> u32 {
        loop {
            if let Some(next) = self.edge(state, byte) {
                return next;
            }
            if state == ROOT {
                return ROOT;
            }
            state = self.failure[state as usize];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{first_containers, least_rank_inside};

    /// The definition, pair by pair.
    fn pairwise(distinct: &[&str]) -> Vec<usize> {
        distinct
            .iter()
            .enumerate()
            .map(|(own, value)| distinct.iter().position(|text| text.contains(value)).unwrap_or(own))
            .collect()
    }

    #[test]
    fn each_string_gets_the_first_that_contains_it() {
        let cases: &[&[&str]] = &[
            &["googlebot-news", "googlebot", "bot", "news", "x"],
            &["bot", "googlebot", "ot", "b", "bo"],
            &["aaa", "a", "aa", "baaab", "ab"],
            &["abcab", "cab", "bca", "abc", "c", "abca"],
            &["münchen-bot", "ünchen", "n", "é"],
        ];
        for &distinct in cases {
            assert_eq!(first_containers(distinct), pairwise(distinct), "{distinct:?}");
        }
    }

    #[test]
    fn matches_the_definition_on_generated_strings() {
        // Short strings over two letters contain each other in every possible way.
        let mut distinct: Vec<String> = Vec::new();
        for length in 1..=6 {
            for bits in 0..1u32 << length {
                distinct.push((0..length).map(|at| if bits >> at & 1 == 1 { 'a' } else { 'b' }).collect());
            }
        }
        distinct.reverse();
        let distinct: Vec<&str> = distinct.iter().map(String::as_str).collect();
        assert_eq!(first_containers(&distinct), pairwise(&distinct));
    }

    #[test]
    fn each_text_gets_the_least_rank_of_the_patterns_inside_it() {
        let patterns = ["bot", "googlebot", "", "news", "ot", "x"];
        let texts = ["googlebot-news", "otter", "robot", "", "y"];
        for ranks in [[5, 4, 9, 3, 2, 1], [0, 1, 2, 3, 4, 5], [3, 0, 8, 1, 7, 6]] {
            let pairwise: Vec<Option<usize>> = texts
                .iter()
                .map(|text| {
                    patterns
                        .iter()
                        .zip(ranks)
                        .filter(|(pattern, _)| text.contains(*pattern))
                        .map(|(_, rank)| rank)
                        .min()
                })
                .collect();
            assert_eq!(least_rank_inside(&patterns, &ranks, &texts), pairwise, "{ranks:?}");
        }
    }
}
