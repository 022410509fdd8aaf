#!/usr/bin/env bash
# Builds Google's robots.txt matcher (../shared/oracles/google-robotstxt, read-only) with
# google_harness.cc into OUT_DIR/google-harness, unless that is newer than its sources.
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
binary="$out/google-harness"
if [ -x "$binary" ] && [ "$binary" -nt "$oracle/robots.cc" ] && [ "$binary" -nt "$oracle/robots.h" ] \
  && [ "$binary" -nt "$here/google_harness.cc" ] && [ "$binary" -nt "$0" ]; then
  exit 0
fi
g++ -O2 -std=c++17 -I "$oracle" -c "$oracle/robots.cc" -o "$out/robots.o"
g++ -O2 -std=c++17 -I "$oracle" "$here/google_harness.cc" "$out/robots.o" -o "$binary.tmp" \
  -labsl_strings -labsl_strings_internal -labsl_throw_delegate -labsl_raw_logging_internal
mv "$binary.tmp" "$binary"
