// The ptc command line, driven as a user would, in process: main(argv, io) with the test's stdin and
// its stdout and stderr kept. binary.test.ts spawns the real command for what only a process shows.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { answerLine } from '../../src/cli/batch.ts';
import { errorLine, formatMs } from '../../src/cli/common.ts';
import { openBrackets } from '../../src/cli/repl.ts';
import { ptcIn, type Result } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'ptc-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

function ptc(args: string[], input = ''): Promise<Result> {
  return ptcIn(args, { input });
}

describe('ptc eval', () => {
  test('prints the result of -e in Clojure notation, println output on stderr', async () => {
    const r = await ptc(['eval', '--time', '-e', '(println "hello" 42) {:a [1 2.5 "s" nil]}']);
    expect(r.code).toBe(0);
    expect(r.out).toBe('{:a [1 2.5 "s" nil]}\n');
    expect(r.err).toMatch(/^hello 42\ntime-ms: \d+(\.\d{1,3})?\n$/);
  });

  test('--interpret gives the same result without compiling to JavaScript (a function past the late check)', async () => {
    const program = '(reduce + (mapv (fn [i] (if (odd? i) (mod (* i 3) 7) (- (mod (* i 3) 7) 0))) (range 150000)))';
    // The interpreter takes most of a second on this program when the machine is busy: the time
    // limit is raised so that only the results are compared.
    const compiled = await ptc(['eval', '--limit', 'timeoutMs=30000', '-e', program]);
    const interpreted = await ptc(['eval', '--interpret', '--limit', 'timeoutMs=30000', '-e', program]);
    expect([compiled.code, compiled.out]).toEqual([0, '449999\n']);
    expect([interpreted.code, interpreted.out, interpreted.err]).toEqual([0, '449999\n', '']);
  });

  test('forgives stray closing brackets after the last form, with a warning on stderr', async () => {
    const r = await ptc(['eval', '-e', '(+ 1 2))']);
    expect([r.code, r.out, r.err]).toEqual([0, '3\n', 'warning: ignored 1 stray closing bracket `)` after the last form (line 1, column 8)\n']);
  });

  test('runs a file with --data from a JSON object', async () => {
    const prog = file('p.clj', '(defn total [xs] (reduce + (map :price xs)))\n(total data/items)');
    const data = file('d.json', JSON.stringify({ items: [{ price: 2 }, { price: 3 }] }));
    const r = await ptc(['eval', '--data', data, prog]);
    expect([r.code, r.out, r.err]).toEqual([0, '5\n', '']);
  });

  test('reads the program from stdin with -, and (return v) prints v', async () => {
    const r = await ptc(['eval', '-'], '(return (str "a" 1)) :never');
    expect([r.code, r.out]).toEqual([0, '"a1"\n']);
  });

  test('a failed program exits 1 with type, message and location on stderr', async () => {
    const r = await ptc(['eval', '-e', '(def x 1)\n  (+ x "a")']);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^type_error: .+ \(line 2, column 3\)\n$/);
  });

  test('(fail reason) exits 1 with the printed reason', async () => {
    const r = await ptc(['eval', '-e', '(println "before") (fail {:why "no stock"})']);
    expect([r.code, r.out, r.err]).toEqual([1, '', 'before\nfail: {:why "no stock"}\n']);
  });

  test('a data file that is not JSON is a usage error (exit 2)', async () => {
    const r = await ptc(['eval', '--data', file('bad.json', '{oops'), '-e', '1']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/bad\.json is not valid JSON/);
  });
});

