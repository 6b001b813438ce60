// Helpers for the App tests: waiting for the default example, and a client whose engine answers
// after a delay (so Stop can land while a run is under way).
import { render, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { EngineClient } from '../../src/ui/engine/client.ts';
import { App } from '../../src/ui/App.tsx';
import { PlaygroundProvider } from '../../src/ui/state/playground.tsx';
import { PlaygroundController } from '../../src/ui/state/controller.ts';
import { createPlaygroundStore } from '../../src/ui/state/store.ts';
import type { Engine } from '../../src/worker/engine.ts';
import { fakeWorkers } from './fake-worker.ts';
import type { Harness } from './harness.tsx';

/** jsdom has no ResizeObserver; the resizable panels need one (layout itself is not measured here). */
class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = NoResizeObserver;
  (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = NoResizeObserver;
}

/** Waits until the App has opened its default example. */
export async function waitForDefaultExample(): Promise<void> {
  await waitFor(() => expect(screen.getByTestId('session-title').textContent).toBe('Reviews and inventory'));
  await waitFor(() => expect(screen.getByTestId('compressed-user')).toBeTruthy());
}

/**
 * Renders the App with an in-process engine that answers every call after `delayMs`, except the
 * methods named in `neverAnswer` (a runaway program: only a restart ends them); `gate(name, n)` a
 * promise: the n-th call of that name starts its delay once the test settles it. `engines` lists the
 * workers made, the first and each one a restart made.
 */
export function renderSlowApp(
  delayMs: number,
  { neverAnswer = [], gate = () => undefined }: { neverAnswer?: readonly string[]; gate?: (name: string, n: number) => Promise<void> | undefined } = {},
): Harness & { engines: Engine[] } {
  const fake = fakeWorkers({
    delay: () => delayMs,
    gate,
    never: (name) => neverAnswer.includes(name),
  });
  const client = new EngineClient({ createWorker: fake.createWorker });
  const engines = fake.engines;
  const store = createPlaygroundStore();
  const controller = new PlaygroundController({ client, store });
  const result = render(
    <PlaygroundProvider controller={controller}>
      <App />
    </PlaygroundProvider>,
  );
  return { ...result, store, client, controller, engines };
}

// In jsdom every element measures 0×0 at the origin, so the panels' separators claim every pointer
// press (and take the focus). Editors are focused directly, then typed into.
export async function typeInto(user: UserEvent, el: HTMLElement, text: string): Promise<void> {
  el.focus();
  await user.type(el, text, { skipClick: true });
}

export async function pasteInto(user: UserEvent, el: HTMLElement, text: string): Promise<void> {
  el.focus();
  await user.paste(text);
}

export async function clearEditor(user: UserEvent, el: HTMLElement): Promise<void> {
  el.focus();
  await user.clear(el);
}
