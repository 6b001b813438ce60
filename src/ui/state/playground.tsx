// Wiring of the playground: one controller (store, engine client, actions) and one react-query client
// per app, and the hooks views use.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { View } from '../../worker/engine.ts';
import { EngineRestarted, type EngineClient } from '../engine/client.ts';
import type { KeyStore } from '../persistence/keys.ts';
import { PlaygroundController } from './controller.ts';
import type { PlaygroundActions, PlaygroundState, PlaygroundStore } from './store.ts';

const ControllerContext = createContext<PlaygroundController | null>(null);

/**
 * Gives the app its controller: `controller` when given (tests drive it), else one made here once
 * from `client` (and `store`, `keys` when given).
 */
export function PlaygroundProvider({
  controller,
  client,
  store,
  keys,
  queryClient,
  children,
}: {
  controller?: PlaygroundController;
  client?: EngineClient;
  store?: PlaygroundStore;
  keys?: KeyStore;
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const [owner] = useState(() => {
    if (controller) return controller;
    if (!client) throw new Error('PlaygroundProvider needs a controller or an engine client');
    return new PlaygroundController({ client, store, keys });
  });
  useEffect(() => owner.attach(), [owner]);
  const qc = useRef(queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } }));
  return (
    <QueryClientProvider client={qc.current}>
      <ControllerContext.Provider value={owner}>{children}</ControllerContext.Provider>
    </QueryClientProvider>
  );
}

/** The page's controller: its actions, its store, its engine client. */
export function useController(): PlaygroundController {
  const ctx = useContext(ControllerContext);
  if (!ctx) throw new Error('useController must be used inside <PlaygroundProvider>');
  return ctx;
}

/** True when two views have the same definition's part (the same objects: the page keeps them). */
function sameDefinitionPart(a: View, b: View): boolean {
  return a.setup === b.setup;
}

/**
 * The open view, for panels that show the definition alone (mission, tools, data, prompt, LLM): it
 * changes only when the definition's part does, so a Step or a turn switch does not render them again.
 * Only the definition's part of it (`setup`) is current.
 */
export function useDefinitionView(): View | null {
  const kept = useRef<View | null>(null);
  return useStore(useController().store, (s) => {
    const view = s.view;
    if (view === null || kept.current === null || !sameDefinitionPart(view, kept.current)) kept.current = view;
    return kept.current;
  });
}

/** Reads from the store; re-renders when the selected part changes. */
export function usePlayground<T>(selector: (s: PlaygroundState & PlaygroundActions) => T): T {
  return useStore(useController().store, selector);
}

export function usePlaygroundStore(): PlaygroundStore {
  return useController().store;
}

/** Token counts of the given texts, counted in the worker; the tokenizer loads on first use. */
export function useTokenCounts(texts: readonly string[] | null) {
  const { tokens } = useController();
  return useQuery({
    queryKey: ['tokens', texts],
    enabled: texts !== null,
    queryFn: () => tokens.count(texts ?? []),
    // A count cut by a restart of the worker is asked again of the new one (counting changes nothing).
    retry: (failures, error) => error instanceof EngineRestarted && failures < 3,
  });
}
