// A static file server on loopback for the playground site (site.mjs --serve and the browser
// test): GET and HEAD of the files in one folder, nothing else. WebAssembly is served as
// application/wasm, which the browser's streaming compile requires.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
};

/** Serves `folder` on 127.0.0.1:`port` (0: any free port); resolves to the page's address and a close function. */
export function serveFolder(folder, port = 0) {
  const root = resolve(folder);
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://127.0.0.1").pathname);
    const file = resolve(join(root, path.endsWith("/") ? `${path}index.html` : path));
    const type = TYPES[extname(file)];
    if (!["GET", "HEAD"].includes(request.method ?? "") || !file.startsWith(root + sep) || !type) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { "Content-Type": type, "Content-Length": body.length, "Cache-Control": "no-store" });
      response.end(request.method === "HEAD" ? undefined : body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((done, failed) => {
    server.once("error", failed);
    server.listen(port, "127.0.0.1", () => {
      const { port: bound } = server.address();
      done({ url: `http://127.0.0.1:${bound}/`, close: () => new Promise((closed) => server.close(closed)) });
    });
  });
}
