import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mockLlm } from '../../src/agent/llm.ts';
import { prepareAgent, resumeStep, runAgent } from '../../src/agent/loop.ts';
import { branchList, checkout, fork, removeBranch } from '../../src/session/branches.ts';
import { buildLink, decodeLink } from '../../src/session/link-codec.ts';
import { parseSession, serializeSession, sessionToAgent, type Session } from '../../src/session/session-file.ts';

const EXAMPLE = readFileSync(join(__dirname, '..', '..', 'examples', 'reviews-and-inventory.json'), 'utf8');

async function ran(session: Session): Promise<Session> {
  const p = prepareAgent(sessionToAgent(session));
  if (!p.ok) throw new Error(p.errors.join('\n'));
  const step = await runAgent(p.agent, mockLlm(session.llm.replies ?? []), { step: resumeStep(p.agent, session.turns) });
  return { ...session, turns: step.turns };
}

function opened(text: string): Session {
  const r = parseSession(text);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.session;
}

function ok(r: ReturnType<typeof fork>): Session {
  if (!r.ok) throw new Error(r.error);
  return r.session;
}

/** What a branch did, turn by turn, comparable across a round trip. */
function shape(s: Session): unknown {
  return s.turns.map((t) => [t.number, t.program, t.success, t.messages]);
}

