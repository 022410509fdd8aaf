// A project's script using the installed package: lint, fix, a verdict, the registry and the
// rules' docs, each answer checked. test/run.mjs runs it as installed and bundled by esbuild.
import assert from "node:assert/strict";
import { agents, fix, lint, RobolintError, ruleDocs, rules, verdict } from "robolint";

// `Dissallow` is a misspelled field (a safe fix); the `*` after two non-ASCII characters
// tests the UTF-16 range: "/é😀" is 4 characters but 5 UTF-16 code units.
const text = "User-agent: *\nDissallow: /private/\n\nUser-agent: Googlebot\nDisallow: /é😀*\n";

const findings = lint(text);
const misspelled = findings.find((finding) => finding.name === "field-typo");
assert.ok(misspelled, `no field-typo finding in ${JSON.stringify(findings.map((f) => f.name))}`);
assert.equal(misspelled.line, 2);
assert.equal(misspelled.range.start.line, 1);
assert.equal(misspelled.fix?.applicability, "safe");

const glob = lint(text, { target: "portable" }).find((finding) => finding.name === "glob-pattern");
assert.ok(glob, "no glob-pattern finding under target portable");
// `*` is the 14th character of its line; 0-based it would be 13, but 😀 takes two UTF-16 code units.
assert.equal(glob.column, 14, "the 1-based character column of `*`");
assert.equal(glob.range.start.character, 14, "the UTF-16 offset of `*`");

const fixed = fix(text);
assert.ok(fixed.applied >= 1);
assert.match(fixed.text, /^Disallow: \/private\/$/m);
assert.ok(!lint(fixed.text).some((finding) => finding.name === "field-typo"));
assert.equal(fix("User-agent: *\nDisallow: images/\n").text, "User-agent: *\nDisallow: images/\n", "unsafe fixes stay out by default");
assert.equal(fix("User-agent: *\nDisallow: images/\n", { unsafe: true }).text, "User-agent: *\nDisallow: /images/\n");

// Three safe fixes: the typo, the path percent-encoded, and its `*` at the end (which adds nothing).
assert.equal(fixed.text, "User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /%C3%A9%F0%9F%98%80\n");

const googlebot = verdict(text, "googlebot", "https://example.com/%C3%A9%F0%9F%98%80/x");
assert.equal(googlebot.allowed, false);
assert.equal(googlebot.obeys, "own");
assert.equal(googlebot.decided_by?.line, 5);
assert.equal(googlebot.decided_by?.text, "Disallow: /é😀*");
assert.deepEqual(googlebot.decided_by?.range, { start: { line: 4, character: 0 }, end: { line: 4, character: 15 } });
const bingbot = verdict(fixed.text, "bingbot", "/private/page");
assert.equal(bingbot.allowed, false);
assert.equal(bingbot.obeys, "star");
assert.equal(bingbot.decided_by?.line, 2);
assert.throws(() => verdict(text, "no-such-robot-anywhere", "/"), RobolintError);

const registry = agents();
assert.ok(registry.length > 100, `the registry has ${registry.length} robots`);
assert.ok(registry.some((agent) => agent.token === "Googlebot"));

const all = rules();
assert.ok(all.some((rule) => rule.code === "RL301" && rule.name === "glob-pattern"));
const docs = ruleDocs("RL301");
assert.equal(docs.name, "glob-pattern");
assert.ok(docs.documentation.includes("glob-pattern"));
assert.deepEqual(ruleDocs("glob-pattern").code, "RL301");
assert.throws(() => ruleDocs("no-such-rule"), (error) => error instanceof RobolintError && error.status === 404);
assert.throws(() => lint(text, { target: "no-such-target" }), (error) => error instanceof RobolintError && error.status === 400);

console.log(`consumer: ${findings.length} findings, ${fixed.applied} fixes, ${registry.length} robots, ${all.length} rules: all as expected`);
