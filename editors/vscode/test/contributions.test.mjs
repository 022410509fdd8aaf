// What package.json contributes: the robots-txt language for files named robots.txt in any
// case, and for no other file; its grammar and comment configuration.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { minimatch } from "minimatch";

const extension = join(dirname(fileURLToPath(import.meta.url)), "..");
const manifest = JSON.parse(readFileSync(join(extension, "package.json"), "utf8"));
const [language] = manifest.contributes.languages;

test("robots.txt in any case gets the language, and nothing else does", () => {
  assert.equal(manifest.contributes.languages.length, 1);
  assert.equal(language.id, "robots-txt");
  assert.deepEqual(Object.keys(language).sort(), ["aliases", "configuration", "filenamePatterns", "id"]);
  const claims = (path) => language.filenamePatterns.some((pattern) => minimatch(path, pattern, { dot: true }));
  for (const path of ["/site/robots.txt", "/site/ROBOTS.TXT", "/a/b/Robots.Txt", "C:/web/robots.TXT"]) assert.ok(claims(path), path);
  for (const path of ["/site/robots.txt.bak", "/site/myrobots.txt", "/site/robots.md", "/site/robots-txt", "/robots.txt/notes.txt"]) {
    assert.ok(!claims(path), path);
  }
});

test("the grammar and the comment toggle belong to the language", () => {
  const [grammar] = manifest.contributes.grammars;
  assert.equal(grammar.language, "robots-txt");
  const scopeName = JSON.parse(readFileSync(join(extension, grammar.path), "utf8")).scopeName;
  assert.equal(scopeName, grammar.scopeName);
  const configuration = JSON.parse(readFileSync(join(extension, language.configuration), "utf8"));
  assert.deepEqual(configuration.comments, { lineComment: "#" });
});
