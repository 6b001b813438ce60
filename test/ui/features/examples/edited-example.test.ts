// An example someone changed is told from the example itself: it carries the example's gallery
// description and tags, and its mission, tools, data or settings differ.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isEditedExample } from '../../../../src/ui/features/examples/edited-example.ts';
import { Engine, type SessionDefinition } from '../../../../src/worker/engine.ts';

const dir = join(__dirname, '..', '..', '..', '..', 'examples');
const texts = ['reviews-and-inventory.json', 'long-run-overflow.json', 'failed-turn-recovery.json'].map((f) => readFileSync(join(dir, f), 'utf8'));

function definitionOf(text: string): SessionDefinition {
  const engine = new Engine();
  const r = engine.open(text);
  if (!r.ok) throw new Error('does not open');
  return r.view.setup.definition;
}

describe('isEditedExample', () => {
  it('an example as it is: not edited (every bundled one)', () => {
    for (const text of texts) expect(isEditedExample(definitionOf(text), texts)).toBe(false);
  });

  it('an example with its mission, data, tools or strategy changed: edited', () => {
    const def = definitionOf(texts[0]);
    expect(isEditedExample({ ...def, mission: `${def.mission} Quickly.` }, texts)).toBe(true);
    expect(isEditedExample({ ...def, data: { products: [] } }, texts)).toBe(true);
    expect(isEditedExample({ ...def, tools: def.tools.slice(1) }, texts)).toBe(true);
    expect(isEditedExample({ ...def, compression: 'trim' }, texts)).toBe(true);
    // A new title alone is still the example.
    expect(isEditedExample({ ...def, title: 'Mine' }, texts)).toBe(false);
  });

  it('a session with its own description, or none: never an edited example', () => {
    const def = definitionOf(texts[0]);
    expect(isEditedExample({ ...def, mission: 'x', description: 'My own.' }, texts)).toBe(false);
    const { description: _d, tags: _t, ...bare } = def;
    expect(isEditedExample({ ...bare, mission: 'x' }, texts)).toBe(false);
  });
});
