// The API key of one endpoint (provider + base URL): a password field, where it is kept ("this page
// only" or "remember in this browser"), and "Forget key". The key goes to the key store only.
import { useId, useState, useSyncExternalStore } from 'react';
import type { Endpoint } from '../../lib/endpoint.ts';
import { useController } from '../../state/playground.tsx';
import { HINT, INPUT, LABEL } from '../../components/panel.tsx';
import { keyRequired } from '../../lib/endpoint.ts';
import { SMALL_BUTTON } from '../../components/buttons.ts';

export function ApiKeyField({ endpoint }: { endpoint: Endpoint }) {
  const { keys } = useController();
  useSyncExternalStore(keys.subscribe, keys.snapshot);
  const ids = useId();
  const key = keys.get(endpoint);
  const remembered = keys.isRemembered(endpoint);
  // The choice is kept while no key is typed yet, so "remember" can be chosen first. (The parent
  // mounts one field per endpoint, so it starts again for another endpoint.)
  const [remember, setRemember] = useState(remembered);
  const required = keyRequired(endpoint);

  const choose = (next: boolean) => {
    setRemember(next);
    keys.setRemember(endpoint, next);
  };

  return (
    <div className="flex flex-col gap-1" data-testid="llm-key-section">
      <label htmlFor={`${ids}-key`} className={LABEL}>
        API key {required ? '' : '(optional)'}
      </label>
      <input
        id={`${ids}-key`}
        data-testid="llm-api-key"
        type="password"
        autoComplete="off"
        spellCheck={false}
        className={`${INPUT} font-mono`}
        placeholder={required ? 'needed before Step' : 'a local server may take none'}
        aria-describedby={`${ids}-key-hint`}
        value={key}
        onChange={(e) => keys.set(endpoint, e.target.value, remember)}
      />
      <p id={`${ids}-key-hint`} className={HINT} data-testid="llm-key-hint">
        For {endpoint.provider === 'anthropic' ? 'Anthropic' : 'OpenAI-compatible'} at {endpoint.baseUrl} only. Sent with each request to it and nowhere else:
        never saved in the session, an export or a share link.
      </p>
      <div role="radiogroup" aria-label="Where the key is kept" className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs">
        <label className="flex items-center gap-1">
          <input type="radio" name={`${ids}-keep`} data-testid="llm-key-memory" checked={!remember} onChange={() => choose(false)} />
          this page only
        </label>
        <label className="flex items-center gap-1" title={keys.canRemember() ? undefined : 'This browser refuses localStorage here'}>
          <input
            type="radio"
            name={`${ids}-keep`}
            data-testid="llm-key-remember"
            checked={remember}
            disabled={!keys.canRemember()}
            onChange={() => choose(true)}
          />
          remember in this browser
        </label>
        {remembered && (
          <button
            type="button"
            data-testid="llm-key-forget"
            className={SMALL_BUTTON}
            title="Remove the key from this browser's storage and from this page"
            onClick={() => {
              keys.forget(endpoint);
              setRemember(false);
            }}
          >
            Forget key
          </button>
        )}
      </div>
      {remembered && (
        <p className={HINT} data-testid="llm-key-remembered">
          Remembered in this browser (localStorage) until you forget it.
        </p>
      )}
    </div>
  );
}
