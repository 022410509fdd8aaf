// The robolint playground: a CodeMirror editor whose findings, fixes and URL verdicts all
// come from the real engine's API (src/playground.rs): robolint compiled to WebAssembly in
// the page itself (the static site that `node site.mjs` builds), or `robolint serve` over
// loopback HTTP (the bundle in dist/). ENGINE, set by build.mjs, says which.

import { EditorState, StateEffect, StateField, type Text } from "@codemirror/state";
import {
  Decoration,
  type DecorationSet,
  EditorView,
  highlightActiveLine,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { defaultKeymap, history as undoHistory, historyKeymap } from "@codemirror/commands";
import { StreamLanguage, defaultHighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { type Diagnostic, forceLinting, lintGutter, linter } from "@codemirror/lint";

// --- The API's shapes (docs/json-format.md for findings) ---

interface Position { line: number; character: number }
interface Range { start: Position; end: Position }
interface Finding {
  code: string;
  name: string;
  severity: "error" | "warning" | "info";
  message: string;
  help: string | null;
  notes: string[];
  line: number;
  column: number;
  range: Range;
  fix: { message: string; applicability: "safe" | "unsafe" } | null;
}
interface RobotAnswer {
  token: string;
  name: string;
  purpose: string;
  dialect: string;
  allowed: boolean;
  obeys: string;
  decided_by: { line: number; text: string; pattern: string; range: Range } | null;
  reason: string | null;
}

const SAMPLE = `# robots.txt for example.com: edit it, findings appear as you type
User-agent: *
Disallow: /private/
Dissallow: /tmp/
Disallow: /search*

User-agent: GPTBot
Disallow: /

Sitemap: /sitemap.xml
`;

class ApiError extends Error {}

declare const ENGINE: "wasm" | "server";

/** One API request answered: `robolint serve`'s HTTP status and body. */
type Engine = (method: string, path: string, query: string, body: string) => Promise<{ status: number; body: string }>;

/** The wasm-bindgen bindings of web/wasm (robolint.js beside the bundle, built by site.mjs). */
interface Bindings {
  default(options: { module_or_path: URL }): Promise<unknown>;
  answer(method: string, path: string, query: string, body: string): { status: number; body: string; free(): void };
}

async function loadEngine(): Promise<Engine> {
  if (ENGINE === "wasm") {
    const bindings: Bindings = await import("./robolint.js" as string);
    await bindings.default({ module_or_path: new URL("robolint_bg.wasm", import.meta.url) });
    return async (method, path, query, body) => {
      const answer = bindings.answer(method, path, query, body);
      const { status, body: text } = answer;
      answer.free();
      return { status, body: text };
    };
  }
  return async (method, path, query, body) => {
    const address = query ? `${path}?${query}` : path;
    const response = await fetch(address, method === "POST" ? { method, body } : {});
    return { status: response.status, body: await response.text() };
  };
}

// The script runs: the notice for a page opened from disk (index.html) is not needed.
document.getElementById("needs-server")?.remove();

const engine = loadEngine();

/** POSTs the robots.txt text as the body (the query carries the settings), or GETs. */
async function api<T>(address: string, body?: string): Promise<T> {
  const mark = address.indexOf("?");
  const [path, query] = mark < 0 ? [address, ""] : [address.slice(0, mark), address.slice(mark + 1)];
  const { status, body: text } = await (await engine)(body === undefined ? "GET" : "POST", path, query, body ?? "");
  const answer = JSON.parse(text);
  if (status < 200 || status > 299) throw new ApiError(answer.error ?? `${status}`);
  return answer as T;
}

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const targetSelect = element<HTMLSelectElement>("target");
const status = element<HTMLSpanElement>("status");

function showError(error: unknown) {
  status.textContent = error instanceof Error ? error.message : String(error);
}

// --- robots.txt highlighting: field names, values, wildcards, comments ---

const KNOWN_FIELDS = new Set(["user-agent", "allow", "disallow", "sitemap", "crawl-delay", "host", "content-signal", "content-usage"]);

const robotsTxt = StreamLanguage.define<{ inValue: boolean }>({
  name: "robots.txt",
  startState: () => ({ inValue: false }),
  token(stream, state) {
    if (stream.sol()) state.inValue = false;
    if (stream.eatSpace()) return null;
    if (stream.peek() === "#") {
      stream.skipToEnd();
      return "comment";
    }
    if (!state.inValue) {
      if (stream.eat(":")) {
        state.inValue = true;
        return "punctuation";
      }
      if (stream.match(/^[^:#\s]+/)) {
        return KNOWN_FIELDS.has(stream.current().toLowerCase()) ? "keyword" : "propertyName";
      }
    } else {
      if (stream.match(/^[*$]/)) return "operator";
      if (stream.match(/^[^#*$\s]+/)) return "string";
    }
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: "#" } },
});

// --- Positions: the API's LSP ranges (0-based line, UTF-16 column) are CodeMirror offsets ---

function offset(doc: Text, position: Position): number {
  if (position.line >= doc.lines) return doc.length;
  const line = doc.line(position.line + 1);
  return Math.min(line.from + position.character, line.to);
}

// --- The deciding line of a URL test, highlighted in the editor ---

const setDeciding = StateEffect.define<number[]>();
const decidingLines = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(lines, transaction) {
    for (const effect of transaction.effects) {
      if (effect.is(setDeciding)) {
        const doc = transaction.state.doc;
        const marks = [...new Set(effect.value)]
          .filter((line) => line >= 1 && line <= doc.lines)
          .sort((a, b) => a - b)
          .map((line) => Decoration.line({ class: "cm-deciding" }).range(doc.line(line).from));
        return Decoration.set(marks);
      }
    }
    // An edit makes the last answer stale.
    return transaction.docChanged ? Decoration.none : lines;
  },
  provide: (field) => EditorView.decorations.from(field),
});

// --- Linting, findings and fixes ---

let findings: Finding[] = [];

async function lintSource(view: EditorView): Promise<Diagnostic[]> {
  const text = view.state.doc.toString();
  const started = performance.now();
  let answer: { diagnostics: Finding[] };
  try {
    answer = await api(`/api/lint?target=${encodeURIComponent(targetSelect.value)}`, text);
  } catch (error) {
    showError(error);
    return [];
  }
  const elapsed = performance.now() - started;
  status.textContent = `linted ${text.length.toLocaleString()} characters in ${elapsed.toFixed(1)} ms`;
  // A lint that an edit overtook describes another text: its answer is dropped.
  if (view.state.doc.toString() !== text) return [];
  findings = answer.diagnostics;
  showFindings(view);
  return findings.map((finding, index) => ({
    from: offset(view.state.doc, finding.range.start),
    to: offset(view.state.doc, finding.range.end),
    severity: finding.severity,
    source: `${finding.code} ${finding.name}`,
    message: finding.message,
    // The tooltip's one fix button is CodeMirror's action, so the description carries none.
    renderMessage: () => describeFinding(finding, view, false),
    actions: finding.fix ? [{ name: plain(fixLabel(finding.fix)), apply: () => void applyFix(view, index, finding.code) }] : [],
  }));
}

/** `text` with each `code` span as a <code> element, the rest as text: the API's words mark code with backticks. */
function withCode(text: string): Node[] {
  return text.split("`").map((part, index, parts) => {
    // An odd part is inside backticks, unless it is the last part of an unpaired one.
    if (index % 2 === 1 && index < parts.length - 1) {
      const code = document.createElement("code");
      code.textContent = part;
      return code;
    }
    return document.createTextNode(index % 2 === 1 ? `\`${part}` : part);
  });
}

/** Words for places where markup cannot go (a button's label): the backticks dropped. */
function plain(text: string): string {
  return text.replace(/`/g, "");
}

function fixLabel(fix: NonNullable<Finding["fix"]>): string {
  return fix.applicability === "unsafe" ? `${fix.message} (unsafe)` : fix.message;
}

function ruleButton(finding: Finding): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "rule";
  button.textContent = `${finding.code} ${finding.name}`;
  button.title = "Show the rule's documentation";
  button.addEventListener("click", (event) => {
    event.stopPropagation();
    void showRule(finding.name);
  });
  return button;
}

/**
 * A finding as the list and the editor's tooltip show it: the headline (severity and
 * message) first, then the rule, the place and the fix, and the help and notes (the
 * witness) behind a disclosure. `withFix` adds the fix button (the tooltip has its own).
 */
function describeFinding(finding: Finding, view: EditorView, withFix: boolean): HTMLElement {
  const described = document.createElement("div");
  described.className = "finding-body";
  const headline = document.createElement("p");
  headline.className = "headline";
  const severity = document.createElement("span");
  severity.className = `badge severity-${finding.severity}`;
  severity.textContent = finding.severity;
  headline.append(severity, " ", ...withCode(finding.message));
  const meta = document.createElement("p");
  meta.className = "meta";
  const where = document.createElement("button");
  where.type = "button";
  where.className = "where";
  where.textContent = `line ${finding.line}:${finding.column}`;
  where.title = "Show the place in the editor";
  where.addEventListener("click", (event) => {
    event.stopPropagation();
    const anchor = offset(view.state.doc, finding.range.start);
    view.dispatch({ selection: { anchor }, scrollIntoView: true });
    view.focus();
  });
  meta.append(where, " ", ruleButton(finding));
  if (withFix && finding.fix) {
    const index = findings.indexOf(finding);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "fix";
    button.append("Fix: ", ...withCode(fixLabel(finding.fix)));
    button.addEventListener("click", (event) => {
      event.stopPropagation();
      void applyFix(view, index, finding.code);
    });
    meta.append(" ", button);
  }
  described.append(headline, meta);
  if (finding.help || finding.notes.length > 0) {
    const details = document.createElement("details");
    const summary = document.createElement("summary");
    summary.textContent = finding.notes.length > 0 ? "Why, and what to do" : "What to do";
    details.append(summary);
    if (finding.help) {
      const help = document.createElement("p");
      help.className = "help";
      help.append(...withCode(finding.help));
      details.append(help);
    }
    if (finding.notes.length > 0) {
      const notes = document.createElement("ul");
      notes.className = "notes";
      for (const note of finding.notes) {
        const item = document.createElement("li");
        item.append(...withCode(note));
        notes.append(item);
      }
      details.append(notes);
    }
    described.append(details);
  }
  return described;
}

function showFindings(view: EditorView) {
  const list = element<HTMLOListElement>("findings");
  element("finding-count").textContent = `(${findings.length})`;
  list.replaceChildren(
    ...findings.map((finding) => {
      const item = document.createElement("li");
      item.className = `finding severity-${finding.severity}`;
      item.dataset.code = finding.code;
      item.dataset.line = String(finding.line);
      item.append(describeFinding(finding, view, true));
      return item;
    }),
  );
}

/** Replaces the document with `text`, changing only the part that differs (the cursor and undo history stay useful). */
function replaceText(view: EditorView, text: string) {
  const old = view.state.doc.toString();
  let start = 0;
  while (start < old.length && start < text.length && old[start] === text[start]) start++;
  let end = 0;
  while (end < old.length - start && end < text.length - start && old[old.length - 1 - end] === text[text.length - 1 - end]) end++;
  view.dispatch({ changes: { from: start, to: old.length - end, insert: text.slice(start, text.length - end) } });
}

async function applyFix(view: EditorView, finding: number | "safe", code?: string) {
  const query = new URLSearchParams({ target: targetSelect.value, finding: String(finding) });
  if (code) query.set("code", code);
  try {
    const answer = await api<{ text: string; applied: number }>(`/api/fix?${query}`, view.state.doc.toString());
    replaceText(view, answer.text);
    status.textContent = `${answer.applied} fix${answer.applied === 1 ? "" : "es"} applied`;
  } catch (error) {
    showError(error);
  }
}

// --- Rule documentation: the HTML the engine makes from the rule's metadata (src/docs_html.rs) ---

async function showRule(name: string) {
  try {
    const rule = await api<{ code: string; name: string; html: string }>(
      `/api/rules/${encodeURIComponent(name)}?target=${encodeURIComponent(targetSelect.value)}`,
    );
    element("rule-title").textContent = `Rule ${rule.code} ${rule.name}`;
    // The engine escapes every piece of text it puts in this fragment.
    element("rule-text").innerHTML = rule.html;
    // The static site has a page per rule beside the playground; `robolint serve` has none.
    const pageLink = element("rule-page-link");
    pageLink.hidden = ENGINE !== "wasm";
    pageLink.querySelector("a")?.setAttribute("href", `rules/${encodeURIComponent(rule.name)}/index.html`);
    const section = element("rule-docs");
    section.hidden = false;
    section.scrollIntoView({ block: "nearest" });
  } catch (error) {
    showError(error);
  }
}

// --- Test a URL: every robot of the registry, grouped by purpose, with a search box ---

function highlight(view: EditorView, lines: number[]) {
  const effects: StateEffect<unknown>[] = [setDeciding.of(lines)];
  const first = Math.min(...lines);
  if (Number.isFinite(first) && first <= view.state.doc.lines) {
    effects.push(EditorView.scrollIntoView(view.state.doc.line(first).from, { y: "center" }));
  }
  view.dispatch({ effects });
}

/** The last answer's rows, each with the words the search box looks in and whether its verdict is the minority's. */
let robotRows: { row: HTMLTableRowElement; words: string; differs: boolean; group: string }[] = [];

/** Shows the rows the search box and the toggle keep, and each purpose's heading when it keeps any. */
function filterRobots() {
  const words = element<HTMLInputElement>("robot-filter").value.toLowerCase().split(/\s+/).filter(Boolean);
  const onlyDiffering = element<HTMLInputElement>("only-differing").checked;
  const shownPerGroup = new Map<string, number>();
  let shown = 0;
  for (const { row, words: text, differs, group } of robotRows) {
    const keep = words.every((word) => text.includes(word)) && (!onlyDiffering || differs);
    row.hidden = !keep;
    if (keep) {
      shown++;
      shownPerGroup.set(group, (shownPerGroup.get(group) ?? 0) + 1);
    }
  }
  for (const body of element("robots").querySelectorAll<HTMLTableSectionElement>("tbody")) {
    body.hidden = !shownPerGroup.get(body.dataset.purpose ?? "");
  }
  element("robots").dataset.shown = String(shown);
}

async function testUrl(view: EditorView) {
  const url = element<HTMLInputElement>("url").value;
  let answer: { url: string; robots: RobotAnswer[] };
  try {
    answer = await api(`/api/check?url=${encodeURIComponent(url)}`, view.state.doc.toString());
  } catch (error) {
    showError(error);
    return;
  }
  const robots = answer.robots;
  const disallowed = robots.filter((robot) => !robot.allowed).length;
  // The rarer verdict is what "differ" means: the robots this file treats unlike the rest.
  const minorityAllowed = disallowed * 2 > robots.length;
  element("url-summary").textContent =
    `${answer.url}: ${disallowed} of ${robots.length} robots may not fetch it. Select a robot to see the line that decided.`;
  const purposes = [...new Set(robots.map((robot) => robot.purpose))];
  const table = element("robots");
  for (const body of table.querySelectorAll("tbody")) body.remove();
  robotRows = [];
  const selectRow = (row: HTMLTableRowElement, robot: RobotAnswer) => {
    for (const other of robotRows) other.row.classList.toggle("selected", other.row === row);
    for (const other of robotRows) {
      if (other.row === row) other.row.setAttribute("aria-current", "true");
      else other.row.removeAttribute("aria-current");
    }
    highlight(view, robot.decided_by ? [robot.decided_by.line] : []);
  };
  for (const purpose of purposes) {
    const members = robots.filter((robot) => robot.purpose === purpose);
    // Disallowed robots first in each group: they are what a site owner looks for.
    members.sort((a, b) => Number(a.allowed) - Number(b.allowed) || a.token.localeCompare(b.token));
    const body = document.createElement("tbody");
    body.dataset.purpose = purpose;
    const heading = document.createElement("tr");
    heading.className = "group";
    const headingCell = document.createElement("th");
    headingCell.scope = "rowgroup";
    headingCell.colSpan = 4;
    const kept = members.filter((robot) => !robot.allowed).length;
    headingCell.textContent = `${purpose} (${members.length}, ${kept} disallowed)`;
    heading.append(headingCell);
    body.append(heading);
    for (const robot of members) {
      const row = document.createElement("tr");
      row.className = robot.allowed ? "allowed" : "disallowed";
      row.dataset.token = robot.token;
      row.tabIndex = 0;
      const decided = robot.decided_by ? `line ${robot.decided_by.line}: ${robot.decided_by.text}` : (robot.reason ?? "");
      const cells = [robot.token, robot.purpose, robot.allowed ? "allowed" : "disallowed", decided].map((text, column) => {
        const cell = document.createElement("td");
        cell.textContent = text;
        cell.className = ["robot", "purpose", "verdict", "decided-by"][column];
        if (column === 0) cell.title = `${robot.name}, reads the file as ${robot.dialect}`;
        return cell;
      });
      row.append(...cells);
      row.addEventListener("click", () => selectRow(row, robot));
      row.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          selectRow(row, robot);
        }
      });
      body.append(row);
      robotRows.push({
        row,
        words: `${robot.token} ${robot.name} ${robot.purpose} ${robot.dialect}`.toLowerCase(),
        differs: robot.allowed === minorityAllowed,
        group: purpose,
      });
    }
    table.append(body);
  }
  element("robot-picker").hidden = false;
  filterRobots();
  highlight(view, robots.flatMap((robot) => (robot.decided_by ? [robot.decided_by.line] : [])));
}

// --- Share link: the file, deflated and base64url-encoded, in the fragment (never sent to a server) ---

async function squeeze(bytes: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream): Promise<Uint8Array<ArrayBuffer>> {
  const output = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(output).arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function shareLink(view: EditorView): Promise<string> {
  const deflated = await squeeze(new TextEncoder().encode(view.state.doc.toString()), new CompressionStream("deflate-raw"));
  const fragment = new URLSearchParams({ t: targetSelect.value, z: toBase64Url(deflated) });
  return `${location.origin}${location.pathname}#${fragment}`;
}

/** The file and target a share link carries, if the page was opened with one. */
async function shared(): Promise<{ text: string; target: string | null } | null> {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const packed = fragment.get("z");
  if (!packed) return null;
  try {
    const inflated = await squeeze(fromBase64Url(packed), new DecompressionStream("deflate-raw"));
    return { text: new TextDecoder().decode(inflated), target: fragment.get("t") };
  } catch {
    status.textContent = "the link's file could not be read back";
    return null;
  }
}

// --- Start ---

async function start() {
  const { targets, default: defaultTarget } = await api<{ targets: string[]; default: string }>("/api/targets");
  targetSelect.replaceChildren(...targets.map((name) => new Option(name, name)));
  const fromLink = await shared();
  targetSelect.value = fromLink?.target && targets.includes(fromLink.target) ? fromLink.target : defaultTarget;

  const view = new EditorView({
    parent: element("editor"),
    state: EditorState.create({
      doc: fromLink?.text ?? SAMPLE,
      extensions: [
        lineNumbers(),
        highlightActiveLine(),
        undoHistory(),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        robotsTxt,
        syntaxHighlighting(defaultHighlightStyle),
        decidingLines,
        lintGutter(),
        // Each keystroke lints, once typing pauses for a tenth of a second.
        linter(lintSource, { delay: 100 }),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ "aria-label": "robots.txt" }),
      ],
    }),
  });

  targetSelect.addEventListener("change", () => forceLinting(view));
  element("fix-all").addEventListener("click", () => void applyFix(view, "safe"));
  element("robot-filter").addEventListener("input", filterRobots);
  element("only-differing").addEventListener("change", filterRobots);
  if (ENGINE === "wasm") element("site-links").hidden = false;
  element("url-test").addEventListener("submit", (event) => {
    event.preventDefault();
    void testUrl(view);
  });
  element("share").addEventListener("click", async () => {
    const link = await shareLink(view);
    const field = element<HTMLInputElement>("share-link");
    field.value = link;
    history.replaceState(null, "", link);
    field.select();
    status.textContent = "share link ready: the file is in the link itself";
  });
  // A share link opened in this tab loads its file.
  window.addEventListener("hashchange", async () => {
    const link = await shared();
    if (link && link.text !== view.state.doc.toString()) replaceText(view, link.text);
  });
  document.body.dataset.ready = "true";
}

start().catch(showError);
