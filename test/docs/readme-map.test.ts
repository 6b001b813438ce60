// README.md is the page a person reads first: short, with a map of the folders that matches the
// repository. The map is checked against the real directory listing, so a new folder under src/ (or
// at the top) without a line in the map fails here, and so does a line for a folder that is gone.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** The folders the README's map names: the first cell of each row of the table under `## Folders`. */
function mapped(text: string): string[] {
  const start = text.indexOf('\n## Folders\n');
  if (start < 0) return [];
  const end = text.indexOf('\n## ', start + 1);
  const section = text.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/^\| `([^`]+)\/` \|/gm)].map((m) => m[1]);
}

/** The folders directly in `dir`. */
function folders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
}

/** Top-level folders that are not the project's own: git's, and what .gitignore names (installs, builds). */
function ignoredAtTop(): Set<string> {
  const ignored = readFileSync(join(root, '.gitignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^[^#!*/][^*/]*\/?$/.test(l))
    .map((l) => l.replace(/\/$/, ''));
  return new Set(['.git', ...ignored]);
}

describe('README.md', () => {
  const map = mapped(readme);

  it('has a folder map', () => {
    expect(map.length).toBeGreaterThan(10);
  });

  it('maps every folder under src/', () => {
    const missing = folders(join(root, 'src'))
      .map((f) => `src/${f}`)
      .filter((f) => !map.includes(f));
    expect(missing).toEqual([]);
  });

  it('maps every top-level folder of the repository', () => {
    const ignored = ignoredAtTop();
    const top = folders(root).filter((f) => !ignored.has(f));
    for (const f of ['src', 'test', 'e2e', 'bench', 'scripts', 'bin', 'docs', 'examples']) expect(top).toContain(f);
    expect(top.filter((f) => !map.includes(f))).toEqual([]);
  });

  it('names only folders that exist', () => {
    const gone = map.filter((f) => !existsSync(join(root, f)) || !statSync(join(root, f)).isDirectory());
    expect(gone).toEqual([]);
  });

  it('reads the map as the table writes it', () => {
    const text = ['## Folders', '', '| folder | what |', '| --- | --- |', '| `src/lisp/` | x |', '| `bin/` | y |', '', '## Next', '| `docs/` | z |'].join('\n');
    expect(mapped(`\n${text}`)).toEqual(['src/lisp', 'bin']);
  });

  it('stays short: at most 220 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(220);
  });

  it('keeps the commands CI and a newcomer run', () => {
    expect(readme).toContain('npm install && npm run dev');
    expect(readme).toMatch(/^npm test\s/m);
    expect(readFileSync(join(root, '.ci', 'run'), 'utf8')).toMatch(/^npm test$/m);
  });

  it('links only to files that exist', () => {
    const docs = join(root, 'docs');
    const texts: [string, string][] = [
      ['', readme],
      ...readdirSync(docs)
        .filter((f) => f.endsWith('.md'))
        .map((f): [string, string] => ['docs', readFileSync(join(docs, f), 'utf8')]),
    ];
    const broken: string[] = [];
    for (const [dir, text] of texts) {
      for (const m of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        const target = m[1];
        if (/^[a-z]+:/.test(target)) continue;
        if (!existsSync(join(root, dir, target))) broken.push(`${dir || '.'}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
