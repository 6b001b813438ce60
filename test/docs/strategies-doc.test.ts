// docs/strategies.md says what every strategy does and which options it reads: it must not drift from the code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPTION_SPECS } from '../../src/compression/options.ts';
import { STRATEGIES } from '../../src/compression/strategies/index.ts';

const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'strategies.md'), 'utf8');

function defaultText(value: unknown): string {
  if (typeof value === 'number') return value.toLocaleString('en-US');
  return typeof value === 'string' ? `\`${value}\`` : String(value);
}

describe('docs/strategies.md', () => {
  it('defines every strategy in a section of its own', () => {
    for (const s of STRATEGIES) expect(doc, s.name).toMatch(new RegExp(`^## ${s.name}$`, 'm'));
  });

  it('lists every option with its default, the strategies that read it and what it does', () => {
    for (const spec of OPTION_SPECS) {
      const readers = STRATEGIES.filter((s) => s.options.includes(spec.key)).map((s) => s.name);
      expect(doc, spec.key).toContain(`| \`${spec.key}\` | ${defaultText(spec.default)} | ${readers.join(', ')} | ${spec.help} |`);
    }
  });
});
