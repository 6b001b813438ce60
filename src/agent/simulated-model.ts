// A simulated model: an Llm that follows a script of replies but, seeded, makes mistakes the way a
// model might, and makes more of them when the request hides things — so an experiment comparing
// compression strategies gets different success rates with no network. Same seed and same requests
// give the same replies.
//
// The rules, per call to complete():
// - Three numbers r1, r2, r3 are drawn from a seeded PRNG (mulberry32 over a hash of the seed) on
//   every call, whatever happens next, so the stream stays aligned from run to run.
// - The model keeps a position k in the script. The last turn of the run decides it: after the
//   model's faithful scripted reply k moves on by one; after a slip or a guess it stays (the model
//   tries the same step again).
// - Past the end of the script it replies with a program that fails, saying the script ran out.
// - Guess (checked first): when scripted reply k holds `(return`, a tool result that an earlier request
//   of the run showed is not shown in this one, and r2 < guess, it says which result it cannot see
//   and returns nil. A model has no memory between requests: what a request hides is lost to it; a
//   result no request ever showed was never relied on (the program kept it in a name), so it costs nothing.
// - Repeated slip: when the last turn was a slip and its error is not shown in the request, the model
//   cannot know it failed and sends the same slipped reply again.
// - Slip: when r1 < slip and the scripted reply has a program, one mistake is made in its code block
//   (prose kept): r3 < 0.5 drops the block's last `)` (a parse error), otherwise the first symbol in
//   head position gets its last character doubled (`(def` → `(deff`: an unknown name; rarely the
//   doubled name exists, `->` → `->>`, and the turn may still succeed).
// - Otherwise scripted reply k, verbatim. With slip = 0 and guess = 0 the run is the mock's run.
// Usage is reported (token counts of the messages and the reply) when the tokenizer is loaded.
import { isShown, requestText, turnItems, type SampleLimits } from '../compression/compare/visibility.ts';
import { countTokens, isTokenizerLoaded } from '../compression/tokens.ts';
import { extractProgram } from './code-block.ts';
import { LlmError, type Llm, type LlmReply, type LlmRequest } from './llm.ts';
import type { Turn } from './turn.ts';

export interface SimulatedSettings {
  /** Chance (0..1) that a turn's program has a slip (a mistake that makes the turn fail). */
  readonly slip: number;
  /** Chance (0..1) that, when answering, the model guesses because a tool result an earlier request showed is not shown in this one. */
  readonly guess: number;
}

export const DEFAULT_SIMULATED: SimulatedSettings = { slip: 0.1, guess: 0.5 };

export interface SimulatedOptions {
  /** The replies it follows, one per step of the script (a session's mock replies or its recorded replies). */
  readonly script: readonly string[];
  /** The run's number (1-based): runs differ by seed, and a seed replays exactly. */
  readonly seed: number;
  readonly settings?: Partial<SimulatedSettings>;
  /** The turns of the run so far (the model reads what happened to its earlier replies). */
  readonly turns: () => readonly Turn[];
  /** Sample limits used to decide what counts as shown (the compression options' sampleLimit / samplePrintableLimit). */
  readonly limits: SampleLimits;
}

type ReplyKind = 'faithful' | 'slip' | 'guess' | 'end';

/** What the model sent for a turn: the kind, the script position it answered, the text. */
interface Sent {
  readonly kind: ReplyKind;
  readonly k: number;
  readonly text: string;
}

export const NO_MORE_REPLIES = '```clojure\n(fail "the simulated model has no more replies in its script")\n```';

