// Setup for `npm run test:compiled`: the interpreter's tests again, with the compiler to JavaScript
// compiling every loop and function body at its first iteration or call and using it at once, so
// every test that runs a program also checks the generated code (jit.test.ts compares the modes).
import { afterAll, expect } from 'vitest';
import { jitSettings, jitStats } from '../../src/lisp/jit/compile.ts';

Object.assign(jitSettings, { minOps: 0, hot: 1, eager: true });

// A unit the compiler failed on (a bug of the compiler) still runs interpreted: make it fail here.
afterAll(() => expect(jitStats.failed, jitStats.lastFailure).toBe(0));
