// Component tests: the real engine in-process behind a fake worker, the real store and providers.
import { render, type RenderResult } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactElement } from 'react';
import { EngineClient, type EngineRemote } from '../../src/ui/engine/client.ts';
import { PlaygroundProvider } from '../../src/ui/state/playground.tsx';
import { PlaygroundController } from '../../src/ui/state/controller.ts';
import { createPlaygroundStore, type PlaygroundStore } from '../../src/ui/state/store.ts';
import { Engine } from '../../src/worker/engine.ts';
import { PageApi } from '../../src/worker/page-api.ts';
import type { View } from '../../src/worker/engine.ts';
import { sessionTextOf } from '../../src/ui/engine/session-text.ts';

export function exampleText(name: string): string {
  return readFileSync(join(__dirname, '..', '..', 'examples', name), 'utf8');
}

/**
 * An EngineClient whose "worker" is an Engine in this process (calls still resolve asynchronously);
 * `makeEngine` makes each worker's (one with MCP servers of the test's own).
 */
export function inProcessClient(makeEngine: () => Engine = () => new Engine()): { client: EngineClient; engines: Engine[] } {
  const engines: Engine[] = [];
  const client = new EngineClient({
    createWorker: () => {
      const engine = makeEngine();
      // The worker's side of the page's calls: views cross as patches, as in the browser.
      const host = new PageApi(engine);
      engines.push(engine);
      const api = new Proxy(
        {},
        {
          get:
            (_t, name: string) =>
            (...args: unknown[]) =>
              Promise.resolve().then(() => (host as unknown as Record<string, (...a: unknown[]) => unknown>)[name](...args)),
        },
      ) as unknown as EngineRemote;
      return { worker: { terminate: () => undefined }, api };
    },
  });
  return { client, engines };
}

export interface Harness extends RenderResult {
  store: PlaygroundStore;
  client: EngineClient;
  /** The page's controller: the tests call its actions as the controls do. */
  controller: PlaygroundController;
}

export function renderWithPlayground(ui: ReactElement, makeEngine?: () => Engine): Harness {
  const { client } = inProcessClient(makeEngine);
  const store = createPlaygroundStore();
  const controller = new PlaygroundController({ client, store });
  const result = render(<PlaygroundProvider controller={controller}>{ui}</PlaygroundProvider>);
  return { ...result, store, client, controller };
}

/** Puts a share fragment in the page's address (null: none), as opening a link does. */
export function setHash(fragment: string | null): void {
  history.replaceState(null, '', fragment === null ? '/' : `/#${fragment}`);
}

/** The session file's text of a view from the store (joined from its pieces, as autosave does). */
export function textOf(view: View | null): string | null {
  return view ? sessionTextOf(view) : null;
}

/**
 * Catches the downloads the page starts (a Blob URL clicked on an `<a download>`) instead of letting
 * jsdom try them: the blobs and file names in order; `restore` puts the browser's functions back.
 */
export function captureDownloads(): { blobs: Blob[]; names: string[]; restore: () => void } {
  const blobs: Blob[] = [];
  const names: string[] = [];
  const originalCreate = URL.createObjectURL;
  const originalRevoke = URL.revokeObjectURL;
  const originalClick = HTMLAnchorElement.prototype.click;
  URL.createObjectURL = (b: Blob | MediaSource) => {
    blobs.push(b as Blob);
    return 'blob:test';
  };
  URL.revokeObjectURL = () => undefined;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    names.push(this.download);
  };
  return {
    blobs,
    names,
    restore: () => {
      URL.createObjectURL = originalCreate;
      URL.revokeObjectURL = originalRevoke;
      HTMLAnchorElement.prototype.click = originalClick;
    },
  };
}
