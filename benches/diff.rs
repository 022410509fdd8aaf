//! `robolint diff`'s work: 100,000 URLs asked of every robot of the registry under an old
//! and a new robots.txt, the new one the old with one rule added to a group that several
//! robots read. Matchers are compiled inside the timed loop, as each run of the command
//! does. The files and URLs are generated, not committed. Run with `cargo bench --bench diff`.

#![allow(clippy::print_stdout, reason = "a bench prints its report")]

use std::collections::BTreeSet;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use robolint::agents::Registry;
use robolint::diff::{self, Robot, Side};
use robolint::Source;

mod support;

const URLS: usize = 100_000;

fn diff_registry(c: &mut Criterion) {
    let old_text = support::robots_txt(20_000, 7);
    // One rule more, at the top of the first group that names Googlebot.
    let first_googlebot = old_text.find("User-agent: Googlebot\n").expect("the generator names Googlebot");
    let mut new_text = old_text.clone();
    new_text.insert_str(first_googlebot + "User-agent: Googlebot\n".len(), "Disallow: /products/\n");
    let (old, new) =
        (Side::new("old", Source::from(old_text.as_str())), Side::new("new", Source::from(new_text.as_str())));
    let mut urls: BTreeSet<String> = support::urls(URLS, 11).into_iter().collect();
    // The generated URLs repeat a little; fill up to exactly 100,000 distinct ones.
    let mut filler = 0;
    while urls.len() < URLS {
        urls.insert(format!("/products/item-{filler}"));
        filler += 1;
    }
    let robots = || Registry::builtin().agents().iter().map(Robot::of_registry).collect::<Vec<Robot>>();
    let comparison = diff::compare(&old, &new, robots(), &urls);
    assert!(!comparison.changes.is_empty(), "the edit changes some answers");
    println!(
        "diff: {} URLs x {} robots, {} answers change",
        comparison.urls_asked,
        comparison.robots.len(),
        comparison.changes.len()
    );
    let mut group = c.benchmark_group("diff");
    group.sample_size(10).measurement_time(Duration::from_secs(10)).warm_up_time(Duration::from_millis(500));
    group.throughput(Throughput::Elements(URLS as u64));
    group.bench_function("100k-urls-x-registry", |b| {
        b.iter(|| diff::compare(&old, &new, robots(), &urls).changes.len())
    });
    group.finish();
}

criterion_group!(benches, diff_registry);
criterion_main!(benches);
