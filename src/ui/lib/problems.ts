// The definition panels show each problem next to the field its path names (`tools[1].signature`,
// `data.x.$kw`, `maxTurns`). Problems arrive as data from the engine (and from the panels' own checks
// before anything is sent); nothing here reads a message's words.
import { isUnderPath, problem, type Problem } from '../../lisp/problem.ts';

export type { Problem };

/** Whether `path` is `prefix` or lies below it (`tools[0]` holds `tools[0].impl`, not `tools[01]`). */
export const isUnder = isUnderPath;

/** A problem a panel found in what was typed, before sending it. */
export function fieldProblem(path: string, message: string, code = 'invalid_field'): Problem {
  return problem('definition', path, code, message);
}

/** Every list given, without repeats (the same problem from the panel, the store and the engine). */
export function mergeProblems(...lists: readonly (readonly Problem[])[]): Problem[] {
  const seen = new Set<string>();
  const out: Problem[] = [];
  for (const p of lists.flat()) {
    if (seen.has(p.text)) continue;
    seen.add(p.text);
    out.push(p);
  }
  return out;
}

/** The problems (deduplicated, in order) whose paths lie under one of the prefixes. */
export function problemsUnder(problems: readonly Problem[], ...prefixes: string[]): Problem[] {
  return mergeProblems(problems).filter((p) => prefixes.some((prefix) => isUnder(p.path, prefix)));
}

/** What a panel shows for a problem it lists under a field: the path only when it says more than the field. */
export function problemLabel(p: Problem): string {
  const message = p.hint !== undefined ? `${p.message} ${p.hint}` : p.message;
  return p.path ? `${p.path}: ${message}` : message;
}

/** Problems one per line, for a notice. */
export function linesOf(problems: readonly Problem[]): string {
  return problems.map((p) => p.text).join('\n');
}
