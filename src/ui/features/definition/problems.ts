// Problems arrive from the engine as `path: message` lines (`tools[1].signature: …`, `data.x.$kw: …`,
// `maxTurns: …`). The panels show each one next to the field its path names.

export interface Problem {
  /** `tools[0].impl`, `data["bad name"]`, `compression`; '' when the line names no path. */
  path: string;
  message: string;
  /** The original line. */
  text: string;
}

const PATH = /^([A-Za-z_$][\w$-]*(?:\[(?:\d+|"(?:[^"\\]|\\.)*")\]|\.[^\s.[\]:"]+)*):\s/;

export function splitProblem(text: string): Problem {
  const m = PATH.exec(text);
  return m ? { path: m[1], message: text.slice(m[0].length), text } : { path: '', message: text, text };
}

/** Whether `path` is `prefix` or lies below it (`tools[0]` holds `tools[0].impl`, not `tools[01]`). */
export function isUnder(path: string, prefix: string): boolean {
  if (path === prefix) return true;
  if (!path.startsWith(prefix)) return false;
  const next = path[prefix.length];
  return next === '.' || next === '[';
}

/** The problems (deduplicated, in order) whose paths lie under one of the prefixes. */
export function problemsUnder(lines: readonly string[], ...prefixes: string[]): Problem[] {
  const seen = new Set<string>();
  const out: Problem[] = [];
  for (const line of lines) {
    if (seen.has(line)) continue;
    const p = splitProblem(line);
    if (prefixes.some((prefix) => isUnder(p.path, prefix))) {
      seen.add(line);
      out.push(p);
    }
  }
  return out;
}

/** `(line 3, column 7)` or `(column 7)` at the end of a message, as the engine writes locations. */
export function locationIn(message: string): { line: number; column: number } | null {
  const both = /\(line (\d+), column (\d+)\)\s*$/.exec(message);
  if (both) return { line: Number(both[1]), column: Number(both[2]) };
  const col = /\(column (\d+)\)\s*$/.exec(message);
  return col ? { line: 1, column: Number(col[1]) } : null;
}

/** The message without its trailing location (the editor marker carries it). */
export function withoutLocation(message: string): string {
  return message.replace(/\s*\((?:line \d+, )?column \d+\)\s*$/, '');
}
