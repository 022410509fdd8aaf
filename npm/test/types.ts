// Type-checked against the installed package's index.d.ts (test/package.test.mjs); never run.
// Each `@ts-expect-error` fails the check if the types stop refusing what they should.
import { fix, lint, RobolintError, ruleDocs, verdict, type Finding, type Verdict } from "robolint";

const findings: Finding[] = lint("User-agent: *\n", { target: "portable" });
const first = findings[0];
if (first?.fix) {
  const applicability: "safe" | "unsafe" = first.fix.applicability;
  const start: number = first.fix.edits[0].range.start.character;
  void [applicability, start];
}
const fixed: string = fix("", { unsafe: true }).text;
const answer: Verdict = verdict("", "Googlebot", "/");
const line: number | undefined = answer.decided_by?.line;
const documentation: string = ruleDocs("RL301").documentation;
const status: number = new RobolintError().status;
void [fixed, line, documentation, status];

// @ts-expect-error a finding's line is a number
const wrong: string = first.line;
// @ts-expect-error lint takes the text, not a list of lines
lint(["User-agent: *"]);
// @ts-expect-error verdict needs a robot and a URL
verdict("User-agent: *\n", "/");
void wrong;
