// Branches through the worker's host: fork with settings checked as a file's, open and remove, compare
// two branches side by side; the view lists them and a saved text keeps them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTokenizer } from '../../src/compression/tokens.ts';
import { parseSession } from '../../src/session/session-file.ts';
import { Engine, type View } from '../../src/worker/engine.ts';
import { PageApi, type PatchedBranch } from '../../src/worker/page-api.ts';
import { applyPatch } from '../../src/worker/view-patch.ts';
import { joinFileText } from '../../src/session/file-text.ts';

const EXAMPLE = readFileSync(join(__dirname, '..', '..', 'examples', 'reviews-and-inventory.json'), 'utf8');

function ranHost(): PageApi {
  const h = new PageApi(new Engine());
  const r = h.engine.open(EXAMPLE);
  if (!r.ok) throw new Error('did not open');
  for (let i = 0; i < 3; i++) h.engine.stepTurn();
  return h;
}

function view(r: PatchedBranch): View {
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return applyPatch(null, r.view);
}

describe('branches in the worker', () => {
  it('an edit of the open branch keeps the other branches and unknown fields of the file', () => {
    const h = ranHost();
    view(h.fork({ at: 3, name: 'trim at 3', compression: 'trim' }));
    const before = h.engine.view();
    const edited = h.engine.setDefinition({ ...before.setup.definition, mission: `${before.setup.definition.mission} ` });
    expect(edited.ok && edited.view.branches.map((b) => b.name)).toEqual(['main', 'trim at 3']);
    const opened = new Engine();
    const withExtra = JSON.stringify({ ...(JSON.parse(EXAMPLE) as object), futureField: { kept: true } });
    expect(opened.open(withExtra).ok).toBe(true);
    const v = opened.view();
    opened.setDefinition({ ...v.setup.definition, title: 'renamed' });
    expect(JSON.parse(opened.exportSession())).toMatchObject({ title: 'renamed', futureField: { kept: true } });
  });

  it('forks with another strategy, steps the branch, and lists both', async () => {
    await loadTokenizer('o200k_base');
    const h = ranHost();
    const v = view(h.fork({ at: 3, name: 'trim at 3', compression: 'trim' }));
    expect(v.turns).toHaveLength(2);
    expect(v.setup.sessionStrategy).toBe('trim');
    expect(v.status).toBe('running');
    expect(v.branches.map((b) => [b.id, b.name, b.open, b.turns, b.depth])).toEqual([
      ['main', 'main', false, 3, 0],
      ['b1', 'trim at 3', true, 2, 1],
    ]);
    const stepped = h.engine.stepTurn();
    expect(stepped.ok && stepped.view.status).toBe('returned');
    expect(stepped.ok && stepped.view.branches.find((b) => b.id === 'b1')?.turns).toBe(3);
    const [main, trim] = await h.compareBranches('main', 'b1');
    expect(main).toMatchObject({ name: 'main', strategy: 'single-user-coalesced', status: 'returned', result: '["Laptop" "Monitor"]' });
    expect(trim).toMatchObject({ name: 'trim at 3', strategy: 'trim', forkedAt: 3, status: 'returned', result: '["Laptop" "Monitor"]' });
    expect(trim?.turns.map((t) => t.shared)).toEqual([true, true, false]);
    // Shared turns were sent once, so they cost the same; the branch's own turn was rendered by trim.
    expect(trim?.turns[0].promptTokens).toBe(main?.turns[0].promptTokens);
    expect(trim?.turns[2].promptTokens).not.toBe(main?.turns[2].promptTokens);
    expect(await h.compareBranches('main', 'nope')).toEqual([main, null]);
  });

  it('checks a fork’s settings as a session file’s, and names the strategies it knows', () => {
    const h = ranHost();
    const bad = h.fork({ at: 2, name: 'x', llm: { temperature: 9 } });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors[0]).toMatch(/^llm\.temperature: /);
    const unknown = h.fork({ at: 2, name: 'x', compression: 'nope' });
    expect(!unknown.ok && unknown.errors[0]).toMatch(/known: .*trim/);
    expect(h.fork({ at: 7, name: 'x' })).toEqual({ ok: false, errors: ['fork at a turn from 1 to 4, not 7'] });
    // Nothing changed.
    expect(h.engine.view().branches).toHaveLength(1);
  });

  it('opens the other branch and removes one; the saved text keeps the tree', () => {
    const h = ranHost();
    view(h.fork({ at: 2, name: 'prompt', systemPrompt: { suffix: 'Answer in one turn.' }, llm: { temperature: 0.5 } }));
    const back = view(h.checkoutBranch('main'));
    expect(back.turns).toHaveLength(3);
    expect(back.branches.map((b) => [b.id, b.open])).toEqual([
      ['main', true],
      ['b1', false],
    ]);
    const text = joinFileText(h.engine.savedText());
    const reopened = parseSession(text);
    expect(reopened.ok && reopened.session.branches?.map((b) => [b.id, b.systemPrompt, b.llm.temperature])).toEqual([
      ['b1', { suffix: 'Answer in one turn.' }, 0.5],
    ]);
    expect(view(h.removeBranch('b1')).branches).toHaveLength(1);
    expect(h.removeBranch('main')).toEqual({ ok: false, errors: ['the open branch cannot be removed; open another one first'] });
  });
});
