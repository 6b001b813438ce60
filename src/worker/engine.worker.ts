// The Web Worker entry: the engine, exposed to the page through Comlink. The page never evaluates
// PTC-Lisp itself; a runaway program is stopped by terminating this worker (L8).
import { expose } from 'comlink';
import { Engine } from './engine.ts';
import { PageApi } from './page-api.ts';
import { tokenized } from './tokenized.ts';

const host = new PageApi(new Engine());

/** What the page can call: the host's methods (views as patches against what the page has). */
// Each call that renders messages may need the tokenizer (see tokenized.ts).
export const workerApi = {
  open: tokenized(host.open.bind(host)),
  openLink: tokenized(host.openLink.bind(host)),
  setDefinition: tokenized(host.setDefinition.bind(host)),
  stepTurn: tokenized(host.stepTurn.bind(host)),
  reset: tokenized(host.reset.bind(host)),
  view: tokenized(host.view.bind(host)),
  repl: host.repl.bind(host),
  restoreRepl: host.restoreRepl.bind(host),
  countTokens: host.countTokens.bind(host),
  exportSession: tokenized(host.exportSession.bind(host)),
  compare: host.compare.bind(host),
  reference: host.reference.bind(host),
  lessons: host.lessons.bind(host),
  checkLesson: host.checkLesson.bind(host),
  diagnose: host.diagnose.bind(host),
  requestMessages: tokenized(host.requestMessages.bind(host)),
  shareLink: tokenized(host.shareLink.bind(host)),
  /** `onText` is a Comlink proxy of the page's callback: the reply streams to the page as it arrives. */
  requestReply: tokenized(host.requestReply.bind(host)),
  abortRequest: host.abortRequest.bind(host),
  applyRequested: tokenized(host.applyRequested.bind(host)),
  fork: tokenized(host.fork.bind(host)),
  checkoutBranch: tokenized(host.checkoutBranch.bind(host)),
  removeBranch: tokenized(host.removeBranch.bind(host)),
  compareBranches: host.compareBranches.bind(host),
  planExperiment: host.planExperiment.bind(host),
  /** `onRun` is a Comlink proxy of the page's callback: each ended run reaches the page (and is saved) at once. */
  runExperiment: host.runExperiment.bind(host),
  stopExperiment: host.stopExperiment.bind(host),
  scriptAnswer: host.scriptAnswer.bind(host),
};

export type WorkerApi = typeof workerApi;

expose(workerApi);
