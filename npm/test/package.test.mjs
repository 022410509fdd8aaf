// The package as a project gets it: `npm pack`, the tarball installed into a scratch project,
// then test/consumer.mjs run there by Node and, bundled by esbuild (web/'s locked copy), again;
// the types checked by tsc; the browsers' entry imported by a page in Debian's chromium.
// Needs the package built first (node npm/build.mjs) and web/'s packages (npm ci in web/).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";

const npm = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const root = resolve(npm, "..");
let scratch;
let packed;

before(async () => {
  scratch = await mkdtemp(join(tmpdir(), "robolint-npm-"));
  [packed] = JSON.parse(execFileSync("npm", ["pack", "--json", "--pack-destination", scratch], { cwd: npm, encoding: "utf8" }));
  console.log(`npm tarball ${packed.filename}: ${packed.size} B packed, ${packed.unpackedSize} B unpacked, ${packed.entryCount} files`);
  await writeFile(join(scratch, "package.json"), JSON.stringify({ name: "scratch", private: true, type: "module" }));
  // The tarball has no dependencies, so this asks no registry for anything.
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--offline", join(scratch, packed.filename)], { cwd: scratch, stdio: "inherit" });
  await copyFile(join(npm, "test/consumer.mjs"), join(scratch, "consumer.mjs"));
});

after(async () => {
  await rm(scratch, { recursive: true, force: true });
});

test("the tarball holds the API, its types and the wasm, and nothing of the build", () => {
  const files = packed.files.map((file) => file.path).sort();
  for (const file of ["index.d.ts", "lib/api.js", "lib/browser.js", "lib/node.js", "wasm/robolint.js", "wasm/robolint_bg.wasm", "package.json"]) {
    assert.ok(files.includes(file), `${file} is missing from ${files.join(", ")}`);
  }
  assert.ok(!files.some((file) => file.startsWith("test/") || file === "build.mjs"), files.join(", "));
});

test("the installed package lints, fixes and answers in Node", () => {
  const output = execFileSync("node", ["consumer.mjs"], { cwd: scratch, encoding: "utf8" });
  assert.match(output, /all as expected/);
});

test("the types describe the API to TypeScript", async () => {
  await copyFile(join(npm, "test/types.ts"), join(scratch, "types.ts"));
  const tsc = join(root, "web/node_modules/.bin/tsc");
  const options = ["--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "--types", "", "types.ts"];
  execFileSync(tsc, options, { cwd: scratch, stdio: "inherit" });
});

test("an esbuild bundle of the same script runs in Node", async () => {
  const { build } = await import(join(root, "web/node_modules/esbuild/lib/main.js"));
  const outfile = join(scratch, "bundle/consumer.mjs");
  await build({ entryPoints: [join(scratch, "consumer.mjs")], outfile, bundle: true, platform: "node", format: "esm", logLevel: "warning" });
  const bundled = await readFile(outfile, "utf8");
  assert.ok(!/from\s*"robolint"/.test(bundled), "esbuild left the package out of the bundle");
  assert.ok(bundled.includes("/api/lint"), "the package's API is not in the bundle");
  const output = execFileSync("node", [outfile], { cwd: scratch, encoding: "utf8" });
  assert.match(output, /all as expected/);
});

test("the browsers' entry loads its wasm and answers in chromium", async (context) => {
  const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
  if (!existsSync(executablePath)) {
    context.skip(`no browser at ${executablePath}`);
    return;
  }
  const { chromium } = await import(join(root, "web/node_modules/playwright-core/index.mjs"));
  const { serveFolder } = await import(join(root, "web/static-server.mjs"));
  await writeFile(join(scratch, "index.html"), "<!doctype html><title>robolint</title>");
  const served = await serveFolder(scratch);
  // Chromium refuses to start its sandbox as root (CI containers run as root).
  const browser = await chromium.launch({ executablePath, headless: true, args: process.getuid?.() === 0 ? ["--no-sandbox"] : [] });
  try {
    const page = await browser.newPage();
    await page.goto(`${served.url}index.html`);
    const answers = await page.evaluate(async () => {
      const robolint = await import("/node_modules/robolint/lib/browser.js");
      const text = "User-agent: *\nDissallow: /private/\n";
      const fixed = robolint.fix(text).text;
      return {
        names: robolint.lint(text).map((finding) => finding.name),
        fixed,
        allowed: robolint.verdict(fixed, "Googlebot", "/private/a").allowed,
      };
    });
    assert.ok(answers.names.includes("field-typo"), JSON.stringify(answers));
    assert.equal(answers.fixed, "User-agent: *\nDisallow: /private/\n");
    assert.equal(answers.allowed, false);
  } finally {
    await browser.close();
    await served.close();
  }
});
