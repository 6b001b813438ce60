// The Web Worker entry: the engine, exposed to the page through Comlink. The page never evaluates
// PTC-Lisp itself; a runaway program is stopped by terminating this worker (L8).
import { expose } from 'comlink';
import { Engine } from './engine-api.ts';
import { EngineHost } from './engine-host.ts';

const host = new EngineHost(new Engine());

/** What the page can call: the host's methods (views as patches against what the page has). */
export const workerApi = {
  open: host.open.bind(host),
  openLink: host.openLink.bind(host),
  setDefinition: host.setDefinition.bind(host),
  stepTurn: host.stepTurn.bind(host),
  reset: host.reset.bind(host),
  view: host.view.bind(host),
  repl: host.repl.bind(host),
  countTokens: host.countTokens.bind(host),
  exportSession: host.exportSession.bind(host),
  shareLink: host.shareLink.bind(host),
  /** `onText` is a Comlink proxy of the page's callback: the reply streams to the page as it arrives. */
  requestReply: host.requestReply.bind(host),
  abortRequest: host.abortRequest.bind(host),
  applyRequested: host.applyRequested.bind(host),
};

export type WorkerApi = typeof workerApi;

expose(workerApi);
