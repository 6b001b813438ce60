// The experiments panel's state (zustand, one per engine client, so a run goes on while the panel is
// closed): the setup form, the plan the worker made of it, the experiment running (its records as they
// arrive, each saved at once with its session text), the saved experiments and the one shown.
import { proxy } from 'comlink';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ExperimentPlanView, ExperimentRunResult, ExperimentRunUpdate, PlannedVariant } from '../../../worker/experiments.ts';
import { EngineRestarted, type EngineClient } from '../../engine/client.ts';
import { presetText } from './figures.ts';
import type { KeyStore } from '../../persistence/keys.ts';
import { newId } from '../../persistence/session-store.ts';
import type { PriceBook } from '../../persistence/prices.ts';
import type { PlaygroundController } from '../../state/controller.ts';
import { useController } from '../../state/playground.tsx';
import { endpointOf, keyRequired } from '../../lib/endpoint.ts';
import { createExperimentDb, type ExperimentDb, type ExperimentRecord } from './experiment-db.ts';
import { isFinished, type RunRecord } from './figures.ts';
import { importResults, type PickedFile } from './results-import.ts';

export type { ExperimentRecord } from './experiment-db.ts';

export interface ExperimentForm {
  readonly runs: number;
  readonly concurrency: number;
  readonly variantsText: string;
}

export interface Running {
  readonly id: string;
  readonly ended: number;
  readonly total: number;
  readonly stopping: boolean;
}

/** A variant that needs a key nobody entered: where its requests go. */
export interface MissingKey {
  readonly variant: string;
  readonly endpoint: string;
}

export interface ExperimentsState {
  form: ExperimentForm;
  plan: ExperimentPlanView | null;
  planning: boolean;
  running: Running | null;
  saved: readonly ExperimentRecord[];
  /** The experiment whose results are shown. */
  openId: string | null;
  /** Errors of the last run (the worker's words) or why it ended early. */
  errors: readonly string[];
  notice: string | null;
  /** A results folder being opened: run files saved so far, of how many. */
  importing: { readonly done: number; readonly total: number } | null;
  /** Why the last results folder did not open (nothing shown or saved changed). */
  importErrors: readonly string[];
  setForm(change: Partial<ExperimentForm>): void;
  /** Fills the variants file with a preset (judged against the script's own answer when there is one). */
  usePreset(id: string): Promise<void>;
  makePlan(): Promise<void>;
  run(): Promise<void>;
  resume(id: string): Promise<void>;
  /** Opens results `ptc experiment` wrote (its folder's files, or results.json alone), saves and shows them. */
  openResults(files: readonly PickedFile[]): Promise<void>;
  stop(): Promise<void>;
  loadSaved(): Promise<void>;
  open(id: string | null): void;
  remove(id: string): Promise<void>;
  runText(variant: string, run: number): Promise<string | undefined>;
}

export type ExperimentsStore = StoreApi<ExperimentsState>;

export const DEFAULT_FORM: ExperimentForm = { runs: 5, concurrency: 2, variantsText: '' };

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The key of each planned variant (by index), and the variants whose key is required but missing. */
export function keysFor(variants: readonly PlannedVariant[], keys: KeyStore): { keys: (string | null)[]; missing: MissingKey[] } {
  const missing: MissingKey[] = [];
  const list = variants.map((v) => {
    if (v.endpoint === undefined) return null;
    const endpoint = endpointOf({ provider: v.endpoint.provider, replies: [], ...(v.endpoint.baseUrl !== undefined ? { baseUrl: v.endpoint.baseUrl } : {}) });
    if (endpoint === null) return null;
    const key = keys.get(endpoint);
    if (key === '' && keyRequired(endpoint)) missing.push({ variant: v.name, endpoint: `${v.endpoint.provider} ${endpoint.baseUrl}` });
    return key;
  });
  return { keys: list, missing };
}

/** The page's price table as the worker takes it (the session's own prices still win there). */
function pricesNow(book: PriceBook): [string, { input: number; output: number; cachedInput?: number; cacheWrite?: number }][] {
  return [...book.getState().table].map(([model, p]) => [
    model,
    {
      input: p.input,
      output: p.output,
      ...(p.cachedInput !== undefined ? { cachedInput: p.cachedInput } : {}),
      ...(p.cacheWrite !== undefined ? { cacheWrite: p.cacheWrite } : {}),
    },
  ]);
}

/** The session's title, read from its text (only a label: "Untitled" when there is none). */
function titleOf(sessionText: string): string {
  try {
    const t = (JSON.parse(sessionText) as { title?: unknown }).title;
    if (typeof t === 'string' && t.trim() !== '') return t;
  } catch {
    // The engine wrote it; a title is only a label.
  }
  return 'Untitled';
}

