// Bundles the extension with esbuild: dist/extension.js (the language client) and
// dist/server.js (the WebAssembly language server, with the `robolint` npm package built from
// ../../npm), and copies the package's wasm to wasm/, where the bundled server looks for it.
// Run `node npm/build.mjs` first.
//
//   node build.mjs
import { build } from "esbuild";
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const extension = dirname(fileURLToPath(import.meta.url));
const common = { bundle: true, platform: "node", format: "cjs", target: "node20", minify: true, logLevel: "warning" };

await build({ ...common, entryPoints: [join(extension, "src/extension.js")], outfile: join(extension, "dist/extension.js"), external: ["vscode"] });
// The package is ESM and finds its wasm from `import.meta.url`, which a CommonJS bundle
// lacks: it becomes the bundle's own URL, so the wasm is looked for in ../wasm from dist/.
await build({
  ...common,
  entryPoints: [join(extension, "src/server.js")],
  outfile: join(extension, "dist/server.js"),
  define: { "import.meta.url": "__bundle_url", "import.meta.resolve": "undefined" },
  banner: { js: 'const __bundle_url = require("node:url").pathToFileURL(__filename).href;' },
});
await mkdir(join(extension, "wasm"), { recursive: true });
const wasm = join(extension, "node_modules/robolint/wasm/robolint_bg.wasm");
await copyFile(wasm, join(extension, "wasm/robolint_bg.wasm"));
// The licences, and the LICENSE file vsce looks for, which says the two are a choice.
const licences = [];
for (const licence of ["LICENSE-MIT", "LICENSE-APACHE"]) {
  licences.push(await readFile(join(extension, "../..", licence), "utf8"));
  await copyFile(join(extension, "../..", licence), join(extension, licence));
}
await writeFile(join(extension, "LICENSE"), ["Licensed under the MIT licence or the Apache Licence 2.0, at your option.", ...licences].join("\n\n"));
console.log(`extension built in ${extension}`);
