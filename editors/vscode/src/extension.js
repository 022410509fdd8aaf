// The extension's entry: a language client for robots.txt files. It runs `robolint lsp`
// when a robolint binary is found (src/server-choice.js), which reads robolint.toml and has
// every feature; otherwise the bundled WebAssembly server (dist/server.js), so installing the
// extension is the whole setup.
import * as vscode from "vscode";
import { LanguageClient, TransportKind } from "vscode-languageclient/node";
import { chooseServer } from "./server-choice.js";

let client = null;

function serverOptions(context, output) {
  const choice = chooseServer({
    configured: vscode.workspace.getConfiguration("robolint").get("path", ""),
    searchPath: process.env.PATH ?? "",
  });
  if (choice.warning) vscode.window.showWarningMessage(choice.warning);
  if (choice.binary) {
    output.appendLine(`robolint: running ${choice.binary} lsp`);
    return { command: choice.binary, args: ["lsp"] };
  }
  output.appendLine("robolint: no robolint binary found; running the bundled WebAssembly engine");
  return { module: context.asAbsolutePath("dist/server.js"), transport: TransportKind.stdio };
}

async function start(context, output) {
  client = new LanguageClient("robolint", "robolint", serverOptions(context, output), {
    documentSelector: [{ language: "robots-txt" }],
    outputChannel: output,
  });
  await client.start();
}

export async function activate(context) {
  const output = vscode.window.createOutputChannel("robolint");
  context.subscriptions.push(output);
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (change) => {
      if (!change.affectsConfiguration("robolint.path")) return;
      await client?.stop();
      await start(context, output);
    }),
  );
  await start(context, output);
}

export async function deactivate() {
  await client?.stop();
}
