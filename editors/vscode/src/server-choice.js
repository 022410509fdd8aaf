// Which language server the extension starts: a robolint binary when one is found (the
// `robolint.path` setting, else PATH), otherwise the bundled WebAssembly server. Kept apart
// from the `vscode` API so test/server-choice.test.mjs can ask it without VS Code.
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";

/** An executable file at `path`, or null. */
function executable(path) {
  try {
    if (!statSync(path).isFile()) return null;
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    return null;
  }
}

/** `robolint` in one of PATH's folders (with Windows' extensions), or null. */
function onPath(searchPath, platform) {
  const names = platform === "win32" ? ["robolint.exe", "robolint.cmd"] : ["robolint"];
  for (const folder of searchPath.split(delimiter).filter(Boolean)) {
    for (const name of names) {
      const found = executable(join(folder, name));
      if (found) return found;
    }
  }
  return null;
}

/**
 * `{ binary }` to run `BINARY lsp`, or `{ binary: null }` for the bundled server; `warning`
 * says why a configured path was passed over.
 */
export function chooseServer({ configured = "", searchPath = "", platform = process.platform }) {
  const wanted = configured.trim();
  if (wanted) {
    const found = executable(wanted);
    if (found) return { binary: found };
    return { binary: null, warning: `robolint.path: no executable at ${wanted}; using the bundled WebAssembly engine.` };
  }
  return { binary: onPath(searchPath, platform) };
}
