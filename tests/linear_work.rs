//! Linear work on the worst cases of issue 22, counted rather than timed: the allocations of
//! this thread (a proxy for the work done, which tests may count where they may not time;
//! lint spreads its work over threads and is counted in tests/linear_lint.rs, with a counter
//! for the whole process) for an input of size n and of size 4n. Quadratic work shows as a
//! ratio near 16; linear work stays near 4. The `matrix` case failed with choosing each
//! robot's groups by reading every group (`Matcher::new` per robot): each robot then
//! lower-cased every User-agent value. An LSP edit is held to more: its work must not grow
//! with the document at all, which the bytes it allocates show (re-indexing every line
//! allocated a vector of all line starts per edit).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use lsp_types::{Position, Range, TextDocumentContentChangeEvent};
use robolint::dialect::{Dialect, Matcher};
use robolint::{parse, Settings};
use robolint_lsp::documents::OpenDocument;

// Only some of the generators are counted here; the rest serve the benches.
#[allow(dead_code)]
#[path = "../benches/support/worst_cases.rs"]
mod worst_cases;

/// The system allocator, counting the allocations of each thread (tests run side by side)
/// and the bytes they asked for.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
    static BYTES: Cell<usize> = const { Cell::new(0) };
}

fn count(size: usize) {
    let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
    let _ = BYTES.try_with(|bytes| bytes.set(bytes.get() + size));
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        System.dealloc(pointer, layout)
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        count(size);
        System.realloc(pointer, layout, size)
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

fn allocations_of(work: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    work();
    ALLOCATIONS.with(Cell::get) - before
}

fn bytes_allocated_by(work: impl FnOnce()) -> usize {
    let before = BYTES.with(Cell::get);
    work();
    BYTES.with(Cell::get) - before
}

/// Fails when the work for 4n is more than `MAX_RATIO` times the work for n.
const MAX_RATIO: f64 = 6.0;

fn assert_linear(name: &str, work: impl Fn(usize)) {
    let small = allocations_of(|| work(1));
    let large = allocations_of(|| work(4));
    let ratio = large as f64 / small.max(1) as f64;
    assert!(ratio <= MAX_RATIO, "{name}: {small} allocations for n, {large} for 4n (×{ratio:.1})");
}

/// `matrix`: every dialect's matchers for n robots (half named by a record, half not) over
/// a file of 10n records each naming its own robot, each asked ten URLs.
#[test]
fn matrix_work_is_linear_in_records_and_robots() {
    assert_linear("matrix", |scale| {
        let text = worst_cases::distinct_agent_records(scale * 100_000);
        let document = parse::parse_text(&text);
        let agents: Vec<String> = (0..scale * 250).map(|n| format!("bot{}", n * 20)).collect();
        for dialect in Dialect::ALL {
            let matchers = Matcher::for_robots(&document, &text, agents.iter().map(String::as_str), dialect);
            for matcher in &matchers {
                (0..10).for_each(|n| drop(matcher.allowed(&format!("/p{n}"))));
            }
        }
    });
}

/// `check`: many URLs against many `*` records, each dialect's matcher compiled once.
#[test]
fn check_work_is_linear_in_urls_and_records() {
    assert_linear("check", |scale| {
        let text = worst_cases::star_records(scale * 100_000);
        let document = parse::parse_text(&text);
        for dialect in Dialect::ALL {
            let matcher = Matcher::new(&document, &text, "anybot", dialect);
            (0..scale * 1_000).for_each(|n| drop(matcher.allowed(&format!("/p{}/x", n * 3))));
        }
    });
}

/// Formatting each worst case of issue 22 that formatting reads line by line: 40,000 `*`
/// records, 50,000 User-agent lines in one record, one group of many rules, long lines.
#[test]
fn formatting_work_is_linear_in_the_document() {
    let cases = ["star-records", "agents-in-one-record", "rules-in-one-group", "long-lines", "nested-prefixes"];
    for case in worst_cases::WORST_CASES.iter().filter(|case| cases.contains(&case.name)) {
        assert_linear(case.name, |scale| {
            // Upper case field names, so that every line is rewritten.
            let text = (case.generate)(scale * 128 * 1024).replace("User-agent", "USER-AGENT");
            drop(robolint::format::format(&text));
        });
    }
}

fn insertion(line: u32, character: u32, text: &str) -> TextDocumentContentChangeEvent {
    let at = Position::new(line, character);
    TextDocumentContentChangeEvent { range: Some(Range::new(at, at)), range_length: None, text: text.into() }
}

/// One keystroke at a time in the middle of a document of n and of 4n bytes: the bytes the
/// edits allocate must not grow with the document (only the text's own growth, which the
/// first edit pays, does). Whole-document work per edit (a fresh line index: eight bytes per
/// line) gives a ratio near 4.
#[test]
fn an_lsp_edit_costs_the_same_in_a_document_four_times_larger() {
    let uri: lsp_types::Uri = "file:///nonexistent/robots.txt".parse().expect("a URI");
    let edits_in = |scale: usize| {
        let text = worst_cases::star_records(scale * 512 * 1024);
        let middle = (text.lines().count() / 2) as u32;
        let mut document =
            OpenDocument::new(uri.clone(), 1, text, std::sync::Arc::new(robolint::Linter::new(Settings::default())));
        // The text's first growth reallocates it whole; later ones come after as many bytes.
        document.apply_changes(2, vec![insertion(middle, 0, "#")]);
        bytes_allocated_by(|| {
            for version in 3..103 {
                document.apply_changes(version, vec![insertion(middle, 1, "a"), insertion(middle + 1, 0, "\n")]);
            }
        })
    };
    let (small, large) = (edits_in(1), edits_in(4));
    let ratio = large as f64 / small.max(1) as f64;
    assert!(ratio <= 1.5, "{small} bytes allocated by 100 edits of a document of n, {large} of 4n (×{ratio:.1})");
}
