//! Linear work on the worst cases of issue 22, counted rather than timed: the allocations of
//! this thread (a proxy for the work done, which tests may count where they may not time;
//! lint is not counted here because it spreads its work over threads) for
//! an input of size n and of size 4n. Quadratic work shows as a ratio near 16; linear work
//! stays near 4. The `matrix` case failed with choosing each robot's groups by reading every
//! group (`Matcher::new` per robot): each robot then lower-cased every User-agent value.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use robolint::dialect::{Dialect, Matcher};
use robolint::parse;

// Only two of the generators are counted here; the rest serve the benches.
#[allow(dead_code)]
#[path = "../benches/support/worst_cases.rs"]
mod worst_cases;

/// The system allocator, counting the allocations of each thread (tests run side by side).
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        System.dealloc(pointer, layout)
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
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
