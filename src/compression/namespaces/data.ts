// The `data/` section (C5, FMT-002, FMT-005): samples always on, so the section is stable across turns.
import type { Value } from '../../lisp/values.ts';
import { padToComment, sample } from '../layout.ts';
import { isBlank, typeOf } from '../type-vocabulary.ts';

export const DATA_HEADER = ';; === data/ ===';

export interface SampleLimits {
  readonly sampleLimit: number;
  readonly samplePrintableLimit: number;
}

export function renderDataLine(name: string, value: Value, limits: SampleLimits): string {
  const type = typeOf(value);
  const info = isBlank(value) ? type : `${type}, sample: ${sample(value, limits.sampleLimit, limits.samplePrintableLimit)}`;
  return `${padToComment(`data/${name}`)}; ${info}`;
}

export function renderDataNamespace(data: ReadonlyMap<string, Value>, limits: SampleLimits): string | null {
  if (data.size === 0) return null;
  const lines = [DATA_HEADER];
  for (const [name, value] of data) lines.push(renderDataLine(name, value, limits));
  return lines.join('\n');
}
