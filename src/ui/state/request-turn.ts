// One turn asked of a real LLM: confirm a base URL that came from outside, check the key, stream the
// reply into the reply editor, then let the engine make the turn. The request runs without the
// program watchdog (the provider's own timeout bounds it); only applying the reply runs a program.
import { proxy } from 'comlink';
import type { View, ViewOptions } from '../../worker/engine.ts';
import type { EngineClient } from '../engine/client.ts';
import type { KeyStore } from '../persistence/keys.ts';
import type { PlaygroundStore } from './store.ts';
import type { Clock } from './clock.ts';
import { needsConfirmation } from './confirmed-urls.ts';
import { endpointOf, keyRequired, providerLabel } from '../lib/endpoint.ts';

export interface RequestTurnDeps {
  store: PlaygroundStore;
  client: EngineClient;
  keys: KeyStore;
  /** Runs an engine call of the turn (counted by the run machine) with restart handling; undefined when it did not answer. */
  guarded: <T>(fn: () => Promise<T>) => Promise<T | undefined>;
  /** Takes a view that changed the session (remembered for a restart). */
  accept: (view: View) => void;
  /** The strategy the page shows (views are made with it). */
  viewOptions: () => ViewOptions;
  /** Times the stream's flushes. */
  clock: Clock;
}

/** Streamed text reaches the store at most this often (each piece re-renders the editor). */
const STREAM_FLUSH_MS = 40;

/** Asks the session's real LLM for the next turn and applies the reply; true when the run goes on. */
export async function requestTurn(deps: RequestTurnDeps): Promise<boolean> {
  const s = deps.store.getState;
  const view = s().view;
  const endpoint = view ? endpointOf(view.setup.definition.llm) : null;
  if (!view || !endpoint) return false;
  const turn = view.turns.length + 1;
  const mode = s().machine.phase === 'running' ? 'run' : 'step';

  if (needsConfirmation(s().unconfirmedBaseUrl, view.setup.definition.llm.baseUrl)) {
    s().setConfirming({ baseUrl: endpoint.baseUrl, then: mode });
    return false;
  }
  const key = deps.keys.get(endpoint);
  if (key === '' && keyRequired(endpoint)) {
    s().setNotice({
      kind: 'error',
      text: `No API key for ${providerLabel(endpoint.provider)} at ${endpoint.baseUrl}: enter one under "API key" in the LLM panel. Nothing was sent.`,
    });
    return false;
  }

  s().setNotice(null);
  s().setLlmFailure(null);
  s().setLlmReply('');
  s().setLlmCall({ turn, phase: 'waiting' });
  let latest: string | null = null;
  let timer: unknown;
  const flush = () => {
    timer = undefined;
    if (latest !== null && s().llmCall !== null) {
      s().setLlmReply(latest);
      s().setLlmCall({ turn, phase: 'receiving' });
    }
  };
  const onText = (textSoFar: string) => {
    latest = textSoFar;
    timer ??= deps.clock.setTimeout(flush, STREAM_FLUSH_MS);
  };

  let result;
  try {
    // The key goes to this one request for this endpoint, and nowhere else.
    result = await deps.guarded(() => deps.client.call('requestReply', [key, proxy(onText)]));
  } finally {
    if (timer !== undefined) deps.clock.clearTimeout(timer);
    s().setLlmCall(null);
  }
  if (!result) return false;
  if (!result.ok) {
    s().select(null);
    deps.accept(result.view);
    // The failure's view is made with the session's strategy; the page may show another.
    if (deps.viewOptions().strategy !== undefined) {
      const shown = await deps.guarded(() => deps.client.call('view', [deps.viewOptions()]));
      if (shown) s().setView(shown);
    }
    s().setLlmReply(result.partialText ?? '');
    const { kind, message } = result.error;
    s().setLlmFailure({ turn, kind, message, retry: mode });
    s().setNotice(
      kind === 'aborted'
        ? { kind: 'info', text: `Stopped the request for turn ${turn}: what had arrived is in the reply editor. Retry or Step asks again.` }
        : { kind: 'error', text: `The LLM request for turn ${turn} failed (${kind}): ${message}` },
    );
    return false;
  }

  s().setLlmReply(result.reply);
  const applied = await deps.guarded(() => deps.client.call('applyRequested', [deps.viewOptions()]));
  if (!applied) return false;
  s().select(null);
  if (!applied.ok) {
    s().setNotice({ kind: applied.stopped === true ? 'info' : 'error', text: applied.error });
    s().setView(applied.view);
    return false;
  }
  s().setNotice(null);
  deps.accept(applied.view);
  return applied.view.status === 'running';
}
