// The branch comparison as a query over the controller's `compareBranches` (fork, open and remove
// are the controller's own actions).
import { useQuery } from '@tanstack/react-query';
import type { BranchSide } from '../../../worker/branch-ops.ts';
import { useController } from '../../state/playground.tsx';

export type { BranchOutcome } from '../../state/controller.ts';

/** Two branches side by side; `revision` changes whenever the tree or the open turns do. */
export function useBranchComparison(a: string, b: string, revision: string) {
  const c = useController();
  return useQuery({
    queryKey: ['branch-compare', a, b, revision],
    // Another pair keeps the table (and the focus in its selects) until the new one is there.
    placeholderData: (previous) => previous,
    queryFn: (): Promise<[BranchSide | null, BranchSide | null]> => c.compareBranches(a, b),
  });
}
