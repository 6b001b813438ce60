// Fake batch servers for tests (Node only): OpenAI's Files and Batches and Anthropic's Message
// Batches over real HTTP on 127.0.0.1, in each API's wire format as the official SDKs send and read
// it. Each request of a batch is answered by a function the test gives; the test decides when a batch
// ends (after some polls, on release, by expiring, cancelling or failing it), and every request,
// upload and batch is recorded. Direct completions are refused and counted, so one that slipped
// through shows.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorBody, wholeReply, type Dialect, type FakeHttpError, type FakeReply, type RecordedRequest } from './llm-servers.ts';

/** One request of a batch as the fake received it. */
export interface BatchRequestSeen {
  readonly batchId: string;
  readonly customId: string;
  /** The request's body as sent: OpenAI's line `body`, Anthropic's `params`. */
  readonly body: Record<string, unknown>;
  /** 1 + the assistant messages in it: the turn a script answers. */
  readonly turn: number;
}

/** What one request comes to: a reply (usage as llm-servers computes it) or an error in the API's shape. */
export type FakeBatchAnswer = FakeReply | FakeHttpError;

export type FakeBatchState = 'running' | 'ended' | 'expired' | 'failed' | 'cancelled';

export interface FakeBatch {
  readonly id: string;
  readonly requests: readonly BatchRequestSeen[];
  readonly state: FakeBatchState;
  /** Retrieves of this batch so far. */
  readonly polls: number;
}

export interface FakeBatchOptions {
  /** Answers each request when its batch ends. Default: `script[turn − 1]`, else `Reply to turn N.` */
  readonly answer?: (request: BatchRequestSeen) => FakeBatchAnswer;
  readonly script?: readonly string[];
  /** Requests answered with these errors, by custom id (before `answer` is asked). */
  readonly failRequests?: Readonly<Record<string, FakeHttpError>>;
  /** A batch ends at the retrieve after this many (default 1: one poll sees it running); Infinity holds it until release. */
  readonly completeAfterPolls?: number;
  /** When set, any request without this key gets 401 in the API's error format (the given key echoed, as some APIs do). */
  readonly requiredKey?: string;
  /**
   * Refuses a batch over these (OpenAI: it fails validation; Anthropic: 413 or 400 at creation).
   * Default: the published limits, 50,000 requests and 200 MB (OpenAI), 100,000 and 256 MB (Anthropic).
   */
  readonly limits?: { readonly maxRequests: number; readonly maxBytes: number };
}

export interface FakeBatchCounts {
  /** Files uploaded (OpenAI). */
  readonly uploads: number;
  readonly batchesCreated: number;
  /** Retrieves of a batch (polls, and the ones the SDK makes before reading results). */
  readonly retrieves: number;
  /** Reads of a result file (OpenAI's file content, Anthropic's results). */
  readonly resultReads: number;
  /** Direct completion requests (/chat/completions, /messages): refused, and none should come. */
  readonly direct: number;
}

export interface FakeBatchServer {
  /** The base URL to give the SDK: `http://127.0.0.1:PORT/v1` (OpenAI) or `http://127.0.0.1:PORT` (Anthropic). */
  readonly url: string;
  /** Every HTTP request in arrival order (a multipart upload's body as text). */
  readonly requests: RecordedRequest[];
  /** The text of every uploaded file (OpenAI). */
  readonly uploads: string[];
  /** Batches in creation order. */
  batches(): readonly FakeBatch[];
  batch(id: string): FakeBatch;
  counts(): FakeBatchCounts;
  /** Requests per endpoint, ids shown as `{id}`: `{'POST /v1/files': 1, 'GET /v1/batches/{id}': 3, …}`. */
  perEndpoint(): Record<string, number>;
  /** Ends a running batch now: every request answered. */
  release(id: string): void;
  /** Expires a running batch: the requests in `completed` are answered, the others never run. */
  expire(id: string, completed?: readonly string[]): void;
  /** Cancels a running batch as a user would (it goes through canceling): `completed` are answered. */
  cancel(id: string, completed?: readonly string[]): void;
  /** The next batch created fails validation with this message (OpenAI: a `failed` batch; Anthropic: a 400). */
  failNext(message: string): void;
  /** The next batch is created, but its creation is answered with a 500 (an answer lost on the way). */
  loseNextCreation(): void;
  close(): Promise<void>;
}

