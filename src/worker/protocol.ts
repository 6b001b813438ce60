// The calls between the page and the engine worker, declared once: one line per method of PageApi
// (the object the worker exposes) saying what the call needs. The worker's entry (worker-calls.ts),
// the page's watchdogs (src/ui/engine/client.ts) and the page's view patches
// (src/ui/engine/synced-api.ts) are all made from this table, so a new call is a method on PageApi
// and a line here; a method without a line, or a line without a method, does not type-check.
import type { PageApi } from './page-api.ts';
import type { Known, ViewPatch } from './view-patch.ts';
import type { TurnProgress, View, ViewOptions } from './views.ts';

/** How long the page waits for a call before it restarts the worker (client.ts). */
export type Watchdog =
  /** The program time limit's watchdog. */
  | 'normal'
  /** A first use may load a large table (the tokenizer's): other calls' watchdogs wait for it. */
  | 'loading'
  /** None: it waits on the network or a long experiment, bounded and stopped by other means. */
  | 'none';

/**
 * What a call may render before it answers, so the worker loads the tokenizer first when a strategy
 * rendering it counts tokens (worker-calls.ts). Every such call renders the open session (with its
 * other branches, whose turns its text holds); some also render what they open.
 */
export type Renders =
  /** The open session, under its strategy, the one its view shows or one an argument names. */
  | 'session'
  /** Also the session file (text or JSON) its first argument holds. */
  | 'file'
  /** Also the session of the share link its first argument holds. */
  | 'link'
  /** Also the settings (`compression`, `maxTurns`) its first argument sets. */
  | 'settings';

/** The indexes of the parameters of `P` whose type is `T` (optional or not). */
type IndexOf<P extends readonly unknown[], T> = {
  [I in keyof P]-?: I extends `${infer N extends number}` ? ([NonNullable<P[I]>] extends [T] ? ([T] extends [NonNullable<P[I]>] ? N : never) : never) : never;
}[number];

/** One call's line, its argument indexes checked against the method's parameters. */
export interface CallSpec<P extends readonly unknown[] = readonly unknown[]> {
  /** The argument saying what the page holds of the view: the call answers with a view patch against it. */
  readonly known?: IndexOf<P, Known>;
  /** The call's ViewOptions: the strategy they name renders, and a patch that does not fit is asked for whole with them. */
  readonly options?: IndexOf<P, ViewOptions>;
  /** The argument naming a strategy the open session renders under. */
  readonly strategy?: IndexOf<P, string>;
  /** Absent: nothing it renders before answering counts tokens (a call that counts them loads the tokenizer itself). */
  readonly renders?: Renders;
  readonly watchdog: Watchdog;
  /**
   * The argument the page's client fills with a TurnProgress of its own: its watchdog stops counting
   * while the worker says the program waits on tool calls, and counts each pass afresh (T4).
   */
  readonly progress?: IndexOf<P, TurnProgress>;
}

/** A line of the table, read without its call's types. */
export interface CallLine {
  readonly known?: number;
  readonly options?: number;
  readonly strategy?: number;
  readonly renders?: Renders;
  readonly watchdog: Watchdog;
  readonly progress?: number;
}

/** The page's calls: PageApi's methods (the engine and the experiments it holds are not calls). */
export type Call = { [K in keyof PageApi]: PageApi[K] extends (...args: never[]) => unknown ? K : never }[keyof PageApi];

