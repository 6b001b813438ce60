// The engine as the page's code calls it: the worker's calls (src/worker/protocol.ts) with whole views,
// rebuilt here from the patches the worker sends (src/worker/view-patch.ts). Each worker has its own:
// the view it last gave is what the next call says the page has, so the worker sends only what changed
// since.
import type { Remote } from 'comlink';
import { applyPatch, isViewPatch, knownOf, type ViewPatch } from '../../worker/view-patch.ts';
import type { SessionDefinition, View, ViewOptions } from '../../worker/views.ts';
import { CALLS, lineOf, type Call, type PageArgs, type Whole, type WorkerApi } from '../../worker/protocol.ts';
import type { PageApi } from '../../worker/page-api.ts';

export type EngineRemote = Remote<WorkerApi>;

/** What the page's code calls (through EngineClient.call): the worker's calls, views whole. */
export type EngineApi = { [K in Call]: (...args: PageArgs<K>) => Promise<Whole<Awaited<ReturnType<PageApi[K]>>>> };

/** A branch operation's answer: the new view, or why it was refused. */
export type BranchResult = Awaited<ReturnType<EngineApi['fork']>>;

type Method = (...args: unknown[]) => Promise<unknown>;

class Synced {
  /** The whole view this worker last gave (the base of the next patch). */
  private last: View | null = null;

  constructor(private readonly remote: EngineRemote) {
    const calls: Partial<Record<Call, Method>> = {};
    for (const call of CALLS) calls[call] = (...args) => this.call(call, args);
    Object.assign(this, calls);
  }

  /** The view the worker last gave, whole (null before the first). */
  get lastView(): View | null {
    return this.last;
  }

  private async call(call: Call, args: unknown[]): Promise<unknown> {
    const line = lineOf(call);
    const send = (this.remote[call] as unknown as Method).bind(this.remote);
    if (line.known === undefined) return send(...args);
    const base = this.last;
    const sent = this.outgoing(call, args);
    // What the page has goes after the call's own arguments, the ones left out included.
    while (sent.length < line.known) sent.push(undefined);
    sent[line.known] = knownOf(base);
    const options = line.options === undefined ? undefined : (args[line.options] as ViewOptions | undefined);
    const r = await send(...sent);
    // A view (a patch or, from a test's fake, as it is), an answer with one in `view`, or anything else.
    if (isViewPatch(r)) return this.whole(base, r, options);
    if (r === null || typeof r !== 'object' || !('view' in r)) return r;
    return { ...r, view: await this.whole(base, r.view as ViewPatch | View, options) };
  }

  /** The arguments as they cross to the worker. */
  private outgoing(call: Call, args: unknown[]): unknown[] {
    if (call !== 'setDefinition') return [...args];
    // Large data the engine sent as text and nobody edited does not cross back: the engine keeps its own.
    const def = args[0] as SessionDefinition;
    const { dataText, ...rest } = def;
    return [dataText !== undefined && dataText === this.last?.setup.definition.dataText ? rest : def, ...args.slice(1)];
  }

  /** The whole view from a patch asked against `base`; a patch that does not fit asks for all of it. */
  private async whole(base: View | null, sent: ViewPatch | View, options: ViewOptions | undefined): Promise<View> {
    if (!isViewPatch(sent)) return sent;
    let view: View;
    try {
      view = applyPatch(base, sent);
    } catch {
      view = applyPatch(null, (await this.remote.view(options, undefined)) as ViewPatch);
    }
    this.last = view;
    return view;
  }
}

/** The worker's calls with whole views, each made from its line in the protocol table. */
export type SyncedApi = Synced & EngineApi;
export const SyncedApi = Synced as new (remote: EngineRemote) => SyncedApi;
