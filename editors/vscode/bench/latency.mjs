// How long the bundled WebAssembly language server takes from a didChange to its
// publishDiagnostics, on a 10 KB and a 500 KiB robots.txt: the median of several one-character
// edits (an incremental change, as VS Code sends while typing), each waited for before the
// next. Measured for the report, never asserted. Run `node build.mjs` first.
//
//   node bench/latency.mjs [SOURCE] [RUNS]   SOURCE: a robots.txt, repeated or cut (at a line
//                                            end) to each size; by default the protego corpus's docs.oracle.com (852 KB of ordinary lines)
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";

const extension = join(dirname(fileURLToPath(import.meta.url)), "..");
const protego = join(extension, "../../../shared/corpus/protego/docs.oracle.com");
const source = process.argv[2] ?? (existsSync(protego) ? protego : join(extension, "../../corpus/samples/robots.txt"));
const runs = Number(process.argv[3] ?? 11);

/** `size` bytes of the source's lines, repeated as needed and cut at a line end. */
function textOf(size) {
  const lines = readFileSync(source, "utf8").split(/(?<=\n)/);
  let text = "";
  for (let index = 0; Buffer.byteLength(text) < size; index = (index + 1) % lines.length) text += lines[index];
  while (Buffer.byteLength(text) > size) text = text.slice(0, text.lastIndexOf("\n", text.length - 2) + 1);
  return text;
}

const server = spawn(process.execPath, [join(extension, "dist/server.js"), "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });
const connection = createMessageConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
const waiting = new Map();
connection.onNotification("textDocument/publishDiagnostics", ({ uri, version, diagnostics }) => {
  waiting.get(`${uri} ${version}`)?.(diagnostics.length);
});
connection.listen();
await connection.sendRequest("initialize", { processId: process.pid, rootUri: null, capabilities: {} });
await connection.sendNotification("initialized", {});

const published = (uri, version) => new Promise((resolve) => waiting.set(`${uri} ${version}`, resolve));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(`source: ${source}; ${runs} edits each`);
for (const [label, size] of [["10 KB", 10_000], ["500 KiB", 500 * 1024]]) {
  const text = textOf(size);
  const uri = `file:///bench/${size}/robots.txt`;
  const lines = text.split("\n").length - 1;
  let found = published(uri, 1);
  const openedAt = performance.now();
  await connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "robots-txt", version: 1, text } });
  const findings = await found;
  const openMs = performance.now() - openedAt;
  const times = [];
  for (let version = 2; version < runs + 2; version++) {
    // Typing `#` at the end of the last line, then deleting it.
    const at = { line: lines, character: 0 };
    const change = version % 2 === 0 ? { range: { start: at, end: at }, text: "#" } : { range: { start: at, end: { line: lines, character: 1 } }, text: "" };
    found = published(uri, version);
    const sentAt = performance.now();
    await connection.sendNotification("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [change] });
    await found;
    times.push(performance.now() - sentAt);
  }
  const ms = (value) => `${value.toFixed(1)} ms`;
  console.log(
    `${label} (${Buffer.byteLength(text)} B, ${lines} lines, ${findings} diagnostics): didOpen ${ms(openMs)}, didChange → publishDiagnostics median ${ms(median(times))} (min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))})`,
  );
}
await connection.sendRequest("shutdown");
await connection.sendNotification("exit");
