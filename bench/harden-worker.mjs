// Entry of the hardening report's worker thread: registers tsx's loader in this thread (loader hooks
// are per thread), then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./harden-worker.ts');
