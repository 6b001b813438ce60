// Analysis-time scopes. Every function (and the program itself) gets one frame: a Value[] whose
// slot 0 holds the closure's captured values and whose other slots hold parameters and let/loop
// locals. Closures are flat: when created they copy the outer values they use into their own
// captured array, so a local is read with one array access and no environment chain.
import type { Loc } from './errors.ts';
import type { Value } from './values.ts';

export type Frame = Value[];
export type Node = (frame: Frame) => Value;

export interface Binding {
  readonly name: string;
  readonly fn: FnScope;
  readonly slot: number;
}

/** How a function reads a local: from its own frame, or from its captured values. */
export type LocalRef = { readonly k: 'slot'; readonly i: number } | { readonly k: 'cap'; readonly i: number };

export class FnScope {
  nslots = 1;
  readonly captures: LocalRef[] = [];
  private readonly captureIndex = new Map<Binding, number>();

  constructor(readonly parent: FnScope | null) {}

  alloc(): number {
    return this.nslots++;
  }

  /** The way this function reaches binding `b`, adding captures along the way as needed. */
  refTo(b: Binding): LocalRef {
    if (b.fn === this) return { k: 'slot', i: b.slot };
    const known = this.captureIndex.get(b);
    if (known !== undefined) return { k: 'cap', i: known };
    if (this.parent === null) throw new Error(`binding ${b.name} is not visible here`);
    const outer = this.parent.refTo(b);
    const i = this.captures.push(outer) - 1;
    this.captureIndex.set(b, i);
    return { k: 'cap', i };
  }
}

/** Immutable linked list of visible locals, innermost first. */
export interface Locals {
  readonly name: string;
  readonly binding: Binding;
  readonly next: Locals | null;
}

export function findLocal(locals: Locals | null, name: string): Binding | undefined {
  for (let l = locals; l !== null; l = l.next) if (l.name === name) return l.binding;
  return undefined;
}

export function localNames(locals: Locals | null): string[] {
  const out: string[] = [];
  for (let l = locals; l !== null; l = l.next) out.push(l.name);
  return out;
}

export interface RecurTarget {
  /** Number of values recur must pass. */
  readonly arity: number;
  readonly what: 'loop' | 'fn';
  /** The slots of plain-name bindings: recur stores into them directly. Null when destructuring. */
  readonly slots: readonly number[] | null;
}

/** Everything the analyzer knows at one point of the program. */
export interface Ctx {
  readonly fn: FnScope;
  readonly locals: Locals | null;
  /** True when the form being analyzed is in tail position of the nearest loop/fn. */
  readonly tail: boolean;
  readonly recur: RecurTarget | null;
  readonly loc: Loc;
  /**
   * Told of every global name the analyzer leaves for run time (a definition, a tool, data, or a name
   * that fails when it runs). Only diagnostics set it (src/lisp/diagnose.ts); a run leaves it absent.
   */
  readonly onGlobal?: (ref: GlobalRef) => void;
  /**
   * Builtin names the user has defined by the time this code is analyzed (earlier turns, earlier
   * top-level forms): such a name resolves to the user's definition, not the builtin. Builtins are
   * bound when code is analyzed, so code analyzed before the definition keeps the builtin.
   */
  readonly shadowed?: ReadonlySet<string>;
}

/** A global name left for run time: bare (`ns` null), `tool/x`, `data/x`, or another prefix. */
export interface GlobalRef {
  readonly ns: string | null;
  readonly name: string;
  readonly loc: Loc;
  /** The locals visible there (for did-you-mean), innermost first. */
  readonly locals: readonly string[];
  /** For a prefix that can never resolve (unknown namespace or member): the error it will raise. */
  readonly error?: { readonly message: string; readonly hint?: string };
}

/** Bind `name` to a new slot of the current function; returns the new context and the slot. */
export function bindLocal(ctx: Ctx, name: string): [Ctx, number] {
  const slot = ctx.fn.alloc();
  const binding: Binding = { name, fn: ctx.fn, slot };
  return [{ ...ctx, locals: { name, binding, next: ctx.locals } }, slot];
}

export function readRef(ref: LocalRef): Node {
  const i = ref.i;
  if (ref.k === 'slot') return (f) => f[i];
  return (f) => (f[0] as Value[])[i];
}