const keyOf = (r: Pick<RunRecord, 'variant' | 'run'>): string => `${r.variant}\u0000${r.run}`;

export function createExperimentsStore(client: EngineClient, keys: KeyStore, db: ExperimentDb, prices: PriceBook): ExperimentsStore {
  return createStore<ExperimentsState>()((set, get) => {
    let planSeq = 0;
    const remember = (record: ExperimentRecord) =>
      set((s) => ({ saved: [record, ...s.saved.filter((r) => r.id !== record.id)].sort((a, b) => b.created - a.created) }));

    /** Runs (or resumes) `record`'s experiment; every ended run is saved before the next ends. */
    const execute = async (start: ExperimentRecord): Promise<void> => {
      let record = start;
      const input = { variantsText: record.variantsText, runs: record.runs, sessionText: record.sessionText };
      set({ errors: [], notice: null, openId: record.id });
      let plan: ExperimentPlanView;
      try {
        plan = await client.call('planExperiment', [input]);
      } catch (e) {
        set({ notice: `The experiment could not be planned: ${messageOf(e)}` });
        return;
      }
      if (!plan.ok) {
        set({ errors: plan.errors });
        return;
      }
      const { keys: keyList, missing } = keysFor(plan.variants, keys);
      if (missing.length > 0) {
        set({ errors: missing.map((m) => `${m.variant}: no API key for ${m.endpoint}; enter it in the LLM panel`) });
        return;
      }
      const done = record.records.filter(isFinished);
      // Cut runs are run again: they leave the record until they end once more.
      record = { ...record, records: done };
      const byKey = new Map(done.map((r) => [keyOf(r), r]));
      set({ running: { id: record.id, ended: done.length, total: record.total, stopping: false } });
      // Writes one after another, in the order the runs ended.
      let writes: Promise<void> = Promise.resolve();
      const save = (next: ExperimentRecord, text?: { variant: string; run: number; text: string }): Promise<void> => {
        writes = writes.then(async () => {
          if (text) await db.putRunText(next.id, text.variant, text.run, text.text);
          await db.put(next);
        });
        return writes;
      };
      // A worker restarted under the run may still call back (in tests); what it says then is not kept.
      let live = true;
      const onRun = async (u: ExperimentRunUpdate): Promise<void> => {
        if (!live) return;
        byKey.set(keyOf(u.record), u.record);
        record = { ...record, records: [...byKey.values()] };
        remember(record);
        set((s) => (s.running ? { running: { ...s.running, ended: s.running.ended + 1 } } : {}));
        await save(record, { variant: u.record.variant, run: u.record.run, text: u.sessionText });
      };
      let result: ExperimentRunResult;
      try {
        result = await client.call('runExperiment', [
          { ...input, concurrency: record.concurrency, keys: keyList, done, prices: pricesNow(prices) },
          proxy(onRun),
        ]);
      } catch (e) {
        live = false;
        await writes.catch(() => undefined);
        const why = e instanceof EngineRestarted ? 'the engine was restarted' : messageOf(e);
        set({
          running: null,
          notice: `The experiment stopped early (${why}). The ${record.records.filter(isFinished).length} finished runs are saved; Resume runs the rest.`,
        });
        return;
      }
      live = false;
      try {
        if (result.ok) {
          record = { ...record, records: result.records };
          remember(record);
          await save(record);
        } else {
          await writes;
        }
      } catch (e) {
        set({ notice: `The results could not be saved: ${messageOf(e)}` });
      }
      set({
        running: null,
        errors: result.ok ? [] : result.errors,
        notice: result.ok && result.stopped !== undefined ? `Stopped (${result.stopped}): the runs left unstarted can be resumed.` : get().notice,
      });
    };

    return {
      form: DEFAULT_FORM,
      plan: null,
      planning: false,
      running: null,
      saved: [],
      openId: null,
      errors: [],
      notice: null,
      importing: null,
      importErrors: [],
      setForm: (change) => set((s) => ({ form: { ...s.form, ...change } })),
      usePreset: async (id) => {
        const answer = await client.call('scriptAnswer').catch(() => null);
        const text = presetText(id, answer);
        if (text !== undefined) set((s) => ({ form: { ...s.form, variantsText: text } }));
      },
      makePlan: async () => {
        const seq = ++planSeq;
        const { variantsText, runs } = get().form;
        set({ planning: true });
        try {
          const plan = await client.call('planExperiment', [{ variantsText, runs }]);
          if (seq === planSeq) set({ plan, planning: false });
        } catch (e) {
          if (seq === planSeq) set({ plan: { ok: false, errors: [`The engine could not plan it: ${messageOf(e)}`] }, planning: false });
        }
      },
      run: async () => {
        const { form, plan: shown, running } = get();
        if (running !== null || shown === null || !shown.ok) return;
        let sessionText: string;
        let plan: ExperimentPlanView;
        try {
          sessionText = await client.call('exportSession');
          // Planned again on the text kept: the plan shown may be a keystroke behind the form.
          plan = await client.call('planExperiment', [{ variantsText: form.variantsText, runs: form.runs, sessionText }]);
        } catch (e) {
          set({ notice: `The session could not be read: ${messageOf(e)}` });
          return;
        }
        if (!plan.ok) {
          set({ plan, errors: plan.errors });
          return;
        }
        const record: ExperimentRecord = {
          id: newId(),
          created: Date.now(),
          title: titleOf(sessionText),
          sessionText,
          variantsText: form.variantsText,
          runs: plan.runs,
          concurrency: form.concurrency,
          variants: plan.variants.map((v) => v.name),
          total: plan.total,
          records: [],
        };
        try {
          await db.put(record);
        } catch (e) {
          set({ notice: `The experiment could not be saved: ${messageOf(e)}` });
          return;
        }
        remember(record);
        await execute(record);
      },
      resume: async (id) => {
        if (get().running !== null) return;
        const record = get().saved.find((r) => r.id === id) ?? (await db.get(id));
        // Results opened from a folder have no session here: `ptc experiment --resume` continues them.
        if (record && record.imported === undefined) await execute(record);
      },
      openResults: async (files) => {
        if (get().importing !== null) return;
        set({ importing: { done: 0, total: 0 }, importErrors: [] });
        const outcome = await importResults(files, db, {
          id: newId(),
          now: Date.now(),
          onProgress: (done, total) => set({ importing: { done, total } }),
        }).catch((e: unknown) => ({ ok: false as const, errors: [messageOf(e)] }));
        if (!outcome.ok) {
          set({ importing: null, importErrors: outcome.errors });
          return;
        }
        // The same experiment opened again (after a --resume, say) replaces the copy opened before.
        const { setup } = outcome.record.imported ?? {};
        const older = get().saved.filter(
          (r) =>
            r.id !== outcome.record.id && setup?.started !== undefined && r.imported?.setup.started === setup.started && r.imported.setup.title === setup.title,
        );
        for (const r of older) await db.delete(r.id).catch(() => undefined);
        const gone = new Set(older.map((r) => r.id));
        set((s) => ({ saved: s.saved.filter((r) => !gone.has(r.id)) }));
        remember(outcome.record);
        set({ importing: null, openId: outcome.record.id });
      },
      stop: async () => {
        const running = get().running;
        if (running === null) return;
        set({ running: { ...running, stopping: true } });
        await client.call('stopExperiment').catch(() => false);
      },
      loadSaved: async () => {
        try {
          const saved = await db.list();
          // Runs recorded meanwhile (this page's running experiment) are newer than the database's.
          set((s) => ({ saved: saved.map((r) => s.saved.find((x) => x.id === r.id && x.records.length > r.records.length) ?? r) }));
        } catch (e) {
          set({ notice: `Saved experiments could not be read: ${messageOf(e)}` });
        }
      },
      open: (openId) => set({ openId }),
      remove: async (id) => {
        if (get().running?.id === id) return;
        try {
          await db.delete(id);
        } catch (e) {
          set({ notice: `The experiment could not be deleted: ${messageOf(e)}` });
          return;
        }
        set((s) => ({ saved: s.saved.filter((r) => r.id !== id), openId: s.openId === id ? null : s.openId }));
      },
      runText: async (variant, run) => {
        const id = get().openId;
        return id === null ? undefined : db.getRunText(id, variant, run);
      },
    };
  });
}

/** The page's experiments database (`controller.storeFor(experimentDbOf)`: made on first use). */
export const experimentDbOf = (): ExperimentDb => createExperimentDb();

/** The controller's experiments store (`controller.storeFor(experimentsStoreOf)`). */
export const experimentsStoreOf = (c: PlaygroundController): ExperimentsStore => createExperimentsStore(c.client, c.keys, c.storeFor(experimentDbOf), c.prices);

export function useExperimentsStore(): ExperimentsStore {
  return useController().storeFor(experimentsStoreOf);
}

export function useExperiments<T>(selector: (s: ExperimentsState) => T): T {
  return useStore(useExperimentsStore(), selector);
}
