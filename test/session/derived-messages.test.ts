// Session files leave out what the engine re-renders identically (DECISIONS R1): a turn's
// messages when they are the rendering, a kept SYSTEM message's text when it is the session's prompt.
// Reading renders them again, exactly; the run record keeps every message.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mockLlm } from '../../src/agent/llm.ts';
import { initialStep, messagesForTurn, prepareAgent, runTurn } from '../../src/agent/loop.ts';
import { runRecord } from '../../src/agent/run-record.ts';
import type { Step, Turn } from '../../src/agent/turn.ts';
import type { Message } from '../../src/records/records.ts';
import { findLeftOut, restoreMessages, storedMessages } from '../../src/session/derived-messages.ts';
import { parseSession, serializeSession, sessionToAgent, type Session } from '../../src/session/session-file.ts';

const EXAMPLES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'examples');
const exampleNames = readdirSync(EXAMPLES).filter((f) => f.endsWith('.json'));

function opened(input: unknown): { session: Session; warnings: readonly string[] } {
  const r = parseSession(input);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r;
}

function refused(input: unknown): string[] {
  const r = parseSession(input);
  if (r.ok) throw new Error('expected the session to be refused');
  return r.errors;
}

const example = (name: string): Session => opened(readFileSync(join(EXAMPLES, name), 'utf8')).session;

/** Runs the session's mock replies through the real loop, from `step` (a fresh run by default). */
async function run(session: Session, step: Step = initialStep(), upTo = Infinity): Promise<Step> {
  const prepared = prepareAgent(sessionToAgent(session));
  if (!prepared.ok) throw new Error(prepared.errors.join('\n'));
  const llm = mockLlm(session.llm.replies ?? []);
  let s = step;
  while (s.status === 'running' && s.turns.length < Math.min(upTo, session.llm.replies?.length ?? 0)) s = await runTurn(prepared.agent, s, llm);
  return s;
}

async function ranToEnd(session: Session): Promise<Session> {
  return { ...session, turns: (await run(session)).turns };
}

const plain = (ms: readonly Message[]): Message[] => ms.map((m) => ({ role: m.role, content: m.content }));
const messagesOf = (s: Session): Message[][] => s.turns.map((t) => plain(t.messages));

interface TurnJson {
  messages?: { role: string; content?: string }[];
  messagesHash?: string;
}
const turnsOf = (text: string): TurnJson[] => (JSON.parse(text) as { turns: TurnJson[] }).turns;

/** Forty turns of full history, each a number: turn k is sent 2k messages. */
async function fortyTurns(): Promise<Session> {
  const s = opened({
    version: 2,
    mission: 'm',
    maxTurns: 40,
    llm: { provider: 'mock', replies: Array.from({ length: 40 }, (_, i) => `\`\`\`clojure\n${i}\n\`\`\``) },
  }).session;
  return ranToEnd(s);
}

describe('every example, run by the real loop, saved and opened again', () => {
  const variants: [string, (s: Session) => Session][] = [
    ['as shipped', (s) => s],
    ['full history', (s) => ({ ...s, compression: false })],
    ['single-shot', (s) => ({ ...s, maxTurns: 1 })],
  ];
  for (const name of exampleNames) {
    it.each(variants)(`${name} (%s): no message is stored, and every one comes back exactly`, async (_what, variant) => {
      const s = await ranToEnd(variant(example(name)));
      expect(s.turns.length).toBeGreaterThan(0);
      const text = serializeSession(s);
      expect(turnsOf(text).every((t) => t.messages === undefined && typeof t.messagesHash === 'string')).toBe(true);
      const back = opened(text);
      expect(back.warnings).toEqual([]);
      expect(messagesOf(back.session)).toEqual(messagesOf(s));
      expect(serializeSession(back.session)).toBe(text);
      // Much smaller than with every message written out.
      expect(text.length).toBeLessThan(serializeSession(s, { keepMessages: true }).length);
    });
  }
});

