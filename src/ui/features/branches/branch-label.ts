// How a list names a branch: indented by its depth in the tree, with its turns and how it ended.
import type { BranchSummary } from '../../../session/branches.ts';

export function endedText(b: Pick<BranchSummary, 'ended' | 'turns'>): string {
  if (b.ended === 'return') return 'returned';
  if (b.ended === 'fail') return 'failed';
  if (b.ended === 'out_of_turns') return 'out of turns';
  return b.turns === 0 ? 'not started' : 'running';
}

export function branchLabel(b: BranchSummary): string {
  return `${'\u00a0\u00a0'.repeat(b.depth)}${b.depth > 0 ? '└ ' : ''}${b.name} (${b.turns} turn${b.turns === 1 ? '' : 's'}, ${endedText(b)})`;
}
