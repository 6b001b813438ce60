// The Web Worker entry: the engine, exposed to the page through Comlink as the calls of the protocol
// table (protocol.ts, worker-calls.ts). The page never evaluates PTC-Lisp itself; a runaway program is
// stopped by terminating this worker (L8). The build gives this file's chunk its own CSP by its name.
import { expose } from 'comlink';
import { Engine } from './engine.ts';
import { PageApi } from './page-api.ts';
import { workerCalls } from './worker-calls.ts';

expose(workerCalls(new PageApi(new Engine())));
