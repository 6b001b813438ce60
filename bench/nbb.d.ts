// The part of nbb's JS API the benchmark uses (nbb ships no type declarations).
declare module 'nbb' {
  /** Evaluates Clojure source; resolves to the value of the last form. */
  export function loadString(code: string): Promise<unknown>;
  export function version(): string;
}
