#!/usr/bin/env bash
# Builds the Python wheel into target/wheels/: the extension module (this crate) and the
# `robolint` command (the root crate's binary, shipped as the wheel's data script, which pip
# installs into the environment's bin folder), both from one cargo profile.
#
#   python/build-wheel.sh [dev|release]     (maturin from PATH, or $MATURIN)
#
# dev is what CI tests: it reuses the crates `cargo test` compiled in target/debug with the
# same features (the library itself compiles again: the tests' dev-dependencies give some
# shared crates other features).
set -euo pipefail
cd "$(dirname "$0")/.."
profile=${1:-dev}
case "$profile" in
  dev) folder=debug ;;
  *) folder=$profile ;;
esac
# The binary and the extension in one cargo run, so that both link the same build of the
# library (alone, the binary would get one with other features of shared crates, and the
# library would compile twice); maturin then finds the extension's part already built.
cargo build --quiet --profile "$profile" -p robolint-cli -p robolint-python --lib --bin robolint
data=target/python-wheel-data/scripts
mkdir -p "$data"
# Stripped: the debug information of a dev build is most of its 200 MB.
strip -o "$data/robolint" "target/$folder/robolint" 2>/dev/null || cp "target/$folder/robolint" "$data/robolint"
"${MATURIN:-maturin}" build --quiet --strip --profile "$profile" --manifest-path python/Cargo.toml --out target/wheels
