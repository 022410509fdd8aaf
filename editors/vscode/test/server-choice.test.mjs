// How the extension picks its language server, on a scratch PATH: no VS Code needed.
import assert from "node:assert/strict";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { after, before, test } from "node:test";
import { chooseServer } from "../src/server-choice.js";

let scratch;
let binary;
let notExecutable;

before(async () => {
  scratch = await mkdtemp(join(tmpdir(), "robolint-choice-"));
  binary = join(scratch, "bin", "robolint");
  notExecutable = join(scratch, "plain", "robolint");
  for (const [file, mode] of [[binary, 0o755], [notExecutable, 0o644]]) {
    await mkdir(join(file, ".."), { recursive: true });
    await writeFile(file, "#!/bin/sh\n");
    await chmod(file, mode);
  }
});

after(() => rm(scratch, { recursive: true, force: true }));

test("a robolint on PATH is run, the first executable one", () => {
  const searchPath = [join(scratch, "plain"), join(scratch, "empty"), join(scratch, "bin")].join(delimiter);
  assert.deepEqual(chooseServer({ searchPath, platform: "linux" }), { binary });
});

test("without one the bundled server runs", () => {
  assert.deepEqual(chooseServer({ searchPath: join(scratch, "plain"), platform: "linux" }), { binary: null });
  assert.deepEqual(chooseServer({ searchPath: "", platform: "linux" }), { binary: null });
});

test("the robolint.path setting wins over PATH, and a wrong one is said", () => {
  assert.deepEqual(chooseServer({ configured: ` ${binary} `, searchPath: "" }), { binary });
  const wrong = chooseServer({ configured: notExecutable, searchPath: join(scratch, "bin") });
  assert.equal(wrong.binary, null);
  assert.match(wrong.warning, /no executable at .*plain/);
});
