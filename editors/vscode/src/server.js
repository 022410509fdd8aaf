// The language server the extension runs when no robolint binary is found: robolint's engine
// compiled to WebAssembly (the `robolint` npm package, built from npm/ in this repository)
// behind vscode-languageserver, in the extension host's Node. It lints with the default
// settings (target `today`); robolint.toml is read only by the binary's `robolint lsp`.
import { fix, lint, ruleDocs, verdicts } from "robolint";
import {
  CodeActionKind,
  CodeActionTriggerKind,
  createConnection,
  DiagnosticSeverity,
  DiagnosticTag,
  MarkupKind,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
} from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";

/** As `robolint lsp`: a file with a finding on every line would slow the editor down. */
const PUBLISHED_PER_DOCUMENT = 1000;
/** As `robolint lsp`: a folded finding can have thousands of other places. */
const RELATED_PER_DIAGNOSTIC = 100;
/** How many robots a hover names before it counts the rest. */
const ROBOTS_NAMED = 12;
const FIX_ALL = `${CodeActionKind.SourceFixAll}.robolint`;

const SEVERITY = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
/** Each open document's findings, for the version they were linted at. */
const linted = new Map();

function findingsOf(document) {
  const kept = linted.get(document.uri);
  if (kept?.version === document.version) return kept.findings;
  const findings = lint(document.getText());
  linted.set(document.uri, { version: document.version, findings });
  return findings;
}

/** The message with the rule's name (editors show the code), its notes and its help, as `robolint lsp` writes it. */
function message(finding) {
  let text = `${finding.message} [${finding.name}]`;
  for (const note of finding.notes) text += `\nnote: ${note}`;
  if (finding.help) text += `\nhelp: ${finding.help}`;
  return text;
}

function toDiagnostic(finding, uri) {
  return {
    // The JSON's `range` is already the LSP's: 0-based lines, UTF-16 columns.
    range: finding.range,
    // Information about robots outside the targets is a hint, drawn faintly.
    severity: finding.beyond_targets ? DiagnosticSeverity.Hint : SEVERITY[finding.severity],
    code: finding.code,
    // The rule's page, as robolint lsp links it (the JSON's `url`).
    codeDescription: finding.url ? { href: finding.url } : undefined,
    source: "robolint",
    message: message(finding),
    relatedInformation: finding.labels.length
      ? finding.labels
          .slice(0, RELATED_PER_DIAGNOSTIC)
          .map((label) => ({ location: { uri, range: label.range }, message: label.message }))
      : undefined,
    tags: finding.name === "unused-suppression" ? [DiagnosticTag.Unnecessary] : undefined,
  };
}

function publish(document) {
  const findings = findingsOf(document).slice(0, PUBLISHED_PER_DOCUMENT);
  const diagnostics = findings.map((finding) => toDiagnostic(finding, document.uri));
  connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics });
}

const sameRange = (a, b) =>
  a.start.line === b.start.line &&
  a.start.character === b.start.character &&
  a.end.line === b.end.line &&
  a.end.character === b.end.character;

function contains(range, position) {
  const after = (p, q) => p.line > q.line || (p.line === q.line && p.character >= q.character);
  return after(position, range.start) && after(range.end, position);
}

connection.onInitialize(() => ({
  capabilities: {
    textDocumentSync: TextDocumentSyncKind.Incremental,
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL] },
    hoverProvider: true,
  },
  serverInfo: { name: "robolint (WebAssembly)" },
}));

documents.onDidChangeContent(({ document }) => publish(document));
documents.onDidClose(({ document }) => {
  linted.delete(document.uri);
  connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
});

connection.onCodeAction(({ textDocument, context }) => {
  const document = documents.get(textDocument.uri);
  if (!document) return [];
  const findings = findingsOf(document);
  const actions = [];
  const wanted = (kind) => !context.only || context.only.some((only) => kind === only || kind.startsWith(`${only}.`));
  if (wanted(CodeActionKind.QuickFix)) {
    for (const diagnostic of context.diagnostics) {
      const finding = findings.find((candidate) => candidate.code === diagnostic.code && sameRange(candidate.range, diagnostic.range));
      if (!finding?.fix) continue;
      const edits = finding.fix.edits.map((edit) => ({ range: edit.range, newText: edit.replacement }));
      actions.push({
        title: finding.fix.applicability === "safe" ? finding.fix.message : `${finding.fix.message} (unsafe)`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: finding.fix.applicability === "safe",
        edit: { changes: { [document.uri]: edits } },
      });
    }
  }
  // Fixing everything lints the text again, round after round: only when asked for by kind or
  // by the user, not on the requests a cursor move sends.
  const askedFor = context.only?.length || context.triggerKind === CodeActionTriggerKind.Invoked;
  const fixable = findings.some((finding) => finding.fix?.applicability === "safe");
  if (askedFor && fixable && wanted(FIX_ALL)) {
    const fixed = fix(document.getText());
    if (fixed.applied > 0) {
      const whole = { start: { line: 0, character: 0 }, end: document.positionAt(document.getText().length) };
      actions.push({
        title: `Fix all safely fixable robolint problems (${fixed.applied})`,
        kind: FIX_ALL,
        edit: { changes: { [document.uri]: [{ range: whole, newText: fixed.text }] } },
      });
    }
  }
  return actions;
});

/** What a finding's rule is about: its headline, then the documentation `robolint rule` prints. */
function ruleHover(finding) {
  const docs = ruleDocs(finding.code);
  return `**${docs.code} ${docs.name}** (${finding.severity}): ${docs.summary}\n\n\`\`\`text\n${docs.documentation.trimEnd()}\n\`\`\``;
}

/** On an Allow or Disallow line: which robots of the registry this line decides for, at the path it names. */
function decidingRobots(document, line) {
  const text = document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
  const rule = /^\s*(?:allow|disallow)\s*:\s*(\/[^\s#*$]*)/i.exec(text);
  if (!rule) return null;
  const path = rule[1];
  const robots = verdicts(document.getText(), path).filter((robot) => robot.decided_by?.range.start.line === line);
  if (robots.length === 0) return `\`${path}\`: no robot of the registry is decided by this line.`;
  const named = robots.slice(0, ROBOTS_NAMED).map((robot) => robot.token).join(", ");
  const rest = robots.length > ROBOTS_NAMED ? ` and ${robots.length - ROBOTS_NAMED} more` : "";
  const verdict = robots[0].allowed ? "may fetch" : "may not fetch";
  return `This line decides for ${robots.length} robots of the registry, which ${verdict} \`${path}\`: ${named}${rest}.`;
}

connection.onHover(({ textDocument, position }) => {
  const document = documents.get(textDocument.uri);
  if (!document) return null;
  const parts = findingsOf(document)
    .filter((finding) => contains(finding.range, position))
    .map(ruleHover);
  const robots = decidingRobots(document, position.line);
  if (robots) parts.push(robots);
  return parts.length ? { contents: { kind: MarkupKind.Markdown, value: parts.join("\n\n---\n\n") } } : null;
});

documents.listen(connection);
connection.listen();