interface BatchRecord {
  readonly id: string;
  readonly requests: BatchRequestSeen[];
  readonly createdAt: number;
  readonly inputFileId?: string;
  readonly model?: string;
  state: FakeBatchState;
  /** OpenAI's word while running, or Anthropic's `canceling`. */
  waiting: 'validating' | 'in_progress' | 'cancelling';
  polls: number;
  validationError?: string;
  /** Answers by custom id, once ended; absent for requests that never ran. */
  answers?: Map<string, FakeBatchAnswer>;
  endedAt?: number;
  cancelAt?: number;
  outputFileId?: string;
  errorFileId?: string;
}

interface StoredFile {
  readonly id: string;
  readonly filename: string;
  readonly purpose: string;
  readonly content: string;
  readonly createdAt: number;
}

const now = () => Math.floor(Date.now() / 1000);
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

function turnOf(body: Record<string, unknown>): number {
  const messages = Array.isArray(body.messages) ? (body.messages as { role?: unknown }[]) : [];
  return messages.filter((m) => m.role === 'assistant').length + 1;
}

function defaultAnswer(options: FakeBatchOptions): (request: BatchRequestSeen) => FakeBatchAnswer {
  return (request) => ({ text: options.script?.[request.turn - 1] ?? `Reply to turn ${request.turn}.` });
}

const isError = (a: FakeBatchAnswer): a is FakeHttpError => 'status' in a;

function givenKey(headers: http.IncomingHttpHeaders): string {
  if (typeof headers.authorization === 'string') return headers.authorization.replace(/^Bearer\s+/i, '');
  return typeof headers['x-api-key'] === 'string' ? headers['x-api-key'] : '';
}

