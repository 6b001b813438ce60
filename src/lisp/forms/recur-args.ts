// What a recur node hands to the loop or fn it jumps back to: the RECUR sentinel it returns, and,
// for bindings that destructure, the values it passed. Shared by loops.ts and fn-closure.ts, so
// neither imports the other (the forms register in the order forms/index.ts imports them).
import { RECUR } from '../runtime.ts';
import type { Value } from '../values.ts';

export const RECUR_VALUE = RECUR as unknown as Value;

/** Arguments handed from a recur node to its loop or function (evaluation is single-threaded). */
let recurArgs: Value[] = [];

/** The values the last recur passed (for a loop or fn whose bindings destructure). */
export function recurArgsNow(): Value[] {
  return recurArgs;
}

export function passRecurArgs(values: Value[]): void {
  recurArgs = values;
}
