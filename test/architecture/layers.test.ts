// The layers are enforced by the build: `npm run lint:deps` (dependency-cruiser with
// .dependency-cruiser.cjs) fails on an import that goes up a layer and on any import circle, and
// `npm run typecheck` (tsconfig.<layer>.json) fails when a layer uses a global its hosts lack.
// Each check is shown failing on violations planted in a temporary copy of the configs (never in
// the working tree); that both pass on the real src/ is `npm test`'s own first step.
import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DEPCRUISE = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
// The type check of `npm run typecheck`: TypeScript 7 (the native compiler; see package.json).
const TSC = join(ROOT, 'node_modules/typescript-7/bin/tsc');
// Each check takes a few seconds alone; the margin is for a machine busy with other test files.
const TIMEOUT = 120_000;

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

function run(args: string[], cwd: string): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ code, stdout, stderr });
    });
  });
}

/** The violations dependency-cruiser's `err` output lists, one line each ("error RULE: from -> to"). */
function violations(stdout: string): string[] {
  return [
    ...stdout
      .replace(/ →\s*\n\s*/g, ' -> ')
      .replace(/ → /g, ' -> ')
      .matchAll(/^\s*(\w+) ([\w-]+): (.*?)\s*$/gm),
  ].map((m) => `${m[1]} ${m[2]}: ${m[3]}`);
}

function plant(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/** `dir`, holding the repository's import rules and tsconfigs and nothing of src/ but what a test plants. */
function copyOfConfigs(dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const f of ['.dependency-cruiser.cjs', 'tsconfig.json', 'tsconfig.engine.json', 'tsconfig.worker.json', 'tsconfig.ui.json', 'tsconfig.cli.json']) {
    copyFileSync(join(ROOT, f), join(dir, f));
  }
  cpSync(join(ROOT, 'types'), join(dir, 'types'), { recursive: true });
  // The type packages the ui and cli configs name. tsc writes its build info under node_modules/.cache
  // of the copy, so node_modules itself is a folder of the copy, not a link to the repository's.
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(join(ROOT, 'node_modules/@types'), join(dir, 'node_modules/@types'), 'dir');
  symlinkSync(join(ROOT, 'node_modules/vite'), join(dir, 'node_modules/vite'), 'dir');
  return dir;
}

