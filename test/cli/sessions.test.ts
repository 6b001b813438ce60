// `ptc run` and `ptc render` on the shipped examples: what the seeds say the LLM sees, turn by turn.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { RunRecord } from '../../src/agent/run-record.ts';
import { parseSession } from '../../src/session/session-file.ts';
import { ptcIn, root, type Result } from './harness.ts';

const examples = join(root, 'examples');
const dir = mkdtempSync(join(tmpdir(), 'ptc-sessions-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ptc(args: string[]): Promise<Result> {
  return ptcIn(args);
}

async function record(example: string, ...extra: string[]): Promise<RunRecord> {
  const r = await ptc(['run', join(examples, example), '--json', ...extra]);
  expect(r.err).toBe('');
  return JSON.parse(r.out) as RunRecord;
}

const userOf = (rec: RunRecord, turn: number): string => rec.turns[turn - 1].messages[1].content;

describe('ptc run on the examples (what the LLM sees)', () => {
  test('reviews and inventory: samples while exploring, output once printed, then the answer', async () => {
    const rec = await record('reviews-and-inventory.json');
    expect([rec.ok, rec.status, rec.return]).toEqual([true, 'returned', '["Laptop" "Monitor"]']);
    const t2 = userOf(rec, 2);
    expect(t2).toContain(
      'reviews                       ; = string, sample: "Customer Review Summary for Electronics:\\n- Laptop: Average rating 4.5/5\\n- Mouse:..."',
    );
    expect(t2).toContain(';; Tool calls made:\n;   search-reviews("Electronics")\n;   get-inventory()\n\nTurns left: 4');
    const t3 = userOf(rec, 3);
    expect(t3).toContain('electronics                   ; = list[4]\nreviews                       ; = string\ninventory                     ; = string\n');
    expect(t3).toContain(';; Output:\nReviews: Customer Review Summary for Electronics:\n- Laptop: Average rating 4.5/5\n');
    expect(t3).not.toContain('sample: "Customer');
    // The raw turns keep the whole programs, comments included (DBG-001).
    expect(rec.turns[0].program).toBe(
      [
        ';; Only Electronics products are candidates.',
        '(def electronics (filter #(= (:category %) "Electronics") data/products))',
        '',
        ';; The review summary for the category: one line per product with its average rating.',
        '(def reviews (tool/search-reviews "Electronics"))',
        '',
        ';; The warehouse report: one line per product, "N units in stock" or "OUT OF STOCK".',
        '(def inventory (tool/get-inventory))',
      ].join('\n'),
    );
  });

  test('side-effect tools returning nil: every call is listed so none is repeated', async () => {
    const rec = await record('side-effect-calls.json');
    expect(rec.status).toBe('returned');
    expect(userOf(rec, 2)).toContain(
      ';; Tool calls made:\n;   make-call({:to "Alice" :message "Meeting at 3pm"})\n;   make-call({:to "Bob" :message "Bring documents"})\n\nTurns left: 4',
    );
    expect(userOf(rec, 3)).toContain(';;   send-email({:to "team@example.com" :subject "Everyone was called about today\'s meeting"})'.replace(';;', ';'));
    expect(rec.turns.every((t) => t.toolCalls.every((c) => c.result === 'nil'))).toBe(true);
  });

  test('data exploration: data/ samples, then a prelude with a docstring and a captured return type', async () => {
    const rec = await record('products-exploration.json');
    expect([rec.status, rec.return]).toEqual(['returned', '{:category "Electronics" :average 800.0}']);
    expect(rec.turns[0].messages[1].content.startsWith('Which category has the highest average price among products rated at least 4.0?')).toBe(true);
    expect(userOf(rec, 2)).toContain('categories                    ; = set[3], sample: #{"Electronics" "Furniture" ...} (3 items, showing first 2)');
    expect(userOf(rec, 3)).toContain('(average [xs])                ; "Mean of a sequence of numbers" -> float\n');
    expect(userOf(rec, 3)).toContain(';; Output:\n{Electronics 800.0 Furniture 225.0 Books 39.0}');
  });

  test('a failed turn is shown in full while failing and collapses after the recovery', async () => {
    const rec = await record('failed-turn-recovery.json');
    expect([rec.status, rec.return]).toEqual(['returned', '"shipped"']);
    expect(rec.turns.map((t) => t.success)).toEqual([true, false, true, true]);
    expect(userOf(rec, 3)).toContain(
      '---\nYour previous attempt:\n```clojure\n(def counts (count-by identity statuses))\n(println counts)\n```\n\nError: Unable to resolve symbol: count-by in this context. Did you mean: count, counted?, sort-by? (line 1, column 14)\n---\n\nTurns left: 3',
    );
    expect(userOf(rec, 4)).not.toContain('Your previous attempt');
    expect(userOf(rec, 4)).not.toContain('count-by');
  });

  test('a long run keeps the last 20 tool calls and the last 15 println entries', async () => {
    const rec = await record('long-run-overflow.json');
    expect(rec.return).toBe('[3 6 9 12 15 18 21 24 27 30]');
    const t5 = userOf(rec, 5);
    const calls = t5.split('\n').filter((l) => l.startsWith(';   fetch-order('));
    expect(calls).toEqual(Array.from({ length: 20 }, (_, i) => `;   fetch-order(${i + 13})`));
    const output = t5.slice(t5.indexOf(';; Output:\n') + 11, t5.indexOf('\n\nTurns left'));
    expect(output.split('\n')).toHaveLength(15);
    expect(output.split('\n')[0]).toBe('order 18 late');
  });

  test('--compression false sends the full history instead', async () => {
    const rec = await record('failed-turn-recovery.json', '--compression', 'false');
    expect(rec.turns[3].messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user']);
    expect(rec.turns[3].messages[5].content).toBe(
      'Error: Unable to resolve symbol: count-by in this context. Did you mean: count, counted?, sort-by? (line 1, column 14)\n\nTurns left: 3',
    );
  });
});

describe('the examples', () => {
  const files = readdirSync(examples).filter((f) => f.endsWith('.json'));
  test('at least five, each a valid session', async () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const f of files) {
      const p = parseSession(readFileSync(join(examples, f), 'utf8'));
      expect(p.ok ? [] : p.errors).toEqual([]);
    }
  });
});

