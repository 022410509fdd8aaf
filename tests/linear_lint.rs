//! Linear work for lint on the worst cases of issues 22 and 34, counted rather than timed, as in
//! tests/linear_work.rs; lint shares a document's rules between two threads, so the
//! allocations are counted for the whole process, and this file holds one test so that no
//! other test runs beside it and adds to the count. Each worst case is linted at n and 4n
//! (512 KiB and 2 MiB, the size cap): quadratic work shows as a ratio near 16, linear work
//! stays near 4.

#![allow(clippy::print_stderr, reason = "a test prints what it measured or skipped")]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use robolint::diagnostic::Diagnostic;
use robolint::{lint, Settings, Source};

#[path = "../benches/support/worst_cases.rs"]
mod worst_cases;

/// The system allocator, counting every allocation of the process.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);
/// The bytes asked for: work that reads the whole file again for each line (issue 34's
/// Content-Signal lines compiled a matcher of every group for each) allocates little more
/// often, but that much more.
static BYTES: AtomicUsize = AtomicUsize::new(0);

/// The bytes allocated and not yet freed, and the most there were since the last reset.
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn count(size: usize) {
    ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    BYTES.fetch_add(size, Ordering::Relaxed);
}

fn grow_live(by: usize) {
    let live = LIVE.fetch_add(by, Ordering::Relaxed) + by;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        grow_live(layout.size());
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        System.dealloc(pointer, layout)
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        count(size);
        // Old and new blocks may both be held while the contents move.
        grow_live(size);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        System.realloc(pointer, layout, size)
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Worst cases whose every line is the same finding of one rule.
const EQUAL_FINDINGS: &[&str] = &["one-character-lines", "rules-before-any-agent"];

/// Fails when the work for 4n is more than `MAX_RATIO` times the work for n.
const MAX_RATIO: f64 = 6.0;

#[test]
fn lint_work_is_linear_on_every_worst_case() {
    let settings = Settings::default();
    let work_at = |generate: fn(usize) -> String, size: usize| {
        let text = generate(size);
        let (allocations, bytes) = (ALLOCATIONS.load(Ordering::Relaxed), BYTES.load(Ordering::Relaxed));
        let before = LIVE.load(Ordering::Relaxed);
        PEAK.store(before, Ordering::Relaxed);
        drop(lint(Source::from(text.as_str()), None, &settings));
        let peak = PEAK.load(Ordering::Relaxed) - before;
        (ALLOCATIONS.load(Ordering::Relaxed) - allocations, BYTES.load(Ordering::Relaxed) - bytes, peak)
    };
    let cap = robolint::source::DEFAULT_SIZE_CAP;
    let mut superlinear = Vec::new();
    for case in worst_cases::WORST_CASES.iter().chain(worst_cases::ISSUE_34_CASES) {
        let (small, large) = (work_at(case.generate, cap / 4), work_at(case.generate, cap));
        let ratio = |small: usize, large: usize| large as f64 / small.max(1) as f64;
        let (allocations, bytes) = (ratio(small.0, large.0), ratio(small.1, large.1));
        eprintln!(
            "{} ({}): {} allocations and {} bytes at n, {} and {} at 4n (×{allocations:.1}, ×{bytes:.1}); \
             at most {} KiB held at 4n",
            case.name,
            case.stresses,
            small.0,
            small.1,
            large.0,
            large.1,
            large.2 / 1024
        );
        if allocations > MAX_RATIO || bytes > MAX_RATIO {
            superlinear.push(format!("{} (×{allocations:.1} allocations, ×{bytes:.1} bytes)", case.name));
        }
        if EQUAL_FINDINGS.contains(&case.name) {
            // Equal findings are kept as places while the lint runs, so the lint holds less
            // than a diagnostic per finding (it held two and more per line before).
            let findings = (case.generate)(cap).lines().count();
            let diagnostics = findings * std::mem::size_of::<Diagnostic>();
            assert!(large.2 < diagnostics, "{}: {} bytes held for {findings} equal findings", case.name, large.2);
        }
    }
    assert!(superlinear.is_empty(), "more than linear: {superlinear:?}");
}
