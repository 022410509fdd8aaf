#!/usr/bin/env bash
# The npm package (npm/) and the VS Code extension (editors/vscode/) built and tested as users
# get them. Both take the wasm the playground's static site is built from
# (target/wasm-build, which tests/it/playground.rs builds with web/site.mjs during `cargo test`);
# it is built here only when missing, so CI compiles it once.
#
#   bash tests/js/run.sh     needs Node 20, npm, wasm-bindgen and web/'s packages (npm ci in web/)
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ ! -f "target/wasm-build/wasm32-unknown-unknown/${ROBOLINT_WASM_PROFILE:-wasm}/robolint_wasm.wasm" ]; then
  echo "tests/js: no wasm build in target/wasm-build; building the playground's static site for it"
  node web/site.mjs
fi

echo "-- npm package: build, then test from the packed tarball"
node npm/build.mjs
(cd npm && node --test test/package.test.mjs)

echo "-- VS Code extension: build, test, package"
# --ignore-scripts: no package here needs its install script (esbuild finds its binary in its
# platform package; vsce-sign only signs, which packaging does not do).
(cd editors/vscode && npm ci --no-audit --no-fund --ignore-scripts >/dev/null && node build.mjs && node --test test/)
vsix="$PWD/target/robolint-vscode.vsix"
(cd editors/vscode && node_modules/.bin/vsce package --no-dependencies --out "$vsix" >/dev/null)

tarball_size=$(cd npm && npm pack --dry-run --json 2>/dev/null | node -e 'const [p] = JSON.parse(require("fs").readFileSync(0, "utf8")); console.log(`${p.size} B packed, ${p.unpackedSize} B unpacked`)')
echo "npm package robolint: ${tarball_size}"
echo "VS Code extension: $(stat -c %s "$vsix") B (${vsix})"
