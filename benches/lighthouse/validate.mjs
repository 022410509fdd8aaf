// Times Lighthouse's robots.txt audit (the `robots-txt` SEO audit of the lighthouse npm
// package, which validates a fetched file line by line) over many files, for the corpus
// bench's linter-to-linter row. Reads the same stream as tests/oracle/google_bench.cc on
// standard input ('F' <u32 LE length> <bytes> per file); argument: passes to time. Prints
// `<files> <best pass in nanoseconds> <files the audit fails in the best pass>`.
//
// The files are decoded to strings before timing: Lighthouse receives a decoded body from
// the browser.
import RobotsTxt from 'lighthouse/core/audits/seo/robots-txt.js';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const stream = Buffer.concat(chunks);
const files = [];
for (let at = 0; at < stream.length;) {
  if (stream[at] !== 0x46 || at + 5 > stream.length) throw new Error(`bad record at byte ${at}`);
  const length = stream.readUInt32LE(at + 1);
  files.push(stream.subarray(at + 5, at + 5 + length).toString('utf8'));
  at += 5 + length;
}

const passes = Number(process.argv[2] ?? 3);
let best = Infinity;
let failingInBest = 0;
for (let pass = 0; pass < passes; pass++) {
  const begun = process.hrtime.bigint();
  let failing = 0;
  for (const content of files) {
    const outcome = await RobotsTxt.audit({RobotsTxt: {status: 200, content}});
    if (outcome.score === 0) failing++;
  }
  const elapsed = Number(process.hrtime.bigint() - begun);
  if (elapsed < best) {
    best = elapsed;
    failingInBest = failing;
  }
}
console.log(`${files.length} ${best} ${failingInBest}`);
