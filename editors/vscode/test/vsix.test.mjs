// What `vsce package` puts in the .vsix: the bundles, the wasm, the grammar, the language
// configuration, the licences and the README; no sources, tests or node_modules.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const extension = join(dirname(fileURLToPath(import.meta.url)), "..");

test("the .vsix holds what the extension runs, and nothing else", () => {
  const vsce = join(extension, "node_modules/.bin/vsce");
  const listed = execFileSync(vsce, ["ls", "--no-dependencies"], { cwd: extension, encoding: "utf8" });
  const files = listed.split("\n").filter(Boolean).sort();
  assert.deepEqual(files, [
    "LICENSE",
    "LICENSE-APACHE",
    "LICENSE-MIT",
    "README.md",
    "dist/extension.js",
    "dist/server.js",
    "language-configuration.json",
    "package.json",
    "syntaxes/robots-txt.tmLanguage.json",
    "wasm/robolint_bg.wasm",
  ]);
});