describe('ptc eval --limit', () => {
  const loop = '(loop [i 0] (if (< i 5000) (recur (inc i)) i))';
  test('raises or lowers one limit for the program', async () => {
    expect(await ptc(['eval', '-e', loop])).toMatchObject({ code: 1, err: expect.stringContaining('loop_limit_exceeded: loop exceeded 1000 iterations') });
    expect(await ptc(['eval', '--limit', 'maxLoopIterations=10000', '-e', loop])).toMatchObject({ code: 0, out: '5000\n' });
    expect(await ptc(['eval', '--limit', 'maxLoopIterations=10', '-e', '(loop [i 0] (if (< i 20) (recur (inc i)) i))'])).toMatchObject({
      code: 1,
      err: expect.stringContaining('exceeded 10 iterations'),
    });
  });
  test('an unknown name or a bad number is a usage error that names the known limits', async () => {
    const unknown = await ptc(['eval', '--limit', 'loops=5', '-e', '1']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown limit loops (known: timeoutMs, maxLoopIterations, maxDepth, maxOutputChars, maxValueSize)');
    for (const bad of ['timeoutMs=0', 'timeoutMs=-1', 'timeoutMs=soon', 'timeoutMs']) {
      const r = await ptc(['eval', '--limit', bad, '-e', '1']);
      expect(r.code).toBe(2);
      expect(r.err).toContain('--limit timeoutMs needs a positive number, as in --limit timeoutMs=1000');
    }
    expect(await ptc(['eval', '--batch', '--limit', 'timeoutMs=5'])).toMatchObject({ code: 2, err: expect.stringContaining('--limit applies to one program') });
  });
});

describe('ptc eval --batch', () => {
  test('answers every line, including malformed ones, with fresh memory per line', async () => {
    const lines = [
      { id: 1, program: '(def a 2) (println "x" a) (* a 3)' },
      'not json',
      { id: 'no-program' },
      { id: 3, program: '(fail "nope")' },
      { id: 4, program: '(+ data/x 1)', data: { x: 41 } },
      { id: 5, program: 'a' },
      { id: 6, program: '(vec (range 30))' },
    ];
    const input = lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n';
    const r = await ptc(['eval', '--batch'], input);
    expect(r.code).toBe(0);
    const got = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(got).toHaveLength(7);
    expect(got[0]).toEqual({ id: 1, ok: true, result: '6', prints: ['x 2'], memory: { a: '2' } });
    expect(got[1]).toMatchObject({ id: null, ok: false, error: { type: 'request_error' } });
    expect(got[2]).toMatchObject({ id: 'no-program', ok: false, error: { type: 'request_error' } });
    expect(got[3]).toEqual({ id: 3, ok: false, error: { type: 'fail', message: '"nope"' } });
    expect(got[4]).toMatchObject({ id: 4, ok: true, result: '42' });
    expect(got[5]).toMatchObject({ id: 5, ok: false, error: { type: 'unbound_var' } });
    expect(got[6].result).toBe(`[${Array.from({ length: 30 }, (_, i) => i).join(' ')}]`); // untruncated
  });
});

describe('ptc repl', () => {
  test('keeps definitions between inputs, continues unbalanced input, offers *1 and commands', async () => {
    const data = file('r.json', JSON.stringify({ n: 7 }));
    const input =
      [
        '(def x 10)',
        '(defn add',
        '  [a b] ; a ) in a comment',
        '  (+ a b (count "))")))',
        '(add x 5)',
        '(* *1 2)',
        '(nope)',
        ':defs',
        `:data ${data}`,
        'data/n',
        ':quit',
        '(+ 1 1)',
      ].join('\n') + '\n';
    const r = await ptc(['repl'], input);
    expect(r.code).toBe(0);
    expect(r.out).toBe(["=> #'x", "=> #'add", '=> 17', '=> 34', 'x = 10', 'add = #fn[add]', 'loaded data/: n', '=> 7', ''].join('\n'));
    expect(r.err).toMatch(/^unbound_var: .*nope/);
  });
});

describe('ptc usage', () => {
  test('--version prints the version; an unknown command prints usage on stderr and exits 2', async () => {
    const v = await ptc(['--version']);
    expect([v.code, v.out]).toEqual([0, 'ptc 0.1.0\n']);
    const u = await ptc(['frobnicate']);
    expect(u.code).toBe(2);
    expect(u.err).toMatch(/unknown command frobnicate[\s\S]*usage:/);
  });
});

describe('cli helpers (in-process)', () => {
  test('openBrackets ignores strings, comments and character literals', async () => {
    expect(openBrackets('(defn f [x]')).toBe(1);
    expect(openBrackets('(str ")" \\( ; ((\n)')).toBe(0);
    expect(openBrackets('(str "unterminated')).toBeGreaterThan(0);
    expect(openBrackets('{:a [1 2]}')).toBe(0);
  });

  test('errorLine adds the location unless the message already ends with it', async () => {
    expect(errorLine({ type: 'type_error', message: 'bad', line: 2, column: 3 })).toBe('type_error: bad (line 2, column 3)');
    expect(errorLine({ type: 'parse_error', message: 'eof (line 1, column 1)', line: 1, column: 1 })).toBe('parse_error: eof (line 1, column 1)');
    expect(errorLine({ type: 'timeout', message: 'slow' })).toBe('timeout: slow');
  });

  test('formatMs keeps at most three decimals', async () => {
    expect(formatMs(1.23456)).toBe('1.235');
    expect(formatMs(7)).toBe('7');
  });

  test('answerLine rejects data that is not a JSON object', async () => {
    expect(answerLine(JSON.stringify({ id: 9, program: '1', data: [1] }))).toMatchObject({ id: 9, ok: false, error: { type: 'request_error' } });
  });
});
