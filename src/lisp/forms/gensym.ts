// Fresh names for macro expansions; the prefix cannot be typed in a program (it holds a space).
import type { Loc } from '../errors.ts';
import { sym, type SymForm } from '../reader.ts';

let counter = 0;

export function gensym(prefix: string, loc: Loc): SymForm {
  return sym(`${prefix} ${++counter}`, loc);
}
