// What walks over values (walk.ts) need from the running program: its clock and its value size
// limit. Walks sit below runtime.ts (values → hash → walk), so runtime.ts registers the active run
// here rather than walk.ts importing it.

export interface RunMeter {
  readonly limits: { readonly maxValueSize: number };
  /** Account for `n` elements walked (time inside builtins counts). */
  charge(n: number): void;
}

let meter: RunMeter | null = null;

/** The running program's meter, or null outside a run (UI views, session files). */
export function activeMeter(): RunMeter | null {
  return meter;
}

/** Called by runtime.ts as a run starts and ends. */
export function setActiveMeter(m: RunMeter | null): void {
  meter = m;
}
