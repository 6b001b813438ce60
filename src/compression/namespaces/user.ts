// The `user/` section, the prelude of the LLM's own definitions (C6, FMT-003, FMT-006…010, DEF-001…009).
import type { Memory, MemoryEntry } from '../../records/records.ts';
import { isFn } from '../../lisp/values.ts';
import { oneLine, padToComment, sample } from '../layout.ts';
import type { SampleLimits } from './data.ts';
import { isBlank, typeOf } from '../type-vocabulary.ts';

export const USER_HEADER = ';; === user/ (your prelude) ===';

export function renderFunctionLine(entry: MemoryEntry): string {
  const fn = entry.value;
  const params = isFn(fn) && fn.ptc.params.length > 0 ? fn.ptc.params.join(' ') : '[]';
  const head = `(${entry.name} ${params})`;
  const doc = entry.doc;
  const returns = entry.returnType ? ` -> ${entry.returnType}` : '';
  if (doc !== undefined && doc !== '') return `${padToComment(head)}; "${oneLine(doc)}"${returns}`;
  return `${head}${returns}`;
}

export function renderValueLine(entry: MemoryEntry, withSample: boolean, limits: SampleLimits): string {
  const type = typeOf(entry.value);
  const described = entry.doc ? `"${oneLine(entry.doc)}" = ${type}` : `= ${type}`;
  const info =
    withSample && !isBlank(entry.value) ? `${described}, sample: ${sample(entry.value, limits.sampleLimit, limits.samplePrintableLimit)}` : described;
  return `${padToComment(entry.name)}; ${info}`;
}

/** Functions first, then values, each in order of first definition; null while nothing is defined (NS-010). */
export function renderUserNamespace(memory: Memory, withSamples: boolean, limits: SampleLimits): string | null {
  if (memory.size === 0) return null;
  const functions: string[] = [];
  const values: string[] = [];
  for (const entry of memory.values()) {
    if (isFn(entry.value)) functions.push(renderFunctionLine(entry));
    else values.push(renderValueLine(entry, withSamples, limits));
  }
  return [USER_HEADER, ...functions, ...values].join('\n');
}
