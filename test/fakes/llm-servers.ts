// Fake OpenAI-compatible and Anthropic servers for tests (Node only): real HTTP on 127.0.0.1, each
// API's real streaming and error formats, a script of responses, and every request recorded. They
// answer CORS, so a page in Chromium can call them as well as the SDKs in Node.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Usage } from '../../src/agent/llm.ts';

/** A reply: streamed in the API's event format when the request asks for a stream, else one JSON completion. */
export interface FakeReply {
  readonly text: string;
  /** Streamed in this many pieces (default 1). */
  readonly chunks?: number;
  /** Pause before each piece. */
  readonly chunkDelayMs?: number;
  /**
   * Reported usage, in the Usage sense (inputTokens counts cached tokens too; for Anthropic the fake
   * reports input_tokens = inputTokens − cachedInputTokens − cacheWriteTokens). Default: about a
   * token per 4 characters of the messages and of the text.
   */
  readonly usage?: Usage;
  /** Usage sent exactly as given, in the API's own field names (replaces `usage`). */
  readonly rawUsage?: Record<string, unknown>;
  /** `stop` (default) or `length`, turned into the API's words; any other word is sent as it is. */
  readonly finishReason?: string;
  /** The model named in the reply (default: the one asked for). */
  readonly model?: string;
}

/** An HTTP error in the API's error JSON shape (unless `body` is given: sent as it is, strings raw). */
export interface FakeHttpError {
  readonly status: number;
  readonly message?: string;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Destroy the socket: before any answer, or after the headers and the first half of the pieces of
 * `text` (default a 4-piece sentence) split in `chunks`.
 */
export interface FakeDrop {
  readonly drop: 'before' | 'mid-stream';
  readonly text?: string;
  readonly chunks?: number;
}

/** Never answer (until the client gives up or the server is closed). */
export interface FakeHang {
  readonly hang: true;
}

export type FakeResponse = FakeReply | FakeHttpError | FakeDrop | FakeHang;

export interface RecordedRequest {
  readonly method: string;
  /** Path with query, e.g. `/v1/chat/completions`. */
  readonly path: string;
  /** Lower-case names, as Node gives them. */
  readonly headers: Readonly<Record<string, string>>;
  /** Parsed JSON, or the raw text when it is not JSON (undefined when empty). */
  readonly body: unknown;
}

export interface FakeServerOptions {
  /** Scripted responses, answered in order (more with enqueue). */
  readonly responses?: readonly FakeResponse[];
  /** Answer when the script is empty (default: a 500 saying the script ran out). */
  readonly defaultResponse?: FakeResponse | ((request: RecordedRequest) => FakeResponse);
  /** When set, a completion request without this key (`Authorization: Bearer` or `x-api-key`) gets 401. */
  readonly requiredKey?: string;
  /** Models listed by GET /v1/models (default `['fake-model']`). */
  readonly models?: readonly string[];
}

export interface FakeLlmServer {
  /** The base URL to give the SDK: `http://127.0.0.1:PORT/v1` (OpenAI) or `http://127.0.0.1:PORT` (Anthropic). */
  readonly url: string;
  readonly port: number;
  /** Every request but CORS preflights, in arrival order. */
  readonly requests: RecordedRequest[];
  enqueue(...responses: FakeResponse[]): void;
  /** Scripted responses not yet used. */
  pending(): number;
  close(): Promise<void>;
}

export type Dialect = 'openai' | 'anthropic';

const isReply = (r: FakeResponse): r is FakeReply => 'text' in r;
const isError = (r: FakeResponse): r is FakeHttpError => 'status' in r;
const isDrop = (r: FakeResponse): r is FakeDrop => 'drop' in r;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function splitText(text: string, chunks: number): string[] {
  const chars = Array.from(text); // whole code points, never half a surrogate pair
  const n = Math.max(1, Math.min(Math.floor(chunks), chars.length));
  if (chars.length === 0) return [];
  const pieces: string[] = [];
  for (let i = 0; i < n; i++) pieces.push(chars.slice(Math.floor((i * chars.length) / n), Math.floor(((i + 1) * chars.length) / n)).join(''));
  return pieces;
}

function messageChars(body: unknown): number {
  const json = JSON.stringify((body as { messages?: unknown; system?: unknown } | undefined) ?? {});
  return json.length;
}

function defaultUsage(request: RecordedRequest, text: string): Usage {
  return { inputTokens: Math.ceil(messageChars(request.body) / 4), outputTokens: Math.max(1, Math.ceil(text.length / 4)) };
}

function openAiUsage(u: Usage): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (u.inputTokens !== undefined) out.prompt_tokens = u.inputTokens;
  if (u.outputTokens !== undefined) out.completion_tokens = u.outputTokens;
  out.total_tokens = (u.inputTokens ?? 0) + (u.outputTokens ?? 0);
  const details: Record<string, number> = {};
  if (u.cachedInputTokens !== undefined) details.cached_tokens = u.cachedInputTokens;
  if (u.cacheWriteTokens !== undefined) details.cache_write_tokens = u.cacheWriteTokens;
  if (Object.keys(details).length > 0) out.prompt_tokens_details = details;
  return out;
}

