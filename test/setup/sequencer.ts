// The order Vitest starts test files in, kept as Vitest chooses it (longest or largest first, each
// project after the other), except that the files of one project that share a test environment
// (node, happy-dom, jsdom) are queued together.
//
// Why: with `isolate: false`, a worker that finishes a file takes the next one only when that next
// file in the queue has the same project and environment; otherwise Vitest stops the worker and starts
// another, which loads its libraries again (for a component test: the DOM library, React, Testing
// Library, the app). Queued by size alone, the component files alternate between environments, and
// their project started 17 workers for 53 files; grouped, it starts about one per environment and core.
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The environment Vitest gives a file: the first `@vitest-environment NAME` (or `@jest-environment`)
 * in its text, with its `-options` line, else its project's (read as Vitest reads it, so the groups
 * are the ones its pool compares).
 */
export function environmentOf(spec: Pick<TestSpecification, 'moduleId' | 'project'>): string {
  const text = readFileSync(spec.moduleId, 'utf8');
  const name = /@(?:vitest|jest)-environment\s+([\w-]+)\b/.exec(text)?.[1] ?? (spec.project.config.environment || 'node');
  const options = /@(?:vitest|jest)-environment-options\s+(.+)/.exec(text)?.[1] ?? '';
  return options === '' ? name : `${name} ${options}`;
}

/**
 * Orders `sorted` so that the files with the same key are adjacent; a key's place is that of its
 * first file, and the files of a key keep their order.
 */
export function groupInOrder<T>(sorted: readonly T[], key: (item: T) => string): T[] {
  const groups = new Map<string, T[]>();
  for (const item of sorted) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return [...groups.values()].flat();
}

export default class GroupedByEnvironment extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // The sequence group in the key: a file never moves out of its group (Vitest runs the groups one
    // after the other).
    return groupInOrder(sorted, (spec) => `${spec.project.config.sequence.groupOrder}\0${spec.project.name}\0${environmentOf(spec)}`);
  }
}
