// The branch actions (fork, open, remove, compare), made as Reset is: after the edits sent so far, in
// the turn queue, refused unless Step/Run is idle; the engine answers with the new branch's view.
import { useMutation, useQuery } from '@tanstack/react-query';
import type { BranchSide, ForkRequest } from '../../../worker/branch-ops.ts';
import type { BranchResult } from '../../engine/synced-api.ts';
import { enqueueTurn, sendWaitingEdits } from '../../state/pending-edits.ts';
import { useEngineActions, useEngineClient, usePlaygroundStore } from '../../state/playground.tsx';
import { resetBlocker } from '../../state/run-machine.ts';

/** How a branch action ended: the errors say why it was refused (none when the engine did not answer). */
export interface BranchOutcome {
  readonly ok: boolean;
  readonly errors: readonly string[];
}

export function useBranchActions() {
  const store = usePlaygroundStore();
  const client = useEngineClient();
  const { guarded, accept } = useEngineActions();
  const s = store.getState;

  const branchOp = async (call: () => Promise<BranchResult>): Promise<BranchOutcome> => {
    // A branch replaces the open turns: not while a Step or Run is making them.
    const blocker = resetBlocker(s().machine);
    if (blocker !== null) return { ok: false, errors: [blocker] };
    sendWaitingEdits(store);
    const r = await enqueueTurn(store, () => guarded(call));
    if (!r) return { ok: false, errors: [] };
    if (!r.ok) return { ok: false, errors: r.errors };
    // Another branch is another run: the UI state of the one left goes with it.
    s().select(null);
    s().setStrategy(null);
    s().setNotice(null);
    s().setLlmFailure(null);
    s().forgetRepl("Another branch was opened: the REPL's definitions were cleared.");
    accept(r.view);
    s().resetReply();
    return { ok: true, errors: [] };
  };

  const fork = useMutation({ mutationFn: (request: ForkRequest) => branchOp(() => client.call('fork', [request])) });
  const checkout = useMutation({ mutationFn: (id: string) => branchOp(() => client.call('checkoutBranch', [id])) });
  const remove = useMutation({ mutationFn: (id: string) => branchOp(() => client.call('removeBranch', [id])) });
  return { fork, checkout, remove };
}

/** Two branches side by side; `revision` changes whenever the tree or the open turns do. */
export function useBranchComparison(a: string, b: string, revision: string) {
  const client = useEngineClient();
  const { guarded } = useEngineActions();
  return useQuery({
    queryKey: ['branch-compare', a, b, revision],
    // Another pair keeps the table (and the focus in its selects) until the new one is there.
    placeholderData: (previous) => previous,
    queryFn: async (): Promise<[BranchSide | null, BranchSide | null]> => (await guarded(() => client.call('compareBranches', [a, b]))) ?? [null, null],
  });
}
