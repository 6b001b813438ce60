// The data's size in the view (read off the session's head, not written again): what the page's
// data panel says while it fills its editor later.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine, type SessionDefinition } from '../../src/worker/engine.ts';
import { dataCharsOf } from '../../src/worker/views.ts';

const example = (name: string) => readFileSync(join(__dirname, '..', '..', 'examples', name), 'utf8');

describe('dataChars', () => {
  it('is the length of the data formatted as its editor shows it', () => {
    for (const name of ['reviews-and-inventory.json', 'products-exploration.json']) {
      const engine = new Engine();
      const opened = engine.open(example(name));
      if (!opened.ok) throw new Error(opened.problems.map((p) => p.text).join('; '));
      const view = opened.view;
      expect(view.setup.dataChars).toBe(JSON.stringify(view.setup.definition.data, null, 2).length);
    }
  });

  it('follows a data edit, with nested values, strings holding quotes and an empty object', () => {
    const engine = new Engine();
    const opened = engine.open(example('reviews-and-inventory.json'));
    if (!opened.ok) throw new Error(opened.problems.map((p) => p.text).join('; '));
    const datas: SessionDefinition['data'][] = [{ a: { b: [1, { c: '  "d": \n' }] }, e: 'x' }, {}];
    for (const data of datas) {
      const r = engine.setDefinition({ ...opened.view.setup.definition, data });
      if (!r.ok) throw new Error(r.problems.map((p) => p.text).join('; '));
      expect(r.view.setup.dataChars).toBe(JSON.stringify(r.view.setup.definition.data, null, 2).length);
    }
  });

  it('is zero for a head without data', () => {
    expect(dataCharsOf('{\n  "title": "x"\n}')).toBe(0);
  });
});
