// The emitter: one compilation unit (a loop, or a function body) written as JavaScript source.
// Expressions are emitted in order as statements over JS locals (A-normal form), so evaluation
// order, and with it the order of effects and errors, is the interpreter's. See compile.ts for
// when units are compiled and how the source is turned into a function.
import type { Loc } from '../errors.ts';
import { CAP, CONST, NODE, SLOT, type Arg } from '../args.ts';
import { irOf, type Ir } from '../node-facts.ts';
import type { Node } from '../scope.ts';
import type { Value } from '../values.ts';
import { CLOCK_EVERY } from '../runtime.ts';
import { hotBuiltin } from '../hot-builtins.ts';

/** Not compilable (a shape the compiler does not expect): the caller keeps the closures. */
export class Unsupported extends Error {}

interface LoopTarget {
  readonly label: string;
  readonly slots: readonly number[];
  readonly it: string;
  readonly loc: string;
}

/** What to do with the value of an expression, and which loop (if any) it is the tail of. */
export interface Cont {
  readonly done: (atom: string) => string;
  readonly loop: LoopTarget | null;
  /** The tail of a function body (no loop in between): recur there goes to the parameters. */
  readonly fnTail: boolean;
}

const VALUE_ONLY = (t: string): Cont => ({ done: (a) => `${t} = ${a};`, loop: null, fnTail: false });

export class Unit {
  private readonly lines: string[] = [];
  private readonly temps: string[] = [];
  private readonly consts: Value[] = [];
  private readonly fns: unknown[] = [];
  private readonly locs: Loc[] = [];
  private readonly nodes: Node[] = [];
  private readonly bound = new Set<number>();
  private readonly live: number[] = [];
  private readonly outer = new Set<number>();
  private readonly caps = new Set<number>();
  private readonly loops: LoopTarget[] = [];
  /**
   * Temps holding a boolean whatever the path taken (`boolean` in hot-builtins.ts): an `if` on one
   * needs no nil/false test, two instructions fewer for V8's interpreter in a loop's every test.
   */
  private readonly booleans = new Set<string>();
  private labels = 0;
  private usesRuntime = false;
  ops = 0;

  constructor(
    private readonly params: readonly number[] | null,
    /** A loop unit that can take over a loop the interpreter started (see compileLoop). */
    private readonly resumable = false,
  ) {}

  private tmp(): string {
    const t = `t${this.temps.length}`;
    this.temps.push(t);
    return t;
  }

  private push(line: string): void {
    if (line !== '') this.lines.push(line);
  }

  private table<T>(xs: T[], x: T, prefix: string): string {
    let i = xs.indexOf(x);
    if (i < 0) i = xs.push(x) - 1;
    return `${prefix}${i}`;
  }

  private loc(l: Loc): string {
    return `l${this.locs.push(l) - 1}`;
  }

  private literal(v: Value): string {
    if (v === null) return 'null';
    if (v === true) return 'true';
    if (v === false) return 'false';
    // In parentheses: a template may write `x.length`, and `5.length` does not parse.
    if (typeof v === 'number' && Number.isSafeInteger(v) && !Object.is(v, -0)) return `(${v})`;
    return this.table(this.consts, v, 'k');
  }

  private slot(i: number): string {
    if (!this.bound.has(i)) this.outer.add(i);
    return `s${i}`;
  }

  /** An expression's value as an atom: a JS name or literal, with no effects left to run. */
  atom(a: Arg): string {
    if (a.k === SLOT) return this.slot(a.i);
    if (a.k === CAP) {
      this.caps.add(a.i);
      return `v${a.i}`;
    }
    if (a.k === CONST) return this.literal(a.c);
    const ir = irOf(a.n);
    if (ir === undefined) return this.opaque(a.n, VALUE_ONLY(''));
    if (ir.k === 'call' || ir.k === 'kw' || ir.k === 'vec' || ir.k === 'record' || ir.k === 'const') {
      // Straight into the call's own local, no copy.
      let t = '';
      this.emit(a, { done: (x) => ((t = x), ''), loop: null, fnTail: false });
      return t;
    }
    const t = this.tmp();
    this.emit(a, VALUE_ONLY(t));
    return t;
  }

