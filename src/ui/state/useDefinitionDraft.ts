// A panel's local draft of one part of the session definition (the mission, the tools, the data…).
//
// The draft is what the person typed. It is sent to the engine after a pause (debounced), built on
// the engine's latest definition so edits from other panels are kept. The engine may reject it
// (a bad signature, a bad data name): the draft then stays as typed, with the engine's reasons, so
// nothing is lost. When the engine's part changes for another reason (another session was opened),
// the draft follows it — unless this panel has an edit pending, whose own echo that change is.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SessionDefinition } from '../../worker/engine.ts';
import { useController } from './playground.tsx';
import { afterPaint } from '../components/after-paint.ts';
import type { Problem } from '../lib/problems.ts';

export const EDIT_DELAY_MS = 400;

export type WriteResult = { ok: true; definition: SessionDefinition } | { ok: false; problems: Problem[] };

export interface DraftSpec<D> {
  /** This part of the engine's definition, as a draft. */
  read: (def: SessionDefinition) => D;
  /** The definition with the draft in it, or the local reasons it cannot be sent (nothing is sent). */
  write: (def: SessionDefinition, draft: D) => WriteResult;
  /** Identity of this part of the engine's definition (default: its draft as JSON). */
  key?: (def: SessionDefinition) => string;
  /** Pause before sending, in ms (default 400). */
  delay?: number;
}

export interface Draft<D> {
  draft: D;
  /** Replaces the draft and sends it after the pause (`now`: at once). */
  edit: (next: D, options?: { now?: boolean }) => void;
  /** Why the last send was refused (by `write` or by the engine); empty once one is accepted. */
  problems: Problem[];
  /** True while an edit waits for its pause or for the engine. */
  pending: boolean;
  /**
   * True while the draft has not yet followed a definition that came from elsewhere (`later`): the
   * draft is not what the engine has, so it must be neither shown as current nor edited.
   */
  following: boolean;
}

export interface DraftOptions {
  /**
   * Follow a definition from elsewhere after the next paint rather than in the render that brings it
   * (reading it is costly: megabytes of data), so the session it belongs to shows first.
   */
  later?: boolean;
}

export function useDefinitionDraft<D>(definition: SessionDefinition, spec: DraftSpec<D>, options: DraftOptions = {}): Draft<D> {
  const later = options.later === true;
  const controller = useController();
  const { store, lane, clock } = controller;
  const specRef = useRef(spec);
  useEffect(() => {
    specRef.current = spec;
  });
  const keyOf = useCallback((def: SessionDefinition): string => {
    const s = specRef.current;
    return s.key ? s.key(def) : JSON.stringify(s.read(def));
  }, []);

  // Read later: `draft` stays undefined (and `following` true) until the first paint has happened.
  const [draft, setDraft] = useState<D | undefined>(() => (later ? undefined : spec.read(definition)));
  const [problems, setProblems] = useState<Problem[]>([]);
  const [pending, setPending] = useState(false);
  const [followed, setFollowed] = useState<SessionDefinition | null>(later ? null : definition);
  const latest = useRef(draft);
  const base = useRef<string | null>(later ? null : keyOf(definition));
  const timer = useRef<unknown>(undefined);
  const inFlight = useRef(0);
  const mounted = useRef(true);
  const id = useRef(Symbol('draft'));

  const busy = () => timer.current !== undefined || inFlight.current > 0;

  // Follow the engine when its part changed without this panel asking. The key is made once per
  // definition (the page keeps the same object until the engine sends another): a turn switch must
  // not stringify megabytes of data again.
  // With `later`, the key too is made after the paint (in `follow`), not in the render.
  const currentKey = useMemo(() => (later ? null : keyOf(definition)), [later, keyOf, definition]);
  const follow = useCallback(
    (def: SessionDefinition, key: string, track: boolean) => {
      // Tracked only when read later (`following`): other panels need no render for it.
      if (track) setFollowed(def);
      if (busy() || key === base.current) return;
      base.current = key;
      const view = store.getState().view;
      const next = specRef.current.read(view ? view.setup.definition : def);
      latest.current = next;
      setDraft(next);
      setProblems([]);
    },
    [store],
  );
  const laterDefinition = later ? definition : null;
  useEffect(() => {
    if (laterDefinition !== null) return afterPaint(() => follow(laterDefinition, keyOf(laterDefinition), true));
    if (currentKey !== null) follow(definition, currentKey, false);
    return undefined;
    // `definition` is read through the store: only a new key (or, read later, a new definition) matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentKey, laterDefinition, follow, keyOf]);

  const send = useCallback((): Promise<void> => {
    if (timer.current !== undefined) clock.clearTimeout(timer.current);
    timer.current = undefined;
    lane.setWaitingEdit(id.current, null);
    inFlight.current++;
    // Defined: only an edit sends, and an edit sets it.
    const value = latest.current as D;
    return lane
      .enqueueEdit(async () => {
        const view = store.getState().view;
        if (!view) return;
        const written = specRef.current.write(view.setup.definition, value);
        if (!written.ok) {
          if (mounted.current) setProblems(written.problems);
          return;
        }
        const outcome = await controller.setDefinition(written.definition);
        if (mounted.current) setProblems(outcome.ok ? [] : outcome.problems);
      })
      .finally(() => {
        inFlight.current--;
        const view = store.getState().view;
        if (view) {
          base.current = keyOf(view.setup.definition);
          // The engine's echo of this edit: the draft already is what it has.
          if (mounted.current) setFollowed(view.setup.definition);
        }
        if (mounted.current && !busy()) setPending(false);
      });
  }, [controller, store, lane, clock, keyOf]);

  const edit = useCallback(
    (next: D, options: { now?: boolean } = {}) => {
      latest.current = next;
      setDraft(next);
      setPending(true);
      if (timer.current !== undefined) clock.clearTimeout(timer.current);
      timer.current = undefined;
      if (options.now) void send();
      else {
        timer.current = clock.setTimeout(() => void send(), specRef.current.delay ?? EDIT_DELAY_MS);
        // Step, Run and Reset send a waiting edit at once instead of after the pause.
        lane.setWaitingEdit(id.current, send);
      }
    },
    [send, lane, clock],
  );

  // An edit still waiting for its pause is sent when the panel goes away.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (timer.current !== undefined) void send();
    };
  }, [send]);

  // Following: the definition shown is not yet the draft's (read later), and no edit of it is waiting.
  const following = later && (draft === undefined || (followed !== definition && !pending));
  return { draft: draft as D, edit, problems, pending, following };
}
