// Makes the npm package from the wasm the playground's static site is built from
// (web/site.mjs compiles it with cargo's `wasm` profile, or ROBOLINT_WASM_PROFILE's, into
// target/wasm-build): wasm-bindgen
// writes its JavaScript glue into wasm/, and the licences are copied beside it. Nothing is
// compiled here, so CI builds the wasm once for the site and the package.
//
//   node npm/build.mjs   exits 2, saying what to run, when the wasm has not been built.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const npm = dirname(fileURLToPath(import.meta.url));
const root = resolve(npm, "..");
const profile = process.env.ROBOLINT_WASM_PROFILE || "wasm";
const compiled = join(root, "target/wasm-build/wasm32-unknown-unknown", profile, "robolint_wasm.wasm");

if (!existsSync(compiled)) {
  console.error(`${compiled} is missing: build it with \`node web/site.mjs\` (the playground's static site)`);
  process.exit(2);
}
const out = join(npm, "wasm");
await rm(out, { recursive: true, force: true });
// The `web` target's glue serves both entries: Node hands it the wasm's bytes (initSync),
// browsers and bundlers a URL. Its own .d.ts is left out: index.d.ts types the package's API.
execFileSync("wasm-bindgen", ["--target", "web", "--no-typescript", "--out-name", "robolint", "--out-dir", out, compiled], {
  stdio: "inherit",
});
for (const licence of ["LICENSE-MIT", "LICENSE-APACHE"]) await copyFile(join(root, licence), join(npm, licence));
console.log(`npm package built in ${npm}`);
