// Clojure notation for PTC values, with optional truncation (docs/decisions.md C7):
// a cut vector/list/set shows its first `limit` items, then " ..." inside the brackets and
// " (N items, showing first M)" after them; a cut map shows " ..." inside the braces and no count;
// a cut string ends with `..."`. The rules apply at every depth.
import { MAX_MESSAGE_CHARS } from './errors.ts';
import { Budget, REC_DEPTH, runActive } from './walk.ts';
import { Keyword, PFloat, PJava, PList, PMap, PRegex, PSet, PVar, type PtcFn, type Value } from './values.ts';

export interface FormatOptions {
  /** Items shown per collection (default: all). */
  limit?: number;
  /** Characters shown per string (default: all). */
  printableLimit?: number;
  /** false prints strings without quotes at every depth, as Clojure's `print`/`println` do. */
  readably?: boolean;
  /** Elements shown in all (default: the value size limit); past it the printer truncates. */
  maxElements?: number;
  /**
   * Characters of output wanted (default: all): once that many are out the walk stops, so a value
   * shared 2^30 times or nested 100,000 deep costs no more than its first characters. The text may
   * run past it by the last item printed and the closing brackets; callers cut it.
   */
  maxChars?: number;
}

export interface Formatted {
  text: string;
  truncated: boolean;
}

/** Java's Double.toString layout, which Clojure uses: 2.0, 0.001, 1.0E7, 1.5E-4, ##Inf. */
export function formatFloat(n: number): string {
  if (Number.isNaN(n)) return '##NaN';
  if (n === Infinity) return '##Inf';
  if (n === -Infinity) return '##-Inf';
  if (n === 0) return Object.is(n, -0) ? '-0.0' : '0.0';
  const abs = Math.abs(n);
  if (abs >= 1e-3 && abs < 1e7) {
    const s = String(n);
    return s.includes('.') ? s : s + '.0';
  }
  const [mantissa, exponent] = n.toExponential().split('e');
  return (mantissa.includes('.') ? mantissa : mantissa + '.0') + 'E' + exponent.replace('+', '');
}

const ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\t': '\\t', '\r': '\\r' };