/** A 32-bit integer hash of the seed (murmur3's finalizer over the seed times the golden ratio). */
function hashSeed(seed: number): number {
  let h = Math.imul(Math.trunc(seed) | 0, 0x9e3779b9) ^ 0x5bd1e995;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** mulberry32: a small seeded PRNG giving numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Where the program sits in the reply: [start, end) of its text, or the whole reply when it cannot be found. */
function programSpan(reply: string, program: string): [number, number] {
  const at = reply.indexOf(program);
  return at >= 0 ? [at, at + program.length] : [0, reply.length];
}

/** Index of the first symbol in head position (after a `(`, outside strings and comments) in text[from, to). */
function firstHead(text: string, from: number, to: number): { start: number; end: number } | null {
  let inString = false;
  for (let i = from; i < to; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
    } else if (c === ';') {
      while (i < to && text[i] !== '\n') i++;
    } else if (c === '(') {
      const m = /^[^\s()[\]{}"';@^`~\\,#]+/.exec(text.slice(i + 1, to));
      if (m !== null) return { start: i + 1, end: i + 1 + m[0].length };
    }
  }
  return null;
}

/** The scripted reply with one mistake in its code block, or null when no mistake of that kind can be made. */
export function slipOf(reply: string, kind: 'parse' | 'name'): string | null {
  const extraction = extractProgram(reply);
  if (!extraction.ok) return null;
  const [from, to] = programSpan(reply, extraction.program);
  if (kind === 'parse') {
    const last = reply.lastIndexOf(')', to - 1);
    return last >= from ? reply.slice(0, last) + reply.slice(last + 1) : null;
  }
  const head = firstHead(reply, from, to);
  if (head === null) return null;
  return reply.slice(0, head.end) + reply[head.end - 1] + reply.slice(head.end);
}

/**
 * The first tool result an earlier request showed and this one does not, as `tool/name` (null when none);
 * records in `seen` the results this request shows.
 */
function lostToolResult(turns: readonly Turn[], text: string, limits: SampleLimits, seen: Set<string>): string | null {
  let lost: string | null = null;
  for (const turn of turns) {
    for (const item of turnItems(turn, limits)) {
      if (item.kind !== 'toolResult') continue;
      if (isShown(item, text)) seen.add(item.id);
      else if (lost === null && seen.has(item.id)) lost = `tool/${turn.toolCalls[Number(item.id.split(':')[2])]?.name ?? item.label}`;
    }
  }
  return lost;
}

/** Whether the request shows that turn `turn` failed (its error message); false when there is no message to show. */
function failureShown(turn: Turn, text: string, limits: SampleLimits): boolean {
  const item = turnItems(turn, limits).find((i) => i.kind === 'failedAttempt');
  return item !== undefined && isShown(item, text);
}

function guessReply(tool: string): string {
  return `I cannot see the result of ${tool} any more; answering from memory.\n\`\`\`clojure\n(return nil)\n\`\`\``;
}

function usageOf(request: LlmRequest, reply: string): Pick<LlmReply, 'usage'> {
  if (!isTokenizerLoaded()) return {};
  const inputTokens = request.messages.reduce((sum, m) => sum + countTokens(m.content), 0);
  return { usage: { inputTokens, outputTokens: countTokens(reply) } };
}

/** An Llm that follows `script`, with slips and guesses drawn from `seed` (see the rules at the top). */
export function simulatedLlm(options: SimulatedOptions): Llm {
  const { script, limits } = options;
  const settings: SimulatedSettings = { ...DEFAULT_SIMULATED, ...options.settings };
  const random = mulberry32(hashSeed(options.seed));
  /** What was sent for each turn number. */
  const sent = new Map<number, Sent>();
  /** Tool results (item ids) some request of this run showed. */
  const seen = new Set<string>();
  let k = 0;

  function decide(request: LlmRequest, r1: number, r2: number, r3: number): Sent {
    const turns = options.turns();
    const last = turns[turns.length - 1];
    // Only a reply of ours that the run actually recorded tells where the script stands.
    const before = last !== undefined ? sent.get(last.number) : undefined;
    const ours = before !== undefined && last !== undefined && before.text === last.rawResponse ? before : undefined;
    if (ours !== undefined) k = ours.kind === 'faithful' ? ours.k + 1 : ours.k;
    const scripted = script[k];
    if (scripted === undefined) return { kind: 'end', k, text: NO_MORE_REPLIES };
    const text = requestText(request.messages);
    const lost = lostToolResult(turns, text, limits, seen);
    if (scripted.includes('(return') && lost !== null && r2 < settings.guess) return { kind: 'guess', k, text: guessReply(lost) };
    if (ours?.kind === 'slip' && last !== undefined && !last.success && !failureShown(last, text, limits)) return ours;
    if (r1 < settings.slip) {
      const slipped = slipOf(scripted, r3 < 0.5 ? 'parse' : 'name');
      if (slipped !== null) return { kind: 'slip', k, text: slipped };
    }
    return { kind: 'faithful', k, text: scripted };
  }

  return {
    label: `simulated (seed ${options.seed})`,
    async complete(request) {
      const r1 = random();
      const r2 = random();
      const r3 = random();
      if (request.signal?.aborted) throw new LlmError('The request to the LLM was stopped', 'aborted');
      const reply = decide(request, r1, r2, r3);
      sent.set(request.turn, reply);
      request.onText?.(reply.text);
      return { text: reply.text, finishReason: 'stop', ...usageOf(request, reply.text) };
    },
  };
}
