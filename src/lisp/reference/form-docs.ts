// The reference entries of the special forms and macros. Each is registered beside its form, by
// the module that analyzes it (forms/*.ts; doc in reference/index.ts), in the order they load.
import type { FormDoc } from './types.ts';

const docs = new Map<string, FormDoc>();

export function documentForm(name: string, doc: FormDoc): void {
  if (docs.has(name)) throw new Error(`form ${name} documented twice`);
  docs.set(name, doc);
}

/** Every form's entry, in registration order. */
export function formDocs(): ReadonlyMap<string, FormDoc> {
  return docs;
}
