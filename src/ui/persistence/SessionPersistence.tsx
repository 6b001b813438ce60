// Local persistence in the app: <PersistenceProvider> (in main.tsx) says where sessions are saved;
// <SessionPersistence> (in App, mounted once) restores the last session on load, runs autosave while
// the page lives, saves at once when the page is hidden, and gives the sessions menu its controller.
// Without a provider nothing is saved and the default example opens, as before persistence existed.
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useController } from '../state/playground.tsx';
import { sessionStorageMemory, startup, type TabMemory } from './restore.ts';
import { SessionSync } from './session-sync.ts';
import { broadcastSessionChannel, type SessionChannel } from './channel.ts';
import { newId, type SessionStore } from './session-store.ts';

export interface PersistenceConfig {
  sessions: SessionStore;
  /** Makes this tab's channel to the other tabs (default: a BroadcastChannel). */
  channel?: () => SessionChannel | null;
  /** Remembers this tab's open session across reloads (default: sessionStorage). */
  tabMemory?: TabMemory | null;
  tabId?: string;
  /** The autosave pause (default 500 ms). */
  delayMs?: number;
}

const ConfigContext = createContext<PersistenceConfig | null>(null);

export function PersistenceProvider({ children, ...config }: PersistenceConfig & { children: ReactNode }) {
  const { sessions, channel, tabMemory, tabId, delayMs } = config;
  const value = useMemo(() => ({ sessions, channel, tabMemory, tabId, delayMs }), [sessions, channel, tabMemory, tabId, delayMs]);
  return <ConfigContext.Provider value={value}>{children}</ConfigContext.Provider>;
}

/** `off`: no provider; `starting`: looking for the last session; `on`: autosaving; `unavailable`: storage refused. */
export type PersistenceStatus = 'off' | 'starting' | 'on' | 'unavailable';

export interface PersistenceContextValue {
  sync: SessionSync | null;
  status: PersistenceStatus;
  /** Why storage is unavailable. */
  reason: string | null;
}

const SyncContext = createContext<PersistenceContextValue>({ sync: null, status: 'off', reason: null });

export function useSessionPersistence(): PersistenceContextValue {
  return useContext(SyncContext);
}

export function SessionPersistence({ children, opening }: { children: ReactNode; opening?: () => Promise<boolean> }) {
  const config = useContext(ConfigContext);
  const controller = useController();
  const store = controller.store;
  const [sync, setSync] = useState<SessionSync | null>(null);
  const [status, setStatus] = useState<PersistenceStatus>(config ? 'starting' : 'off');
  const [reason, setReason] = useState<string | null>(null);
  const syncRef = useRef<SessionSync | null>(null);
  const unavailable = useRef(false);
  const latest = useRef({ opening });
  latest.current = { opening };
  const tabId = useMemo(() => config?.tabId ?? newId(), [config]);
  const tabMemory = useMemo(() => (config ? (config.tabMemory === undefined ? sessionStorageMemory() : config.tabMemory) : null), [config]);

  // The controller lives as long as the page (StrictMode mounts it twice: the first is disposed).
  useEffect(() => {
    if (!config) return;
    const s = new SessionSync({
      sessions: config.sessions,
      playground: store,
      tabId,
      channel: (config.channel ?? broadcastSessionChannel)(),
      tabMemory,
      ...(config.delayMs !== undefined ? { delayMs: config.delayMs } : {}),
    });
    if (unavailable.current) s.disable();
    s.start();
    syncRef.current = s;
    setSync(s);
    const hidden = () => {
      void s.flush();
      // Edits still waiting for their pause reach the engine, then their text is saved too.
      void controller.lane.flush().then(() => s.flush());
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hidden();
    };
    window.addEventListener('pagehide', hidden);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', hidden);
      document.removeEventListener('visibilitychange', onVisibility);
      s.dispose();
      if (syncRef.current === s) syncRef.current = null;
    };
  }, [config, controller, store, tabId, tabMemory]);

  // What the page opens first, once per mount.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || store.getState().view !== null) return;
    started.current = true;
    void startup({
      store,
      sessions: config?.sessions ?? null,
      tabMemory,
      open: (text) => controller.open(text),
      openSaved: ({ text, record }) => controller.openSaved(text, record),
      opening: () => latest.current.opening?.() ?? Promise.resolve(false),
      onUnavailable: (why) => {
        unavailable.current = true;
        syncRef.current?.disable();
        setReason(why);
        setStatus('unavailable');
      },
    }).then(() => {
      if (!unavailable.current && config) setStatus('on');
    });
    // Runs once per mount; `opening` is read through `latest`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const value = useMemo(() => ({ sync, status, reason }), [sync, status, reason]);
  return <SyncContext.Provider value={value}>{children}</SyncContext.Provider>;
}
