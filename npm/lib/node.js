// Node's entry: the wasm is read and compiled synchronously the first time the engine is
// asked, so importing costs nothing and every function returns its answer.
import { existsSync, readFileSync } from "node:fs";
import { answer, initSync } from "../wasm/robolint.js";
import { useEngine } from "./api.js";

/** The wasm beside this module; once bundled (esbuild keeps `import.meta.url` as the bundle's), the installed package's copy. */
function wasmBytes() {
  const beside = new URL("../wasm/robolint_bg.wasm", import.meta.url);
  if (existsSync(beside)) return readFileSync(beside);
  return readFileSync(new URL(import.meta.resolve("robolint/robolint_bg.wasm")));
}

let compiled = false;

useEngine((method, path, query, body) => {
  if (!compiled) {
    initSync({ module: wasmBytes() });
    compiled = true;
  }
  return answer(method, path, query, body);
});

export { agents, fix, lint, RobolintError, ruleDocs, rules, targets, verdict, verdicts } from "./api.js";
