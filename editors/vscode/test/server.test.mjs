// The bundled WebAssembly language server (dist/server.js, built by build.mjs) driven over
// stdio as an editor would: initialize, didOpen, diagnostics, code actions, hover, didChange,
// shutdown. No VS Code runs here; vscode-jsonrpc speaks the protocol's framing.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";

const extension = join(dirname(fileURLToPath(import.meta.url)), "..");
const uri = "file:///site/robots.txt";
// Line 1 (0-based) misspells Disallow (a safe fix). On line 2, `/é😀*` ends in a `*` that adds
// nothing; `é` is one UTF-16 code unit and `😀` two, so the `*` is at UTF-16 offset 14
// although it is the line's 14th character (13 0-based).
const text = "User-agent: *\nDissallow: /private/\nDisallow: /é😀*\n";

let server;
let connection;
const published = [];
let waiting = null;

/** The next publishDiagnostics for `version`. */
function diagnosticsFor(version) {
  const found = published.find((params) => params.version === version);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    waiting = { version, resolve };
  });
}

before(async () => {
  server = spawn(process.execPath, [join(extension, "dist/server.js"), "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });
  connection = createMessageConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
  connection.onNotification("textDocument/publishDiagnostics", (params) => {
    published.push(params);
    if (waiting?.version === params.version) waiting.resolve(params);
  });
  connection.listen();
});

after(() => {
  connection?.dispose();
  server?.kill();
});

let opened;

test("initialize announces incremental sync, code actions and hover", async () => {
  const result = await connection.sendRequest("initialize", { processId: process.pid, rootUri: null, capabilities: {} });
  assert.equal(result.capabilities.textDocumentSync, 2);
  assert.equal(result.capabilities.hoverProvider, true);
  assert.deepEqual(result.capabilities.codeActionProvider.codeActionKinds, ["quickfix", "source.fixAll.robolint"]);
  await connection.sendNotification("initialized", {});
});

test("didOpen publishes the findings with UTF-16 ranges", async () => {
  await connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "robots-txt", version: 1, text } });
  opened = await diagnosticsFor(1);
  assert.equal(opened.uri, uri);
  const typo = opened.diagnostics.find((diagnostic) => diagnostic.message.includes("[field-typo]"));
  assert.ok(typo, JSON.stringify(opened.diagnostics));
  assert.deepEqual(typo.range, { start: { line: 1, character: 0 }, end: { line: 1, character: 9 } });
  assert.equal(typo.severity, 2, "a warning");
  assert.equal(typo.source, "robolint");
  assert.match(typo.code, /^RL\d{3}$/);
  assert.match(typo.codeDescription.href, /\/rules\/field-typo\/$/, "the rule's page");
  const glob = opened.diagnostics.find((diagnostic) => diagnostic.message.includes("[glob-pattern]"));
  assert.ok(glob, JSON.stringify(opened.diagnostics));
  assert.deepEqual(glob.range, { start: { line: 2, character: 14 }, end: { line: 2, character: 15 } });
});

test("a folded finding's other places are held to 100 related locations, as robolint lsp holds them", async () => {
  // 150 records for `*`: one finding, whose other places are the 297 other lines of the repeats.
  const repeated = "User-agent: *\nDisallow: /x\n\n".repeat(150);
  const other = "file:///site/repeated/robots.txt";
  await connection.sendNotification("textDocument/didOpen", { textDocument: { uri: other, languageId: "robots-txt", version: 7, text: repeated } });
  const { diagnostics } = await diagnosticsFor(7);
  const folded = diagnostics.find((diagnostic) => diagnostic.message.includes("[multiple-star-records]"));
  assert.ok(folded, JSON.stringify(diagnostics.map((diagnostic) => diagnostic.message)));
  assert.equal(folded.relatedInformation.length, 100);
  assert.equal(folded.relatedInformation[0].location.uri, other);
  await connection.sendNotification("textDocument/didClose", { textDocument: { uri: other } });
});

test("a finding's quick fix and fix-all are code actions", async () => {
  const typo = opened.diagnostics.find((diagnostic) => diagnostic.message.includes("[field-typo]"));
  const quick = await connection.sendRequest("textDocument/codeAction", {
    textDocument: { uri },
    range: typo.range,
    context: { diagnostics: [typo], only: ["quickfix"], triggerKind: 2 },
  });
  assert.equal(quick.length, 1, JSON.stringify(quick));
  assert.equal(quick[0].kind, "quickfix");
  assert.equal(quick[0].isPreferred, true);
  assert.deepEqual(quick[0].edit.changes[uri], [{ range: typo.range, newText: "Disallow" }]);

  const automatic = await connection.sendRequest("textDocument/codeAction", {
    textDocument: { uri },
    range: typo.range,
    context: { diagnostics: [], triggerKind: 2 },
  });
  assert.deepEqual(automatic, [], "fix-all is not worked out on a cursor move");

  const all = await connection.sendRequest("textDocument/codeAction", {
    textDocument: { uri },
    range: typo.range,
    context: { diagnostics: [], only: ["source.fixAll"] },
  });
  assert.equal(all.length, 1, JSON.stringify(all));
  assert.equal(all[0].kind, "source.fixAll.robolint");
  const [whole] = all[0].edit.changes[uri];
  assert.deepEqual(whole.range, { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } });
  assert.equal(whole.newText, "User-agent: *\nDisallow: /private/\nDisallow: /%C3%A9%F0%9F%98%80\n");
});

test("hover shows a finding's rule docs, and on a path line the robots it decides for", async () => {
  const onTypo = await connection.sendRequest("textDocument/hover", { textDocument: { uri }, position: { line: 1, character: 3 } });
  assert.equal(onTypo.contents.kind, "markdown");
  assert.match(onTypo.contents.value, /\*\*RL\d{3} field-typo\*\*/);
  const onRule = await connection.sendRequest("textDocument/hover", { textDocument: { uri }, position: { line: 2, character: 2 } });
  assert.match(onRule.contents.value, /This line decides for \d+ robots of the registry, which may not fetch `\/é😀`: [^.]*\bbingbot\b/);
  const onAgent = await connection.sendRequest("textDocument/hover", { textDocument: { uri }, position: { line: 0, character: 2 } });
  assert.equal(onAgent, null);
});

test("an incremental didChange publishes the edited text's findings", async () => {
  await connection.sendNotification("textDocument/didChange", {
    textDocument: { uri, version: 2 },
    contentChanges: [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 9 } }, text: "Disallow" }],
  });
  const changed = await diagnosticsFor(2);
  assert.ok(!changed.diagnostics.some((diagnostic) => diagnostic.message.includes("[field-typo]")), JSON.stringify(changed.diagnostics));
  assert.ok(changed.diagnostics.some((diagnostic) => diagnostic.message.includes("[glob-pattern]")));
});

test("shutdown and exit end the server", async () => {
  await connection.sendRequest("shutdown");
  const exited = once(server, "exit");
  await connection.sendNotification("exit");
  const [code] = await exited;
  assert.equal(code, 0);
});