describe('a definition changed after its turns ran', () => {
  it('keeps the messages of turns it no longer renders; the SYSTEM text only when it differs', async () => {
    const ran = await ranToEnd(example('reviews-and-inventory.json'));
    const edited: Session = { ...ran, mission: `${ran.mission} (edited)` };
    const text = serializeSession(edited);
    const stored = turnsOf(text);
    expect(stored.every((t) => t.messages !== undefined)).toBe(true);
    // The SYSTEM prompt did not change: it is the session's, written once (by the definition), not per turn.
    expect(stored.every((t) => t.messages?.[0].role === 'system' && t.messages[0].content === undefined)).toBe(true);
    const system = JSON.stringify(ran.turns[0].messages[0].content).slice(1, 400);
    expect(serializeSession(ran, { keepMessages: true })).toContain(system);
    expect(text).not.toContain(system);
    const back = opened(text);
    expect(back.warnings).toEqual([]);
    expect(messagesOf(back.session)).toEqual(messagesOf(ran));
    expect(serializeSession(back.session)).toBe(text);
  });

  it('keeps the SYSTEM text of turns sent with another prompt (edited mid-run)', async () => {
    const s = example('long-run-overflow.json');
    const before = await run(s, initialStep(), 2);
    const changed: Session = { ...s, systemPrompt: { prefix: 'You are careful.' } };
    const prepared = prepareAgent(sessionToAgent(changed));
    if (!prepared.ok) throw new Error(prepared.errors.join('\n'));
    const after = await run(changed, { ...before, turns: before.turns }, 4);
    const session: Session = { ...changed, turns: after.turns };
    expect(session.turns[0].messages[0].content).not.toBe(session.turns[3].messages[0].content);
    const text = serializeSession(session);
    const stored = turnsOf(text);
    expect(stored.map((t) => t.messages?.[0].content === undefined)).toEqual([false, false, true, true]);
    expect(stored.map((t) => t.messages === undefined)).toEqual([false, false, true, true]);
    const back = opened(text);
    expect(back.warnings).toEqual([]);
    expect(messagesOf(back.session)).toEqual(messagesOf(session));
    expect(serializeSession(back.session)).toBe(text);
  });

  it('keeps every message when a changed maxTurns or tool renders them differently', async () => {
    const ran = await ranToEnd(example('side-effect-calls.json'));
    for (const edited of [
      { ...ran, maxTurns: ran.maxTurns + 3 },
      { ...ran, tools: ran.tools.map((t) => ({ ...t, description: 'changed' })) },
    ]) {
      const text = serializeSession(edited);
      expect(turnsOf(text).every((t) => t.messages !== undefined)).toBe(true);
      expect(messagesOf(opened(text).session)).toEqual(messagesOf(ran));
    }
  });

  it('keeps every message, SYSTEM text included, when the session cannot render (a broken tool)', async () => {
    const ran = await ranToEnd(example('side-effect-calls.json'));
    const broken: Session = { ...ran, tools: ran.tools.map((t, i) => (i === 0 ? { ...t, impl: '(fn [x' } : t)) };
    const text = serializeSession(broken);
    expect(turnsOf(text).every((t) => t.messages !== undefined && t.messages[0].content !== undefined)).toBe(true);
    expect(messagesOf(opened(text).session)).toEqual(messagesOf(ran));
  });

  it('keeps the messages of a turn whose value does not survive saving (it reads back as nil)', async () => {
    const s = opened({
      version: 1,
      mission: 'nest',
      maxTurns: 3,
      llm: { provider: 'mock', replies: ['```clojure\n(reduce (fn [a _] [a]) 1 (range 600))\n```', '```clojure\n(return 1)\n```'] },
    }).session;
    const ran = await ranToEnd(s);
    expect(ran.turns).toHaveLength(2);
    const stored = turnsOf(serializeSession(ran));
    // Turn 1 is rendered from nothing before it; turn 2 shows turn 1's result, which is saved as a note.
    expect(stored.map((t) => t.messages === undefined)).toEqual([true, false]);
    expect(messagesOf(opened(serializeSession(ran)).session)).toEqual(messagesOf(ran));
  });
});

