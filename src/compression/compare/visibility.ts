// What a request shows of the run so far. Every strategy words things its own way, so an item counts
// as shown when a spelling of it that any rendering uses appears in the request's text: a value
// printed, in a sample, or as println writes it; a call as its line in a call list or as the code
// that made it. The rules are written out in docs/strategies.md ("What a request shows").
import { isFn, type Value } from '../../lisp/values.ts';
import { printValue, strOf } from '../../lisp/printer.ts';
import { isBlank } from '../type-vocabulary.ts';
import { sample, TOOL_ARG_LIMIT, TOOL_ARG_PRINTABLE_LIMIT } from '../layout.ts';
import type { Memory, MemoryEntry, Message, TurnRecord } from '../../records/records.ts';

export type ItemKind = 'toolResult' | 'toolCall' | 'print' | 'failedAttempt' | 'oldCode' | 'unsampledValue';

export const ITEM_KINDS: readonly ItemKind[] = ['toolResult', 'toolCall', 'print', 'failedAttempt', 'oldCode', 'unsampledValue'];

/** One thing that happened in a turn, with every spelling that would show it. */
export interface Item {
  /** Stable within a run, e.g. `toolResult:3:0` (turn 3, its first call). */
  readonly id: string;
  readonly kind: ItemKind;
  /** The turn it happened in (for a value: the turn that last defined it). */
  readonly turn: number;
  /** A short label for a list: the call, the printed line, the error. */
  readonly label: string;
  /** The item is shown when any of these appears in the request. */
  readonly spellings: readonly string[];
}

/**
 * Texts this short appear by chance in any request (`nil`, `42`, `ok`), so nothing can be told from
 * finding them: items spelled only that short are not judged.
 */
export const MIN_SPELLING = 4;

export interface SampleLimits {
  readonly sampleLimit: number;
  readonly samplePrintableLimit: number;
}

function usable(spellings: readonly string[]): string[] {
  return [...new Set(spellings.map((s) => s.trim()).filter((s) => s.length >= MIN_SPELLING))];
}

function valueSpellings(v: Value, limits: SampleLimits): string[] {
  const spellings = [printValue(v), sample(v, limits.sampleLimit, limits.samplePrintableLimit)];
  if (typeof v === 'string') spellings.push(strOf(v));
  return spellings;
}

function brief(text: string, max = 80): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The items of one completed turn that a later request may show or hide. */
export function turnItems(turn: TurnRecord, limits: SampleLimits): Item[] {
  const items: Item[] = [];
  const program = turn.program.trim();
  const t = turn.number;
  turn.toolCalls.forEach((call, i) => {
    const args = call.args.map((a) => sample(a, TOOL_ARG_LIMIT, TOOL_ARG_PRINTABLE_LIMIT)).join(' ');
    const line = `${call.name}(${args})`;
    items.push({ id: `toolCall:${t}:${i}`, kind: 'toolCall', turn: t, label: line, spellings: usable([line, program]) });
    if (call.error === undefined) {
      const spellings = usable(valueSpellings(call.result, limits));
      if (spellings.length > 0) {
        items.push({ id: `toolResult:${t}:${i}`, kind: 'toolResult', turn: t, label: `${line} → ${brief(printValue(call.result), 60)}`, spellings });
      }
    }
  });
  turn.prints.forEach((entry, i) => {
    const spellings = usable([entry]);
    if (spellings.length > 0) items.push({ id: `print:${t}:${i}`, kind: 'print', turn: t, label: brief(entry), spellings });
  });
  if (!turn.success && turn.error !== undefined) {
    const spellings = usable([turn.error.message]);
    if (spellings.length > 0) items.push({ id: `failedAttempt:${t}`, kind: 'failedAttempt', turn: t, label: brief(turn.error.message), spellings });
  }
  if (program.length >= MIN_SPELLING) items.push({ id: `oldCode:${t}`, kind: 'oldCode', turn: t, label: brief(program), spellings: [program] });
  return items;
}

/**
 * Values of the `user/` namespace (not functions, not blank) as items whose spelling is their sample:
 * a request that names the value without its sample shows it "without a sample".
 */
export function valueItems(memory: Memory, definedIn: ReadonlyMap<string, number>, limits: SampleLimits): Item[] {
  const items: Item[] = [];
  for (const entry of memory.values()) {
    const item = valueItem(entry, definedIn.get(entry.name) ?? 0, limits);
    if (item !== null) items.push(item);
  }
  return items;
}

/** One entry of `valueItems`, defined in turn `turn` (null: a function, blank, or no usable spelling). */
export function valueItem(entry: MemoryEntry, turn: number, limits: SampleLimits): Item | null {
  if (isFn(entry.value) || isBlank(entry.value)) return null;
  const spellings = usable(valueSpellings(entry.value, limits));
  if (spellings.length === 0) return null;
  return { id: `unsampledValue:${entry.name}`, kind: 'unsampledValue', turn, label: entry.name, spellings };
}

/** The text a request shows of the run: every message but SYSTEM (the same for every strategy). */
export function requestText(messages: readonly Message[]): string {
  return messages
    .filter((m) => m.role !== 'system')
    .map((m) => m.content)
    .join('\n');
}

export function isShown(item: Item, text: string): boolean {
  return item.spellings.some((s) => text.includes(s));
}

/** For `unsampledValue` items: the name appears but none of its sample's spellings does. */
export function isNamedWithoutSample(item: Item, text: string): boolean {
  return text.includes(item.label) && !isShown(item, text);
}
