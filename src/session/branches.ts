// Working with a session's tree of branches: fork the open branch at a turn with other settings, open
// another branch, remove one, and list them all. Pure: each takes a session and gives a new one; the
// open branch is always the session's own settings and turns (branch-types.ts).
import { MAIN_BRANCH, type BranchInfo, type BranchSettings, type StoredBranch } from './branch-types.ts';
import type { Session } from './schema.ts';

export type BranchChange = Omit<Partial<BranchSettings>, 'systemPrompt'> & { readonly systemPrompt?: BranchSettings['systemPrompt'] | null };

export type BranchResult = { readonly ok: true; readonly session: Session } | { readonly ok: false; readonly error: string };

/** A branch as a list shows it. */
export interface BranchSummary extends BranchInfo {
  readonly open: boolean;
  readonly turns: number;
  /** How it ended: `return`, `fail`, `out_of_turns` (the session's maxTurns reached), or null (it can go on). */
  readonly ended: 'return' | 'fail' | 'out_of_turns' | null;
  readonly depth: number;
}

export function openBranch(session: Session): BranchInfo {
  return session.branch ?? { id: MAIN_BRANCH, name: MAIN_BRANCH, parent: null, forkedAt: 1 };
}

/** The open branch as it is kept when another one opens. */
function stored(session: Session): StoredBranch {
  return {
    ...openBranch(session),
    compression: session.compression,
    ...(session.systemPrompt !== undefined ? { systemPrompt: session.systemPrompt } : {}),
    llm: session.llm,
    turns: session.turns,
  };
}

function freshId(session: Session): string {
  const taken = new Set([openBranch(session).id, ...(session.branches ?? []).map((b) => b.id)]);
  let n = taken.size;
  while (taken.has(`b${n}`)) n++;
  return `b${n}`;
}

/**
 * A new branch of the open one that keeps its turns before `at` (1-based) and runs on with `change`;
 * the new branch is opened. `at` may be one past the last turn (go on from the end with a change).
 */
export function fork(session: Session, at: number, name: string, change: BranchChange = {}): BranchResult {
  const turns = session.turns;
  if (!Number.isInteger(at) || at < 1 || at > turns.length + 1) return { ok: false, error: `fork at a turn from 1 to ${turns.length + 1}, not ${at}` };
  const label = name.trim();
  if (label === '') return { ok: false, error: 'give the branch a name' };
  if (label.length > 200) return { ok: false, error: 'a branch name has at most 200 characters' };
  const { systemPrompt, ...rest } = change;
  const base: Session = { ...session, ...rest, branch: { id: freshId(session), name: label, parent: openBranch(session).id, forkedAt: at } };
  const { systemPrompt: _old, ...withoutPrompt } = base;
  const next: Session = systemPrompt === null ? withoutPrompt : systemPrompt !== undefined ? { ...base, systemPrompt } : base;
  return { ok: true, session: { ...next, turns: turns.slice(0, at - 1), branches: [...(session.branches ?? []), stored(session)] } };
}

/** Opens branch `id`: the open one is kept in the tree, and `id`'s settings and turns become the session's. */
export function checkout(session: Session, id: string): BranchResult {
  if (openBranch(session).id === id) return { ok: true, session };
  const target = session.branches?.find((b) => b.id === id);
  if (target === undefined) return { ok: false, error: `no branch "${id}"` };
  const { turns, compression, systemPrompt, llm, ...info } = target;
  const others = [...(session.branches ?? []).filter((b) => b.id !== id), stored(session)];
  const { systemPrompt: _old, ...withoutPrompt } = session;
  return {
    ok: true,
    session: { ...withoutPrompt, compression, ...(systemPrompt !== undefined ? { systemPrompt } : {}), llm, turns, branch: info, branches: others },
  };
}

/** Removes a branch that is not open; its children are kept, hanging from its parent. */
export function removeBranch(session: Session, id: string): BranchResult {
  if (openBranch(session).id === id) return { ok: false, error: 'the open branch cannot be removed; open another one first' };
  const target = session.branches?.find((b) => b.id === id);
  if (target === undefined) return { ok: false, error: `no branch "${id}"` };
  const branches = (session.branches ?? []).filter((b) => b.id !== id).map((b) => (b.parent === id ? { ...b, parent: target.parent } : b));
  const open = openBranch(session);
  return { ok: true, session: { ...session, branches, ...(open.parent === id ? { branch: { ...open, parent: target.parent } } : {}) } };
}

/** Every branch, the tree walked depth first from its root, children in the order they were made. */
export function branchList(session: Session): BranchSummary[] {
  const open = openBranch(session);
  const all: (BranchInfo & { turns: readonly { signal: 'return' | 'fail' | null }[]; open: boolean })[] = [
    { ...open, turns: session.turns, open: true },
    ...(session.branches ?? []).map((b) => ({ id: b.id, name: b.name, parent: b.parent, forkedAt: b.forkedAt, turns: b.turns, open: false })),
  ];
  const ids = new Set(all.map((b) => b.id));
  const out: BranchSummary[] = [];
  const visit = (parent: string | null, depth: number): void => {
    for (const b of all) {
      // A branch whose parent was lost still shows, at the top.
      const top = b.parent === null || !ids.has(b.parent);
      if ((parent === null ? !top : b.parent !== parent) || out.some((o) => o.id === b.id)) continue;
      const last = b.turns[b.turns.length - 1];
      const ended = last?.signal ?? (b.turns.length >= session.maxTurns ? 'out_of_turns' : null);
      out.push({ id: b.id, name: b.name, parent: b.parent, forkedAt: b.forkedAt, open: b.open, turns: b.turns.length, ended, depth });
      visit(b.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}