  /** Statements computing `a`, handing its value to `k`. */
  emit(a: Arg, k: Cont): void {
    if (a.k !== NODE) {
      this.push(k.done(this.atom(a)));
      return;
    }
    const ir = irOf(a.n);
    if (ir === undefined) {
      this.push(k.done(this.opaque(a.n, k)));
      return;
    }
    if (ir.k !== 'const') this.ops++;
    switch (ir.k) {
      case 'call':
        return this.call(ir, k);
      case 'kw': {
        const x = this.atom(ir.arg);
        const t = this.tmp();
        const key = this.table(this.consts, ir.key, 'k');
        this.push(
          `if (${x} instanceof PMap) { ${t} = ${x}.getKeyword(${key}); if (${t} === undefined) ${t} = null; } else ${t} = kws(${key}, ${x}, ${this.loc(ir.loc)});`,
        );
        this.push(k.done(t));
        return;
      }
      case 'if': {
        const c = this.atom(ir.test);
        this.push(this.booleans.has(c) ? `if (${c}) {` : `if (${c} !== null && ${c} !== false) {`);
        this.emit(ir.then, k);
        this.push('} else {');
        this.emit(ir.else, k);
        this.push('}');
        return;
      }
      case 'and':
      case 'or': {
        const t = this.tmp();
        const keepGoing = ir.k === 'and' ? `${t} !== null && ${t} !== false` : `${t} === null || ${t} === false`;
        ir.items.forEach((item, i) => {
          this.push(`${t} = ${this.atom(item)};`);
          if (i < ir.items.length - 1) this.push(`if (${keepGoing}) {`);
        });
        for (let i = 1; i < ir.items.length; i++) this.push('}');
        this.push(k.done(t));
        return;
      }
      case 'do':
        for (let i = 0; i < ir.items.length - 1; i++) this.atom(ir.items[i]);
        return this.emit(ir.items[ir.items.length - 1], k);
      case 'let': {
        const n = this.bind(ir.slots, ir.values);
        this.emit(ir.body, k);
        this.unbind(n);
        return;
      }
      case 'loop':
        return this.loop(ir, k);
      case 'recur':
        return this.recur(ir, k);
      case 'const':
        this.push(k.done(this.table(this.consts, ir.value, 'k')));
        return;
      case 'vec': {
        const xs = ir.items.map((x) => this.atom(x));
        const t = this.tmp();
        this.push(`${t} = [${xs.join(', ')}];`);
        this.push(k.done(t));
        return;
      }
      case 'record': {
        const xs = ir.values.map((x) => this.atom(x));
        const t = this.tmp();
        // The interpreter's key and hash arrays, shared by every map this literal makes.
        const keys = this.table(this.consts, ir.keys as Value, 'k');
        const hashes = this.table(this.consts, ir.hashes as Value, 'k');
        this.push(`${t} = rec(${keys}, ${hashes}, [${xs.join(', ')}]);`);
        this.push(k.done(t));
        return;
      }
    }
  }

  private call(ir: Extract<Ir, { k: 'call' }>, k: Cont): void {
    const xs = ir.args.map((x) => this.atom(x));
    const t = this.tmp();
    const g = this.table(this.fns, ir.f, 'g');
    const l = this.loc(ir.loc);
    // Up to four arguments are passed as they are (no array to allocate and spread).
    const slow = xs.length >= 1 && xs.length <= 4 ? `c${xs.length}(${g}, ${xs.join(', ')}, ${l})` : `cn(${g}, [${xs.join(', ')}], ${l})`;
    // A hot builtin's template writes its fast path inline.
    const hot = hotBuiltin(ir.name, xs.length);
    this.push(hot === undefined ? `${t} = ${slow};` : hot.template(xs, t, slow));
    if (hot?.boolean === true) this.booleans.add(t);
    this.push(k.done(t));
  }

  /** Store each value in its slot before the next is computed; returns how many became live. */
  private bind(slots: readonly number[], values: readonly Arg[]): number {
    slots.forEach((s, i) => {
      const v = this.atom(values[i]);
      this.bound.add(s);
      this.push(`s${s} = ${v};`);
      this.live.push(s);
    });
    return slots.length;
  }

  private unbind(n: number): void {
    this.live.length -= n;
  }

  /** A node run as it is: it reads locals from the frame, so the frame gets the live ones first. */
  private opaque(node: Node, k: Cont): string {
    for (const s of this.live) this.push(`f[${s}] = s${s};`);
    const t = this.tmp();
    this.push(`${t} = ${this.table(this.nodes, node, 'n')}(f);`);
    const target = k.loop;
    if (target !== null) {
      // In the tail of a loop, the node may be a recur into it: it stored the values in the frame.
      this.push(`if (${t} === RECUR) { ${target.slots.map((s) => `s${s} = f[${s}];`).join(' ')} ${this.next(target)} }`);
    }
    return t;
  }

  private next(target: LoopTarget): string {
    // r.tick() written out: fresh code runs in V8's interpreter at first, where a call costs much.
    return `if (++${target.it} > max) throw lle("loop", ${target.loc}); if (++r.ticks >= ${CLOCK_EVERY}) r.clockTick(); continue ${target.label};`;
  }

