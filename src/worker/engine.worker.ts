// The Web Worker entry: the engine, exposed to the page through Comlink. The page never evaluates
// PTC-Lisp itself; a runaway program is stopped by terminating this worker (L8).
import { expose } from 'comlink';
import { Engine } from './engine-api.ts';

const engine = new Engine();

/** What the page can call. Methods mirror Engine; results are plain JSON. */
export const workerApi = {
  open: (input: string | object) => engine.open(input),
  setDefinition: (def: Parameters<Engine['setDefinition']>[0]) => engine.setDefinition(def),
  stepTurn: (reply?: string, options?: Parameters<Engine['stepTurn']>[1]) => engine.stepTurn(reply, options),
  reset: (options?: Parameters<Engine['reset']>[0]) => engine.reset(options),
  view: (options?: Parameters<Engine['view']>[0]) => engine.view(options),
  repl: (program: string) => engine.repl(program),
  countTokens: (texts: string[]) => engine.countTokens(texts),
  exportSession: () => engine.exportSession(),
  shareLink: (options: Parameters<Engine['shareLink']>[0]) => engine.shareLink(options),
  openLink: (fragment: string) => engine.openLink(fragment),
  /** `onText` is a Comlink proxy of the page's callback: the reply streams to the page as it arrives. */
  requestReply: (apiKey: string, onText?: (textSoFar: string) => void) => engine.requestReply(apiKey, onText),
  abortRequest: () => engine.abortRequest(),
  applyRequested: (options?: Parameters<Engine['applyRequested']>[0]) => engine.applyRequested(options),
};

export type WorkerApi = typeof workerApi;

expose(workerApi);
