// The JavaScript written for the hot builtins: the same fast paths as the intrinsic nodes of
// operands.ts (for numbers, the source forms of fast-paths.ts), and the same fallback (the builtin
// itself, errors located at the call), so results and errors match the interpreter exactly
// (test/lisp/jit.test.ts checks both against each other).
//
// A template gets its operands as atoms (names of JS locals, or literals), the name `t` of the
// local to assign, and `slow`, the call of the builtin; it returns JS statements.
import {
  addInt,
  decInt,
  fastPathSource,
  intCheckSource,
  greaterEqNum,
  greaterNum,
  incInt,
  lessEqNum,
  lessNum,
  maxInt,
  minInt,
  modInt,
  mulInt,
  negInt,
  negNum,
  posNum,
  subInt,
  zeroNum,
} from '../fast-paths.ts';

type Template = (xs: readonly string[], t: string, slow: string) => string;

const fast = fastPathSource;

const UNARY: ReadonlyMap<string, Template> = new Map<string, Template>([
  ['inc', fast(incInt)],
  ['dec', fast(decInt)],
  ['-', fast(negInt)],
  ['zero?', fast(zeroNum)],
  ['pos?', fast(posNum)],
  ['neg?', fast(negNum)],
  ['count', ([x], t, slow) => `${t} = Array.isArray(${x}) ? ${x}.length : ${slow};`],
  ['not', ([x], t) => `${t} = ${x} === null || ${x} === false;`],
  ['nil?', ([x], t) => `${t} = ${x} === null;`],
  ['some?', ([x], t) => `${t} = ${x} !== null;`],
]);

const BINARY: ReadonlyMap<string, Template> = new Map<string, Template>([
  ['+', fast(addInt)],
  ['-', fast(subInt)],
  ['*', fast(mulInt)],
  ['mod', fast(modInt)],
  ['<', fast(lessNum)],
  ['>', fast(greaterNum)],
  ['<=', fast(lessEqNum)],
  ['>=', fast(greaterEqNum)],
  ['=', ([x, y], t) => `${t} = eq(${x}, ${y});`],
  ['not=', ([x, y], t) => `${t} = !eq(${x}, ${y});`],
  ['min', fast(minInt)],
  ['max', fast(maxInt)],
  [
    'nth',
    ([x, y], t, slow) => `if (Array.isArray(${x}) && ${intCheckSource(y)}) ${t} = ${y} >= 0 && ${y} < ${x}.length ? ${x}[${y}] : null; else ${t} = ${slow};`,
  ],
  ['get', ([x, y], t, slow) => `if (${x} instanceof PMap) { ${t} = getFlex(${x}, ${y}); if (${t} === undefined) ${t} = null; } else ${t} = ${slow};`],
]);

/** The template for builtin `name` called with `n` arguments, if it has one. */
export function templateFor(name: string, n: number): Template | undefined {
  return n === 1 ? UNARY.get(name) : n === 2 ? BINARY.get(name) : undefined;
}