describe.concurrent('layers', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ptc-layers-'));
  });
  afterAll(() => {
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  it(
    'the import check fails on an import up a layer, on circles (type imports and import() too), on Node builtins in the engine',
    { timeout: TIMEOUT },
    async () => {
      const src = copyOfConfigs(join(dir, 'imports'));
      plant(src, {
        'src/ui/components/widget.ts': 'export const widget = 1;\n',
        // (a) lisp, the lowest layer, importing ui, the highest
        'src/lisp/planted-ui.ts': "import { widget } from '../ui/components/widget.ts';\nexport const w = widget;\n",
        // compression never imports agent (agent sits above compression and imports it)
        'src/agent/planted-leaf.ts': 'export const leaf = 1;\n',
        'src/compression/planted-agent.ts': "import { leaf } from '../agent/planted-leaf.ts';\nexport const l = leaf;\n",
        // (b) a circle of type imports only
        'src/compression/planted-a.ts': "import type { B } from './planted-b.ts';\nexport interface A { b?: B }\n",
        'src/compression/planted-b.ts': "import type { A } from './planted-a.ts';\nexport interface B { a?: A }\n",
        // (b) a circle closed by a dynamic import
        'src/session/planted-lazy.ts': "export const load = () => import('./planted-eager.ts');\n",
        'src/session/planted-eager.ts': "import { load } from './planted-lazy.ts';\nexport const again = load;\n",
        // a Node builtin in an engine layer
        'src/lisp/planted-node.ts': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
        // allowed: downwards, and agent -> compression
        'src/agent/planted-ok.ts': "import { l } from '../compression/planted-agent.ts';\nexport const ok = l;\n",
        'src/ui/planted-ok.ts':
          "import { widget } from './components/widget.ts';\nimport { ok } from '../agent/planted-ok.ts';\nexport const fine = [widget, ok];\n",
      });

      // As `npm run lint:deps` runs it: its exit code fails the build; each violation on one line.
      const r = await run([DEPCRUISE, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], src);
      expect(r.code).not.toBe(0);
      expect(r.stdout).toContain('x 5 dependency violations (5 errors, 0 warnings)');
      const found = violations(r.stdout).sort();
      expect(found).toEqual(
        [
          'error layer-compression: src/compression/planted-agent.ts -> src/agent/planted-leaf.ts',
          'error layer-lisp: src/lisp/planted-ui.ts -> src/ui/components/widget.ts',
          'error no-circular: src/compression/planted-a.ts -> src/compression/planted-b.ts -> src/compression/planted-a.ts',
          'error no-circular: src/session/planted-eager.ts -> src/session/planted-lazy.ts -> src/session/planted-eager.ts',
          'error no-node-builtins: src/lisp/planted-node.ts -> fs',
        ].sort(),
      );
    },
  );

  it("the page's features stand alone: only the layout composes them, and shared parts import none", { timeout: TIMEOUT }, async () => {
    const src = copyOfConfigs(join(dir, 'features'));
    plant(src, {
      // A package named react inside the copy (a link would resolve outside it, under another path).
      'node_modules/react/package.json': '{"name": "react", "main": "index.js"}\n',
      'node_modules/react/index.js': 'exports.useState = () => undefined;\n',
      'src/ui/features/turns/list.ts': 'export const list = 1;\n',
      'src/ui/features/turns/card.ts': "import { list } from './list.ts';\nexport const card = list;\n",
      'src/ui/features/branches/bar.ts': 'export const bar = 2;\n',
      // a feature on another feature; shared parts on a feature; lib on state and on React
      'src/ui/features/turns/planted-branch.ts': "import { bar } from '../branches/bar.ts';\nexport const b = bar;\n",
      'src/ui/state/planted-feature.ts': "import { list } from '../features/turns/list.ts';\nexport const l = list;\n",
      'src/ui/components/planted-feature.ts': "import { bar } from '../features/branches/bar.ts';\nexport const b = bar;\n",
      'src/ui/state/store.ts': 'export const store = 3;\n',
      'src/ui/lib/planted-state.ts': "import { store } from '../state/store.ts';\nexport const s = store;\n",
      'src/ui/lib/planted-react.ts': "import { useState } from 'react';\nexport const u = useState;\n",
      // allowed: the layout composes features, a feature uses shared parts and pure helpers
      'src/ui/lib/format.ts': 'export const format = 4;\n',
      'src/ui/features/layout/page.ts':
        "import { card } from '../turns/card.ts';\nimport { bar } from '../branches/bar.ts';\nexport const page = [card, bar];\n",
      'src/ui/features/branches/ok.ts':
        "import { store } from '../../state/store.ts';\nimport { format } from '../../lib/format.ts';\nexport const ok = [store, format];\n",
    });
    const r = await run([DEPCRUISE, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], src);
    expect(r.code).not.toBe(0);
    const found = violations(r.stdout)
      .filter((line) => line.startsWith('error ui-'))
      .sort();
    expect(found).toEqual(
      [
        'error ui-feature-alone: src/ui/features/turns/planted-branch.ts -> src/ui/features/branches/bar.ts',
        'error ui-shared-no-feature: src/ui/state/planted-feature.ts -> src/ui/features/turns/list.ts',
        'error ui-shared-no-feature: src/ui/components/planted-feature.ts -> src/ui/features/branches/bar.ts',
        'error ui-lib-pure: src/ui/lib/planted-state.ts -> src/ui/state/store.ts',
        'error ui-lib-pure: src/ui/lib/planted-react.ts -> node_modules/react/index.js',
      ].sort(),
    );
  });

  it('records sits between lisp and compression: it imports only lisp, and compression and agent import it', { timeout: TIMEOUT }, async () => {
    const src = copyOfConfigs(join(dir, 'records'));
    plant(src, {
      'src/lisp/planted-leaf.ts': 'export const leaf = 1;\n',
      'src/compression/planted-leaf.ts': 'export const leaf = 2;\n',
      'src/agent/planted-leaf.ts': 'export const leaf = 3;\n',
      // up a layer from records, and lisp up to records
      'src/records/planted-compression.ts': "import { leaf } from '../compression/planted-leaf.ts';\nexport const c = leaf;\n",
      'src/records/planted-agent.ts': "import { leaf } from '../agent/planted-leaf.ts';\nexport const a = leaf;\n",
      'src/records/planted-ok.ts': "import { leaf } from '../lisp/planted-leaf.ts';\nexport const ok = leaf;\n",
      'src/lisp/planted-records.ts': "import { ok } from '../records/planted-ok.ts';\nexport const r = ok;\n",
      // allowed: compression and agent on records
      'src/compression/planted-ok.ts': "import { ok } from '../records/planted-ok.ts';\nexport const fine = ok;\n",
      'src/agent/planted-ok.ts': "import { ok } from '../records/planted-ok.ts';\nexport const fine = ok;\n",
    });
    const r = await run([DEPCRUISE, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], src);
    expect(r.code).not.toBe(0);
    expect(r.stdout).toContain('x 3 dependency violations (3 errors, 0 warnings)');
    const found = violations(r.stdout).sort();
    expect(found).toEqual(
      [
        'error layer-lisp: src/lisp/planted-records.ts -> src/records/planted-ok.ts',
        'error layer-records: src/records/planted-agent.ts -> src/agent/planted-leaf.ts',
        'error layer-records: src/records/planted-compression.ts -> src/compression/planted-leaf.ts',
      ].sort(),
    );
  });

  it('records is type-checked as an engine layer: the DOM is not there', { timeout: TIMEOUT }, async () => {
    const project = copyOfConfigs(join(dir, 'records-globals'));
    plant(project, { 'src/records/planted-document.ts': 'export const title = (): string => document.title;\n' });
    const r = await run([TSC, '-p', 'tsconfig.engine.json', '--noEmit', '--pretty', 'false'], project);
    expect(r.code).not.toBe(0);
    const errors = r.stdout.split('\n').filter((line) => line.includes('error TS'));
    expect(errors.map((line) => /^(src\/\S+?)\(\d+,\d+\): error TS\d+: Cannot find name '(\w+)'/.exec(line)?.slice(1).join(': '))).toEqual([
      'src/records/planted-document.ts: document',
    ]);
  });

  it('the type check fails on a global a layer lacks: document in the engine, worker and cli, process in the engine and ui', { timeout: TIMEOUT }, async () => {
    const project = copyOfConfigs(join(dir, 'globals'));
    plant(project, {
      // (c) the DOM in an engine file
      'src/lisp/planted-document.ts': 'export const title = (): string => document.title;\n',
      'src/agent/planted-process.ts': 'export const home = (): string | undefined => process.env.HOME;\n',
      'src/compression/planted-window.ts': 'export const width = (): number => window.innerWidth;\n',
      // what every host has is there
      'src/session/planted-host.ts': [
        'export async function host(): Promise<string> {',
        '  const started = performance.now();',
        '  const controller = new AbortController();',
        '  const timer = setTimeout(() => controller.abort(), 1000);',
        "  const response = await fetch(new URL('https://example.com/?q=1'), { signal: controller.signal, headers: new Headers({ accept: 'text/plain' }) });",
        '  clearTimeout(timer);',
        '  const bytes = new TextEncoder().encode(await response.text());',
        '  queueMicrotask(() => console.log(new TextDecoder().decode(bytes)));',
        "  const copy = structuredClone({ n: new URLSearchParams('a=1').get('a') });",
        "  return `${btoa(atob('eA=='))} ${crypto.randomUUID()} ${new Intl.NumberFormat('en').format(performance.now() - started)} ${copy.n} ${new DOMException('x', 'AbortError').name}`;",
        '}',
        '',
      ].join('\n'),
      'src/worker/planted-document.ts': 'export const title = (): string => document.title;\n',
      'src/worker/planted-worker.ts': "export const post = (): void => self.postMessage('x');\n",
      'src/cli/planted-document.ts': 'export const title = (): string => document.title;\n',
      'src/cli/planted-node.ts': 'export const cwd = (): string => process.cwd();\n',
      'src/ui/planted-process.ts': 'export const home = (): string | undefined => process.env.HOME;\n',
      'src/ui/planted-document.ts': 'export const title = (): string => document.title;\n',
    });
    const layers = ['engine', 'worker', 'cli', 'ui'];
    const results = await Promise.all(layers.map((l) => run([TSC, '-p', `tsconfig.${l}.json`, '--noEmit', '--pretty', 'false'], project)));
    const errors = results
      .flatMap((r) => r.stdout.split('\n'))
      .map((line) => /^(src\/\S+?)\(\d+,\d+\): error (TS\d+): Cannot find name '(\w+)'/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => `${m[1]}: ${m[3]}`)
      .sort();
    expect(errors).toEqual(
      [
        'src/agent/planted-process.ts: process',
        'src/cli/planted-document.ts: document',
        'src/compression/planted-window.ts: window',
        'src/lisp/planted-document.ts: document',
        'src/ui/planted-process.ts: process',
        'src/worker/planted-document.ts: document',
      ].sort(),
    );
    // Nothing else went wrong (the host globals and each layer's own globals are there).
    expect(results.flatMap((r) => r.stdout.split('\n').filter((line) => line.includes('error TS'))).length).toBe(errors.length);
    // Each check fails (TypeScript 7 exits with 1 on errors, TypeScript 5 with 2).
    expect(results.map((r) => r.code !== 0)).toEqual([true, true, true, true]);
  });
});