describe('ptc render', () => {
  test('DBG-003 rebuilds the messages of any recorded turn from the saved turns', async () => {
    const saved = join(dir, 'saved.json');
    const run = await ptc(['run', join(examples, 'reviews-and-inventory.json'), '--save', saved]);
    expect(run.code).toBe(0);
    // The file leaves out the messages it re-renders identically; the run record keeps them all (R1).
    const file = JSON.parse(readFileSync(saved, 'utf8')) as { turns: { messages?: unknown }[] };
    expect(file.turns).toHaveLength(3);
    expect(file.turns.some((t) => 'messages' in t)).toBe(false);
    const rec = await record('reviews-and-inventory.json');
    const reopened = parseSession(readFileSync(saved, 'utf8'));
    expect(reopened.ok && reopened.session.turns.map((t) => t.messages)).toEqual(rec.turns.map((t) => t.messages));
    const r = await ptc(['render', saved, '--turn', '3']);
    expect(r.code).toBe(0);
    const expected = rec.turns[2].messages.map((m) => `=== ${m.role.toUpperCase()} ===\n${m.content}`).join('\n\n') + '\n';
    expect(r.out).toBe(expected);
    const next = await ptc(['render', saved, '--no-system', '--stats']);
    expect(next.out.startsWith('=== USER ===\nFind well-reviewed')).toBe(true);
    expect(next.out).toContain('(in-stock? [p])               ; "True when the inventory report does not list the product as out of stock"');
    expect(next.err).toContain('strategy: single-user-coalesced\nmessages: 2\n');
  });

  test('a turn out of range is a usage error', async () => {
    const r = await ptc(['render', join(examples, 'side-effect-calls.json'), '--turn', '3']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--turn must be a turn number from 1 to \d+/);
  });
});

describe('bad sessions', () => {
  test('every problem is listed with its path; exit code 2', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        version: 1,
        mission: 'm',
        maxTurns: 0,
        tools: [
          { name: 'ok', signature: '(x :int) -> :int', impl: '(fn [x] x)' },
          { name: 'bad', signature: '(x) ->', impl: '' },
        ],
        llm: { provider: 'mock', replies: [] },
      }),
    );
    const r = await ptc(['run', bad]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/maxTurns: /);
    expect(r.err).toMatch(/tools\[1\]\.signature: /);
    expect(r.err).toMatch(/tools\[1\]\.impl: /);
  });

  test('an unknown version is refused', async () => {
    const v3 = join(dir, 'v3.json');
    writeFileSync(v3, JSON.stringify({ version: 3, mission: 'm' }));
    const r = await ptc(['render', v3]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('unsupported session version 3; this build reads versions 1 and 2');
  });

  test('a tool implementation that is not a function is reported before anything runs', async () => {
    const s = join(dir, 'notfn.json');
    writeFileSync(
      s,
      JSON.stringify({
        version: 1,
        mission: 'm',
        tools: [{ name: 't', signature: '() -> :int', impl: '42' }],
        llm: { provider: 'mock', replies: ['```clojure\n1\n```'] },
      }),
    );
    const r = await ptc(['run', s]);
    expect([r.code, r.err.trim()]).toEqual([2, `ptc run: ${s}: 1 problem\n  tools[0].impl: must evaluate to a function such as (fn [x] …), got integer`]);
  });

  test('a mock that runs out of replies stops the run with a clear message and exit code 1', async () => {
    const s = join(dir, 'short.json');
    writeFileSync(s, JSON.stringify({ version: 1, mission: 'm', llm: { provider: 'mock', replies: ['```clojure\n(def a 1)\n```'] } }));
    const r = await ptc(['run', s]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('=== Turn 1 of 5 (ok,');
    expect(r.out).toContain('=== Stopped ===\nThe mock LLM has no reply for turn 2 (its script has 1); add a reply to continue');
  });
});
