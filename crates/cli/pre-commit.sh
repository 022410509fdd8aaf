#!/usr/bin/env bash
# The pre-commit hooks' entry (.pre-commit-hooks.yaml): runs the `robolint` command built from
# this checkout with the arguments pre-commit gives. pre-commit's `language: rust` installs
# the package at the repository's root, and that is the engine, a library: the command is
# crates/cli's. So the hooks are scripts, and cargo builds the command on first use (minutes),
# then finds it up to date (well under a second).
set -euo pipefail
checkout="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
exec cargo run --quiet --release --locked --manifest-path "$checkout/Cargo.toml" -p robolint-cli --bin robolint -- "$@"
