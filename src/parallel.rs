//! Work spread over threads, with the results handed back in input order, so that linting a
//! directory uses every core and still prints file after file as a single thread would.
//! How many threads a run uses is its caller's choice (the command line's `--jobs`), passed
//! to [`map_in_order`] and [`crate::Linter::with_threads`].

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Condvar, Mutex, OnceLock, PoisonError};
use std::thread;

/// How many threads the system offers: asked once, because the answer reads cgroup files,
/// which costs more than a small lint; 1 when it cannot be known.
pub fn available_threads() -> usize {
    static THREADS: OnceLock<usize> = OnceLock::new();
    *THREADS.get_or_init(|| thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get))
}

/// Runs `work` on every item on up to `threads` threads and passes each result to `deliver`
/// on the calling thread, in the order of `items`. The first error `deliver` returns stops
/// the work (items already started finish; no new one starts) and is returned.
///
/// Memory stays bounded: an item starts only while the items from the next one to deliver
/// up to it weigh (`weigh`) at most `ahead` in all, except the next one itself, which always
/// starts. Weighing by size lets many small items flow past a large one that holds up
/// delivery, where a fixed count of items would leave the other threads waiting.
pub fn map_in_order<T, R, E>(
    items: &[T],
    threads: usize,
    (weigh, ahead): (impl Fn(&T) -> u64, u64),
    work: impl Fn(&T) -> R + Sync,
    mut deliver: impl FnMut(R) -> Result<(), E>,
) -> Result<(), E>
where
    T: Sync,
    R: Send,
{
    let threads = threads.clamp(1, items.len().max(1));
    if threads == 1 {
        return items.iter().try_for_each(|item| deliver(work(item)));
    }
    let weight_before: Vec<u64> = std::iter::once(0)
        .chain(items.iter().scan(0u64, |total, item| {
            *total = total.saturating_add(weigh(item));
            Some(*total)
        }))
        .collect();
    let within_window = |index: usize, delivered: usize| {
        index == delivered || weight_before[index + 1].saturating_sub(weight_before[delivered]) <= ahead
    };
    let next = AtomicUsize::new(0);
    let progress = Progress { delivered: Mutex::new(0), changed: Condvar::new(), stopped: AtomicBool::new(false) };
    let (sender, receiver) = mpsc::channel();
    thread::scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            let (next, progress, work, within_window) = (&next, &progress, &work, &within_window);
            scope.spawn(move || {
                let _stop_others_if_this_panics = PanicGuard(progress);
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= items.len() || !progress.wait_until(|delivered| within_window(index, delivered)) {
                        break;
                    }
                    if sender.send((index, work(&items[index]))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut finished = BTreeMap::new();
        let mut expected = 0;
        let mut outcome = Ok(());
        for (index, result) in receiver {
            finished.insert(index, result);
            while let Some(result) = finished.remove(&expected) {
                expected += 1;
                if outcome.is_ok() {
                    outcome = deliver(result);
                    if outcome.is_err() {
                        progress.stop();
                    }
                }
                progress.delivered(expected);
            }
        }
        outcome
    })
}

/// How far delivery has got, shared between the delivering thread and the workers.
struct Progress {
    delivered: Mutex<usize>,
    changed: Condvar,
    stopped: AtomicBool,
}

impl Progress {
    /// Blocks until `ready` holds for the number of items delivered; false when the work
    /// has been stopped instead.
    fn wait_until(&self, ready: impl Fn(usize) -> bool) -> bool {
        let mut delivered = self.delivered.lock().unwrap_or_else(PoisonError::into_inner);
        while !ready(*delivered) && !self.stopped.load(Ordering::Relaxed) {
            delivered = self.changed.wait(delivered).unwrap_or_else(PoisonError::into_inner);
        }
        !self.stopped.load(Ordering::Relaxed)
    }

    fn delivered(&self, count: usize) {
        *self.delivered.lock().unwrap_or_else(PoisonError::into_inner) = count;
        self.changed.notify_all();
    }

    fn stop(&self) {
        self.stopped.store(true, Ordering::Relaxed);
        // Taking the lock orders the store before any waiter's next check.
        drop(self.delivered.lock().unwrap_or_else(PoisonError::into_inner));
        self.changed.notify_all();
    }
}

/// A worker that panics never sends its item, so delivery would wait for it forever and the
/// other workers with it; stopping them lets the scope end and re-raise the panic.
struct PanicGuard<'a>(&'a Progress);

impl Drop for PanicGuard<'_> {
    fn drop(&mut self) {
        if thread::panicking() {
            self.0.stop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_arrive_in_input_order_whatever_the_thread_count() {
        let items: Vec<u64> = (0..500).collect();
        for threads in [1, 2, 3, 8] {
            let mut seen = Vec::new();
            // Uneven work, so that later items often finish first.
            let work = |&item: &u64| {
                let spins = (item * 7919) % 20_000;
                (0..spins).fold(item, |sum, spin| std::hint::black_box(sum.wrapping_add(spin)));
                item * 2
            };
            let result: Result<(), ()> = map_in_order(&items, threads, (|_: &u64| 1, 16), work, |value| {
                seen.push(value);
                Ok(())
            });
            assert!(result.is_ok());
            let expected: Vec<u64> = items.iter().map(work).collect();
            assert_eq!(seen, expected, "{threads} threads");
        }
    }

    #[test]
    fn an_item_heavier_than_the_window_still_runs_and_light_ones_pass_it() {
        let items: Vec<u64> = (0..300).map(|item| if item % 50 == 7 { 1_000 } else { 1 }).collect();
        let mut delivered = Vec::new();
        let result: Result<(), ()> = map_in_order(
            &items,
            3,
            (|&weight: &u64| weight, 16),
            |&weight| weight,
            |weight| {
                delivered.push(weight);
                Ok(())
            },
        );
        assert!(result.is_ok());
        assert_eq!(delivered, items);
    }

    #[test]
    fn the_first_delivery_error_stops_the_run_and_is_returned() {
        let items: Vec<usize> = (0..10_000).collect();
        let started = AtomicUsize::new(0);
        let mut delivered = 0;
        let result = map_in_order(
            &items,
            4,
            (|_: &usize| 1, 16),
            |&item| {
                started.fetch_add(1, Ordering::Relaxed);
                item
            },
            |item| {
                delivered += 1;
                if item == 10 {
                    Err("stop at 10")
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!(result, Err("stop at 10"));
        assert_eq!(delivered, 11);
        // Workers run at most the window ahead of delivery, so they stop soon after.
        assert!(started.load(Ordering::Relaxed) <= 11 + 16 + 4, "{}", started.load(Ordering::Relaxed));
    }

    #[test]
    fn a_panicking_item_ends_the_run_with_the_panic_instead_of_a_hang() {
        let items: Vec<usize> = (0..200).collect();
        let outcome = std::panic::catch_unwind(|| {
            map_in_order(
                &items,
                2,
                (|_: &usize| 1, 16),
                |&item| {
                    assert_ne!(item, 3, "item 3 fails");
                    item
                },
                |_| Ok::<(), ()>(()),
            )
        });
        assert!(outcome.is_err());
    }
}