  private loop(ir: Extract<Ir, { k: 'loop' }>, k: Cont): void {
    this.usesRuntime = true;
    const target: LoopTarget = { label: `L${this.labels++}`, slots: ir.slots, it: this.tmp(), loc: this.loc(ir.loc) };
    let n: number;
    if (this.resumable && this.labels === 1) {
      // Entered either from the start, or (it0 given) in the middle: the interpreter ran the
      // first it0 iterations and left the next values of the loop's names in the frame.
      this.push('if (it0 === undefined) {');
      n = this.bind(ir.slots, ir.inits);
      this.push(`${target.it} = 0;`);
      this.push(`} else { ${ir.slots.map((s) => `s${s} = f[${s}];`).join(' ')} ${target.it} = it0; }`);
    } else {
      n = this.bind(ir.slots, ir.inits);
      this.push(`${target.it} = 0;`);
    }
    this.push(`${target.label}: for (;;) {`);
    this.loops.push(target);
    this.emit(ir.body, { done: (a) => `${k.done(a)} break ${target.label};`, loop: target, fnTail: false });
    this.loops.pop();
    this.push('}');
    this.unbind(n);
  }

  private recur(ir: Extract<Ir, { k: 'recur' }>, k: Cont): void {
    // Every argument is computed before any slot changes (an argument may read a slot recur sets).
    const xs = ir.args.map((x) => {
      const a = this.atom(x);
      if (!/^s\d+$/.test(a)) return a;
      const t = this.tmp();
      this.push(`${t} = ${a};`);
      return t;
    });
    const target = this.loops.length > 0 ? this.loops[this.loops.length - 1] : undefined;
    if (target !== undefined) {
      if (k.loop !== target || !sameSlots(target.slots, ir.slots)) throw new Unsupported('recur outside the tail of its loop');
      this.push(ir.slots.map((s, i) => `s${s} = ${xs[i]};`).join(' '));
      this.push(this.next(target));
      return;
    }
    if (!k.fnTail || this.params === null || !sameSlots(this.params, ir.slots)) throw new Unsupported('recur outside a function tail');
    // Into the parameters: stored in the frame, and the function's call re-runs the body.
    this.push(`${ir.slots.map((s, i) => `f[${s}] = ${xs[i]};`).join(' ')} return RECUR;`);
  }

  /** A slot read before this unit binds it would have two meanings here: left to the closures. */
  check(): void {
    for (const s of this.outer) if (this.bound.has(s)) throw new Unsupported(`slot ${s} is read before it is bound`);
  }

  source(): string {
    const prologue: string[] = [];
    const decls = [...this.temps, ...[...this.bound].map((s) => `s${s}`)];
    // var, not let: each is assigned before it is read, and `let x;` costs V8's interpreter an
    // instruction pair per name on every call of a function body (`var` costs nothing).
    if (decls.length > 0) prologue.push(`var ${decls.join(', ')};`);
    for (const s of this.outer) prologue.push(`const s${s} = f[${s}];`);
    if (this.caps.size > 0) prologue.push(`const cs = f[0];`, ...[...this.caps].map((i) => `const v${i} = cs[${i}];`));
    if (this.usesRuntime) prologue.push('const r = rt(); const max = r.limits.maxLoopIterations;');
    const tables = [
      ...this.consts.map((_, i) => `k${i} = K[${i}]`),
      ...this.fns.map((_, i) => `g${i} = G[${i}]`),
      ...this.locs.map((_, i) => `l${i} = L[${i}]`),
      ...this.nodes.map((_, i) => `n${i} = N[${i}]`),
    ];
    // Array.isArray of a name that cannot change is asked once: of a constant when the unit is made,
    // of a local read from the frame (never assigned here) before the loop. Measured: the call was
    // a fifth of a loop's time in V8's interpreter, where a fresh unit spends its first thousands
    // of iterations. (A function body without a loop asks at most as often as before.)
    const asked = new Set<string>();
    const lines = this.lines.map((line) =>
      line.replace(/Array\.isArray\(([ksv])(\d+)\)/g, (call, kind: string, i: string) => {
        const fixed = kind === 'k' || (this.labels > 0 && (kind === 'v' || this.outer.has(Number(i))));
        if (!fixed) return call;
        if (!asked.has(kind + i)) {
          asked.add(kind + i);
          if (kind === 'k') tables.push(`a${kind}${i} = Array.isArray(${kind}${i})`);
          else prologue.push(`const a${kind}${i} = Array.isArray(${kind}${i});`);
        }
        return `a${kind}${i}`;
      }),
    );
    return [
      '"use strict";',
      'const { c1, c2, c3, c4, cn, kws, eq, getFlex, PMap, rec, RECUR, lle, rt } = H;',
      ...(tables.length > 0 ? [`const ${tables.join(', ')};`] : []),
      'return function unit(f, it0) {',
      ...prologue,
      ...lines,
      '};',
    ].join('\n');
  }

  /** What the generated source refers to: constants, builtins, locations, nodes (K, G, L, N). */
  tables(): [readonly Value[], readonly unknown[], readonly Loc[], readonly Node[]] {
    return [this.consts, this.fns, this.locs, this.nodes];
  }
}

function sameSlots(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}

export const RETURN: Cont = { done: (a) => `return ${a};`, loop: null, fnTail: false };
export const RETURN_FROM_FN: Cont = { ...RETURN, fnTail: true };
