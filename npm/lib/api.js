// The package's API over the engine's one entry point, `answer(method, path, query, body)`:
// the requests the playground page sends `robolint serve` (src/playground.rs), answered by
// the same engine compiled to WebAssembly. Each entry (node.js, browser.js) loads the wasm
// its own way and hands its `answer` to `useEngine`.

let engine = null;

/** Sets the function that answers API requests; the entries call it once. */
export function useEngine(answer) {
  engine = answer;
}

/** An API call the engine refused: bad input, an unknown rule or robot. */
export class RobolintError extends Error {
  constructor(message, status) {
    super(message);
    this.name = "RobolintError";
    this.status = status;
  }
}

/** The body of the engine's answer, or a RobolintError with its message. */
function ask(method, path, parameters = {}, body = "") {
  if (typeof body !== "string") throw new TypeError("the robots.txt text must be a string");
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== undefined) query.set(name, String(value));
  }
  const reply = engine(method, path, query.toString(), body);
  // A wasm-bindgen object: its fields are read once, then its memory is given back.
  const status = reply.status;
  const text = reply.body;
  reply.free();
  if (status !== 200) {
    let message = text;
    try {
      message = JSON.parse(text).error ?? text;
    } catch {
      // A body that is no JSON is its own message.
    }
    throw new RobolintError(message, status);
  }
  return text;
}

export function lint(text, options = {}) {
  return JSON.parse(ask("POST", "/api/lint", { target: options.target }, text)).diagnostics;
}

export function fix(text, options = {}) {
  const finding = options.unsafe ? "unsafe" : "safe";
  return JSON.parse(ask("POST", "/api/fix", { target: options.target, finding }, text));
}

export function verdicts(text, url) {
  return JSON.parse(ask("POST", "/api/check", { url }, text)).robots;
}

export function verdict(text, robot, url) {
  const token = String(robot).toLowerCase();
  const answer = verdicts(text, url).find((candidate) => candidate.token.toLowerCase() === token);
  if (!answer) throw new RobolintError(`\`${robot}\` is not in robolint's registry of robots: agents() lists them`, 404);
  return answer;
}

export function agents() {
  return JSON.parse(ask("GET", "/api/agents"));
}

export function rules() {
  return JSON.parse(ask("GET", "/api/rules"));
}

export function ruleDocs(codeOrName, options = {}) {
  const name = String(codeOrName);
  // The engine reads the name from the path: a slash or a query would name another call.
  if (!/^[A-Za-z0-9-]+$/.test(name)) throw new RobolintError(`no rule \`${name}\``, 404);
  return JSON.parse(ask("GET", `/api/rules/${name}`, { target: options.target }));
}

export function targets() {
  return JSON.parse(ask("GET", "/api/targets"));
}