export const PROTOCOL = {
  open: { known: 1, renders: 'file', watchdog: 'normal' },
  openLink: { known: 1, renders: 'link', watchdog: 'normal' },
  setDefinition: { known: 1, renders: 'settings', watchdog: 'normal' },
  stepTurn: { known: 3, options: 1, progress: 2, renders: 'session', watchdog: 'normal' },
  reset: { known: 1, options: 0, renders: 'session', watchdog: 'normal' },
  view: { known: 1, options: 0, renders: 'session', watchdog: 'normal' },
  /** `onText` is a Comlink proxy of the page's callback: the reply streams to the page as it arrives. */
  requestReply: { known: 2, renders: 'session', watchdog: 'none' },
  applyRequested: { known: 2, options: 0, progress: 1, renders: 'session', watchdog: 'normal' },
  abortRequest: { watchdog: 'normal' },
  /** Stop of a turn waiting on tool calls: the worker hears it between two passes, as it waits. */
  abortToolCalls: { watchdog: 'normal' },
  /**
   * Waits on the network, bounded by the connect timeout (30 s), not on a program: what follows the
   * server's answer is an edit's work (the session replayed under the interpreter's limits).
   */
  connectServer: { known: 3, renders: 'session', watchdog: 'none' },
  disconnectServer: { known: 1, renders: 'session', watchdog: 'normal' },
  removeServer: { known: 1, renders: 'session', watchdog: 'normal' },
  setServerTool: { known: 3, renders: 'session', watchdog: 'normal' },
  /** With a server connected, waits on its calls as a turn does (the watchdog paused meanwhile). */
  repl: { progress: 1, watchdog: 'normal' },
  restoreRepl: { watchdog: 'normal' },
  countTokens: { watchdog: 'loading' },
  exportSession: { renders: 'session', watchdog: 'normal' },
  shareLink: { renders: 'session', watchdog: 'normal' },
  /** Every strategy over the run, one rendering per strategy and turn. */
  compare: { watchdog: 'loading' },
  requestMessages: { strategy: 0, renders: 'session', watchdog: 'normal' },
  reference: { watchdog: 'normal' },
  lessons: { watchdog: 'normal' },
  checkLesson: { watchdog: 'normal' },
  /** Help while typing waits behind a running program and must never restart the worker. */
  diagnose: { watchdog: 'none' },
  fork: { known: 1, renders: 'settings', watchdog: 'normal' },
  checkoutBranch: { known: 1, renders: 'session', watchdog: 'normal' },
  removeBranch: { known: 1, renders: 'session', watchdog: 'normal' },
  compareBranches: { watchdog: 'loading' },
  planExperiment: { watchdog: 'normal' },
  /** `onRun` is a Comlink proxy of the page's callback: each ended run reaches the page (and is saved) at once. */
  runExperiment: { watchdog: 'none' },
  stopExperiment: { watchdog: 'normal' },
  scriptAnswer: { watchdog: 'normal' },
} as const satisfies { readonly [K in Call]: CallSpec<Parameters<PageApi[K]>> };

/** The calls in the table's order. */
export const CALLS = Object.keys(PROTOCOL) as Call[];

/** A call's line, without its types. */
export function lineOf(call: Call): CallLine {
  return PROTOCOL[call];
}

/** The first `N` elements of the tuple `P`, optional ones kept optional. */
type Take<P extends readonly unknown[], N extends number, Acc extends unknown[] = [], Count extends unknown[] = []> = Count['length'] extends N
  ? Acc
  : P extends readonly []
    ? Acc
    : P extends readonly [infer A, ...infer R]
      ? Take<R, N, [...Acc, A], [...Count, 0]>
      : P extends readonly [(infer A)?, ...infer R]
        ? Take<R, N, [...Acc, A?], [...Count, 0]>
        : Acc;

/** What the page passes to a call: its parameters, without what the page holds of the view (added for it). */
export type PageArgs<K extends Call> = (typeof PROTOCOL)[K] extends { readonly known: infer N extends number }
  ? Take<Parameters<PageApi[K]>, N>
  : Parameters<PageApi[K]>;

/** An answer with its view patch made whole again, as the page's code gets it. */
export type Whole<T> = T extends ViewPatch ? View : T extends { view: ViewPatch } ? Omit<T, 'view'> & { view: View } : T;

/** The worker as Comlink exposes it: each call, answered asynchronously. */
export type WorkerApi = { [K in Call]: (...args: Parameters<PageApi[K]>) => Promise<Awaited<ReturnType<PageApi[K]>>> };
