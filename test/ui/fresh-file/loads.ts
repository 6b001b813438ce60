// A module with state of its own, like the app's stores and caches: a file that finds it already
// counted was handed another file's copy.
let calls = 0;

export function countCall(): number {
  calls += 1;
  return calls;
}
