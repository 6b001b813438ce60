// `ptc compare SESSION.json… [--strategies a,b] [--tokenizer NAME] [--json]`: the prompt tokens of every
// request of a recorded run under each strategy, beside full history, with what each hides and how much
// of each request a prompt cache could serve.
import { mockLlm } from '../agent/llm.ts';
import { prepareAgent, renderOptions, runAgent, type PreparedAgent } from '../agent/loop.ts';
import type { Turn } from '../agent/turn.ts';
import { compareRun, type RunFigures, type StrategyFigures, type Variant } from '../compression/compare/run-figures.ts';
import { fullHistory } from '../compression/strategies/full-history.ts';
import { strategyNames } from '../compression/strategies/index.ts';
import { countsTokens } from '../compression/strategy.ts';
import { loadTokenizer, memoizedCounter, TOKENIZERS, type TokenizerName } from '../compression/tokens.ts';
import { defineCommand } from './args.ts';
import { UsageError } from './common.ts';
import { EXIT, type CliIo } from './io.ts';
import { loadSession } from './session.ts';

/** The JSON of one session, as documented in `ptc compare --help` and docs/cli.md. */
export interface SessionJson {
  readonly file: string;
  readonly turns: number;
  readonly systemTokens: number;
  readonly strategies: Record<string, { perTurn: number[]; total: number; cacheableTotal: number; hidden: HiddenJson }>;
}

interface HiddenJson {
  readonly toolResults: number;
  readonly toolCalls: number;
  readonly prints: number;
  readonly failedAttempts: number;
}

export interface SummaryJson {
  readonly total: number;
  readonly totalWithoutSystem: number;
  readonly savingVsFull: number;
  readonly savingVsFullWithoutSystem: number;
}

export function parseStrategies(text: string | undefined): string[] {
  const known = strategyNames();
  if (text === undefined) return known;
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (names.length === 0) throw new UsageError('--strategies: give one or more strategy names separated by commas');
  for (const n of names) if (!known.includes(n)) throw new UsageError(`--strategies: unknown strategy "${n}" (known: ${known.join(', ')})`);
  return [...new Set(names)];
}

function parseTokenizer(text: string): TokenizerName {
  const t = TOKENIZERS.find((n) => n === text);
  if (t === undefined) throw new UsageError(`--tokenizer must be ${TOKENIZERS.join(' or ')}, got ${JSON.stringify(text)}`);
  return t;
}

/** The agent `ptc run --compression NAME` would run: the strategy with its default options. */
function agentWith(base: PreparedAgent, name: string): PreparedAgent {
  const p = prepareAgent({ ...base.def, compression: name });
  if (!p.ok) throw new UsageError(p.errors.join('; '));
  return p.agent;
}

async function figuresOf(file: string, names: readonly string[], tokenizer: TokenizerName, io: CliIo): Promise<RunFigures> {
  const { session, agent } = await loadSession(file, io.stdin);
  let turns: readonly Turn[] = session.turns;
  if (turns.length === 0) {
    // Nothing recorded: the run its mock replies make is what there is to compare.
    const step = await runAgent(agent, mockLlm(session.llm.replies ?? []));
    turns = step.turns;
    if (turns.length === 0) throw new UsageError(`${file}: no recorded turns and no mock replies to run`);
  }
  const agents = names.map((n) => agentWith(agent, n));
  // Strategies that decide by size count o200k tokens whatever the figures are counted with.
  if (agents.some((a) => countsTokens(a.strategy, a.options))) await loadTokenizer('o200k_base');
  const count = await loadTokenizer(tokenizer);
  const variants: Variant[] = agents.map((a, i) => ({ name: names[i], strategy: a.strategy, options: a.options }));
  const plain = agentWith(agent, fullHistory.name);
  return compareRun({ turns, context: renderOptions(plain), variants, count: memoizedCounter(count) });
}

function hiddenJson(s: StrategyFigures): HiddenJson {
  return { toolResults: s.hidden.toolResult, toolCalls: s.hidden.toolCall, prints: s.hidden.print, failedAttempts: s.hidden.failedAttempt };
}

export function sessionJson(file: string, f: RunFigures, names: readonly string[]): SessionJson {
  const strategies: SessionJson['strategies'] = {};
  for (const name of [fullHistory.name, ...names]) {
    const s = f.strategies.find((x) => x.name === name);
    if (s === undefined) continue;
    strategies[name] = { perTurn: s.requests.map((r) => r.tokens), total: s.total, cacheableTotal: s.cacheableTotal, hidden: hiddenJson(s) };
  }
  return { file, turns: f.turns, systemTokens: f.systemTokens, strategies };
}

