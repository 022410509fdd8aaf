// Builds the playground as a static site that runs robolint in the page, with no server:
// the library compiled to WebAssembly (web/wasm, cargo's `wasm` profile, or the one
// ROBOLINT_WASM_PROFILE names: CI's `wasm-ci` compiles in a fraction of the time), its JavaScript
// bindings made by wasm-bindgen at the version Cargo.lock pins, the page bundled with
// ENGINE "wasm", and the HTML and CSS as written. Beside it, in the same folder, the
// documentation site that `robolint site` makes from the rules' metadata (rules/, robots/,
// dialects/, configuration/): the robolint binary named by ROBOLINT, else `cargo run`'s.
// Prints the files' sizes, gzip'd as a server would send them.
//
//   node site.mjs [--serve] [OUTDIR]   OUTDIR defaults to ../target/playground-site;
//                                      --serve then serves it on 127.0.0.1 until interrupted.
//   node site.mjs --check              exits 2, saying what is missing, where it cannot build.
//
// Needs the wasm32-unknown-unknown target (rustup target add wasm32-unknown-unknown) and
// wasm-bindgen (cargo install wasm-bindgen-cli --version VERSION, VERSION as Cargo.lock has it).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, readFile, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { bundle, web } from "./build.mjs";
import { serveFolder } from "./static-server.mjs";

const root = resolve(web, "..");
const args = process.argv.slice(2);
const serve = args.includes("--serve");
const outdir = resolve(args.find((arg) => !arg.startsWith("--")) ?? join(root, "target/playground-site"));
// Its own target folder: this build may run inside `cargo test`, which holds the main one.
const targetDir = join(root, "target/wasm-build");
const profile = process.env.ROBOLINT_WASM_PROFILE || "wasm";

/** The wasm-bindgen version Cargo.lock pins: the command's glue must match the crate's. */
async function pinnedBindgen() {
  const lock = await readFile(join(root, "Cargo.lock"), "utf8");
  const pinned = lock.match(/\[\[package\]\]\nname = "wasm-bindgen"\nversion = "([^"]+)"/);
  if (!pinned) throw new Error("Cargo.lock pins no wasm-bindgen");
  return pinned[1];
}

function run(command, args) {
  execFileSync(command, args, { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
}

/** What this build needs and this machine lacks, said with the command that installs it; null when nothing is missing. */
async function missingTools() {
  const sysroot = execFileSync("rustc", ["--print", "sysroot"], { encoding: "utf8" }).trim();
  if (!existsSync(join(sysroot, "lib/rustlib/wasm32-unknown-unknown"))) {
    return "the wasm32-unknown-unknown target is not installed: rustup target add wasm32-unknown-unknown";
  }
  const version = await pinnedBindgen();
  let installed = "none";
  try {
    installed = execFileSync("wasm-bindgen", ["--version"], { encoding: "utf8" }).trim();
  } catch {
    // Not installed: said below.
  }
  if (installed !== `wasm-bindgen ${version}`) {
    return `wasm-bindgen ${version} is needed (found: ${installed}): cargo install wasm-bindgen-cli --version ${version}`;
  }
  return null;
}

const missing = await missingTools();
if (missing) {
  console.error(missing);
  process.exit(2);
}
if (args.includes("--check")) process.exit(0);

run("cargo", ["build", "-p", "robolint-wasm", "--profile", profile, "--target", "wasm32-unknown-unknown", "--target-dir", targetDir]);
await rm(outdir, { recursive: true, force: true });
const compiled = join(targetDir, "wasm32-unknown-unknown", profile, "robolint_wasm.wasm");
run("wasm-bindgen", ["--target", "web", "--no-typescript", "--out-name", "robolint", "--out-dir", outdir, compiled]);
await bundle(outdir, "wasm");
for (const file of ["index.html", "playground.css"]) await copyFile(join(web, "src", file), join(outdir, file));
if (process.env.ROBOLINT) run(process.env.ROBOLINT, ["site", outdir]);
else run("cargo", ["run", "--quiet", "--bin", "robolint", "--", "site", outdir]);

let total = 0;
for (const file of ["index.html", "playground.css", "playground.js", "robolint.js", "robolint_bg.wasm"]) {
  const bytes = await readFile(join(outdir, file));
  const gzipped = gzipSync(bytes, { level: 9 }).length;
  total += gzipped;
  console.log(`${file.padEnd(18)} ${String(bytes.length).padStart(9)} B, ${String(gzipped).padStart(8)} B gzip'd`);
}
console.log(`the page in all: ${total} B gzip'd (cargo profile ${profile})`);
console.log(`site: ${outdir}`);

if (serve) {
  const { url } = await serveFolder(outdir);
  console.log(`robolint playground (WebAssembly): ${url}`);
}