function anthropicUsage(u: Usage): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (u.inputTokens !== undefined) out.input_tokens = u.inputTokens - (u.cachedInputTokens ?? 0) - (u.cacheWriteTokens ?? 0);
  if (u.cacheWriteTokens !== undefined) out.cache_creation_input_tokens = u.cacheWriteTokens;
  if (u.cachedInputTokens !== undefined) out.cache_read_input_tokens = u.cachedInputTokens;
  if (u.outputTokens !== undefined) out.output_tokens = u.outputTokens;
  return out;
}

function finishWord(dialect: Dialect, reason: string | undefined): string {
  const r = reason ?? 'stop';
  if (dialect === 'openai') return r;
  if (r === 'stop') return 'end_turn';
  if (r === 'length') return 'max_tokens';
  return r;
}

const OPENAI_ERROR_TYPES: Record<number, [string, string]> = {
  400: ['invalid_request_error', 'Invalid request.'],
  401: ['invalid_request_error', 'Invalid API key.'],
  403: ['invalid_request_error', 'You are not allowed to use this model.'],
  404: ['invalid_request_error', 'The model does not exist or you do not have access to it.'],
  429: ['requests', 'Rate limit reached. Please try again later.'],
};

const ANTHROPIC_ERROR_TYPES: Record<number, [string, string]> = {
  400: ['invalid_request_error', 'Invalid request.'],
  401: ['authentication_error', 'invalid x-api-key'],
  403: ['permission_error', 'Your API key does not have permission to use the specified resource.'],
  404: ['not_found_error', 'Not found.'],
  413: ['request_too_large', 'Request exceeds the maximum allowed number of bytes.'],
  429: ['rate_limit_error', 'Number of requests has exceeded your rate limit.'],
  529: ['overloaded_error', 'Overloaded'],
};

/** An error in the API's own JSON shape (batch fakes answer with it too). */
export function errorBody(dialect: Dialect, status: number, message: string | undefined): unknown {
  if (dialect === 'openai') {
    const [type, text] =
      OPENAI_ERROR_TYPES[status] ??
      (status >= 500 ? ['server_error', 'The server had an error while processing your request.'] : ['invalid_request_error', `Error ${status}.`]);
    return { error: { message: message ?? text, type, param: null, code: status === 401 ? 'invalid_api_key' : null } };
  }
  const [type, text] =
    ANTHROPIC_ERROR_TYPES[status] ?? (status >= 500 ? ['api_error', 'Internal server error'] : ['invalid_request_error', `Error ${status}.`]);
  return { type: 'error', error: { type, message: message ?? text } };
}

function corsHeaders(req: http.IncomingMessage): Record<string, string> {
  const asked = req.headers['access-control-request-headers'];
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    // `*` does not cover Authorization, so the headers a preflight asks for are echoed back.
    'access-control-allow-headers': typeof asked === 'string' && asked !== '' ? asked : '*',
    'access-control-expose-headers': '*',
    'access-control-max-age': '600',
    ...(req.headers['access-control-request-private-network'] === 'true' ? { 'access-control-allow-private-network': 'true' } : {}),
  };
}

function hasKey(req: http.IncomingMessage, key: string): boolean {
  return req.headers.authorization === `Bearer ${key}` || req.headers['x-api-key'] === key;
}

function givenKey(req: http.IncomingMessage): string {
  const auth = req.headers.authorization;
  if (typeof auth === 'string') return auth.replace(/^Bearer\s+/i, '');
  const x = req.headers['x-api-key'];
  return typeof x === 'string' ? x : '';
}

