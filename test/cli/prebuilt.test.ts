// The command line ships prebuilt (build/ptc.mjs, made by `prepare`), and bin/ptc.mjs never runs a
// bundle older than src/: these tests work on a copy of the command in a temporary directory.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync } from 'node:fs';
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
    const built = statSync(join(copy, 'build', 'ptc.mjs')).mtimeMs;
    const second = ptc(copy, 'eval', '-e', '(* 6 7)');
    expect(second.stdout).toBe('42\n');
    expect(statSync(join(copy, 'build', 'ptc.mjs')).mtimeMs).toBe(built);
  });

  test('a source file newer than the bundle makes it rebuild before running', () => {
    ptc(copy, 'eval', '-e', '1');
    const bundle = join(copy, 'build', 'ptc.mjs');
    const main = join(copy, 'src', 'cli', 'main.ts');
    appendFileSync(main, "\nprocess.stderr.write('edited source\\n');\n");
    // Make the edit newer than the bundle even on a file system with coarse timestamps.
    const later = new Date(statSync(bundle).mtimeMs + 5000);
    utimesSync(main, later, later);
    const r = ptc(copy, 'eval', '-e', '(+ 1 2)');
    expect(r.stdout).toBe('3\n');
    expect(r.stderr).toBe('edited source\n');
    expect(readFileSync(bundle, 'utf8')).toContain('edited source');
  });

  test('without a bundle and without sources to build it from, it says what to do', () => {
    const bare = mkdtempSync(join(tmpdir(), 'ptc-bare-'));
    try {
      cpSync(join(root, 'bin'), join(bare, 'bin'), { recursive: true });
      const r = ptc(bare, 'eval', '-e', '1');
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/build\/ptc\.mjs is missing; run npm install/);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  test("the repository's bundle loads no LLM SDK at start-up", () => {
    const text = readFileSync(join(root, 'build', 'ptc.mjs'), 'utf8');
    const staticImports = [...text.matchAll(/^import .* from "([^"]+)";?$/gm)].map((m) => m[1]);
    expect(staticImports.filter((m) => !m.startsWith('node:'))).toEqual([]);
    expect(text).toContain('import("openai")');
    expect(text).toContain('import("@anthropic-ai/sdk")');
  });
});
