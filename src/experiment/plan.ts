// An experiment's plan: the session (mission, tools, data), a success check, the variants to compare
// and the number of runs of each. A variant changes the session's settings field by field (session <
// command-line flags < variant); the changed session is checked by the session file's own reader, so a
// variant's `compression`, `systemPrompt` and `llm` take exactly the forms a session file does and a
// mistake reads as it would there (`variants[1].compression: …`). One more LLM form is known here:
// `{"provider": "simulated", "slip"?, "guess"?}`, the simulated model that follows the session's
// script (its mock replies, else its recorded replies) but varies by run.
import { DEFAULT_SIMULATED, type SimulatedSettings } from '../agent/simulated-model.ts';
import { decodeValue, CodecError } from '../session/value-codec.ts';
import { prepareAgent } from '../agent/loop.ts';
import { parseSession, serializeSession, sessionToAgent, type Session } from '../session/session-file.ts';
import { checkPredicate, RETURNED, type SuccessCheck } from './success.ts';
import type { ToolCallRecord } from '../lisp/runtime.ts';
import { recordedRun } from '../session/previous-run.ts';
import type { Shard } from './shards.ts';

export interface Variant {
  readonly name: string;
  /** The session as this variant runs it (settings changed, no recorded turns). */
  readonly session: Session;
  /** Set when the simulated model answers instead of the session's LLM. */
  readonly simulated?: SimulatedSettings;
  /** The replies the simulated model follows. */
  readonly script: readonly string[];
  /**
   * How the calls of MCP tools are answered: made live (the host's connections), or `recorded`:
   * answered from the session's recorded turns (T5), never connecting.
   */
  readonly tools: 'live' | 'recorded';
  /** The recorded run whose calls answer a recorded variant (the session's turns, else the calls kept from before its Reset). */
  readonly record?: readonly { readonly toolCalls: readonly ToolCallRecord[] }[];
}

export interface ExperimentPlan {
  readonly success: SuccessCheck;
  readonly variants: readonly Variant[];
  /** Runs of each variant. */
  readonly runs: number;
  /** When set, only this shard's share of the runs is run (shards.ts says which). */
  readonly shard?: Shard;
}

/** The most runs of one variant, and variants, an experiment may ask for (a typo should not start 10⁶ requests). */
export const MAX_RUNS = 1000;
export const MAX_VARIANTS = 50;

/** Field-by-field changes to the session's llm settings (the command line's flags), or the simulated model. */
export interface LlmChanges {
  readonly fields?: Readonly<Record<string, unknown>>;
  readonly simulated?: Partial<SimulatedSettings>;
  /** How a variant that does not say answers MCP calls (live by default). */
  readonly tools?: 'live' | 'recorded';
}

export type PlanResult = { readonly ok: true; readonly plan: ExperimentPlan } | { readonly ok: false; readonly errors: readonly string[] };

type Json = Record<string, unknown>;

const isObject = (x: unknown): x is Json => x !== null && typeof x === 'object' && !Array.isArray(x);

/** The script the simulated model follows: the mock's replies, else the replies recorded in the session. */
export function scriptOf(session: Session): readonly string[] {
  return session.llm.replies ?? session.turns.map((t) => t.rawResponse);
}

function readSuccess(raw: unknown, errors: string[]): SuccessCheck {
  if (raw === undefined) return RETURNED;
  if (!isObject(raw)) {
    errors.push('success: expected {"expected": VALUE} or {"predicate": "(fn [result] …)"}');
    return RETURNED;
  }
  const keys = Object.keys(raw);
  if (keys.length !== 1 || (keys[0] !== 'expected' && keys[0] !== 'predicate')) {
    errors.push(`success: give exactly one of "expected" or "predicate" (got ${keys.length === 0 ? 'neither' : keys.map((k) => `"${k}"`).join(', ')})`);
    return RETURNED;
  }
  if (keys[0] === 'expected') {
    try {
      return { kind: 'expected', value: decodeValue(raw.expected, 'success.expected') };
    } catch (e) {
      if (!(e instanceof CodecError)) throw e;
      errors.push(e.message);
      return RETURNED;
    }
  }
  const source = raw.predicate;
  if (typeof source !== 'string') {
    errors.push('success.predicate: expected the text of a PTC-Lisp function, such as "(fn [result] (= (count result) 3))"');
    return RETURNED;
  }
  const problem = checkPredicate(source);
  if (problem !== null) errors.push(`success.predicate: ${problem}`);
  return { kind: 'predicate', source };
}

function readChance(raw: Json, key: 'slip' | 'guess', where: string, errors: string[]): number | undefined {
  const v = raw[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !(v >= 0 && v <= 1)) {
    errors.push(`${where}.${key}: expected a chance from 0 to 1, got ${JSON.stringify(v)}`);
    return undefined;
  }
  return v;
}

/** `{"provider": "simulated", …}` as settings; other keys are refused (a real provider's fields mean nothing to it). */
function readSimulated(raw: Json, where: string, errors: string[]): Partial<SimulatedSettings> {
  for (const key of Object.keys(raw)) {
    if (key !== 'provider' && key !== 'slip' && key !== 'guess') errors.push(`${where}.${key}: the simulated model takes only "slip" and "guess"`);
  }
  const slip = readChance(raw, 'slip', where, errors);
  const guess = readChance(raw, 'guess', where, errors);
  return { ...(slip !== undefined ? { slip } : {}), ...(guess !== undefined ? { guess } : {}) };
}

