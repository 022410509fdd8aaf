// Builds the playground's script into dist/ (or the folder given as the first argument):
// src/main.ts and CodeMirror bundled and minified by esbuild. `robolint serve` compiles it
// into the binary with src/index.html and src/playground.css, as they are, so dist/ is
// committed: a clone builds without Node. tests/playground.rs checks that dist/ is what
// this script makes.
import { build } from "esbuild";
import { mkdir } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const web = dirname(fileURLToPath(import.meta.url));
const outdir = resolve(process.argv[2] ?? join(web, "dist"));

await mkdir(outdir, { recursive: true });
await build({
  entryPoints: [join(web, "src/main.ts")],
  outfile: join(outdir, "playground.js"),
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2022",
  legalComments: "none",
  banner: { js: "/* robolint playground. Bundles CodeMirror 6 (MIT, Marijn Haverbeke and others): web/package.json lists the packages. */" },
  logLevel: "warning",
});
