// Two branches' turns aligned by number: a turn both have from the same branch of the tree (made
// before they parted) is shown once, as shared; the rest side by side.
import type { BranchSummary } from '../../../session/branches.ts';
import type { BranchSide, BranchTurnView } from '../../../worker/branch-ops.ts';

export type CompareRow =
  | { readonly kind: 'shared'; readonly number: number; readonly turn: BranchTurnView }
  | { readonly kind: 'apart'; readonly number: number; readonly a?: BranchTurnView; readonly b?: BranchTurnView };

type Tree = ReadonlyMap<string, Pick<BranchSummary, 'parent' | 'forkedAt'>>;

/** The branch turn `n` of branch `id` was made in: its own from its fork on, else its parent's. */
function origin(tree: Tree, id: string, n: number): string {
  let at = id;
  for (let guard = 0; guard <= tree.size; guard++) {
    const b = tree.get(at);
    if (b === undefined || b.parent === null || n >= b.forkedAt || !tree.has(b.parent)) return at;
    at = b.parent;
  }
  return at;
}

/** The same turn: a parent reset after the fork keeps its number but not its turns. */
function sameTurn(x: BranchTurnView, y: BranchTurnView): boolean {
  return x.program === y.program && x.outcome === y.outcome && x.success === y.success;
}

export function compareRows(a: BranchSide, b: BranchSide, branches: readonly BranchSummary[]): CompareRow[] {
  const tree: Tree = new Map(branches.map((x) => [x.id, x]));
  const rows: CompareRow[] = [];
  const last = Math.max(a.turns.length, b.turns.length);
  for (let i = 0; i < last; i++) {
    const ta = a.turns[i] as BranchTurnView | undefined;
    const tb = b.turns[i] as BranchTurnView | undefined;
    const n = ta?.number ?? tb?.number ?? i + 1;
    const shared = ta !== undefined && tb !== undefined && origin(tree, a.id, n) === origin(tree, b.id, n) && sameTurn(ta, tb);
    rows.push(shared ? { kind: 'shared', number: n, turn: ta } : { kind: 'apart', number: n, ...(ta ? { a: ta } : {}), ...(tb ? { b: tb } : {}) });
  }
  return rows;
}
