#!/usr/bin/env bash
# Builds Google's robots.txt matcher (../shared/oracles/google-robotstxt, read-only) with
# google_harness.cc into OUT_DIR/google-harness (the tests' oracle) and with google_bench.cc
# into OUT_DIR/google-bench (the corpus bench's row), each unless newer than its sources.
# Needs g++ and Debian's libabsl-dev; exits 3, saying what is missing, where they are not.
#
#   bash tests/oracle/build-google.sh OUT_DIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:?usage: build-google.sh OUT_DIR}"
oracle="${GOOGLE_ROBOTSTXT:-$here/../../../shared/oracles/google-robotstxt}"

if [ ! -f "$oracle/robots.cc" ]; then
  echo "no Google robots.txt sources at $oracle" >&2
  exit 3
fi
if ! command -v g++ >/dev/null 2>&1; then
  echo "no g++ (apt-get install g++)" >&2
  exit 3
fi
if [ ! -f /usr/include/absl/strings/ascii.h ]; then
  echo "no Abseil headers (apt-get install libabsl-dev)" >&2
  exit 3
fi

mkdir -p "$out"
# `up_to_date BINARY MAIN.cc`: the binary is newer than everything it is built from.
up_to_date() {
  [ -x "$1" ] && [ "$1" -nt "$oracle/robots.cc" ] && [ "$1" -nt "$oracle/robots.h" ] \
    && [ "$1" -nt "$here/$2" ] && [ "$1" -nt "$0" ]
}
if up_to_date "$out/google-harness" google_harness.cc && up_to_date "$out/google-bench" google_bench.cc; then
  exit 0
fi
g++ -O2 -std=c++17 -I "$oracle" -c "$oracle/robots.cc" -o "$out/robots.o"
for main in google_harness google_bench; do
  binary="$out/${main/_/-}"
  g++ -O2 -std=c++17 -I "$oracle" "$here/$main.cc" "$out/robots.o" -o "$binary.tmp" \
    -labsl_strings -labsl_strings_internal -labsl_throw_delegate -labsl_raw_logging_internal
  mv "$binary.tmp" "$binary"
done