async function readRaw(req: http.IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

function parsed(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function usageOf(dialect: Dialect, reply: unknown): { input: number; output: number; cached: number } {
  const u = record(record(reply).usage);
  const n = (v: unknown) => (typeof v === 'number' ? v : 0);
  if (dialect === 'openai') return { input: n(u.prompt_tokens), output: n(u.completion_tokens), cached: n(record(u.prompt_tokens_details).cached_tokens) };
  return {
    input: n(u.input_tokens) + n(u.cache_read_input_tokens) + n(u.cache_creation_input_tokens),
    output: n(u.output_tokens),
    cached: n(u.cache_read_input_tokens),
  };
}

function startBatchFake(dialect: Dialect, options: FakeBatchOptions): Promise<FakeBatchServer> {
  const answerOf = options.answer ?? defaultAnswer(options);
  const answer = (r: BatchRequestSeen): FakeBatchAnswer => options.failRequests?.[r.customId] ?? answerOf(r);
  const completeAfter = options.completeAfterPolls ?? 1;
  const limits = options.limits ?? (dialect === 'openai' ? { maxRequests: 50_000, maxBytes: 200_000_000 } : { maxRequests: 100_000, maxBytes: 256_000_000 });
  const requests: RecordedRequest[] = [];
  const uploads: string[] = [];
  const files = new Map<string, StoredFile>();
  const batches = new Map<string, BatchRecord>();
  const counts = { uploads: 0, batchesCreated: 0, retrieves: 0, resultReads: 0, direct: 0 };
  let failNext: string | undefined;
  let loseNextCreation = false;
  /** Answers a creation, or loses the answer when asked to (the batch exists all the same). */
  const created = (respond: () => void): void => {
    if (!loseNextCreation) return respond();
    loseNextCreation = false;
    respond500();
  };
  let respond500: () => void = () => undefined;
  let serial = 0;
  let origin = '';

  const fakeRequest = (r: BatchRequestSeen): RecordedRequest => ({
    method: 'POST',
    path: dialect === 'openai' ? '/v1/chat/completions' : '/v1/messages',
    headers: {},
    body: r.body,
  });
  const replyBody = (r: BatchRequestSeen, reply: FakeReply, n: number): unknown => {
    const asked = typeof r.body.model === 'string' ? r.body.model : 'fake-model';
    return wholeReply(dialect, reply, fakeRequest(r), dialect === 'openai' ? `chatcmpl-batch-${n}` : `msg_batch_${n}`, reply.model ?? asked);
  };

  const mustRun = (id: string): BatchRecord => {
    const b = batches.get(id);
    if (!b) throw new Error(`fake batch server: no batch ${id}`);
    if (b.state !== 'running') throw new Error(`fake batch server: batch ${id} is ${b.state}, not running`);
    return b;
  };

  const storeFile = (filename: string, purpose: string, content: string): string => {
    const id = `file-fake-${++serial}`;
    files.set(id, { id, filename, purpose, content, createdAt: now() });
    return id;
  };

  /** Ends a batch: answers the requests that ran and writes OpenAI's output and error files. */
  const end = (b: BatchRecord, state: 'ended' | 'expired' | 'cancelled', ran: (customId: string) => boolean): void => {
    b.answers = new Map();
    for (const r of b.requests) if (ran(r.customId)) b.answers.set(r.customId, answer(r));
    b.state = state;
    b.endedAt = now();
    if (dialect !== 'openai') return;
    const output: string[] = [];
    const errors: string[] = [];
    b.requests.forEach((r, i) => {
      const a = b.answers?.get(r.customId);
      const id = `batch_req_${b.id}_${i}`;
      if (a === undefined) {
        const code = state === 'expired' ? 'batch_expired' : 'batch_cancelled';
        const message = state === 'expired' ? 'This request could not be executed before the completion window expired.' : 'This request was cancelled.';
        errors.push(JSON.stringify({ id, custom_id: r.customId, response: null, error: { code, message } }));
      } else if (isError(a)) {
        const body = a.body !== undefined ? a.body : errorBody('openai', a.status, a.message);
        errors.push(JSON.stringify({ id, custom_id: r.customId, response: { status_code: a.status, request_id: `req_${i}`, body }, error: null }));
      } else {
        output.push(
          JSON.stringify({ id, custom_id: r.customId, response: { status_code: 200, request_id: `req_${i}`, body: replyBody(r, a, i) }, error: null }),
        );
      }
    });
    if (output.length > 0) b.outputFileId = storeFile('batch_output.jsonl', 'batch_output', `${output.join('\n')}\n`);
    if (errors.length > 0) b.errorFileId = storeFile('batch_errors.jsonl', 'batch_output', `${errors.join('\n')}\n`);
  };

  const tally = (b: BatchRecord) => {
    const answers = [...(b.answers?.values() ?? [])];
    const errored = answers.filter(isError).length;
    return { total: b.requests.length, succeeded: answers.length - errored, errored, notRun: b.answers ? b.requests.length - answers.length : 0 };
  };

  const openAiBatch = (b: BatchRecord): unknown => {
    const t = tally(b);
    const status =
      b.state === 'running' ? b.waiting : b.state === 'ended' ? 'completed' : b.state === 'failed' ? 'failed' : b.state === 'expired' ? 'expired' : 'cancelled';
    let input = 0;
    let output = 0;
    let cached = 0;
    b.requests.forEach((r, i) => {
      const a = b.answers?.get(r.customId);
      if (a === undefined || isError(a)) return;
      const u = usageOf('openai', replyBody(r, a, i));
      input += u.input;
      output += u.output;
      cached += u.cached;
    });
    const ended = b.endedAt ?? null;
    return {
      id: b.id,
      object: 'batch',
      endpoint: '/v1/chat/completions',
      model: b.model ?? null,
      errors: b.validationError ? { object: 'list', data: [{ code: 'invalid_request', message: b.validationError, param: null, line: null }] } : null,
      input_file_id: b.inputFileId ?? '',
      completion_window: '24h',
      status,
      output_file_id: b.outputFileId ?? null,
      error_file_id: b.errorFileId ?? null,
      created_at: b.createdAt,
      in_progress_at: b.state === 'failed' ? null : b.createdAt,
      expires_at: b.createdAt + 86_400,
      finalizing_at: b.state === 'ended' ? ended : null,
      completed_at: b.state === 'ended' ? ended : null,
      failed_at: b.state === 'failed' ? ended : null,
      expired_at: b.state === 'expired' ? ended : null,
      cancelling_at: b.cancelAt ?? null,
      cancelled_at: b.state === 'cancelled' ? ended : null,
      request_counts: { total: b.state === 'failed' ? 0 : t.total, completed: t.succeeded, failed: t.errored + t.notRun },
      metadata: null,
      usage: {
        input_tokens: input,
        input_tokens_details: { cached_tokens: cached },
        output_tokens: output,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: input + output,
      },
    };
  };

  const anthropicBatch = (b: BatchRecord): unknown => {
    const t = tally(b);
    const ended = b.state !== 'running';
    return {
      id: b.id,
      type: 'message_batch',
      processing_status: ended ? 'ended' : b.waiting === 'cancelling' ? 'canceling' : 'in_progress',
      request_counts: {
        processing: ended ? 0 : t.total,
        succeeded: t.succeeded,
        errored: t.errored,
        canceled: b.state === 'cancelled' ? t.notRun : 0,
        expired: b.state === 'expired' ? t.notRun : 0,
      },
      ended_at: ended && b.endedAt !== undefined ? iso(b.endedAt) : null,
      created_at: iso(b.createdAt),
      expires_at: iso(b.createdAt + 86_400),
      archived_at: null,
      cancel_initiated_at: b.cancelAt !== undefined ? iso(b.cancelAt) : null,
      results_url: ended ? `${origin}/v1/messages/batches/${b.id}/results` : null,
    };
  };

  /** A retrieve: the batch moves on (validating → in_progress; ends after enough polls). */
  const poll = (b: BatchRecord): void => {
    b.polls++;
    if (b.state !== 'running') return;
    if (b.waiting === 'cancelling') {
      end(b, 'cancelled', () => false);
      return;
    }
    b.waiting = 'in_progress';
    if (b.polls > completeAfter) end(b, 'ended', () => true);
  };

  const openAiLines = (content: string): { seen: Omit<BatchRequestSeen, 'batchId'>[]; model?: string; error?: string } => {
    const seen: Omit<BatchRequestSeen, 'batchId'>[] = [];
    const models = new Set<string>();
    const lines = content.split('\n').filter((l) => l.trim() !== '');
    for (const [i, text] of lines.entries()) {
      const line = record(parsed(text));
      const body = record(line.body);
      if (typeof line.custom_id !== 'string' || line.method !== 'POST' || line.url !== '/v1/chat/completions' || typeof body.model !== 'string') {
        return { seen, error: `Line ${i + 1} is not a request to /v1/chat/completions.` };
      }
      if (seen.some((s) => s.customId === line.custom_id)) return { seen, error: `The custom_id ${line.custom_id} appears twice.` };
      models.add(body.model);
      seen.push({ customId: line.custom_id, body, turn: turnOf(body) });
    }
    if (seen.length === 0) return { seen, error: 'The input file has no requests.' };
    if (models.size > 1) return { seen, error: `The batch input file names more than one model (${[...models].join(', ')}).` };
    return { seen, model: [...models][0] };
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const raw = await readRaw(req);
    const path = req.url ?? '/';
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    const body = parsed(raw.toString('utf8'));
    requests.push({ method: req.method ?? 'GET', path, headers, body });
    const json = (status: number, payload: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    };
    const fail = (status: number, message: string): void => json(status, errorBody(dialect, status, message));
    const pathname = path.split('?')[0];
    const method = req.method ?? 'GET';

    if (options.requiredKey !== undefined && givenKey(req.headers) !== options.requiredKey) {
      fail(401, `Incorrect API key provided: ${givenKey(req.headers)}.`);
      return;
    }
    if (method === 'POST' && (pathname === '/v1/chat/completions' || pathname === '/v1/messages')) {
      counts.direct++;
      fail(400, `fake ${dialect} batch server: a direct request reached ${pathname}; this server answers batches only`);
      return;
    }
    const batchOf = (id: string): BatchRecord | undefined => batches.get(decodeURIComponent(id));

    if (dialect === 'openai') {
      if (method === 'POST' && pathname === '/v1/files') {
        const form = await new Request('http://fake/', {
          method: 'POST',
          headers: { 'content-type': headers['content-type'] ?? '' },
          body: new Uint8Array(raw),
        }).formData();
        const file = form.get('file');
        const purpose = form.get('purpose');
        if (!(file instanceof File) || typeof purpose !== 'string') {
          fail(400, "A file upload needs the fields 'file' and 'purpose'.");
          return;
        }
        const content = await file.text();
        counts.uploads++;
        uploads.push(content);
        const id = storeFile(file.name, purpose, content);
        const stored = files.get(id)!;
        json(200, {
          id,
          object: 'file',
          bytes: Buffer.byteLength(content),
          created_at: stored.createdAt,
          filename: file.name,
          purpose,
          status: 'processed',
          expires_at: null,
          status_details: null,
        });
        return;
      }
      const content = /^\/v1\/files\/([^/]+)\/content$/.exec(pathname);
      if (method === 'GET' && content) {
        const file = files.get(decodeURIComponent(content[1]));
        if (!file) return fail(404, `No such File object: ${content[1]}`);
        counts.resultReads++;
        res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(file.content);
        return;
      }
      if (method === 'POST' && pathname === '/v1/batches') {
        const asked = record(body);
        const input = typeof asked.input_file_id === 'string' ? files.get(asked.input_file_id) : undefined;
        if (!input || input.purpose !== 'batch') return fail(400, `No batch input file ${String(asked.input_file_id)}.`);
        if (asked.endpoint !== '/v1/chat/completions' || asked.completion_window !== '24h')
          return fail(400, 'This fake runs /v1/chat/completions batches in the 24h window only.');
        counts.batchesCreated++;
        const id = `batch_fake_${++serial}`;
        const lines = openAiLines(input.content);
        const overLimit =
          Buffer.byteLength(input.content) > limits.maxBytes
            ? `The input file is larger than the ${limits.maxBytes}-byte limit.`
            : lines.seen.length > limits.maxRequests
              ? `The input file has more than ${limits.maxRequests} requests.`
              : undefined;
        const validationError = failNext ?? lines.error ?? overLimit;
        failNext = undefined;
        const b: BatchRecord = {
          id,
          requests: lines.seen.map((s) => ({ ...s, batchId: id })),
          createdAt: now(),
          inputFileId: input.id,
          ...(lines.model !== undefined ? { model: lines.model } : {}),
          state: validationError ? 'failed' : 'running',
          waiting: 'validating',
          polls: 0,
          ...(validationError ? { validationError, endedAt: now() } : {}),
        };
        batches.set(id, b);
        respond500 = () => fail(500, 'The server had an error while processing your request.');
        created(() => json(200, openAiBatch(b)));
        return;
      }
      const one = /^\/v1\/batches\/([^/]+)(\/cancel)?$/.exec(pathname);
      const b = one ? batchOf(one[1]) : undefined;
      if (one && !b) return fail(404, `No batch found with id '${one[1]}'.`);
      if (b && method === 'GET' && !one?.[2]) {
        counts.retrieves++;
        poll(b);
        json(200, openAiBatch(b));
        return;
      }
      if (b && method === 'POST' && one?.[2]) {
        if (b.state === 'running') {
          b.waiting = 'cancelling';
          b.cancelAt = now();
        }
        json(200, openAiBatch(b));
        return;
      }
    } else {
      if (method === 'POST' && pathname === '/v1/messages/batches') {
        if (raw.length > limits.maxBytes) return fail(413, `The batch is larger than the ${limits.maxBytes}-byte limit.`);
        const list = record(body).requests;
        if (!Array.isArray(list) || list.length === 0) return fail(400, 'requests: a batch needs at least one request');
        const seen: Omit<BatchRequestSeen, 'batchId'>[] = [];
        for (const entry of list as unknown[]) {
          const e = record(entry);
          const params = record(e.params);
          if (typeof e.custom_id !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(e.custom_id))
            return fail(400, `requests: custom_id ${String(e.custom_id)} is not valid`);
          if (seen.some((s) => s.customId === e.custom_id)) return fail(400, `requests: custom_id ${e.custom_id} appears twice`);
          if (typeof params.model !== 'string' || typeof params.max_tokens !== 'number' || !Array.isArray(params.messages)) {
            return fail(400, `requests.${seen.length}.params: model, max_tokens and messages are required`);
          }
          if (params.stream === true) return fail(400, `requests.${seen.length}.params.stream: streaming is not supported in batches`);
          seen.push({ customId: e.custom_id, body: params, turn: turnOf(params) });
        }
        if (seen.length > limits.maxRequests) return fail(400, `requests: a batch holds at most ${limits.maxRequests} requests`);
        if (failNext !== undefined) {
          const message = failNext;
          failNext = undefined;
          return fail(400, message);
        }
        counts.batchesCreated++;
        const id = `msgbatch_fake_${++serial}`;
        const b: BatchRecord = { id, requests: seen.map((s) => ({ ...s, batchId: id })), createdAt: now(), state: 'running', waiting: 'in_progress', polls: 0 };
        batches.set(id, b);
        respond500 = () => fail(500, 'Internal server error');
        created(() => json(200, anthropicBatch(b)));
        return;
      }
      const one = /^\/v1\/messages\/batches\/([^/]+)(\/results|\/cancel)?$/.exec(pathname);
      const b = one ? batchOf(one[1]) : undefined;
      if (one && !b) return fail(404, `No batch found with id '${one[1]}'.`);
      if (b && method === 'GET' && !one?.[2]) {
        counts.retrieves++;
        poll(b);
        json(200, anthropicBatch(b));
        return;
      }
      if (b && method === 'GET' && one?.[2] === '/results') {
        if (b.state === 'running') return fail(400, `Batch ${b.id} is still processing; its results are not available yet.`);
        counts.resultReads++;
        const lines = b.requests.map((r, i) => {
          const a = b.answers?.get(r.customId);
          const result =
            a === undefined
              ? { type: b.state === 'cancelled' ? 'canceled' : 'expired' }
              : isError(a)
                ? { type: 'errored', error: a.body !== undefined ? a.body : errorBody('anthropic', a.status, a.message) }
                : { type: 'succeeded', message: replyBody(r, a, i) };
          return JSON.stringify({ custom_id: r.customId, result });
        });
        // Results come in any order: reversed here, so matching by custom_id is what works.
        res.writeHead(200, { 'content-type': 'application/binary' }).end(`${lines.reverse().join('\n')}\n`);
        return;
      }
      if (b && method === 'POST' && one?.[2] === '/cancel') {
        if (b.state === 'running') {
          b.waiting = 'cancelling';
          b.cancelAt = now();
        }
        json(200, anthropicBatch(b));
        return;
      }
    }
    fail(404, `fake ${dialect} batch server: no route ${method} ${pathname}`);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });

  const view = (b: BatchRecord): FakeBatch => ({ id: b.id, requests: b.requests, state: b.state, polls: b.polls });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      origin = `http://127.0.0.1:${port}`;
      resolve({
        url: dialect === 'openai' ? `${origin}/v1` : origin,
        requests,
        uploads,
        batches: () => [...batches.values()].map(view),
        batch: (id) => {
          const b = batches.get(id);
          if (!b) throw new Error(`fake batch server: no batch ${id}`);
          return view(b);
        },
        counts: () => ({ ...counts }),
        perEndpoint: () => {
          const tally: Record<string, number> = {};
          for (const r of requests) {
            const route = `${r.method} ${r.path.split('?')[0].replace(/\/(file-fake|batch_fake|msgbatch_fake)_?-?[^/]*/g, '/{id}')}`;
            tally[route] = (tally[route] ?? 0) + 1;
          }
          return tally;
        },
        release: (id) => end(mustRun(id), 'ended', () => true),
        expire: (id, completed = []) => end(mustRun(id), 'expired', (c) => completed.includes(c)),
        cancel: (id, completed = []) => {
          const b = mustRun(id);
          b.cancelAt = now();
          end(b, 'cancelled', (c) => completed.includes(c));
        },
        failNext: (message) => {
          failNext = message;
        },
        loseNextCreation: () => {
          loseNextCreation = true;
        },
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** A fake of OpenAI's Files (POST /v1/files, GET /v1/files/{id}/content) and Batches (create, retrieve, cancel). */
export function startFakeOpenAiBatches(options: FakeBatchOptions = {}): Promise<FakeBatchServer> {
  return startBatchFake('openai', options);
}

/** A fake of Anthropic's Message Batches (create, retrieve, results at `results_url`, cancel). */
export function startFakeAnthropicBatches(options: FakeBatchOptions = {}): Promise<FakeBatchServer> {
  return startBatchFake('anthropic', options);
}
