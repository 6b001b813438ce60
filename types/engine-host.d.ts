// The host globals the engine layers (src/lisp, src/records, src/compression, src/agent, src/session,
// src/experiment) may use, besides the ES2023 library: what every host has — a page, a Web Worker,
// Node, Deno, Bun. Only tsconfig.engine.json reads this file (with `lib: ["ES2023"]` and
// `types: []`), so an engine file that uses `document`, `window`, `self`, `process` or `Buffer` fails
// `npm run typecheck`.
//
// Hand-picked subsets of the DOM library's declarations, with the same shapes (the same code is also
// checked against the full DOM and Node types by the other tsconfigs): console, performance.now,
// AbortController/AbortSignal, TextEncoder/TextDecoder, URL/URLSearchParams, timers,
// queueMicrotask, structuredClone, atob/btoa, crypto, fetch (with Request, Response, Headers and
// ReadableStream), DOMException. Intl is part of ES2023. Add a member here only when every host has it.

interface Console {
  assert(condition?: boolean, ...data: any[]): void;
  count(label?: string): void;
  debug(...data: any[]): void;
  dir(item?: any, options?: any): void;
  error(...data: any[]): void;
  group(...data: any[]): void;
  groupEnd(): void;
  info(...data: any[]): void;
  log(...data: any[]): void;
  table(tabularData?: any, properties?: string[]): void;
  time(label?: string): void;
  timeEnd(label?: string): void;
  trace(...data: any[]): void;
  warn(...data: any[]): void;
}
declare var console: Console;

interface Performance {
  readonly timeOrigin: number;
  now(): number;
}
declare var performance: Performance;

// Timers, queueMicrotask, structuredClone, atob/btoa.
declare function setTimeout(handler: (...args: any[]) => void, timeout?: number, ...args: any[]): number;
declare function clearTimeout(id: number | undefined): void;
declare function setInterval(handler: (...args: any[]) => void, timeout?: number, ...args: any[]): number;
declare function clearInterval(id: number | undefined): void;
declare function queueMicrotask(callback: () => void): void;
declare function structuredClone<T = any>(value: T, options?: { transfer?: any[] }): T;
declare function atob(data: string): string;
declare function btoa(data: string): string;

interface DOMException extends Error {
  readonly code: number;
  readonly message: string;
  readonly name: string;
}
declare var DOMException: {
  prototype: DOMException;
  new (message?: string, name?: string): DOMException;
};

interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: any;
  onabort: ((this: AbortSignal, ev: { readonly type: string }) => any) | null;
  throwIfAborted(): void;
  addEventListener(
    type: 'abort',
    listener: (this: AbortSignal, ev: { readonly type: string }) => any,
    options?: boolean | { once?: boolean; passive?: boolean; signal?: AbortSignal },
  ): void;
  removeEventListener(type: 'abort', listener: (this: AbortSignal, ev: { readonly type: string }) => any, options?: boolean | { capture?: boolean }): void;
}
declare var AbortSignal: {
  prototype: AbortSignal;
  abort(reason?: any): AbortSignal;
  any(signals: AbortSignal[]): AbortSignal;
  timeout(milliseconds: number): AbortSignal;
};

interface AbortController {
  readonly signal: AbortSignal;
  abort(reason?: any): void;
}
declare var AbortController: {
  prototype: AbortController;
  new (): AbortController;
};

interface TextEncoder {
  readonly encoding: string;
  encode(input?: string): Uint8Array<ArrayBuffer>;
  encodeInto(source: string, destination: Uint8Array<ArrayBufferLike>): { read: number; written: number };
}
declare var TextEncoder: {
  prototype: TextEncoder;
  new (): TextEncoder;
};

interface TextDecoder {
  readonly encoding: string;
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;
  decode(input?: ArrayBuffer | ArrayBufferView<ArrayBufferLike>, options?: { stream?: boolean }): string;
}
declare var TextDecoder: {
  prototype: TextDecoder;
  new (label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean }): TextDecoder;
};

interface URLSearchParams {
  readonly size: number;
  append(name: string, value: string): void;
  delete(name: string, value?: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string, value?: string): boolean;
  set(name: string, value: string): void;
  sort(): void;
  toString(): string;
  forEach(callbackfn: (value: string, key: string, parent: URLSearchParams) => void, thisArg?: any): void;
  entries(): IterableIterator<[string, string]>;
  keys(): IterableIterator<string>;
  values(): IterableIterator<string>;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}
declare var URLSearchParams: {
  prototype: URLSearchParams;
  new (init?: string[][] | Record<string, string> | string | URLSearchParams): URLSearchParams;
};