async function readBody(req: http.IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  const text = Buffer.concat(parts).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

interface StreamPlan {
  /** Events before the text, one per text piece, and after it. */
  readonly head: string[];
  readonly pieces: string[];
  readonly tail: string[];
}

function sse(dialect: Dialect, type: string, data: unknown): string {
  return dialect === 'openai' ? `data: ${JSON.stringify(data)}\n\n` : `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

function planStream(dialect: Dialect, reply: FakeReply, request: RecordedRequest, id: string, model: string): StreamPlan {
  const body = (request.body ?? {}) as { stream_options?: { include_usage?: boolean } };
  const usage = reply.usage ?? defaultUsage(request, reply.text);
  const pieces = splitText(reply.text, reply.chunks ?? 1);
  const finish = finishWord(dialect, reply.finishReason);
  if (dialect === 'openai') {
    const chunk = (delta: Record<string, unknown>, finishReason: string | null, extra: Record<string, unknown> = {}) => ({
      id,
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...extra,
    });
    const withUsage = body.stream_options?.include_usage === true;
    const nullUsage = withUsage ? { usage: null } : {};
    const tail = [sse(dialect, '', chunk({}, finish, nullUsage))];
    if (withUsage) {
      tail.push(
        sse(dialect, '', {
          id,
          object: 'chat.completion.chunk',
          created: Math.floor(Date.now() / 1000),
          model,
          choices: [],
          usage: reply.rawUsage ?? openAiUsage(usage),
        }),
      );
    }
    tail.push('data: [DONE]\n\n');
    return {
      head: [sse(dialect, '', chunk({ role: 'assistant', content: '' }, null, nullUsage))],
      pieces: pieces.map((p) => sse(dialect, '', chunk({ content: p }, null, nullUsage))),
      tail,
    };
  }
  const raw = reply.rawUsage ?? anthropicUsage(usage);
  const { output_tokens: outputTokens, ...startUsage } = raw;
  return {
    head: [
      sse(dialect, 'message_start', {
        type: 'message_start',
        message: {
          id,
          type: 'message',
          role: 'assistant',
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: outputTokens === undefined ? startUsage : { ...startUsage, output_tokens: 1 },
        },
      }),
      sse(dialect, 'content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
      sse(dialect, 'ping', { type: 'ping' }),
    ],
    pieces: pieces.map((p) => sse(dialect, 'content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: p } })),
    tail: [
      sse(dialect, 'content_block_stop', { type: 'content_block_stop', index: 0 }),
      sse(dialect, 'message_delta', {
        type: 'message_delta',
        delta: { stop_reason: finish, stop_sequence: null },
        usage: outputTokens === undefined ? {} : { output_tokens: outputTokens },
      }),
      sse(dialect, 'message_stop', { type: 'message_stop' }),
    ],
  };
}

/** A whole (not streamed) completion or message in the API's shape (batch fakes answer with it too). */
export function wholeReply(dialect: Dialect, reply: FakeReply, request: RecordedRequest, id: string, model: string): unknown {
  const usage = reply.usage ?? defaultUsage(request, reply.text);
  const finish = finishWord(dialect, reply.finishReason);
  if (dialect === 'openai') {
    return {
      id,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: reply.text, refusal: null }, logprobs: null, finish_reason: finish }],
      usage: reply.rawUsage ?? openAiUsage(usage),
    };
  }
  return {
    id,
    type: 'message',
    role: 'assistant',
    model,
    content: reply.text === '' ? [] : [{ type: 'text', text: reply.text }],
    stop_reason: finish,
    stop_sequence: null,
    usage: reply.rawUsage ?? anthropicUsage(usage),
  };
}

function startFake(dialect: Dialect, options: FakeServerOptions): Promise<FakeLlmServer> {
  const queue: FakeResponse[] = [...(options.responses ?? [])];
  const requests: RecordedRequest[] = [];
  const completionPath = dialect === 'openai' ? '/v1/chat/completions' : '/v1/messages';
  let count = 0;

  const nextResponse = (request: RecordedRequest): FakeResponse => {
    const queued = queue.shift();
    if (queued) return queued;
    const fallback = options.defaultResponse;
    if (typeof fallback === 'function') return fallback(request);
    return fallback ?? { status: 500, message: `fake ${dialect} server: the script ran out of responses (request ${requests.length})` };
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const cors = corsHeaders(req);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    const body = await readBody(req);
    const path = req.url ?? '/';
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    const request: RecordedRequest = { method: req.method ?? 'GET', path, headers, body };
    requests.push(request);
    const json = (status: number, payload: unknown, extra: Record<string, string> = {}) => {
      const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
      res.writeHead(status, { ...cors, 'content-type': typeof payload === 'string' ? 'text/plain' : 'application/json', ...extra }).end(text);
    };
    const pathname = path.split('?')[0];

    if (req.method === 'GET' && pathname === '/v1/models') {
      json(200, {
        object: 'list',
        data: (options.models ?? ['fake-model']).map((id) => ({ id, object: 'model', type: 'model', created: 0, owned_by: 'fake' })),
      });
      return;
    }
    if (req.method !== 'POST' || pathname !== completionPath) {
      json(404, errorBody(dialect, 404, `fake ${dialect} server: no route ${req.method} ${pathname} (completions are at POST ${completionPath})`));
      return;
    }
    if (options.requiredKey !== undefined && !hasKey(req, options.requiredKey)) {
      // Echoes the key like some real APIs do, so tests can check it never reaches an error message.
      json(401, errorBody(dialect, 401, `Incorrect API key provided: ${givenKey(req)}.`));
      return;
    }

    const response = nextResponse(request);
    if ('hang' in response) return; // closed by the client or by close()
    if (isDrop(response) && response.drop === 'before') {
      req.socket.destroy();
      return;
    }
    if (isError(response)) {
      json(response.status, response.body !== undefined ? response.body : errorBody(dialect, response.status, response.message), {
        ...(response.headers ?? {}),
      });
      return;
    }
    const reply: FakeReply = isReply(response)
      ? response
      : { text: response.text ?? 'The fake reply was dropped half way through.', chunks: response.chunks ?? 4 };
    const dropMidway = isDrop(response);
    count += 1;
    const id = dialect === 'openai' ? `chatcmpl-fake-${count}` : `msg_fake_${count}`;
    const asked = (body as { model?: unknown } | undefined)?.model;
    const model = reply.model ?? (typeof asked === 'string' ? asked : 'fake-model');
    const streamed = (body as { stream?: unknown } | undefined)?.stream === true;

    if (!streamed) {
      const text = JSON.stringify(wholeReply(dialect, reply, request, id, model));
      if (dropMidway) {
        res.writeHead(200, { ...cors, 'content-type': 'application/json' });
        res.write(text.slice(0, Math.floor(text.length / 2)), () => res.socket?.destroy());
        return;
      }
      res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(text);
      return;
    }
    const plan = planStream(dialect, reply, request, id, model);
    let gone = false;
    res.on('close', () => {
      gone = true;
    });
    res.writeHead(200, { ...cors, 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    for (const event of plan.head) res.write(event);
    const stopAt = dropMidway ? Math.ceil(plan.pieces.length / 2) : plan.pieces.length;
    for (let i = 0; i < stopAt; i++) {
      if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
      if (gone) return;
      res.write(plan.pieces[i]);
    }
    if (dropMidway) {
      // Let the written pieces reach the client and be read before the connection breaks: a reset
      // discards what the client received but had not read yet (20 ms was too short on a loaded
      // machine). A clean close (FIN) is no way out: Chromium then failed the stream without giving
      // the pieces that came with it.
      await sleep(250);
      res.socket?.destroy();
      return;
    }
    for (const event of plan.tail) res.write(event);
    res.end();
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      const origin = `http://127.0.0.1:${port}`;
      resolve({
        url: dialect === 'openai' ? `${origin}/v1` : origin,
        port,
        requests,
        enqueue: (...responses) => {
          queue.push(...responses);
        },
        pending: () => queue.length,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections(); // hanging requests included
            server.close(() => done());
          }),
      });
    });
  });
}

/** A fake OpenAI-compatible server: POST /v1/chat/completions (and GET /v1/models). */
export function startFakeOpenAi(options: FakeServerOptions = {}): Promise<FakeLlmServer> {
  return startFake('openai', options);
}

/** A fake Anthropic server: POST /v1/messages (and GET /v1/models). */
export function startFakeAnthropic(options: FakeServerOptions = {}): Promise<FakeLlmServer> {
  return startFake('anthropic', options);
}
