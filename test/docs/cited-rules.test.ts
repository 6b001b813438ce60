// A comment or a test title may cite a settled rule by its short number (L8, C7, R1, S1) or a seed
// requirement by its ID (FMT-004). The reader must find each one in the repository: a rule stated in
// docs/decisions.md, a requirement listed in docs/requirements.md. A number cited but stated nowhere
// here sends the reader to a document they do not have.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FOLDERS = ['src', 'test', 'e2e', 'bench', 'scripts'];
const RULE = /\b[LCRS]\d{1,2}\b/g;
const REQUIREMENT = /\b(?:PRE|API|ARC|NS|FMT|TYP|TRN|SAM|DEF|TC|MSG|CMP|ERR|SS|DBG|AMB)-\d{3}\b/g;

/** The source files under a folder, at any depth. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(?:ts|tsx|mts|mjs|js)$/.test(name))
    .map((name) => join(folder, name));
}

/** The prose of a source text: its comments and the titles of its tests (not its code or data). */
function proseOf(text: string): string[] {
  const prose: string[] = [];
  let inBlock = false;
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (inBlock || trimmed.startsWith('/*')) {
      prose.push(trimmed);
      inBlock = !trimmed.includes('*/');
      continue;
    }
    // A line comment, not the `//` of an address inside a string.
    const comment = /(?:^|[^:'"`/])\/\/(.*)$/.exec(line);
    if (comment) prose.push(comment[1]);
    const title = /\b(?:it|test|describe)(?:\.\w+)*\(\s*(['"`])(.*?)\1/.exec(line);
    if (title) prose.push(title[2]);
  }
  return prose;
}

/** Every cited number that `stated` lacks, as "file: number". */
function unstated(pattern: RegExp, stated: Set<string>): string[] {
  const problems: string[] = [];
  for (const file of FOLDERS.flatMap((f) => sourceFiles(join(root, f)))) {
    for (const words of proseOf(readFileSync(file, 'utf8'))) {
      for (const id of words.match(pattern) ?? []) {
        if (!stated.has(id)) problems.push(`${relative(root, file)}: ${id}`);
      }
    }
  }
  return [...new Set(problems)];
}

describe('numbers cited in comments and test titles', () => {
  it('reads comments and test titles, not code', () => {
    const text = [
      '// a turn ends so (L7)',
      "const S1 = 'x'; // see C9",
      "fetch('http://host/L5');",
      '/**',
      ' * block (R1)',
      ' */',
      "it('keeps it (FMT-004)', () => {});",
    ].join('\n');
    expect(proseOf(text).join(' ').match(RULE)).toEqual(['L7', 'C9', 'R1']);
    expect(proseOf(text).join(' ').match(REQUIREMENT)).toEqual(['FMT-004']);
  });

  it('every rule number is stated in docs/decisions.md', () => {
    const doc = readFileSync(join(root, 'docs', 'decisions.md'), 'utf8');
    const stated = new Set([...doc.matchAll(/^- \*\*([LCRS]\d{1,2})\*\*/gm)].map((m) => m[1]));
    expect(stated.size).toBeGreaterThan(20);
    expect(unstated(RULE, stated)).toEqual([]);
  });

  it('every seed requirement ID is a row of docs/requirements.md', () => {
    const doc = readFileSync(join(root, 'docs', 'requirements.md'), 'utf8');
    const stated = new Set([...doc.matchAll(/^\| ([A-Z]+-\d{3}) \|/gm)].map((m) => m[1]));
    expect(stated.size).toBeGreaterThan(100);
    expect(unstated(REQUIREMENT, stated)).toEqual([]);
  });
});
