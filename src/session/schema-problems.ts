// The problems a session file's fields can have, by path: zod's issues worded for people and turned
// into `Problem`s, and the checks across array elements (duplicate names, turn numbers) that run on
// the raw JSON so they are found even when other fields are wrong.
import type * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { problem, type Problem } from '../lisp/problem.ts';
import { formatPath, type PathSegment } from './value-codec.ts';

export const API_KEY_MESSAGE = 'API keys are never stored in session files; remove this field and give the key to the app (or the environment) instead';

/** A JSON value named for a message: its kind, and a short excerpt of a scalar. */
export function describeJson(x: unknown): string {
  if (x === null) return 'null';
  if (Array.isArray(x)) return 'an array';
  if (typeof x === 'object') return 'an object';
  if (x === undefined) return 'nothing';
  const s = JSON.stringify(x) ?? String(x);
  return `${typeof x} ${s.length > 40 ? s.slice(0, 40) + '…' : s}`;
}

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** zod's English messages, for the issues errorMap leaves to them (zod/mini sets no locale of its own). */
const english = en().localeError;

/** Per-parse messages: plainer than zod's defaults and naming what was found. */
export const errorMap: z.core.$ZodErrorMap = (iss) => {
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined) return 'required';
      return `expected ${EXPECTED[iss.expected] ?? iss.expected}, got ${describeJson(iss.input)}`;
    case 'too_small':
      if (iss.origin === 'number') return `must be at least ${String(iss.minimum)}, got ${describeJson(iss.input)}`;
      return english(iss);
    case 'too_big':
      if (iss.origin === 'number') return `must be at most ${String(iss.maximum)}, got ${describeJson(iss.input)}`;
      return english(iss);
    case 'invalid_value':
      return `expected ${iss.values.map((v) => JSON.stringify(v)).join(' or ')}, got ${describeJson(iss.input)}`;
    default:
      return english(iss);
  }
};

function where(path: readonly PathSegment[]): string {
  return path.length === 0 ? 'session' : formatPath(path);
}

/** A problem of the file's fields, by path. */
export function fieldProblem(path: string, code: string, message: string): Problem {
  return problem('session', path, code, message);
}

/** What a zod issue is, as a problem code. */
function codeOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      // The issue no longer holds its input; errorMap wrote "required" for an absent one.
      return issue.message === 'required' ? 'missing_field' : 'invalid_type';
    case 'too_small':
    case 'too_big':
      return 'out_of_range';
    case 'invalid_value':
    case 'invalid_union':
      return 'invalid_value';
    default:
      return 'invalid_field';
  }
}

export function issueProblems(issue: z.core.$ZodIssue, base: readonly PathSegment[], out: Problem[]): void {
  const path = [...base, ...issue.path.filter((p): p is PathSegment => typeof p !== 'symbol')];
  if (issue.code === 'unrecognized_keys') {
    for (const key of issue.keys)
      out.push(fieldProblem(where([...path, key]), key === 'apiKey' ? 'api_key' : 'unknown_field', key === 'apiKey' ? API_KEY_MESSAGE : 'unknown field'));
    return;
  }
  if (issue.code === 'invalid_union') {
    // When exactly one alternative is of the right kind (its problems lie inside it), report those.
    const inside = issue.errors.filter((alt) => !alt.some((i) => i.path.length === 0 && (i.code === 'invalid_type' || i.code === 'invalid_value')));
    if (inside.length === 1) {
      for (const i of inside[0]) issueProblems(i, path, out);
      return;
    }
  }
  out.push(fieldProblem(where(path), codeOf(issue), issue.message));
}

// ---------------------------------------------------------------------------------------------
// Checks across array elements, made on the raw JSON so they run even when other fields are wrong.

function field(x: unknown, key: string): unknown {
  return x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>)[key] : undefined;
}

function duplicates(items: unknown, key: string, arrayPath: readonly PathSegment[], what: string): Problem[] {
  if (!Array.isArray(items)) return [];
  const out: Problem[] = [];
  const first = new Map<string, number>();
  items.forEach((item, i) => {
    const name = field(item, key);
    if (typeof name !== 'string') return;
    const j = first.get(name);
    if (j === undefined) first.set(name, i);
    else out.push(fieldProblem(formatPath([...arrayPath, i, key]), 'duplicate', `duplicate ${what} "${name}" (also ${formatPath([...arrayPath, j, key])})`));
  });
  return out;
}

export function crossChecks(raw: unknown): Problem[] {
  const out = duplicates(field(raw, 'tools'), 'name', ['tools'], 'tool name');
  out.push(...duplicates(field(raw, 'mcpServers'), 'name', ['mcpServers'], 'server name'));
  const turns = field(raw, 'turns');
  if (Array.isArray(turns)) {
    turns.forEach((t, i) => {
      const n = field(t, 'number');
      if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n !== i + 1) {
        out.push(fieldProblem(formatPath(['turns', i, 'number']), 'invalid_value', `expected ${i + 1}, got ${n} (turns are numbered 1, 2, 3… in order)`));
      }
      out.push(...duplicates(field(t, 'memory'), 'name', ['turns', i, 'memory'], 'definition'));
    });
  }
  return out;
}
