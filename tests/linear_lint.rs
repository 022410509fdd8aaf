//! Linear work for lint on the worst cases of issue 22, counted rather than timed, as in
//! tests/linear_work.rs; lint shares a document's rules between two threads, so the
//! allocations are counted for the whole process, and this file holds one test so that no
//! other test runs beside it and adds to the count. Each worst case is linted at n and 4n
//! (512 KiB and 2 MiB, the size cap): quadratic work shows as a ratio near 16, linear work
//! stays near 4.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use robolint::{lint, Settings, Source};

// The shapes of issue 34 are not all linear in lint yet; they serve tests/worst_cases.rs and
// the benches.
#[allow(dead_code)]
#[path = "../benches/support/worst_cases.rs"]
mod worst_cases;

/// The system allocator, counting every allocation of the process.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        System.dealloc(pointer, layout)
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        System.realloc(pointer, layout, size)
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Fails when the work for 4n is more than `MAX_RATIO` times the work for n.
const MAX_RATIO: f64 = 6.0;

#[test]
fn lint_work_is_linear_on_every_worst_case() {
    let settings = Settings::default();
    let allocations_at = |generate: fn(usize) -> String, size: usize| {
        let text = generate(size);
        let before = ALLOCATIONS.load(Ordering::Relaxed);
        drop(lint(Source::from(text.as_str()), None, &settings));
        ALLOCATIONS.load(Ordering::Relaxed) - before
    };
    let cap = robolint::source::DEFAULT_SIZE_CAP;
    let mut superlinear = Vec::new();
    for case in worst_cases::WORST_CASES {
        let (small, large) = (allocations_at(case.generate, cap / 4), allocations_at(case.generate, cap));
        let ratio = large as f64 / small.max(1) as f64;
        eprintln!("{} ({}): {small} allocations at n, {large} at 4n (×{ratio:.1})", case.name, case.stresses);
        if ratio > MAX_RATIO {
            superlinear.push(format!("{} (×{ratio:.1})", case.name));
        }
    }
    assert!(superlinear.is_empty(), "more than linear: {superlinear:?}");
}