interface URL {
  hash: string;
  host: string;
  hostname: string;
  href: string;
  readonly origin: string;
  password: string;
  pathname: string;
  port: string;
  protocol: string;
  search: string;
  readonly searchParams: URLSearchParams;
  username: string;
  toString(): string;
  toJSON(): string;
}
declare var URL: {
  prototype: URL;
  new (url: string | URL, base?: string | URL): URL;
  canParse(url: string | URL, base?: string | URL): boolean;
};

interface SubtleCrypto {
  digest(algorithm: string | { name: string }, data: ArrayBuffer | ArrayBufferView<ArrayBuffer>): Promise<ArrayBuffer>;
}
interface Crypto {
  readonly subtle: SubtleCrypto;
  getRandomValues<T extends ArrayBufferView | null>(array: T): T;
  randomUUID(): `${string}-${string}-${string}-${string}-${string}`;
}
declare var crypto: Crypto;

// fetch and what it takes and gives.
interface ReadableStreamReadDoneResult<T> {
  done: true;
  value: T | undefined;
}
interface ReadableStreamReadValueResult<T> {
  done: false;
  value: T;
}
interface ReadableStreamDefaultReader<R = any> {
  readonly closed: Promise<undefined>;
  cancel(reason?: any): Promise<void>;
  read(): Promise<ReadableStreamReadDoneResult<R> | ReadableStreamReadValueResult<R>>;
  releaseLock(): void;
}
interface ReadableStream<R = any> {
  readonly locked: boolean;
  cancel(reason?: any): Promise<void>;
  getReader(): ReadableStreamDefaultReader<R>;
  pipeThrough<T>(transform: { readable: ReadableStream<T>; writable: WritableStream<R> }): ReadableStream<T>;
}
interface WritableStream<W = any> {
  readonly locked: boolean;
  abort(reason?: any): Promise<void>;
}
interface TransformStreamDefaultController<O = any> {
  enqueue(chunk: O): void;
  error(reason?: any): void;
  terminate(): void;
}
interface Transformer<I = any, O = any> {
  transform?(chunk: I, controller: TransformStreamDefaultController<O>): void | Promise<void>;
  flush?(controller: TransformStreamDefaultController<O>): void | Promise<void>;
}
interface TransformStream<I = any, O = any> {
  readonly readable: ReadableStream<O>;
  readonly writable: WritableStream<I>;
}
declare var TransformStream: {
  prototype: TransformStream;
  new <I = any, O = any>(transformer?: Transformer<I, O>): TransformStream<I, O>;
};

type HeadersInit = [string, string][] | Record<string, string> | Headers;
interface Headers {
  append(name: string, value: string): void;
  delete(name: string): void;
  get(name: string): string | null;
  getSetCookie(): string[];
  has(name: string): boolean;
  set(name: string, value: string): void;
  forEach(callbackfn: (value: string, key: string, parent: Headers) => void, thisArg?: any): void;
  entries(): IterableIterator<[string, string]>;
  keys(): IterableIterator<string>;
  values(): IterableIterator<string>;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}
declare var Headers: {
  prototype: Headers;
  new (init?: HeadersInit): Headers;
};

type BodyInit = ReadableStream<Uint8Array<ArrayBuffer>> | ArrayBuffer | ArrayBufferView<ArrayBuffer> | URLSearchParams | string;
interface Body {
  readonly body: ReadableStream<Uint8Array<ArrayBuffer>> | null;
  readonly bodyUsed: boolean;
  arrayBuffer(): Promise<ArrayBuffer>;
  json(): Promise<any>;
  text(): Promise<string>;
}

interface RequestInit {
  body?: BodyInit | null;
  cache?: 'default' | 'force-cache' | 'no-cache' | 'no-store' | 'only-if-cached' | 'reload';
  credentials?: 'include' | 'omit' | 'same-origin';
  headers?: HeadersInit;
  integrity?: string;
  keepalive?: boolean;
  method?: string;
  mode?: 'cors' | 'navigate' | 'no-cors' | 'same-origin';
  redirect?: 'error' | 'follow' | 'manual';
  referrer?: string;
  signal?: AbortSignal | null;
}
interface Request extends Body {
  readonly headers: Headers;
  readonly method: string;
  readonly signal: AbortSignal;
  readonly url: string;
  clone(): Request;
}
declare var Request: {
  prototype: Request;
  new (input: RequestInfo | URL, init?: RequestInit): Request;
};
type RequestInfo = Request | string;

interface ResponseInit {
  headers?: HeadersInit;
  status?: number;
  statusText?: string;
}
interface Response extends Body {
  readonly headers: Headers;
  readonly ok: boolean;
  readonly redirected: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly url: string;
  clone(): Response;
}
declare var Response: {
  prototype: Response;
  new (body?: BodyInit | null, init?: ResponseInit): Response;
  error(): Response;
  json(data: any, init?: ResponseInit): Response;
  redirect(url: string | URL, status?: number): Response;
};

declare function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