describe('reading', () => {
  it('reads version-1 files, whose turns carry every message and the SYSTEM prompt each', async () => {
    const ran = await ranToEnd(example('products-exploration.json'));
    const v1 = serializeSession(ran, { keepMessages: true }).replace('"version": 2', '"version": 1');
    const back = opened(v1);
    expect(back.session.version).toBe(2);
    expect(messagesOf(back.session)).toEqual(messagesOf(ran));
    expect(serializeSession(back.session)).toBe(serializeSession(ran));
  });

  it('in version 1 a turn without messages had none, and a SYSTEM message needs its text', () => {
    const turn = { number: 1, rawResponse: 'r', program: '(+ 1 2)', success: true };
    const file = { version: 1, mission: 'm', llm: { provider: 'mock', replies: [] } };
    expect(opened({ ...file, turns: [turn] }).session.turns[0].messages).toEqual([]);
    expect(refused({ ...file, turns: [{ ...turn, messages: [{ role: 'system' }] }] })).toEqual(['turns[0].messages[0].content: required']);
  });

  it('only a SYSTEM message may leave out its text', () => {
    const file = { version: 2, mission: 'm', llm: { provider: 'mock', replies: [] } };
    const turn = { number: 1, rawResponse: 'r', program: '(+ 1 2)', success: true, messages: [{ role: 'system' }, { role: 'user' }] };
    expect(refused({ ...file, turns: [turn] })).toEqual(['turns[0].messages[1].content: required']);
  });

  it('says so when this build renders the messages differently from the one that saved them', async () => {
    const ran = await ranToEnd(example('failed-turn-recovery.json'));
    const json = JSON.parse(serializeSession(ran)) as { turns: TurnJson[] };
    json.turns[1].messagesHash = '00000000';
    json.turns[3].messagesHash = '00000000';
    const back = opened(json);
    expect(back.warnings).toEqual([
      "This session was saved by a version of the playground that rendered the LLM's messages differently: turns 2, 4 show this version's rendering, not exactly what was sent.",
    ]);
    // A file without hashes (written by hand) is rendered without a word.
    for (const t of json.turns) delete t.messagesHash;
    expect(opened(json).warnings).toEqual([]);
  });

  it('says so when a SYSTEM text left out is not the prompt the turn was sent with', async () => {
    const ran = await ranToEnd(example('failed-turn-recovery.json'));
    const edited: Session = { ...ran, mission: 'edited', turns: ran.turns.map((t, i) => (i === 0 ? { ...t, promptHash: '0123456789abcdef' } : t)) };
    const back = opened(serializeSession(edited));
    expect(back.warnings).toEqual([expect.stringMatching(/rendered the LLM's messages differently: turn 1 shows this version's rendering/)]);
  });

  it('refuses a file that leaves out messages its session cannot render, without touching the input', () => {
    const file = {
      version: 2,
      mission: 'm',
      tools: [{ name: 'search', signature: '(q :string) -> :string', impl: '(fn [q' }],
      llm: { provider: 'mock', replies: [] },
      turns: [{ number: 1, rawResponse: 'r', program: '(+ 1 2)', success: true }],
    };
    const before = JSON.stringify(file);
    expect(refused(file)).toEqual([
      expect.stringMatching(/^turns: the messages of turn 1 are left out, and the session cannot render them \(tools\[0\]\.impl: /),
    ]);
    expect(JSON.stringify(file)).toBe(before);
  });

  it('stops rendering past its budget of messages (a small file can stand for millions)', async () => {
    const ran = await fortyTurns();
    const leftOut = findLeftOut(turnsOf(serializeSession(ran)));
    expect(leftOut.derived.size).toBe(40);
    // Forty turns of full history render 2 + 4 + … + 80 = 1,640 messages; the last one 80.
    const chars = ran.turns.reduce((n, t) => n + t.messages.reduce((c, m) => c + m.content.length, 0), 0);
    expect(restoreMessages(ran, leftOut, { messages: 1_640, chars }).ok).toBe(true);
    const fewer = restoreMessages(ran, leftOut, { messages: 1_639, chars });
    expect(fewer.ok ? [] : fewer.errors).toEqual([
      expect.stringMatching(/^turns\[39\]\.messages: rendering the messages left out would make more than 1,639 messages or [\d,]+ characters/),
    ]);
    const shorter = restoreMessages(ran, leftOut, { messages: 1_640, chars: chars - 1 });
    expect(shorter.ok ? [] : shorter.errors).toEqual([expect.stringMatching(/^turns\[39\]\.messages: /)]);
    // Far over: refused after rendering the last turn alone (40 × 80 / 2 = 1,600 estimated).
    const far = restoreMessages(ran, leftOut, { messages: 1_599, chars });
    expect(far.ok ? [] : far.errors).toEqual([expect.stringMatching(/^turns: rendering the messages left out would make more than 1,599 messages/)]);
  });
});

describe('a run longer than a reader renders again', () => {
  it('keeps the messages of its later turns, so its file still opens within the same budget', async () => {
    const ran = await fortyTurns();
    const budget = { messages: 1_000, chars: 10_000_000 };
    const stored = storedMessages(ran, budget);
    // Turn k of a full history renders 2k messages: 2 + 4 + … + 62 = 992 for the first 31.
    expect(stored.map((m) => m.derived)).toEqual(Array.from({ length: 40 }, (_, i) => i < 31));
    const leftOut = { derived: new Map(stored.flatMap((m, i) => (m.derived ? [[i, m.hash] as const] : []))), systemText: new Map() };
    const kept = { ...ran, turns: ran.turns.map((t, i) => (stored[i].derived ? { ...t, messages: [] } : t)) };
    const restored = restoreMessages(kept, leftOut, budget);
    if (!restored.ok) throw new Error(restored.errors.join('; '));
    expect(restored.turns.map((t) => plain(t.messages))).toEqual(messagesOf(ran));
    expect(restored.warnings).toEqual([]);
    // The reader's first check (the last left-out turn × their number / 2 = 31 × 62 / 2 = 961) is what
    // the writer kept under: one message less of budget and the reader refuses.
    expect(restoreMessages(kept, leftOut, { messages: 960, chars: 10_000_000 }).ok).toBe(false);
    expect(restoreMessages(kept, leftOut, { messages: 992, chars: 10_000_000 }).ok).toBe(true);
  });
});

describe('the run record keeps every message (R1)', () => {
  it('whatever the file leaves out', async () => {
    const s = await ranToEnd(example('reviews-and-inventory.json'));
    const rec = runRecord({ ...initialStep(), turns: s.turns });
    expect(turnsOf(serializeSession(s)).every((t) => t.messages === undefined)).toBe(true);
    expect(rec.turns.map((t) => t.messages)).toEqual(messagesOf(s));
    expect(rec.turns[0].messages[0].role).toBe('system');
  });
});

// ---------------------------------------------------------------------------------------------

/** Random turns of a session that prints and defines, each recorded with what was really sent. */
const scenario = fc.record({
  compression: fc.constantFrom<Session['compression']>(false, true, { strategy: 'single-user-coalesced', printlnLimit: 2, failedTurns: 'all' }),
  steps: fc.array(fc.record({ n: fc.integer({ min: -5, max: 50 }), fails: fc.boolean(), edit: fc.constantFrom('none', 'user', 'system', 'drop') }), {
    minLength: 1,
    maxLength: 6,
  }),
});

describe('round trips (property)', () => {
  it('open(save(s)) has exactly the messages of s, whichever turns were sent something else', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ compression, steps }) => {
        const replies = steps.map((st, i) => '```clojure\n' + (st.fails ? `(/ 1 0)` : `(def v${i} ${st.n})\n(println "v" v${i})\nv${i}`) + '\n```');
        const s = opened({
          version: 2,
          mission: 'Add {{xs}}',
          maxTurns: steps.length + 1,
          compression,
          data: { xs: [1, 2, 3] },
          llm: { provider: 'mock', replies },
        }).session;
        const ran = await ranToEnd(s);
        // Some turns record messages other than the rendering (as if sent by another definition).
        const turns: Turn[] = ran.turns.map((t, i) => {
          const edit = steps[i].edit;
          if (edit === 'user') return { ...t, messages: t.messages.map((m) => (m.role === 'user' ? { ...m, content: m.content + ' (then)' } : m)) };
          if (edit === 'system') return { ...t, messages: t.messages.map((m) => (m.role === 'system' ? { ...m, content: 'another prompt' } : m)) };
          if (edit === 'drop') return { ...t, messages: [] };
          return t;
        });
        const session: Session = { ...ran, turns };
        const text = serializeSession(session);
        const back = opened(text);
        expect(back.warnings).toEqual([]);
        expect(messagesOf(back.session)).toEqual(messagesOf(session));
        expect(serializeSession(back.session)).toBe(text);
        const prepared = prepareAgent(sessionToAgent(back.session));
        if (!prepared.ok) throw new Error(prepared.errors.join('\n'));
        // Unedited turns are stored as nothing but a hash.
        turnsOf(text).forEach((t, i) => {
          const rendered = plain(messagesForTurn(prepared.agent, turns, i + 1).messages);
          expect(t.messages === undefined).toBe(JSON.stringify(rendered) === JSON.stringify(plain(turns[i].messages)) && turns[i].messages.length > 0);
        });
      }),
      { numRuns: 60 },
    );
  });
});
