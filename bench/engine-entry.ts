// What the benchmark bundles: the run API and the printer.
export { run } from '../src/lisp/run.ts';
export { printValue } from '../src/lisp/printer.ts';
export { jitSettings, jitStats } from '../src/lisp/jit/compile.ts';