export function quoteString(s: string): string {
  return '"' + s.replace(/["\\\n\t\r]/g, (c) => ESCAPES[c]) + '"';
}

export function fnLabel(f: Value): string {
  if (typeof f !== 'function') return '#fn[]';
  return `#fn[${(f as PtcFn).ptc?.name ?? 'anonymous'}]`;
}

/** Text pushed as it is by the iterative printer (its work stack also holds values, strings included). */
class Raw {
  constructor(readonly s: string) {}
}

class Printer {
  truncated = false;
  private readonly limit: number;
  private readonly printable: number;
  private readonly budget: Budget;
  private readonly maxChars: number;
  /** Characters in `out[0 … counted)` (counted only when maxChars is set). */
  private chars = 0;
  private counted = 0;
  /** True once maxChars characters are out: nothing more is printed. */
  private full = false;
  constructor(
    opts: FormatOptions,
    private readonly readably: boolean,
    what: string,
  ) {
    this.limit = opts.limit ?? Infinity;
    this.printable = opts.printableLimit ?? Infinity;
    this.maxChars = opts.maxChars ?? Infinity;
    // Truncating printers (samples, views, a character budget), and any printing outside a program
    // (hosts showing a result: the CLI, views, history), cut a value too large to show ("...")
    // instead of failing.
    const cut = opts.limit !== undefined || opts.printableLimit !== undefined || opts.maxElements !== undefined || opts.maxChars !== undefined || !runActive();
    this.budget = new Budget(what, cut, opts.maxElements);
  }

  /** False (after marking the cut) once maxChars characters are out. */
  private room(out: string[]): boolean {
    if (this.full) return false;
    for (; this.counted < out.length; this.counted++) this.chars += out[this.counted].length;
    if (this.chars < this.maxChars) return true;
    this.full = true;
    this.truncated = true;
    return false;
  }

  /** Count `n` more elements; false (after marking the cut) when a truncating printer must stop. */
  private take(n: number, out: string[]): boolean {
    if (this.maxChars !== Infinity && !this.room(out)) return false;
    if (this.budget.spend(n)) return true;
    this.truncated = true;
    out.push('...');
    return false;
  }

  print(v: Value, out: string[], depth: number): void {
    if (this.maxChars !== Infinity && !this.room(out)) return;
    if (v === null) {
      out.push('nil');
      return;
    }
    switch (typeof v) {
      case 'boolean':
        out.push(v ? 'true' : 'false');
        return;
      case 'number':
        out.push(Number.isInteger(v) ? String(v) : formatFloat(v));
        return;
      case 'bigint':
        out.push(String(v));
        return;
      case 'string':
        this.printString(v, out);
        return;
      case 'function':
        out.push(fnLabel(v));
        return;
    }
    if (v instanceof Keyword) out.push(':' + v.name);
    else if (v instanceof PFloat) out.push(formatFloat(v.v));
    else if (Array.isArray(v) || v instanceof PList || v instanceof PSet || v instanceof PMap) {
      if (depth > REC_DEPTH) this.printDeep(v, out);
      else if (v instanceof PMap) this.printMap(v, out, depth);
      else if (Array.isArray(v)) this.printSeq(v, '[', ']', out, depth);
      else if (v instanceof PList) this.printSeq(v.items, '(', ')', out, depth);
      else this.printSeq(v.values(), '#{', '}', out, depth);
    } else if (v instanceof PRegex) out.push('#"' + v.source + '"');
    else if (v instanceof PVar) out.push("#'" + v.name);
    else if (v instanceof PJava) out.push(javaLabel(v));
    else out.push(String(v));
  }

  private printString(s: string, out: string[]): void {
    let cut = false;
    if (s.length > this.printable) {
      s = s.slice(0, this.printable);
      cut = true;
      this.truncated = true;
    }
    if (!this.budget.chars(s.length)) {
      this.truncated = true;
      out.push('...');
      return;
    }
    if (this.readably) out.push(cut ? quoteString(s).slice(0, -1) + '..."' : quoteString(s));
    else out.push(cut ? s + '...' : s);
  }

  private printSeq(items: readonly Value[], open: string, close: string, out: string[], depth: number): void {
    const shown = Math.min(items.length, this.limit);
    if (!this.take(shown, out)) return;
    out.push(open);
    for (let i = 0; i < shown && !this.full; i++) {
      if (i > 0) out.push(' ');
      this.print(items[i], out, depth + 1);
    }
    out.push(this.seqEnd(items.length, shown, close));
  }

  private seqEnd(n: number, shown: number, close: string): string {
    if (shown === n) return close;
    this.truncated = true;
    return (shown > 0 ? ' ...' : '...') + close + ` (${n} items, showing first ${shown})`;
  }

  private printMap(m: PMap, out: string[], depth: number): void {
    const shown = Math.min(m.size, this.limit);
    if (!this.take(2 * shown, out)) return;
    const keys = m.keys();
    const vals = m.values();
    out.push('{');
    for (let i = 0; i < shown && !this.full; i++) {
      if (i > 0) out.push(' ');
      this.print(keys[i], out, depth + 1);
      out.push(' ');
      this.print(vals[i], out, depth + 1);
    }
    out.push(this.mapEnd(m.size, shown));
  }

  private mapEnd(n: number, shown: number): string {
    if (shown === n) return '}';
    this.truncated = true;
    return (shown > 0 ? ' ...' : '...') + '}';
  }

  /** The same output on an explicit stack, for values nested too deep to recurse. */
  private printDeep(root: Value, out: string[]): void {
    const stack: (Value | Raw)[] = [root];
    const SPACE = new Raw(' ');
    while (stack.length > 0 && !this.full) {
      const x = stack.pop() as Value | Raw;
      if (x instanceof Raw) {
        out.push(x.s);
        continue;
      }
      let items: readonly Value[];
      let open: string;
      let end: string;
      if (x instanceof PMap) {
        const shown = Math.min(x.size, this.limit);
        if (!this.take(2 * shown, out)) continue;
        const keys = x.keys();
        const vals = x.values();
        out.push('{');
        stack.push(new Raw(this.mapEnd(x.size, shown)));
        for (let i = shown - 1; i >= 0; i--) {
          stack.push(vals[i], SPACE, keys[i]);
          if (i > 0) stack.push(SPACE);
        }
        continue;
      }
      if (Array.isArray(x)) [items, open, end] = [x, '[', ']'];
      else if (x instanceof PList) [items, open, end] = [x.items, '(', ')'];
      else if (x instanceof PSet) [items, open, end] = [x.values(), '#{', '}'];
      else {
        this.print(x, out, 0);
        continue;
      }
      const shown = Math.min(items.length, this.limit);
      if (!this.take(shown, out)) continue;
      out.push(open);
      stack.push(new Raw(this.seqEnd(items.length, shown, end)));
      for (let i = shown - 1; i >= 0; i--) {
        stack.push(items[i]);
        if (i > 0) stack.push(SPACE);
      }
    }
  }
}

/** Clojure notation with truncation; says whether anything was cut. */
export function format(v: Value, opts: FormatOptions = {}, what = 'print'): Formatted {
  const p = new Printer(opts, opts.readably ?? true, what);
  const out: string[] = [];
  p.print(v, out, 0);
  return { text: out.join(''), truncated: p.truncated };
}

/**
 * Readable Clojure notation, untruncated (`pr-str`). Within a program, a value over the size limit
 * (shared parts counted each time) is a memory_exceeded error; outside one it is cut with "...".
 */
export function printValue(v: Value): string {
  return format(v).text;
}

/**
 * What `str` makes of one value: strings as they are, nil as "", a Java value as Java's toString,
 * everything else readable.
 */
export function strOf(v: Value): string {
  if (typeof v === 'string') return v;
  if (v === null) return '';
  if (typeof v === 'number' && Number.isInteger(v)) return String(v);
  if (v instanceof Keyword) return ':' + v.name;
  if (v instanceof PJava) return v.text();
  return printValue(v);
}

/** A Java value as the reference labels it when printed: #java[java.time.Instant 2024-01-02T03:04:05Z]. */
export function javaLabel(v: PJava): string {
  return `#java[${v.className} ${v.text()}]`;
}

/** What `print`/`println` show for one argument: strings unquoted at every depth. */
export function displayOf(v: Value): string {
  return typeof v === 'string' ? v : format(v, { readably: false }).text;
}

/** `text` in at most `max` characters, cut with "…". */
function cutTo(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max - 1) + '…';
}

/**
 * Readable notation in at most `max` characters (cut with "…"), for messages made of a value, such as
 * a fail reason: never fails, and prints only as much of the value as it shows, so a value shared
 * 2^30 times or nested 100,000 deep is never walked whole.
 */
export function printCapped(v: Value, max = MAX_MESSAGE_CHARS): string {
  // No item or string past `max` can show: they are cut there, which bounds each collection's work too.
  return cutTo(format(v, { limit: max, printableLimit: max, maxChars: max }).text, max);
}

/** `strOf` in at most `max` characters (cut with "…"), as printCapped bounds it. */
export function strCapped(v: Value, max = MAX_MESSAGE_CHARS): string {
  if (typeof v === 'string') return cutTo(v, max);
  return v === null ? '' : printCapped(v, max);
}

/**
 * At most `max` characters of readable notation, for error messages: never fails, however large or
 * shared the value (collections cut at 10 items, strings at `max`).
 */
export function printBrief(v: Value, max = 40): string {
  const s = format(v, { limit: 10, printableLimit: max, maxElements: 100 }).text;
  return s.length > max ? s.slice(0, max) + '…' : s;
}
