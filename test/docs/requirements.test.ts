// docs/requirements.md must account for every requirement ID of seed 003, and point at tests that exist.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const seed = join(root, '..', 'shared', 'seeds', '003_dba39dc82c4bddad.txt');
const doc = readFileSync(join(root, 'docs', 'requirements.md'), 'utf8');
const ID = /\b(?:PRE|API|ARC|NS|FMT|TYP|TRN|SAM|DEF|TC|MSG|CMP|ERR|SS|DBG|AMB)-\d{3}\b/g;

interface Row {
  id: string;
  status: string;
  where: string;
}

const rows: Row[] = doc
  .split('\n')
  .filter((l) => /^\| [A-Z]+-\d{3} \|/.test(l))
  .map((l) => {
    const cells = l.split('|').map((c) => c.trim());
    return { id: cells[1], status: cells[3], where: cells[4] };
  });

describe('docs/requirements.md', () => {
  it.skipIf(!existsSync(seed))('has exactly one row for every requirement ID of seed 003', () => {
    const ids = [...new Set(readFileSync(seed, 'utf8').match(ID) ?? [])].sort();
    expect(rows.map((r) => r.id).sort()).toEqual(ids);
  });

  it('every tested row names test files that exist and carry the ID (or the covering ID in parentheses)', () => {
    const problems: string[] = [];
    for (const row of rows) {
      expect(['tested', 'n/a', 'superseded']).toContain(row.status);
      if (row.status !== 'tested') {
        expect(row.where.length).toBeGreaterThan(20);
        continue;
      }
      const covering = /\(([A-Z]+-\d{3})\)/.exec(row.where)?.[1] ?? row.id;
      for (const file of row.where
        .replace(/\([^)]*\)/g, '')
        .split(',')
        .map((s) => s.trim())) {
        const path = join(root, file);
        if (!existsSync(path)) problems.push(`${row.id}: ${file} does not exist`);
        else if (!readFileSync(path, 'utf8').includes(covering)) problems.push(`${row.id}: ${file} does not mention ${covering}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
