// Long sessions for the end-to-end test and the budgets: a single-user-coalesced session recorded with
// the mock LLM (each turn a tool call and println output, as real runs have), and optionally a large
// `data` entry. The turns are recorded by the engine itself, so the file is what the playground saves.
import { Engine } from '../src/worker/engine.ts';

export interface LongSessionOptions {
  /** Recorded turns. */
  turns: number;
  /** Turns the session may run; one more than `turns` by default, so Step still works. */
  maxTurns?: number;
  /** Approximate characters of the `rows` data entry (0: none). */
  dataChars?: number;
}

/** The mock's reply for turn n: one tool call, a definition kept under one name, and println output. */
export function replyFor(n: number): string {
  return `\`\`\`clojure\n(def order (tool/fetch-order ${n}))\n(println "turn ${n}: order" (:id order) (name (:status order)))\n\`\`\``;
}

export interface Row {
  id: number;
  name: string;
  price: number;
  tags: string[];
  description: string;
}

/**
 * About `chars` characters of compact JSON rows (objects of a few fields and a longer text, as a real
 * data set would be), few enough elements to stay under the value size limit at 10 MB.
 */
export function rowsOf(chars: number): Row[] {
  const rows: Row[] = [];
  const words = 'sturdy light compact durable classic modern quiet bright soft strong simple handy'.split(' ');
  let size = 2;
  for (let i = 0; size < chars; i++) {
    const description = Array.from({ length: 28 }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ');
    const row = { id: i, name: `product ${i} of the catalogue`, price: (i % 997) + 0.5, tags: ['a', `t${i % 13}`], description };
    size += JSON.stringify(row).length + 1;
    rows.push(row);
  }
  return rows;
}

/** The session's JSON before any turn ran (replies for every recorded turn and for the next ones). */
export function longSessionJson(o: LongSessionOptions): Record<string, unknown> {
  const maxTurns = o.maxTurns ?? o.turns + 1;
  return {
    version: 1,
    title: `Long session: ${o.turns} turns${o.dataChars ? `, ${Math.round(o.dataChars / 1e6)} MB of data` : ''}`,
    mission: 'Check the delivery status of every order, one per turn, printing one line per order.',
    maxTurns,
    compression: { strategy: 'single-user-coalesced' },
    data: o.dataChars ? { rows: rowsOf(o.dataChars) } : { 'batch-size': 1 },
    tools: [
      {
        name: 'fetch-order',
        signature: '(id :int) -> {:id :int :status :keyword}',
        description: 'Delivery record of one order',
        impl: '(fn [id] {:id id :status (if (zero? (mod id 3)) :late :on-time)})',
      },
    ],
    llm: { provider: 'mock', replies: Array.from({ length: Math.min(maxTurns, o.turns + 50) }, (_, i) => replyFor(i + 1)) },
    turns: [],
  };
}

/** The session file's text with `turns` turns recorded by the engine. */
export function longSessionText(o: LongSessionOptions): string {
  const engine = new Engine();
  const opened = engine.open(longSessionJson(o));
  if (!opened.ok) throw new Error(`the long session does not open: ${opened.problems.map((p) => p.text).join('; ')}`);
  for (let i = 0; i < o.turns; i++) {
    const r = engine.stepTurn();
    if (!r.ok) throw new Error(`turn ${i + 1} did not run: ${r.error}`);
  }
  return engine.exportSession();
}
