// The command line ships prebuilt (build/ptc.cjs and its code cache, made by `prepare`), and
// bin/ptc.mjs never runs a bundle older than src/: these tests work on a copy of the command in a
// temporary directory.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let copy: string;

function ptc(dir: string, ...args: string[]) {
  return spawnSync(process.execPath, [join(dir, 'bin', 'ptc.mjs'), ...args], { encoding: 'utf8', timeout: 60_000 });
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'ptc-prebuilt-'));
  for (const part of ['bin', 'scripts', 'src', 'package.json']) cpSync(join(root, part), join(copy, part), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('the prebuilt command', () => {
  test('a checkout without a bundle builds one on first use, then runs it as it is', () => {
    const first = ptc(copy, 'eval', '-e', '(+ 1 2)');
    expect(first.stderr).toBe('');
    expect(first.stdout).toBe('3\n');
    const built = statSync(join(copy, 'build', 'ptc.cjs')).mtimeMs;
    const second = ptc(copy, 'eval', '-e', '(* 6 7)');
    expect(second.stdout).toBe('42\n');
    expect(statSync(join(copy, 'build', 'ptc.cjs')).mtimeMs).toBe(built);
  });

  test('a source file newer than the bundle makes it rebuild before running', () => {
    ptc(copy, 'eval', '-e', '1');
    const bundle = join(copy, 'build', 'ptc.cjs');
    const main = join(copy, 'src', 'cli', 'main.ts');
    writeFileSync(main, readFileSync(main, 'utf8').replace('ptc — PTC-Lisp command line', 'ptc — edited command line'));
    // Make the bundle older than the edit even on a file system with coarse timestamps.
    const earlier = new Date(statSync(main).mtimeMs - 5000);
    utimesSync(bundle, earlier, earlier);
    const r = ptc(copy, '--help');
    expect(r.stdout).toContain('ptc — edited command line');
    expect(readFileSync(bundle, 'utf8')).toContain('edited command line');
    expect(ptc(copy, 'eval', '-e', '(+ 1 2)').stdout).toBe('3\n');
  });

  test('without a bundle and without sources to build it from, it says what to do', () => {
    const bare = mkdtempSync(join(tmpdir(), 'ptc-bare-'));
    try {
      cpSync(join(root, 'bin'), join(bare, 'bin'), { recursive: true });
      const r = ptc(bare, 'eval', '-e', '1');
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/build\/ptc\.cjs is missing; run npm install/);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  test('the build leaves a code cache beside the bundle; a cache V8 refuses changes nothing but speed', () => {
    ptc(copy, 'eval', '-e', '1');
    const cache = join(copy, 'build', 'ptc.cache');
    expect(statSync(cache).size).toBeGreaterThan(100_000);
    writeFileSync(cache, 'not a code cache');
    expect(ptc(copy, 'eval', '-e', '(reduce + (range 10))')).toMatchObject({ status: 0, stdout: '45\n', stderr: '' });
    rmSync(cache);
    expect(ptc(copy, 'eval', '-e', '(str "a" 1)')).toMatchObject({ status: 0, stdout: '"a1"\n', stderr: '' });
  });

  test('editing the app (src/ui) does not rebuild the command, which is not made from it', () => {
    ptc(copy, 'eval', '-e', '1');
    const bundle = join(copy, 'build', 'ptc.cjs');
    const built = statSync(bundle).mtimeMs;
    mkdirSync(join(copy, 'src', 'ui'), { recursive: true });
    const page = join(copy, 'src', 'ui', 'edited.ts');
    writeFileSync(page, 'export const edited = true;\n');
    const later = new Date(built + 5000);
    utimesSync(page, later, later);
    utimesSync(join(copy, 'src', 'ui'), later, later);
    expect(ptc(copy, 'eval', '-e', '2').stdout).toBe('2\n');
    expect(statSync(bundle).mtimeMs).toBe(built);
  });

  test("the repository's bundle loads no LLM SDK at start-up", () => {
    const text = readFileSync(join(root, 'build', 'ptc.cjs'), 'utf8');
    const topLevel = [...text.matchAll(/^var \w+ = (?:__toESM\()?require\("([^"]+)"\)/gm)].map((m) => m[1]);
    expect(topLevel.length).toBeGreaterThan(0);
    expect(topLevel.filter((m) => !m.startsWith('node:'))).toEqual([]);
    // The SDKs are required only inside the functions that load them on first use.
    expect(text).toMatch(/=> __toESM\(require\("openai"\)/);
    expect(text).toMatch(/=> __toESM\(require\("@anthropic-ai\/sdk"\)/);
  });
});
