// The TextMate grammar tokenized by the libraries VS Code uses (vscode-textmate with the
// Oniguruma regular expressions compiled to wasm), on robots.txt shapes seen in real files.
// Each file's tokens are compared with test/grammar/NAME.tokens, reviewed and committed;
// UPDATE_TOKENS=1 rewrites them (then read `git diff`).
import assert from "node:assert/strict";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import oniguruma from "vscode-oniguruma";
import textmate from "vscode-textmate";

const extension = join(dirname(fileURLToPath(import.meta.url)), "..");
const samples = join(extension, "test/grammar");
const require = createRequire(import.meta.url);

await oniguruma.loadWASM(readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm")).buffer);
const grammarPath = join(extension, "syntaxes/robots-txt.tmLanguage.json");
const registry = new textmate.Registry({
  onigLib: Promise.resolve({
    createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
    createOnigString: (text) => new oniguruma.OnigString(text),
  }),
  loadGrammar: async (scopeName) =>
    scopeName === "source.robots-txt" ? textmate.parseRawGrammar(readFileSync(grammarPath, "utf8"), grammarPath) : null,
});
const grammar = await registry.loadGrammar("source.robots-txt");

/** Each line, then each of its tokens with its scopes (the root scope left out). */
function tokens(text) {
  let stack = textmate.INITIAL;
  const out = [];
  for (const line of text.replace(/\n$/, "").split("\n")) {
    const result = grammar.tokenizeLine(line, stack);
    stack = result.ruleStack;
    out.push(`> ${line}`);
    for (const token of result.tokens) {
      const scopes = token.scopes.slice(1).join(" ") || "(none)";
      out.push(`  ${JSON.stringify(line.slice(token.startIndex, token.endIndex))} ${scopes}`);
    }
  }
  return `${out.join("\n")}\n`;
}

for (const sample of readdirSync(samples).filter((name) => name.endsWith(".txt"))) {
  test(`tokens of ${sample}`, () => {
    const actual = tokens(readFileSync(join(samples, sample), "utf8"));
    const expectedPath = join(samples, sample.replace(/\.txt$/, ".tokens"));
    if (process.env.UPDATE_TOKENS === "1") writeFileSync(expectedPath, actual);
    assert.equal(actual, readFileSync(expectedPath, "utf8"));
  });
}

test("field names are known in any case; unknown ones are told apart", () => {
  const scopesOf = (line, index) => {
    const token = grammar.tokenizeLine(line, textmate.INITIAL).tokens.find((t) => t.startIndex <= index && index < t.endIndex);
    return token.scopes;
  };
  assert.ok(scopesOf("dIsAlLoW: /x", 0).includes("keyword.other.field.rule.robots-txt"));
  assert.ok(scopesOf("Dissallow: /x", 0).includes("entity.other.attribute-name.unknown-field.robots-txt"));
  assert.ok(scopesOf("Disallow: /x*y", 12).includes("keyword.operator.wildcard.robots-txt"));
  assert.ok(scopesOf("Sitemap: https://a.example/s.xml", 10).includes("markup.underline.link.robots-txt"));
});
