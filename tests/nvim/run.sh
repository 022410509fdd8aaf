#!/usr/bin/env bash
# End-to-end test: Neovim's built-in LSP client talks to `robolint lsp`, receives the
# diagnostics, and applies quick fixes. Exits non-zero when anything fails.
# Needs nvim (Debian: apt-get install -y neovim).
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v nvim >/dev/null 2>&1; then
  echo "tests/nvim/run.sh: nvim is not installed (apt-get install -y neovim)" >&2
  exit 2
fi
nvim --version | head -n 1

# `ROBOLINT` names a binary already built (CI passes the one `cargo test` built).
if [ -n "${ROBOLINT:-}" ]; then
  binary="$ROBOLINT"
else
  cargo build --quiet --bin robolint
  binary="$(pwd)/${CARGO_TARGET_DIR:-target}/debug/robolint"
  case "${CARGO_TARGET_DIR:-}" in /*) binary="$CARGO_TARGET_DIR/debug/robolint" ;; esac
fi

workdir="$(mktemp -d)"
trap 'rm -rf "$workdir"' EXIT

# `-S` rather than `-l` (Neovim 0.9+) so Debian 12's Neovim 0.7 runs it too; the script
# quits by itself, and `timeout` turns a hang into a failure.
status=0
PATH="$(dirname "$binary"):$PATH" E2E_DIR="$workdir" \
  timeout 120 nvim --headless --clean -u NONE -i NONE -n -S tests/nvim/e2e.lua </dev/null || status=$?
if [ "$status" -ne 0 ]; then
  echo "tests/nvim/run.sh: FAILED (nvim exited with status $status)" >&2
  exit 1
fi
echo "tests/nvim/run.sh: ok"