/** The session's JSON object without its turns or other branches: the starting point every variant changes. */
function baseJson(session: Session): Json {
  const { branch: _branch, branches: _branches, ...open } = session;
  return JSON.parse(serializeSession({ ...open, turns: [] })) as Json;
}

function buildVariant(name: string, base: Session, json: Json, changes: LlmChanges, raw: Json, where: string, errors: string[]): Variant | null {
  const next: Json = { ...json };
  let simulated: Partial<SimulatedSettings> | undefined = changes.simulated;
  if (changes.fields !== undefined) next.llm = { ...(next.llm as Json), ...changes.fields };
  if ('compression' in raw) next.compression = raw.compression;
  if ('systemPrompt' in raw) {
    // null: the default prompt, whatever the session says.
    if (raw.systemPrompt === null) delete next.systemPrompt;
    else next.systemPrompt = raw.systemPrompt;
  }
  if ('llm' in raw) {
    const llm = raw.llm;
    if (isObject(llm) && llm.provider === 'simulated') {
      simulated = readSimulated(llm, `${where}.llm`, errors);
    } else if (isObject(llm)) {
      simulated = undefined;
      next.llm = { ...(next.llm as Json), ...llm };
    } else {
      errors.push(`${where}.llm: expected an object such as {"model": "gpt-4o-mini"} or {"provider": "simulated"}`);
      return null;
    }
  }
  const parsed = parseSession(next);
  if (!parsed.ok) {
    for (const e of parsed.errors) errors.push(`${where}.${e}`);
    return null;
  }
  // What the schema lets through but the agent cannot run (an unknown strategy, a tool that is not a function).
  const prepared = prepareAgent(sessionToAgent(parsed.session));
  if (!prepared.ok) {
    for (const e of prepared.errors) errors.push(`${where}.${e}`);
    return null;
  }
  let tools = changes.tools ?? 'live';
  if ('tools' in raw) {
    if (raw.tools !== 'live' && raw.tools !== 'recorded') {
      errors.push(`${where}.tools: expected "live" (call the servers) or "recorded" (answer from the session's recorded calls)`);
      return null;
    }
    tools = raw.tools;
  }
  const script = scriptOf(base);
  if (simulated !== undefined && script.length === 0) {
    errors.push(`${where}.llm: the simulated model follows a script, and the session has neither mock replies nor recorded turns`);
    return null;
  }
  return {
    name,
    session: parsed.session,
    script,
    tools,
    ...(tools === 'recorded' ? { record: recordedRun(base) } : {}),
    ...(simulated !== undefined ? { simulated: { ...DEFAULT_SIMULATED, ...simulated } } : {}),
  };
}

const VARIANT_KEYS = ['name', 'compression', 'systemPrompt', 'llm', 'tools'];

/**
 * The plan from a variants file's JSON (or `undefined`: one variant with the session's settings, success
 * meaning the run returned). Every problem is reported, each with its path.
 */
export function planExperiment(base: Session, file: unknown, runs: number, changes: LlmChanges = {}): PlanResult {
  const errors: string[] = [];
  if (!Number.isSafeInteger(runs) || runs < 1 || runs > MAX_RUNS) errors.push(`runs: expected a whole number from 1 to ${MAX_RUNS}, got ${runs}`);
  const json = baseJson(base);
  let success: SuccessCheck = RETURNED;
  const variants: Variant[] = [];
  if (file === undefined) {
    const v = buildVariant('session', base, json, changes, {}, 'session', errors);
    if (v !== null) variants.push(v);
  } else if (!isObject(file)) {
    errors.push('expected a JSON object {"success": …, "variants": […]}');
  } else {
    for (const key of Object.keys(file))
      if (key !== 'success' && key !== 'variants') errors.push(`${key}: unknown field; a variants file has "success" and "variants"`);
    success = readSuccess(file.success, errors);
    // A file with only a success check runs the session's own settings, named as without a file.
    const list = file.variants ?? [{ name: 'session' }];
    if (!Array.isArray(list) || list.length === 0) errors.push('variants: expected a non-empty list of variants');
    else if (list.length > MAX_VARIANTS) errors.push(`variants: at most ${MAX_VARIANTS} variants, got ${list.length}`);
    else {
      const names = new Set<string>();
      list.forEach((raw: unknown, i) => {
        const where = `variants[${i}]`;
        if (!isObject(raw)) {
          errors.push(`${where}: expected an object such as {"name": "trim", "compression": "trim"}`);
          return;
        }
        for (const key of Object.keys(raw))
          if (!VARIANT_KEYS.includes(key)) errors.push(`${where}.${key}: unknown field; a variant has ${VARIANT_KEYS.join(', ')}`);
        const name = raw.name === undefined ? `variant ${i + 1}` : raw.name;
        if (typeof name !== 'string' || name.trim() === '') {
          errors.push(`${where}.name: expected a non-empty name`);
          return;
        }
        if (names.has(name.trim())) errors.push(`${where}.name: "${name.trim()}" names two variants; give each its own name`);
        names.add(name.trim());
        const v = buildVariant(name.trim(), base, json, changes, raw, where, errors);
        if (v !== null) variants.push(v);
      });
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, plan: { success, variants, runs } };
}
