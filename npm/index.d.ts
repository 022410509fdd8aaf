// Types of the robolint package's API. Findings have the shape of `robolint --format json`
// (docs/json-format.md in robolint's repository); field names are kept as that JSON spells them.

/** What a target names: `today` (RFC 9309 and Google, the default), `portable`, or one dialect. */
export type Target = "today" | "portable" | "norobots-1994" | "draft-1996" | "rfc9309" | "google" | "python-robotparser" | (string & {});

export type Dialect = "norobots-1994" | "draft-1996" | "rfc9309" | "google" | "python-robotparser";

export type Severity = "error" | "warning" | "info";

/** A position as the Language Server Protocol counts it: 0-based line, UTF-16 code units. */
export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

/**
 * Where a span lies: 1-based line and column counted in characters (Unicode scalar values),
 * the end just past the span, and the same span as an LSP range.
 */
export interface Place {
  line: number;
  column: number;
  end_line: number;
  end_column: number;
  range: Range;
}

export interface Label extends Place {
  message: string;
}

export interface Edit extends Place {
  /** The text that replaces the span; empty for a deletion, and an empty span is an insertion. */
  replacement: string;
}

export interface Fix {
  message: string;
  /** `safe` fixes are what `fix(text)` applies; `unsafe` ones need `{ unsafe: true }`. */
  applicability: "safe" | "unsafe";
  /** Positions refer to the text as linted, before any edit. */
  edits: Edit[];
}

export interface Witness {
  robot: string;
  url: string;
  claims: { dialect: Dialect; allowed: boolean }[];
}

export interface Finding extends Place {
  /** Always `robots.txt`. */
  file: string;
  /** The rule's stable code, such as `RL301`. */
  code: string;
  /** The rule's name, such as `glob-pattern`. */
  name: string;
  severity: Severity;
  /** The headline: what is wrong, in one sentence. */
  message: string;
  labels: Label[];
  help: string | null;
  notes: string[];
  affects: Dialect[];
  fix: Fix | null;
  witness: Witness | null;
  /** Present (and true) on information that concerns only robots outside the targets. */
  beyond_targets?: boolean;
}

export interface LintOptions {
  /** The robots the file is for; `today` when left out. */
  target?: Target;
}

export interface FixOptions extends LintOptions {
  /** Apply unsafe fixes too, as `robolint --fix --unsafe-fixes` does. */
  unsafe?: boolean;
}

export interface Fixed {
  /** The text with the fixes applied. */
  text: string;
  /** How many fixes were applied. */
  applied: number;
}

export interface Verdict {
  /** The robot's User-agent token. */
  token: string;
  name: string;
  purpose: string;
  /** The dialect this robot reads robots.txt with. */
  dialect: Dialect;
  allowed: boolean;
  /** Which group it obeys: its own, a fallback one, `*`'s, or none. */
  obeys: "own" | "fallback" | "star" | "none";
  /** The line that decided, or null when none did (see `reason`). */
  decided_by: {
    /** 1-based line number. */
    line: number;
    /** The line's text, trimmed. */
    text: string;
    /** The path pattern that matched. */
    pattern: string;
    /** The whole line as an LSP range, what an editor highlights. */
    range: Range;
  } | null;
  /** Why the robot is allowed when no line decided. */
  reason: string | null;
}

export interface Agent {
  token: string;
  name: string;
  operator: string;
  purpose: string;
  honours: string;
  dialect: Dialect;
  retired: boolean;
}

export interface RuleSummary {
  code: string;
  name: string;
  summary: string;
  category: string;
  severity: Severity | "off";
  fix: "none" | "safe" | "unsafe" | "mixed";
}

export interface RuleDocs {
  code: string;
  name: string;
  summary: string;
  /** The severity of the rule's findings under the target asked for. */
  severity: Severity | "off";
  /** What `robolint rule NAME` prints: plain text. */
  documentation: string;
}

/** An answer the engine refused: `status` is the HTTP status `robolint serve` would send. */
export class RobolintError extends Error {
  readonly status: number;
}

/** Lints a robots.txt text: its findings, by position. */
export function lint(text: string, options?: LintOptions): Finding[];

/** Applies every safe fix (and every unsafe one with `{ unsafe: true }`), round after round, as `robolint --fix` does. */
export function fix(text: string, options?: FixOptions): Fixed;

/** Whether `robot` (a token of the registry, any case) may fetch `url` (a path such as `/a?b`, or a full URL), and which line decided. */
export function verdict(text: string, robot: string, url: string): Verdict;

/** The verdict of every robot of the registry on `url`. */
export function verdicts(text: string, url: string): Verdict[];

/** The built-in registry of robots robolint knows. */
export function agents(): Agent[];

/** Every rule, by code. */
export function rules(): RuleSummary[];

/** One rule's documentation, by code (`RL301`) or name (`glob-pattern`). */
export function ruleDocs(codeOrName: string, options?: LintOptions): RuleDocs;

/** The targets `LintOptions.target` accepts. */
export function targets(): { default: string; targets: string[] };
