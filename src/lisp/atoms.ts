// Values with no parts: keywords, integral floats, regexes and vars (the Java dates are in
// java-time.ts). They refer to no other value, so they sit below the collections and the `Value`
// type (collections.ts).
import { LinearRegex } from './regex-engine.ts';

export class Keyword {
  /** Nominal brand (no runtime cost): keeps `typeof v === 'function'` narrowing exact. */
  declare private readonly brand: 'keyword';
  private static readonly table = new Map<string, Keyword>();
  private constructor(readonly name: string) {}
  /** Keywords are interned: equal keywords are the same object. */
  static of(name: string): Keyword {
    let k = Keyword.table.get(name);
    if (k === undefined) {
      k = new Keyword(name);
      Keyword.table.set(name, k);
    }
    return k;
  }
  toString(): string {
    return ':' + this.name;
  }
}

export const kw = (name: string): Keyword => Keyword.of(name);

/** A float whose value is integral (2.0, -0.0, 1e21): boxed so it is not mistaken for an integer. */
export class PFloat {
  constructor(readonly v: number) {}
}

/** A compiled regex. `source` is the pattern as written; `re` runs it in linear time (regex-engine.ts). */
export class PRegex {
  readonly re: LinearRegex;
  constructor(
    readonly source: string,
    re?: LinearRegex,
  ) {
    this.re = re ?? new LinearRegex(source);
  }
}

/** What `(def x …)` returns and `#'x` reads as. */
export class PVar {
  declare private readonly brand: 'var';
  constructor(readonly name: string) {}
}