describe('branches', () => {
  it('forks at a turn: the turns before it are kept, the change applies, the old branch is kept in the tree', async () => {
    const main = await ran(opened(EXAMPLE));
    expect(main.turns).toHaveLength(3);
    const trimmed = ok(fork(main, 3, 'trim from turn 3', { compression: 'trim' }));
    expect(trimmed.turns).toEqual(main.turns.slice(0, 2));
    expect(trimmed.turns[0]).toBe(main.turns[0]);
    expect(trimmed.compression).toBe('trim');
    expect(trimmed.branch).toEqual({ id: 'b1', name: 'trim from turn 3', parent: 'main', forkedAt: 3 });
    expect(trimmed.branches?.map((b) => [b.id, b.turns.length, b.compression])).toEqual([['main', 3, true]]);
    const done = await ran(trimmed);
    expect(done.turns).toHaveLength(3);
    // Turn 3 was asked again, rendered by trim: its messages are not main's.
    expect(done.turns[2].messages).not.toEqual(main.turns[2].messages);
    expect(branchList(done)).toEqual([
      { id: 'main', name: 'main', parent: null, forkedAt: 1, open: false, turns: 3, ended: 'return', depth: 0 },
      { id: 'b1', name: 'trim from turn 3', parent: 'main', forkedAt: 3, open: true, turns: 3, ended: 'return', depth: 1 },
    ]);
  });

  it('opens branches back and forth without losing a turn or a setting', async () => {
    const main = await ran(opened(EXAMPLE));
    const b1 = await ran(ok(fork(main, 2, 'prompt', { systemPrompt: { suffix: 'Be brief.' } })));
    const back = ok(checkout(b1, 'main'));
    expect(back.turns).toBe(main.turns);
    expect(back.systemPrompt).toBeUndefined();
    expect(back.branch).toMatchObject({ id: 'main' });
    const again = ok(checkout(back, 'b1'));
    expect(again.turns).toBe(b1.turns);
    expect(again.systemPrompt).toEqual({ suffix: 'Be brief.' });
    expect(checkout(again, 'nope')).toEqual({ ok: false, error: 'no branch "nope"' });
    expect(fork(again, 9, 'x')).toEqual({ ok: false, error: 'fork at a turn from 1 to 4, not 9' });
    expect(fork(again, 1, '  ')).toEqual({ ok: false, error: 'give the branch a name' });
  });

  it('round-trips a tree through a file: shared turns written once, SYSTEM text of each branch its own', async () => {
    const main = await ran(opened(EXAMPLE));
    const b1 = await ran(ok(fork(main, 2, 'coalesced off', { compression: false, systemPrompt: { prefix: 'Careful.' } })));
    const b2 = await ran(ok(fork(b1, 3, 'aggressive', { compression: 'aggressive' })));
    const atB1 = ok(checkout(b2, 'b1'));
    const text = serializeSession(atB1);
    const json = JSON.parse(text) as {
      branch: unknown;
      branches: { id: string; shared: number; turns: { messages: { role: string; content?: string }[] }[] }[];
    };
    expect(json.branch).toEqual({ id: 'b1', name: 'coalesced off', parent: 'main', forkedAt: 2 });
    const byId = new Map(json.branches.map((b) => [b.id, b]));
    expect(byId.get('main')?.shared).toBe(0);
    expect(byId.get('main')?.turns).toHaveLength(3);
    expect(byId.get('b2')?.shared).toBe(2);
    expect(byId.get('b2')?.turns).toHaveLength(1);
    for (const b of json.branches) for (const t of b.turns) expect(t.messages[0]).toEqual({ role: 'system' });
    const back = opened(text);
    expect(shape(back)).toEqual(shape(atB1));
    for (const id of ['main', 'b2']) {
      const before = atB1.branches?.find((b) => b.id === id);
      const after = back.branches?.find((b) => b.id === id);
      expect(after?.turns.map((t) => [t.program, t.messages])).toEqual(before?.turns.map((t) => [t.program, t.messages]));
    }
    // Shared turns are the parent's very turns again, so the next save shares them too.
    expect(back.branches?.find((b) => b.id === 'b2')?.turns[0]).toBe(back.turns[0]);
    expect(serializeSession(back)).toBe(text);
    expect(branchList(back).map((b) => [b.id, b.depth, b.open])).toEqual([
      ['main', 0, false],
      ['b1', 1, true],
      ['b2', 2, false],
    ]);
  });

  it('travels in a share link', async () => {
    const main = await ran(opened(EXAMPLE));
    const b1 = await ran(ok(fork(main, 3, 'trim', { compression: 'trim' })));
    const link = buildLink(b1);
    expect(link.unopenable).toBeUndefined();
    const decoded = decodeLink(link.fragment);
    if (!decoded.ok) throw new Error(decoded.error);
    expect(decoded.session.branches?.map((b) => b.id)).toEqual(['main']);
    expect(shape(decoded.session)).toEqual(shape(b1));
  });

  it('removes a branch that is not open, keeping its children under its parent', async () => {
    const main = await ran(opened(EXAMPLE));
    const b1 = ok(fork(main, 2, 'one'));
    const b2 = ok(fork(b1, 2, 'two'));
    expect(removeBranch(b2, 'b2')).toEqual({ ok: false, error: 'the open branch cannot be removed; open another one first' });
    const without = ok(removeBranch(b2, 'b1'));
    expect(branchList(without).map((b) => [b.id, b.parent])).toEqual([
      ['main', null],
      ['b2', 'main'],
    ]);
    expect(opened(serializeSession(without)).branches?.map((b) => b.id)).toEqual(['main']);
  });

  it('refuses a damaged tree with the path of the problem', () => {
    const base = JSON.parse(EXAMPLE) as Record<string, unknown>;
    const stored = (over: Record<string, unknown>) => ({
      id: 'x',
      name: 'x',
      parent: 'main',
      forkedAt: 1,
      shared: 0,
      compression: false,
      llm: { provider: 'mock', replies: [] },
      turns: [],
      ...over,
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ branches: [stored({}), stored({})] }, 'branches[1].id: "x" names two branches'],
      [{ branches: [stored({ parent: 'ghost' })] }, 'branches[0].parent: no branch "ghost"'],
      [{ branches: [stored({ id: 'a', parent: 'b' }), stored({ id: 'b', parent: 'a' })] }, 'branches[0].parent: "a" descends from itself'],
      [{ branches: [stored({ shared: 2, forkedAt: 3 })] }, 'branches[0].shared: 2 turns shared, but its parent has 0'],
      [{ branch: { id: 'bad id!', name: 'x', parent: null, forkedAt: 1 } }, 'branch.id: expected 1 to 40 letters, digits, - or _'],
      [{ branches: [stored({ compression: 7 })] }, 'branches[0].compression:'],
    ];
    for (const [extra, message] of cases) {
      const r = parseSession({ ...base, ...extra });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors.join('\n')).toContain(message);
    }
  });
});

describe('branch list', () => {
  it('says a branch ran out of turns', async () => {
    const s = opened(EXAMPLE);
    const short = await ran({ ...s, maxTurns: 2 });
    expect(branchList(short)[0]).toMatchObject({ turns: 2, ended: 'out_of_turns' });
    expect(branchList(ok(fork(short, 2, 'again')))[1]).toMatchObject({ turns: 1, ended: null });
  });
});
