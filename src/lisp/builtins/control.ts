// Builtins that talk to the run rather than compute: println, return, fail, pmap, pcalls, call.
import { displayOf } from '../printer.ts';
import { FailSignal, gatherElements, invoke, ReturnSignal, rt } from '../runtime.ts';
import type { Value } from '../values.ts';
import { expected, items } from './coerce.ts';
import { builtin, builtinArea } from './registry.ts';

/** One println entry is cut to this many characters, then "..." (docs/decisions.md L6). */
export const PRINTLN_ENTRY_LIMIT = 2000;

// The reference area of the builtins below (registry.ts).
builtinArea('control');

builtin(
  'println',
  [0, Infinity],
  'Print the arguments separated by spaces as one output entry (strings without quotes); returns nil.',
  (...args: Value[]) => {
    let line = args.map(displayOf).join(' ');
    if (line.length > PRINTLN_ENTRY_LIMIT) line = line.slice(0, PRINTLN_ENTRY_LIMIT) + '...';
    rt().print(line);
    return null;
  },
  { examples: [['(println "total:" 42)', 'nil']], params: ['[& xs]'] },
);

builtin(
  'return',
  1,
  'End the run successfully with value v.',
  (v: Value) => {
    throw new ReturnSignal(v);
  },
  {
    params: ['[v]'],
    examples: [
      ['(return 42)', '42'],
      ['(do (return :early) :never)', ':early'],
    ],
  },
);

builtin(
  'fail',
  1,
  'End the run as a failure with the given reason.',
  (reason: Value) => {
    throw new FailSignal(reason);
  },
  { params: ['[reason]'], examples: [['(fail "no matching order")', 'fail: "no matching order"']] },
);

function mapN(name: string, f: Value, colls: Value[]): Value[] {
  const seqs = colls.map((c) => items(name, c));
  const n = Math.min(...seqs.map((s) => s.length));
  return gatherElements(n, (i) =>
    invoke(
      f,
      seqs.map((s) => s[i]),
    ),
  );
}

builtinArea('agent');
builtin(
  'pmap',
  [2, Infinity],
  'Like mapv, with the calls of tools that do I/O (MCP servers) made side by side; the results are in order.',
  (f: Value, ...colls: Value[]) => mapN('pmap', f, colls),
  { examples: [['(pmap inc [1 2 3])', '[2 3 4]']], params: ['[f coll & colls]'] },
);

builtin(
  'pcalls',
  [0, Infinity],
  'Call each function with no arguments, their calls of tools that do I/O made side by side; a vector of the results in order.',
  (...fns: Value[]) => gatherElements(fns.length, (i) => invoke(fns[i], [])),
  { examples: [['(pcalls #(+ 1 1) #(* 2 3))', '[2 6]']], params: ['[& fns]'] },
);

builtin(
  'call',
  [1, Infinity],
  'Call a tool by name: (call "search" args) is (tool/search args).',
  (name: Value, ...args: Value[]) => {
    if (typeof name !== 'string') throw expected('call', 'a tool name string', name);
    return invoke(rt().toolFn(name), args);
  },
  { params: ['[tool-name & args]'], examples: [['(call "search" {:q "x"})', 'error: unknown_tool']] },
);