export function summaryJson(sessions: readonly SessionJson[]): Record<string, SummaryJson> {
  const sums = new Map<string, { total: number; without: number }>();
  for (const s of sessions) {
    for (const [name, f] of Object.entries(s.strategies)) {
      const sum = sums.get(name) ?? { total: 0, without: 0 };
      sum.total += f.total;
      sum.without += f.total - s.turns * s.systemTokens;
      sums.set(name, sum);
    }
  }
  const full = sums.get(fullHistory.name) ?? { total: 0, without: 0 };
  const saving = (part: number, whole: number) => (whole > 0 ? 1 - part / whole : 0);
  const out: Record<string, SummaryJson> = {};
  for (const [name, sum] of sums) {
    out[name] = {
      total: sum.total,
      totalWithoutSystem: sum.without,
      savingVsFull: saving(sum.total, full.total),
      savingVsFullWithoutSystem: saving(sum.without, full.without),
    };
  }
  return out;
}

const int = (n: number) => n.toLocaleString('en-US');
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ')).join('\n');
}

export function sessionTable(s: SessionJson): string {
  const names = Object.keys(s.strategies);
  const full = s.strategies[fullHistory.name];
  const system = s.turns * s.systemTokens;
  const head = ['strategy', ...Array.from({ length: s.turns }, (_, i) => `t${i + 1}`), 'total', 'saving', 'w/o SYSTEM', 'cacheable'];
  const rows = names.map((name) => {
    const f = s.strategies[name];
    return [
      name,
      ...f.perTurn.map(int),
      int(f.total),
      pct(1 - f.total / full.total),
      pct(1 - (f.total - system) / (full.total - system)),
      pct(f.total > 0 ? f.cacheableTotal / f.total : 0),
    ];
  });
  const hiddenRows = [
    ['hidden vs full history', 'tool results', 'tool calls', 'prints', 'failed attempts'],
    ...names.map((name) => {
      const h = s.strategies[name].hidden;
      return [name, int(h.toolResults), int(h.toolCalls), int(h.prints), int(h.failedAttempts)];
    }),
  ];
  return [
    `${s.file}: ${s.turns} ${s.turns === 1 ? 'turn' : 'turns'}, SYSTEM ${int(s.systemTokens)} tokens in every request`,
    table([head, ...rows]),
    '',
    table(hiddenRows),
  ].join('\n');
}

export function summaryTable(summary: Record<string, SummaryJson>, sessions: number): string {
  const rows = [
    ['strategy', 'total', 'saving', 'w/o SYSTEM', 'saving w/o SYSTEM'],
    ...Object.entries(summary).map(([name, s]) => [name, int(s.total), pct(s.savingVsFull), int(s.totalWithoutSystem), pct(s.savingVsFullWithoutSystem)]),
  ];
  return `summary of ${sessions} ${sessions === 1 ? 'session' : 'sessions'}\n${table(rows)}`;
}

export const compareCommand = defineCommand({
  name: 'compare',
  summary: 'prompt tokens per turn of recorded runs under each strategy, beside full history',
  description:
    "For each session, the tokens of the request of every recorded turn (the sum of the tokens of each message's content, SYSTEM included: what `ptc run --compression NAME` sends) under each strategy with its default options, beside full history; the total and the saving against full history, with and without SYSTEM (the same in every request, and what a prompt cache serves); the share of tokens that repeat the previous request's start (cacheable); and the distinct items each strategy hides that full history shows. A session without recorded turns is first run with its mock replies. With several sessions, a summary follows.",
  positionals: [
    { name: 'SESSION.json', description: 'session files (- reads one from stdin)', required: true, missing: 'give one or more session files', variadic: true },
  ],
  options: {
    strategies: {
      type: 'string',
      value: 'a,b,…',
      description: `the strategies to compare, separated by commas (default: all: ${strategyNames().join(', ')}); full history is always computed`,
    },
    tokenizer: {
      type: 'string',
      value: 'NAME',
      default: 'o200k_base',
      description: 'count with o200k_base (GPT-4o and later) or cl100k_base (GPT-4, GPT-3.5)',
    },
    summary: { type: 'boolean', description: 'print only the summary of all the sessions (the table form)' },
    json: {
      type: 'boolean',
      description:
        'print only JSON: {"sessions": [{"file", "turns", "systemTokens", "strategies": {NAME: {"perTurn", "total", "cacheableTotal", "hidden": {"toolResults", "toolCalls", "prints", "failedAttempts"}}}}], "summary": {NAME: {"total", "totalWithoutSystem", "savingVsFull", "savingVsFullWithoutSystem"}}}',
    },
  },
  exitCodes: [[0, 'the figures were printed']],
  async run({ values, positionals }, io) {
    const names = parseStrategies(values.strategies);
    const tokenizer = parseTokenizer(values.tokenizer);
    const sessions: SessionJson[] = [];
    for (const file of positionals) sessions.push(sessionJson(file, await figuresOf(file, names, tokenizer, io), names));
    const summary = summaryJson(sessions);
    if (values.json) {
      io.stdout.write(JSON.stringify({ sessions, summary }, null, 2) + '\n');
    } else {
      if (!values.summary) io.stdout.write(sessions.map(sessionTable).join('\n\n') + '\n');
      if (sessions.length > 1 || values.summary) io.stdout.write((values.summary ? '' : '\n') + summaryTable(summary, sessions.length) + '\n');
    }
    return EXIT.ok;
  },
});
