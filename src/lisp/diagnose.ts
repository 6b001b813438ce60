// Diagnostics as a program is typed: read and analyze it without running it, and say what would go
// wrong. A parse or analysis error is an error; a name nothing defines is a warning (it fails only when
// the code that reads it runs), with the interpreter's own message and hint (did-you-mean). Pure: the
// same program and names give the same problems, and nothing runs.
import { analyze, unknownDataError, unknownToolError, unresolvedError } from './analyzer.ts';
import './builtins/index.ts';
import { asPtcError, PtcError } from './errors.ts';
import './forms/index.ts';
import { problem, problemOfError, type Problem } from './problem.ts';
import { readProgram, type Form } from './reader.ts';
import { FnScope, type Ctx, type GlobalRef } from './scope.ts';

/** The names a program may reach besides its own: the session's and the earlier turns'. */
export interface DiagnoseNames {
  /** Definitions of earlier turns (the memory), and any other definitions in scope (the REPL's). */
  readonly memory: Iterable<string>;
  readonly tools: Iterable<string>;
  readonly data: Iterable<string>;
}

/** Most problems reported for one program (a pasted file of typos should not flood the editor). */
export const MAX_PROBLEMS = 100;

const DEFINING = new Set(['def', 'defn', 'defn-']);

/** Names the program defines anywhere in it with def or defn (they may be used before, in a function). */
export function definedNames(forms: readonly Form[]): Set<string> {
  const out = new Set<string>();
  const stack: Form[] = [...forms];
  while (stack.length > 0) {
    const f = stack.pop()!;
    if (f.t !== 'list' && f.t !== 'vec' && f.t !== 'map' && f.t !== 'set') continue;
    if (f.t === 'list') {
      const [head, name] = f.items;
      if (head?.t === 'sym' && head.ns === null && DEFINING.has(head.name) && name?.t === 'sym' && name.ns === null) out.add(name.name);
    }
    stack.push(...f.items);
  }
  return out;
}

function warningOf(e: PtcError): Problem {
  return { ...problemOfError(e.toInfo()), severity: 'warning' };
}

/** The warning for one name left for run time, or null when it will resolve. */
function checkRef(ref: GlobalRef, own: ReadonlySet<string>, names: { memory: Set<string>; tools: Set<string>; data: Set<string> }): Problem | null {
  const { ns, name, loc } = ref;
  if (ref.error !== undefined) return warningOf(new PtcError('unbound_var', ref.error.message, loc, ref.error.hint));
  if (ns === 'tool') return names.tools.has(name) ? null : warningOf(unknownToolError(name, names.tools, loc));
  if (ns === 'data' || ns === 'ctx') return names.data.has(name) ? null : warningOf(unknownDataError(name, names.data, loc));
  if (own.has(name) || names.memory.has(name)) return null;
  const tool = names.tools.has(name);
  const data = names.data.has(name);
  if (tool && data) {
    const message = `${name} is ambiguous: both tool/${name} and data/${name} exist. Write tool/${name} to call the tool or data/${name} to read the data`;
    return warningOf(new PtcError('ambiguous_reference', message, loc));
  }
  if (tool || data) return null;
  return warningOf(unresolvedError(name, ref.locals, [...own, ...names.memory], names.tools, names.data, loc));
}

/**
 * What is wrong with `program` before it runs: its parse error, else the analysis error of each
 * top-level form that has one, and a warning for each name that will not resolve.
 */
export function diagnose(program: string, names: DiagnoseNames): Problem[] {
  let forms: Form[];
  try {
    forms = readProgram(program, [], true);
  } catch (e) {
    const p = asPtcError(e);
    return p === null ? [] : [problemOfError(p.toInfo())];
  }
  const refs: GlobalRef[] = [];
  const ctx: Ctx = { fn: new FnScope(null), locals: null, tail: false, recur: null, loc: { line: 1, column: 1 }, onGlobal: (ref) => refs.push(ref) };
  const out: Problem[] = [];
  for (const form of forms) {
    try {
      analyze(form, ctx);
    } catch (e) {
      const p = asPtcError(e);
      if (p !== null) out.push(problemOfError(p.toInfo()));
    }
  }
  const own = definedNames(forms);
  const sets = { memory: new Set(names.memory), tools: new Set(names.tools), data: new Set(names.data) };
  for (const ref of refs) {
    if (out.length >= MAX_PROBLEMS) break;
    const p = checkRef(ref, own, sets);
    if (p !== null) out.push(p);
  }
  return out.sort((a, b) => (a.range?.line ?? 0) - (b.range?.line ?? 0) || (a.range?.column ?? 0) - (b.range?.column ?? 0));
}

/** A problem's one line, as the editor's marker says it. */
export function diagnosticText(p: Problem): string {
  return problem(p.origin, '', p.code, p.message, p.hint !== undefined ? { hint: p.hint } : {}).text;
}
