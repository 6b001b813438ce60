// The one thing the builtin registry does not say about a builtin and the reference needs: the
// area of a namespace's builtins. Everything else (doc, arity, parameters, examples, a core
// builtin's area, the constants' docs) is read from the registry, so it is written once, beside
// the builtin's code.
import type { BuiltinInfo } from '../builtins/registry.ts';
import type { Area } from './types.ts';

const NAMESPACE_AREAS: Readonly<Record<string, Area>> = { 'clojure.string': 'strings', 'clojure.set': 'sets', json: 'json', interop: 'interop' };

/** The area of a registered builtin; undefined when nobody placed it (the reference test says so). */
export function areaOf(info: BuiltinInfo): Area | undefined {
  // The namespace first: clojure.string/reverse is a string function, whatever core reverse is.
  return (info.ns !== null ? NAMESPACE_AREAS[info.ns] : undefined) ?? info.area;
}
