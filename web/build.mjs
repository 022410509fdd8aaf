// Bundles the playground's script: src/main.ts and CodeMirror, minified by esbuild, with
// ENGINE saying where the page's answers come from.
//
//   node build.mjs [OUTDIR]   the bundle `robolint serve` compiles into the binary (ENGINE
//                             "server": the page asks the server's API), into dist/ by default.
//                             dist/ is committed, so a clone builds without Node;
//                             tests/it/playground.rs checks that it is what this script makes.
//
// site.mjs bundles the same page with ENGINE "wasm" for the static site.
import { build } from "esbuild";
import { mkdir } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const web = dirname(fileURLToPath(import.meta.url));

/** Writes OUTDIR/playground.js for `engine` ("server" or "wasm"). */
export async function bundle(outdir, engine) {
  await mkdir(outdir, { recursive: true });
  await build({
    entryPoints: [join(web, "src/main.ts")],
    outfile: join(outdir, "playground.js"),
    bundle: true,
    minify: true,
    format: "esm",
    target: "es2022",
    define: { ENGINE: JSON.stringify(engine) },
    // wasm-bindgen's bindings sit beside the bundle in the static site and are loaded from there.
    external: ["./robolint.js"],
    legalComments: "none",
    banner: { js: "/* robolint playground. Bundles CodeMirror 6 (MIT, Marijn Haverbeke and others): web/package.json lists the packages. */" },
    logLevel: "warning",
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bundle(resolve(process.argv[2] ?? join(web, "dist")), "server");
}
