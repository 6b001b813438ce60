// The component test files share their worker's loaded libraries (React, happy-dom, jsdom, Testing
// Library): loading them again for each file cost about 80 s of CPU per run. Each file still starts
// as if alone:
// - the app's own modules (and the tests' helpers) are loaded afresh, so no store, cache or counter
//   carries over;
// - the window is the worker's (Vitest keeps one per worker when modules are shared, and Testing
//   Library's `screen` holds on to its body), emptied of what the last file left: the document's
//   nodes and attributes, the storages, the address;
// - the globals the file added or replaced (IndexedDB, polyfills, stubs) are put back when it ends.
// fake-indexeddb is loaded with the app's modules (see the config), so a file that imports it gets
// an empty database world of its own. test/ui/fresh-file-*.test.ts check all of this.
import { afterAll, vi } from 'vitest';

// Set by zod as it loads, which it does once per worker now, and read by it later: kept.
const SET_BY_LIBRARIES = new Set(['__zod_globalConfig', '__zod_globalRegistry']);
// The address the worker's window started at, kept across files under a key no file uses.
const FIRST_ADDRESS = Symbol.for('ptc-playground.test.first-address');

vi.resetModules();
if (typeof document !== 'undefined') emptyWindow();

const before = Object.getOwnPropertyDescriptors(globalThis);

afterAll(() => {
  const after = Object.getOwnPropertyDescriptors(globalThis);
  for (const key of Object.keys(after)) {
    const was = before[key];
    if (was === undefined) {
      if (!SET_BY_LIBRARIES.has(key)) Reflect.deleteProperty(globalThis, key);
    } else if (!sameDescriptor(was, after[key])) {
      Object.defineProperty(globalThis, key, was);
    }
  }
  for (const [key, was] of Object.entries(before)) {
    if (!(key in after)) Object.defineProperty(globalThis, key, was);
  }
});

function emptyWindow(): void {
  const kept = globalThis as { [FIRST_ADDRESS]?: string };
  kept[FIRST_ADDRESS] ??= location.href;
  if (location.href !== kept[FIRST_ADDRESS]) history.replaceState(null, '', kept[FIRST_ADDRESS]);
  const root = document.documentElement;
  for (const node of [...root.childNodes]) if (node !== document.head && node !== document.body) node.remove();
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const element of [root, document.head, document.body]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  }
  localStorage.clear();
  sessionStorage.clear();
}

function sameDescriptor(a: PropertyDescriptor, b: PropertyDescriptor | undefined): boolean {
  return b !== undefined && Object.is(a.value, b.value) && a.get === b.get && a.set === b.set;
}
