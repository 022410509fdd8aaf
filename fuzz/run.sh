#!/usr/bin/env bash
# Builds robolint's fuzz targets and runs each (or the TARGETs named after SECONDS) for
# SECONDS (default 20), seeded from corpus/ and, when it is there, ../shared/corpus/protego;
# with `seeds` for SECONDS, runs each target once on each of corpus/'s files and fuzzes no
# further (the targets build, and no seed crashes one; `cargo test` replays the same files
# through the properties without libFuzzer, tests/it/fuzz_seeds.rs).
# Prints the executions per target; exits non-zero when a target crashes, panics, or takes
# longer than 10 seconds on one input (the input is kept under fuzz/artifacts/<target>/;
# `cargo fuzz run --sanitizer none <target> <file>` replays it).
#
#   bash fuzz/run.sh seeds    # corpus/'s files, once each
#   bash fuzz/run.sh          # 20 seconds each
#   bash fuzz/run.sh 3600     # an hour each; new inputs accumulate in fuzz/corpus/<target>/
#   bash fuzz/run.sh 600 lsp  # one target
#
# Needs cargo-fuzz (`cargo install cargo-fuzz --locked`) and nothing but the stable toolchain:
# with `--sanitizer none` every flag cargo-fuzz passes to rustc is a stable one (its default,
# AddressSanitizer, needs nightly), and safe Rust's own checks catch what matters here,
# with debug assertions on, as cargo-fuzz builds.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-20}"
targets=("${@:2}")
[ "${#targets[@]}" -gt 0 ] || targets=(lint matcher fix lsp google)

# The google target compares with Google's C++ matcher (fuzz/build.rs): without g++,
# libabsl-dev or ../shared it cannot, which is a failure only under CI=true.
if ! command -v g++ >/dev/null 2>&1 || [ ! -f /usr/include/absl/strings/ascii.h ] \
  || [ ! -f ../shared/oracles/google-robotstxt/robots.cc ]; then
  [ "${CI:-}" != true ] || { echo "fuzz: CI=true, but g++, libabsl-dev or ../shared is missing"; exit 1; }
  echo "fuzz: skipping google (needs g++, libabsl-dev and ../shared/oracles)"
  for i in "${!targets[@]}"; do [ "${targets[$i]}" != google ] || unset 'targets[i]'; done
fi

cargo fuzz build --sanitizer none

seeds="$(mktemp -d)"
logs="$(mktemp -d)"
trap 'rm -rf "$seeds"' EXIT
find corpus -type f -name '*.txt' -exec cp --backup=numbered -t "$seeds" {} +
if [ "$seconds" = seeds ]; then
  # Each input once, nothing kept: libFuzzer's -runs=0 only replays what it is given.
  fuzzing=(-runs=0)
  kept=()
else
  fuzzing=(-max_total_time="$seconds")
  kept=(fuzz/corpus)
fi
if [ "$seconds" != seeds ] && [ -d ../shared/corpus/protego ]; then
  find ../shared/corpus/protego -type f ! -name LICENSE -exec cp --backup=numbered -t "$seeds" {} +
fi
echo "fuzz: $(find "$seeds" -type f | wc -l) seed files; ${fuzzing[*]} per target; logs in $logs"

failed=()
for target in "${targets[@]}"; do
  corpora=()
  for folder in "${kept[@]}"; do mkdir -p "$folder/$target" && corpora+=("$folder/$target"); done
  log="$logs/$target.log"
  status=0
  cargo fuzz run --sanitizer none "$target" "${corpora[@]}" "$seeds" -- \
    "${fuzzing[@]}" -timeout=10 -max_len=16384 -print_final_stats=1 >"$log" 2>&1 || status=$?
  executions="$(grep -o 'number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')"
  if [ "$status" -eq 0 ]; then
    echo "fuzz: $target: $executions executions, no crash"
  else
    echo "fuzz: $target: FAILED (exit status $status) after $executions executions:"
    # The panic message (or libFuzzer's reason: a timeout, out of memory) and the input kept.
    awk '/panicked at/ {show = 1} /^stack backtrace:/ {show = 0} show' "$log" | head -n 20
    grep -E 'ALARM|out-of-memory|deadly signal|Test unit written to' "$log" || tail -n 20 "$log"
    failed+=("$target")
  fi
done

if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzz: crashes in: ${failed[*]} (inputs under fuzz/artifacts/)"
  exit 1
fi
