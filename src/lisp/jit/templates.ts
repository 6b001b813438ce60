// The JavaScript written for the hot builtins: the same fast paths as the intrinsic nodes of
// operands.ts, and the same fallback (the builtin itself, errors located at the call), so results
// and errors match the interpreter exactly (test/lisp/jit.test.ts checks both against each other).
//
// A template gets its operands as atoms (names of JS locals, or literals), the name `t` of the
// local to assign, and `slow`, the call of the builtin; it returns JS statements.

type Template = (xs: readonly string[], t: string, slow: string) => string;

const INT2 = (x: string, y: string): string => `typeof ${x} === "number" && typeof ${y} === "number" && Number.isInteger(${x}) && Number.isInteger(${y})`;
const NUM2 = (x: string, y: string): string => `typeof ${x} === "number" && typeof ${y} === "number"`;

/** Integer arithmetic that stays exact: anything else (floats, BigInt, overflow, errors) is the builtin's. */
function arith(op: string, normalize: string): Template {
  // `+ 0` turns -0 into 0 where the interpreter does (x - x, 0 * -1).
  return ([x, y], t, slow) => {
    const exact = normalize === '' ? '' : ` else ${t} = ${t}${normalize};`;
    return `if (${INT2(x, y)}) { ${t} = ${x} ${op} ${y}; if (!Number.isSafeInteger(${t})) ${t} = ${slow};${exact} } else ${t} = ${slow};`;
  };
}

function compare(op: string): Template {
  return ([x, y], t, slow) => `${t} = ${NUM2(x, y)} ? ${x} ${op} ${y} : ${slow};`;
}

const UNARY: ReadonlyMap<string, Template> = new Map<string, Template>([
  ['inc', ([x], t, slow) => `${t} = typeof ${x} === "number" && Number.isInteger(${x}) && ${x} < 9007199254740991 ? ${x} + 1 : ${slow};`],
  ['dec', ([x], t, slow) => `${t} = typeof ${x} === "number" && Number.isInteger(${x}) && ${x} > -9007199254740991 ? ${x} - 1 : ${slow};`],
  ['-', ([x], t, slow) => `${t} = typeof ${x} === "number" && Number.isInteger(${x}) ? 0 - ${x} + 0 : ${slow};`],
  ['zero?', ([x], t, slow) => `${t} = typeof ${x} === "number" ? ${x} === 0 : ${slow};`],
  ['pos?', ([x], t, slow) => `${t} = typeof ${x} === "number" ? ${x} > 0 : ${slow};`],
  ['neg?', ([x], t, slow) => `${t} = typeof ${x} === "number" ? ${x} < 0 : ${slow};`],
  ['count', ([x], t, slow) => `${t} = Array.isArray(${x}) ? ${x}.length : ${slow};`],
  ['not', ([x], t) => `${t} = ${x} === null || ${x} === false;`],
  ['nil?', ([x], t) => `${t} = ${x} === null;`],
  ['some?', ([x], t) => `${t} = ${x} !== null;`],
]);

const BINARY: ReadonlyMap<string, Template> = new Map<string, Template>([
  ['+', arith('+', '')],
  ['-', arith('-', ' + 0')],
  ['*', arith('*', ' + 0')],
  [
    'mod',
    ([x, y], t, slow) =>
      `if (${INT2(x, y)} && ${y} !== 0) { ${t} = ${x} % ${y}; ${t} = ${t} !== 0 && ${t} < 0 !== ${y} < 0 ? ${t} + ${y} : ${t} + 0; } else ${t} = ${slow};`,
  ],
  ['<', compare('<')],
  ['>', compare('>')],
  ['<=', compare('<=')],
  ['>=', compare('>=')],
  ['=', ([x, y], t) => `${t} = eq(${x}, ${y});`],
  ['not=', ([x, y], t) => `${t} = !eq(${x}, ${y});`],
  ['min', ([x, y], t, slow) => `${t} = ${INT2(x, y)} ? (${x} <= ${y} ? ${x} : ${y}) : ${slow};`],
  ['max', ([x, y], t, slow) => `${t} = ${INT2(x, y)} ? (${x} >= ${y} ? ${x} : ${y}) : ${slow};`],
  [
    'nth',
    ([x, y], t, slow) =>
      `if (Array.isArray(${x}) && typeof ${y} === "number" && Number.isInteger(${y})) ${t} = ${y} >= 0 && ${y} < ${x}.length ? ${x}[${y}] : null; else ${t} = ${slow};`,
  ],
  ['get', ([x, y], t, slow) => `if (${x} instanceof PMap) { ${t} = getFlex(${x}, ${y}); if (${t} === undefined) ${t} = null; } else ${t} = ${slow};`],
]);

/** The template for builtin `name` called with `n` arguments, if it has one. */
export function templateFor(name: string, n: number): Template | undefined {
  return n === 1 ? UNARY.get(name) : n === 2 ? BINARY.get(name) : undefined;
}
