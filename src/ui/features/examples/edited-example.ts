// Whether the open session is an example someone changed: it still carries that example's gallery
// description and tags, but what it runs (mission, tools, data, settings) is no longer the example's.
// Its export then leaves the description and tags out: they describe the example, not the edit.
import type { SessionDefinition } from '../../../worker/engine.ts';

/** The fields that make what a session does; the title and the gallery fields are not among them. */
const RUN_FIELDS = ['mission', 'maxTurns', 'compression', 'tools', 'data', 'dataText', 'limits', 'systemPrompt', 'prices'] as const;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The example (as its file's JSON) whose description and tags the definition carries, if any. */
function exampleOf(definition: SessionDefinition, examples: readonly Record<string, unknown>[]): Record<string, unknown> | undefined {
  if (definition.description === undefined && definition.tags === undefined) return undefined;
  return examples.find((e) => same(e.description, definition.description) && same(e.tags, definition.tags));
}

export function isEditedExample(definition: SessionDefinition, exampleTexts: readonly string[]): boolean {
  const examples: Record<string, unknown>[] = [];
  for (const text of exampleTexts) {
    try {
      examples.push(JSON.parse(text) as Record<string, unknown>);
    } catch {
      // A bundled example always parses; one that does not is no example to compare with.
    }
  }
  const example = exampleOf(definition, examples);
  if (example === undefined) return false;
  const def = definition as unknown as Record<string, unknown>;
  // Large data travels as text: compared as the data it holds.
  const data = definition.dataText !== undefined ? (JSON.parse(definition.dataText) as unknown) : definition.data;
  return RUN_FIELDS.some((k) => {
    if (k === 'dataText') return false;
    if (k === 'data') return !same(data, example.data);
    if (k === 'compression') return !same(def.compression, example.compression ?? true);
    return !same(def[k], example[k]);
  });
}
