// The test files' order (test/setup/sequencer.ts): Vitest's own order, with the files of one project
// and environment queued together so that its workers are reused between them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestSpecification, Vitest } from 'vitest/node';
import { afterAll, describe, expect, it } from 'vitest';
import GroupedByEnvironment, { environmentOf, groupInOrder } from '../setup/sequencer.ts';

// Vitest reads these comments anywhere in a test file, this one too: they are put together at run time.
const envComment = (name: string, kind = 'vitest') => `@${kind}-environment ${name}`;
const optionsComment = (json: string) => `@vitest-${'environment'}-options ${json}`;

const dir = mkdtempSync(join(tmpdir(), 'ptc-sequencer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface FakeProject {
  name: string;
  config: { environment: string; sequence: { groupOrder: number }; isolate: boolean };
}

const project = (name: string, environment = 'node', groupOrder = 0): FakeProject => ({
  name,
  config: { environment, sequence: { groupOrder }, isolate: false },
});

/** A test file on disk with the given text, as a specification of `p`. */
function spec(p: FakeProject, file: string, text: string): TestSpecification {
  const moduleId = join(dir, file);
  writeFileSync(moduleId, text);
  return { moduleId, project: p } as unknown as TestSpecification;
}

describe('groupInOrder', () => {
  it('puts items of one key together, each key where its first item was, items in their order', () => {
    const items = ['a1', 'b1', 'a2', 'c1', 'b2', 'a3'];
    expect(groupInOrder(items, (s) => s[0])).toEqual(['a1', 'a2', 'a3', 'b1', 'b2', 'c1']);
    expect(groupInOrder([], (s: string) => s)).toEqual([]);
    expect(groupInOrder(['x', 'y'], () => 'one')).toEqual(['x', 'y']);
  });
});

describe('environmentOf', () => {
  const app = project('fresh');
  it('reads the comment anywhere in the file, as Vitest does, else takes the project’s', () => {
    expect(environmentOf(spec(app, 'a.test.ts', `// ${envComment('happy-dom')}\nimport x from "y";`))).toBe('happy-dom');
    expect(environmentOf(spec(app, 'b.test.ts', `import x from "y";\n/** ${envComment('jsdom', 'jest')} */`))).toBe('jsdom');
    expect(environmentOf(spec(app, 'c.test.ts', 'import x from "y";'))).toBe('node');
    expect(environmentOf(spec(project('dom', 'happy-dom'), 'd.test.ts', ''))).toBe('happy-dom');
  });

  it('tells apart one environment with other options', () => {
    const plain = environmentOf(spec(app, 'e.test.ts', `// ${envComment('jsdom')}`));
    const withUrl = environmentOf(spec(app, 'f.test.ts', `// ${envComment('jsdom')}\n// ${optionsComment('{"url": "http://x/"}')}`));
    expect(plain).toBe('jsdom');
    expect(withUrl).not.toBe(plain);
  });
});

describe('the sequencer', () => {
  it('keeps Vitest’s order (projects one after the other, larger files first) but queues each environment together', async () => {
    const engine = project('engine');
    const fresh = project('fresh');
    const sizes = new Map<string, number>();
    const make = (p: FakeProject, file: string, env: string | undefined, size: number) => {
      const s = spec(p, file, env ? `// ${envComment(env)}\n` : '');
      sizes.set(`${p.name}:${file}`, size);
      return s;
    };
    const files = [
      make(fresh, 'n1.test.ts', undefined, 90),
      make(engine, 'e1.test.ts', undefined, 10),
      make(fresh, 'h1.test.ts', 'happy-dom', 100),
      make(fresh, 'j1.test.ts', 'jsdom', 80),
      make(fresh, 'h2.test.ts', 'happy-dom', 70),
      make(engine, 'e2.test.ts', undefined, 50),
      make(fresh, 'n2.test.ts', undefined, 60),
      make(fresh, 'j2.test.ts', 'jsdom', 40),
      make(fresh, 'h3.test.ts', 'happy-dom', 30),
    ];
    const ctx = {
      config: { root: dir },
      cache: {
        getFileTestResults: () => undefined,
        getFileStats: (key: string) => ({ size: sizes.get(key) ?? 0 }),
      },
    } as unknown as Vitest;
    const order = (await new GroupedByEnvironment(ctx).sort(files)).map((s) => `${s.project.name}/${s.moduleId.slice(dir.length + 1, -'.test.ts'.length)}`);
    // Vitest alone: engine/e2 e1, then fresh by size h1 n1 j1 h2 n2 j2 h3 (three environments, five changes).
    expect(order).toEqual(['engine/e2', 'engine/e1', 'fresh/h1', 'fresh/h2', 'fresh/h3', 'fresh/n1', 'fresh/n2', 'fresh/j1', 'fresh/j2']);
  });

  it('never moves a file to another sequence group', async () => {
    const first = project('late', 'node', 1);
    const second = project('early', 'node', 0);
    const ctx = { config: { root: dir }, cache: { getFileTestResults: () => undefined, getFileStats: () => ({ size: 1 }) } } as unknown as Vitest;
    const files = [spec(first, 'g1.test.ts', ''), spec(second, 'g2.test.ts', '')];
    const order = (await new GroupedByEnvironment(ctx).sort(files)).map((s) => s.project.name);
    expect(order).toEqual(['early', 'late']);
  });
});
