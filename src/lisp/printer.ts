// Clojure notation for PTC values, with optional truncation (DECISIONS C7):
// a cut vector/list/set shows its first `limit` items, then " ..." inside the brackets and
// " (N items, showing first M)" after them; a cut map shows " ..." inside the braces and no count;
// a cut string ends with `..."`. The rules apply at every depth.
import { Keyword, PFloat, PInst, PList, PMap, PRegex, PSet, PVar, type PtcFn, type Value } from './values.ts';

export interface FormatOptions {
  /** Items shown per collection (default: all). */
  limit?: number;
  /** Characters shown per string (default: all). */
  printableLimit?: number;
  /** false prints strings without quotes at every depth, as Clojure's `print`/`println` do. */
  readably?: boolean;
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

class Printer {
  truncated = false;
  private readonly limit: number;
  private readonly printable: number;
  constructor(
    opts: FormatOptions,
    private readonly readably: boolean,
  ) {
    this.limit = opts.limit ?? Infinity;
    this.printable = opts.printableLimit ?? Infinity;
  }

  print(v: Value, out: string[]): void {
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
    else if (Array.isArray(v)) this.printSeq(v, '[', ']', out);
    else if (v instanceof PList) this.printSeq(v.items, '(', ')', out);
    else if (v instanceof PSet) this.printSeq(v.values(), '#{', '}', out);
    else if (v instanceof PMap) this.printMap(v, out);
    else if (v instanceof PRegex) out.push('#"' + v.source + '"');
    else if (v instanceof PVar) out.push("#'" + v.name);
    else if (v instanceof PInst) out.push('#inst "' + v.iso() + '"');
    else out.push(String(v));
  }

  private printString(s: string, out: string[]): void {
    let cut = false;
    if (s.length > this.printable) {
      s = s.slice(0, this.printable);
      cut = true;
      this.truncated = true;
    }
    if (this.readably) out.push(cut ? quoteString(s).slice(0, -1) + '..."' : quoteString(s));
    else out.push(cut ? s + '...' : s);
  }

  private printSeq(items: readonly Value[], open: string, close: string, out: string[]): void {
    out.push(open);
    const shown = Math.min(items.length, this.limit);
    for (let i = 0; i < shown; i++) {
      if (i > 0) out.push(' ');
      this.print(items[i], out);
    }
    if (shown < items.length) {
      this.truncated = true;
      out.push(shown > 0 ? ' ...' : '...', close, ` (${items.length} items, showing first ${shown})`);
      return;
    }
    out.push(close);
  }

  private printMap(m: PMap, out: string[]): void {
    out.push('{');
    let i = 0;
    let cut = false;
    m.forEach((val, key) => {
      if (cut) return;
      if (i >= this.limit) {
        cut = true;
        return;
      }
      if (i > 0) out.push(' ');
      this.print(key, out);
      out.push(' ');
      this.print(val, out);
      i++;
    });
    if (cut) {
      this.truncated = true;
      out.push(i > 0 ? ' ...' : '...');
    }
    out.push('}');
  }
}

/** Clojure notation with truncation; says whether anything was cut. */
export function format(v: Value, opts: FormatOptions = {}): Formatted {
  const p = new Printer(opts, opts.readably ?? true);
  const out: string[] = [];
  p.print(v, out);
  return { text: out.join(''), truncated: p.truncated };
}

/** Readable Clojure notation, untruncated (`pr-str`). */
export function printValue(v: Value): string {
  return format(v).text;
}

/** What `str` makes of one value: strings as they are, nil as "", everything else readable. */
export function strOf(v: Value): string {
  if (typeof v === 'string') return v;
  if (v === null) return '';
  if (typeof v === 'number' && Number.isInteger(v)) return String(v);
  if (v instanceof Keyword) return ':' + v.name;
  return printValue(v);
}

/** What `print`/`println` show for one argument: strings unquoted at every depth. */
export function displayOf(v: Value): string {
  return typeof v === 'string' ? v : format(v, { readably: false }).text;
}
