// Every source module stays small enough to read at once: no file under src/ is over 700 lines.
// A module that grows past it is split by concern, as values.ts and the fn analyzer were.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const LIMIT = 700;

/** The TypeScript modules under a folder, at any depth. */
function modules(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(?:ts|tsx)$/.test(name))
    .map((name) => join(folder, name));
}

/** Lines of a text, the way an editor counts them (a final newline ends the last line, it starts none). */
function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('module size', () => {
  it('counts lines as an editor does', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb'), lineCount('a\n\n')]).toEqual([0, 1, 1, 2, 2]);
  });

  it(`no file under src/ is over ${LIMIT} lines`, () => {
    const files = modules(join(root, 'src'));
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({ file: relative(root, file), lines: lineCount(readFileSync(file, 'utf8')) }))
      .filter((f) => f.lines > LIMIT)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });
});
