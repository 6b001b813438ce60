// Helpers for the LLM tests in jsdom: the App with the real engine in-process (its providers call the
// fake servers on 127.0.0.1 through Node's fetch), its own key store, and the actions within reach.
import { act, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { App } from '../../src/ui/App.tsx';
import { KeyStore, type KeyStorage } from '../../src/ui/persistence/keys.ts';
import { PlaygroundProvider } from '../../src/ui/state/playground.tsx';
import { PlaygroundController } from '../../src/ui/state/controller.ts';
import { createPlaygroundStore, type PlaygroundStore } from '../../src/ui/state/store.ts';
import type { Engine, LlmDefinition, View } from '../../src/worker/engine.ts';
import type { EngineClient } from '../../src/ui/engine/client.ts';
import { waitForDefaultExample } from './app-helpers.tsx';
import { exampleText, inProcessClient } from './harness.tsx';

export const KEY = 'sk-test-LEAKCHECK-1234';

/** The example's own scripted replies: real programs for the fake servers to send back. */
export function exampleReplies(name = 'reviews-and-inventory.json'): string[] {
  return (JSON.parse(exampleText(name)) as { llm: { replies: string[] } }).llm.replies;
}

/** A Storage in memory, to look into what the key store wrote. */
export function memoryStorage(): KeyStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
}

export interface LlmApp {
  store: PlaygroundStore;
  client: EngineClient;
  engines: Engine[];
  keys: KeyStore;
  storage: ReturnType<typeof memoryStorage>;
  controller: PlaygroundController;
  view: () => View;
}

/** Renders the App; by default waits for the default example to open. */
export async function renderLlmApp(options: { waitForExample?: boolean; storage?: ReturnType<typeof memoryStorage> } = {}): Promise<LlmApp> {
  const { client, engines } = inProcessClient();
  const store = createPlaygroundStore();
  const storage = options.storage ?? memoryStorage();
  const keys = new KeyStore(storage);
  const controller = new PlaygroundController({ client, store, keys });
  render(
    <PlaygroundProvider controller={controller}>
      <App />
    </PlaygroundProvider>,
  );
  if (options.waitForExample !== false) await waitForDefaultExample();
  const view = (): View => {
    const v = store.getState().view;
    if (!v) throw new Error('no view');
    return v;
  };
  return { store, client, engines, keys, storage, controller, view };
}

/** Points the open session at a real provider (as the LLM panel would save it). */
export async function configureLlm(app: LlmApp, llm: Partial<LlmDefinition> & { provider: string }): Promise<void> {
  await act(async () => {
    const definition = app.view().setup.definition;
    const r = await app.controller.setDefinition({ ...definition, llm: { replies: definition.llm.replies, requestTimeoutMs: 10_000, ...llm } });
    expect(r.problems).toEqual([]);
  });
}

export const testId = (id: string) => screen.getByTestId(id);
export const button = (id: string) => screen.getByTestId(id) as HTMLButtonElement;
export const replyText = () => (screen.getByTestId('next-reply') as HTMLTextAreaElement).value;
