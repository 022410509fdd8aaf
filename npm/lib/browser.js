// The entry for browsers and bundlers: the wasm is fetched beside this module. Bundlers that
// follow `new URL("…", import.meta.url)` (webpack 5, Vite, Parcel) copy it into their output;
// the top-level await means an import resolves once the engine is ready.
import init, { answer } from "../wasm/robolint.js";
import { useEngine } from "./api.js";

await init({ module_or_path: new URL("../wasm/robolint_bg.wasm", import.meta.url) });
useEngine(answer);

export { agents, fix, lint, RobolintError, ruleDocs, rules, targets, verdict, verdicts } from "./api.js";
