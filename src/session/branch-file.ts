// Branches in a session file. Beside the open branch (the top level), `branch` names it and `branches`
// holds the others, each with its settings and only the turns it does not share with its parent:
// `shared: n` says its first n turns are its parent's first n, so a tree of forks costs each branch
// only what it did differently. A stored branch's messages are written whole except the SYSTEM text,
// which is its own prompt (it may differ from the open branch's) and is filled in when read.
import * as z from 'zod/mini';
import { SystemPrompt } from '../agent/system-prompt.ts';
import type { Turn } from '../agent/turn.ts';
import { problem, type Problem } from '../lisp/problem.ts';
import { MAIN_BRANCH, type BranchInfo, type StoredBranch } from './branch-types.ts';
import { compressionSchema, llmSchema, systemPromptSchema, turnLanguages, turnSchema, type Session } from './schema.ts';
import { CURRENT_LANGUAGE, type LanguageId } from '../agent/languages.ts';
import { errorMap, issueProblems } from './schema-problems.ts';

const id = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, { error: 'expected 1 to 40 letters, digits, - or _' }));
const name = z.string().check(z.minLength(1), z.maxLength(200));
const positive = z.number().check(z.int(), z.gte(1));

const infoSchema = z.strictObject({ id, name, parent: z.nullable(id), forkedAt: positive });

const storedSchema = z.strictObject({
  id,
  name,
  parent: z.nullable(id),
  forkedAt: positive,
  shared: z.number().check(z.int(), z.gte(0)),
  compression: compressionSchema,
  systemPrompt: z.optional(systemPromptSchema),
  llm: llmSchema,
  turns: z._default(z.array(turnSchema), []),
});

const branchesSchema = z.array(storedSchema).check(z.maxLength(200));

export type BranchRead = { ok: true; branch?: BranchInfo; branches?: readonly StoredBranch[] } | { ok: false; problems: Problem[] };

function zodProblems(result: { success: false; error: z.core.$ZodError }, base: string): Problem[] {
  const out: Problem[] = [];
  for (const issue of result.error.issues) issueProblems(issue, [base], out);
  return out;
}

/** The SYSTEM text a stored branch's turn was sent with: its language's, in the version it recorded. */
export function systemTextOf(session: Session, b: Pick<StoredBranch, 'systemPrompt'>, t: Pick<Turn, 'language' | 'promptHash'>): string {
  const mode = session.maxTurns === 1 ? 'single_shot' : 'multi_turn';
  const language = t.language ?? CURRENT_LANGUAGE;
  return SystemPrompt.generate(mode, b.systemPrompt, language, SystemPrompt.versionOf(mode, b.systemPrompt ?? {}, language, t.promptHash));
}

/**
 * Reads `branch` and `branches` of a session's JSON (the rest already decoded as `session`): every
 * stored branch gets its shared turns from its parent and its SYSTEM text from its own prompt.
 */
export function readBranches(rawBranch: unknown, rawBranches: unknown, session: Session, fileLanguage: LanguageId): BranchRead {
  if (rawBranch === undefined && rawBranches === undefined) return { ok: true };
  const info = rawBranch === undefined ? undefined : infoSchema.safeParse(rawBranch, { error: errorMap });
  const list = rawBranches === undefined ? undefined : branchesSchema.safeParse(rawBranches, { error: errorMap });
  const problems: Problem[] = [];
  if (info !== undefined && !info.success) problems.push(...zodProblems(info, 'branch'));
  if (list !== undefined && !list.success) problems.push(...zodProblems(list, 'branches'));
  if (problems.length > 0) return { ok: false, problems };
  const open: BranchInfo = info?.data ?? { id: MAIN_BRANCH, name: MAIN_BRANCH, parent: null, forkedAt: 1 };
  const stored = list?.data ?? [];
  const fail = (path: string, message: string): BranchRead => ({ ok: false, problems: [problem('session', path, 'invalid_branch', message)] });
  const ids = new Set([open.id]);
  for (const [i, b] of stored.entries()) {
    if (ids.has(b.id)) return fail(`branches[${i}].id`, `"${b.id}" names two branches`);
    ids.add(b.id);
  }
  const turnsOf = new Map<string, readonly Turn[]>([[open.id, session.turns]]);
  const done: StoredBranch[] = [];
  // Parents before children; a pass that resolves nothing means a missing parent or a cycle.
  const remaining = new Map(stored.map((b, i) => [b.id, { b, i }]));
  while (remaining.size > 0) {
    let resolved = 0;
    for (const [key, { b, i }] of remaining) {
      if (b.parent !== null && !turnsOf.has(b.parent)) continue;
      const parentTurns = b.parent === null ? [] : (turnsOf.get(b.parent) ?? []);
      if (b.shared > parentTurns.length) return fail(`branches[${i}].shared`, `${b.shared} turns shared, but its parent has ${parentTurns.length}`);
      if (b.shared > b.forkedAt - 1) return fail(`branches[${i}].shared`, `more turns shared (${b.shared}) than it kept (${b.forkedAt - 1})`);
      const own = turnLanguages(b.turns, fileLanguage).map((t) => ({
        ...t,
        messages: t.messages.map((m) => (m.role === 'system' && m.content === '' ? { ...m, content: systemTextOf(session, b, t) } : m)),
      }));
      const turns = [...parentTurns.slice(0, b.shared), ...own];
      if (turns.some((t, k) => t.number !== k + 1)) return fail(`branches[${i}].turns`, 'turn numbers must follow the shared turns: 1, 2, 3…');
      turnsOf.set(b.id, turns);
      const { shared: _shared, systemPrompt, ...rest } = b;
      done.push({ ...rest, ...(systemPrompt !== undefined ? { systemPrompt } : {}), turns });
      remaining.delete(key);
      resolved++;
    }
    if (resolved === 0) {
      const [{ b, i }] = remaining.values();
      return fail(`branches[${i}].parent`, b.parent !== null && !ids.has(b.parent) ? `no branch "${b.parent}"` : `"${b.id}" descends from itself`);
    }
  }
  // Kept in file order.
  done.sort((x, y) => stored.findIndex((b) => b.id === x.id) - stored.findIndex((b) => b.id === y.id));
  return { ok: true, ...(info !== undefined ? { branch: open } : {}), ...(stored.length > 0 ? { branches: done } : {}) };
}

/** How many of `turns` are the very turn objects `parent` starts with (what a fork shares). */
export function sharedCount(turns: readonly Turn[], parent: readonly Turn[], limit: number): number {
  let n = 0;
  while (n < limit && n < turns.length && n < parent.length && turns[n] === parent[n]) n++;
  return n;
}
