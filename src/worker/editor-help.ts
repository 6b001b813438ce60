// Editor help from the worker: diagnostics of a program being typed (a reply's code, a tool's
// implementation, the REPL), against the open session's names. Nothing runs (src/lisp/diagnose.ts).
import { diagnose } from '../lisp/diagnose.ts';
import type { Problem } from '../lisp/problem.ts';
import type { Session } from '../session/session-file.ts';

/** Longest program diagnosed: past it the editor gets no help (as a run, it is still read in full). */
export const MAX_DIAGNOSED_CHARS = 200_000;

/**
 * The problems of `program` as it would run next: with the session's tools and data, and `memory`
 * (the definitions after the latest turn and the REPL's own: what the reply and REPL editors reach).
 */
export function diagnoseProgram(program: string, session: Session | null, memory: Iterable<string>): Problem[] {
  if (program.length > MAX_DIAGNOSED_CHARS) return [];
  return diagnose(program, {
    memory,
    tools: session?.tools.map((t) => t.name) ?? [],
    data: session?.data.keys() ?? [],
  });
}
