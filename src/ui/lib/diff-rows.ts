// The effective SYSTEM prompt against the default, line by line (`diff`'s line diff), with long runs
// of unchanged lines folded to a few lines of context around each change.
import { diffLines } from 'diff';

export type DiffRow = { readonly kind: 'added' | 'removed' | 'same'; readonly text: string } | { readonly kind: 'fold'; readonly count: number };

export interface PromptDiff {
  readonly rows: readonly DiffRow[];
  readonly added: number;
  readonly removed: number;
}

function linesOf(value: string): string[] {
  const lines = value.split('\n');
  // A chunk ending in a newline does not start another line.
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function promptDiff(before: string, after: string, context = 2): PromptDiff {
  const flat: { kind: 'added' | 'removed' | 'same'; text: string }[] = [];
  // Both end in a newline, so a last line without one does not read as changed when text follows it.
  for (const change of diffLines(`${before}\n`, `${after}\n`)) {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    for (const text of linesOf(change.value)) flat.push({ kind, text });
  }
  const added = flat.filter((r) => r.kind === 'added').length;
  const removed = flat.filter((r) => r.kind === 'removed').length;
  // Keep every changed line and `context` unchanged lines on each side of it; fold the rest.
  const keep = flat.map((r) => r.kind !== 'same');
  flat.forEach((r, i) => {
    if (r.kind === 'same') return;
    for (let j = Math.max(0, i - context); j <= Math.min(flat.length - 1, i + context); j++) keep[j] = true;
  });
  const rows: DiffRow[] = [];
  let folded = 0;
  flat.forEach((r, i) => {
    if (keep[i]) {
      if (folded > 0) rows.push({ kind: 'fold', count: folded });
      folded = 0;
      rows.push(r);
    } else folded++;
  });
  if (folded > 0) rows.push({ kind: 'fold', count: folded });
  return { rows, added, removed };
}
