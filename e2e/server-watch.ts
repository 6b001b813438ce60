// What a test server hears from the browsers it serves, for what a test cannot watch from inside
// (WebKit's WebDriver has no console; a worker's CSP refusals reach no listener in the page):
// - CSP violation reports, from the page and from its workers: the server adds `report-uri` to every
//   policy it sends, so a refusal inside the engine worker is reported like one in the page (where
//   the browser reports workers at all: WebKitGTK 2.50 does not);
// - the page's console errors, uncaught errors and rejections, through a small script served from
//   the same origin (so the policy allows it) and put first in the page's <head>. (A missing file
//   shows there: the server answers any unknown path with the page, which fails to load as a script.)
import { readFile } from 'node:fs/promises';
import { OutgoingMessage, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Plugin } from 'vite';

export const REPORT_PATH = '/__csp-report';
export const PROBE_PATH = '/__probe.js';
const PROBE_SINK = '/__probe';
/**
 * A module worker that breaks the page's policy once (it evaluates a string), so a test can prove the
 * report endpoint hears a worker in its browser; served with the page's policy, not the engine's.
 */
export const VIOLATING_WORKER_PATH = '/__violating-worker.js';

export interface ServerWatch {
  /** CSP violation reports, one line each: directive, what was blocked, where. */
  violations: string[];
  /** console.error calls, uncaught errors, unhandled rejections and failed loads of the pages. */
  pageErrors: string[];
}

/** Everything the server heard, one line each (empty when the browsers were clean). */
export function watchProblems(watch: ServerWatch): string[] {
  return [...watch.violations.map((v) => `CSP report: ${v}`), ...watch.pageErrors.map((e) => `page: ${e}`)];
}

/**
 * Runs in the page before the app (a classic script, so before any module). It keeps nothing and
 * changes nothing but console.error, which it wraps: each problem goes to the server as a beacon,
 * which still leaves during a reload.
 */
function probe(sink: string): void {
  const send = (kind: string, text: string) => navigator.sendBeacon(sink, JSON.stringify({ kind, text, page: location.href }));
  const describe = (value: unknown) => (value instanceof Error ? `${value.name}: ${value.message}` : String(value));
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    send('console.error', args.map(describe).join(' '));
    original(...args);
  };
  // Capturing: a script or style that fails to load fires a non-bubbling error on its element.
  addEventListener(
    'error',
    (e) => {
      const target = e.target as { src?: string; href?: string } | null;
      send('error', e instanceof ErrorEvent ? `${e.message} (${e.filename}:${e.lineno})` : `failed to load ${target?.src ?? target?.href ?? '?'}`);
    },
    true,
  );
  addEventListener('unhandledrejection', (e) => send('unhandled rejection', describe(e.reason)));
  document.addEventListener('securitypolicyviolation', (e) => send('CSP violation', `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'}`));
}

function violatingWorker(): void {
  let refused = false;
  try {
    new Function('return 1')();
  } catch {
    refused = true;
  }
  postMessage(refused ? 'refused' : 'ran');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** One line for a report: `report-uri` sends {"csp-report": {…}}, the Reporting API a list of {type, body}. */
function reportLines(body: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [`unreadable report: ${body.slice(0, 200)}`];
  }
  const reports = Array.isArray(parsed)
    ? parsed.map((r: { body?: Record<string, unknown> }) => r.body ?? {})
    : [((parsed as { 'csp-report'?: Record<string, unknown> })['csp-report'] ?? {}) as Record<string, unknown>];
  return reports.map((r) => {
    const field = (...names: string[]) => String(names.map((n) => r[n]).find((v) => v !== undefined && v !== '') ?? '?');
    return `${field('effective-directive', 'effectiveDirective', 'violated-directive')} blocked ${field('blocked-uri', 'blockedURL')} in ${field('document-uri', 'documentURL')} (${field('source-file', 'sourceFile')}:${field('line-number', 'lineNumber')})`;
  });
}

/** Answers the probe's and the reports' requests and sends the page with the probe; passes everything else on. */
async function answer(req: IncomingMessage, res: ServerResponse, watch: ServerWatch, site: Site): Promise<boolean> {
  const path = (req.url ?? '').split('?')[0];
  if (req.method === 'GET' && (path === '/' || path === '/index.html')) {
    const html = await readFile(join(site.outDir, 'index.html'), 'utf8');
    res.setHeader('Content-Type', 'text/html');
    res.setHeader('Content-Security-Policy', site.pagePolicy);
    res.end(html.replace('<head>', `<head>\n    <script src="${PROBE_PATH}"></script>`));
    return true;
  } else if (req.method === 'POST' && path === REPORT_PATH) {
    watch.violations.push(...reportLines(await readBody(req)));
  } else if (req.method === 'POST' && path === PROBE_SINK) {
    const { kind, text, page } = JSON.parse(await readBody(req)) as { kind: string; text: string; page: string };
    watch.pageErrors.push(`${kind}: ${text} (${page})`);
  } else if (path === PROBE_PATH || path === VIOLATING_WORKER_PATH) {
    const source = path === PROBE_PATH ? `(${probe.toString()})(${JSON.stringify(PROBE_SINK)});` : `(${violatingWorker.toString()})();`;
    res.setHeader('Content-Type', 'text/javascript');
    res.setHeader('Content-Security-Policy', site.pagePolicy);
    res.end(source);
    return true;
  } else {
    return false;
  }
  res.statusCode = 204;
  res.end();
  return true;
}

interface Site {
  /** The built app. */
  outDir: string;
  /** The policy the server sends with the page. */
  pagePolicy: string;
}

/** A preview-server plugin that serves the build in `site.outDir` and fills `watch`. */
export function watchPlugin(watch: ServerWatch, site: Site): Plugin {
  return {
    name: 'ptc-test-server-watch',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        // Every policy, the engine worker's included, gets the report endpoint: added when the headers
        // go out, after whatever set the policy, and past the engine worker's own replacing setHeader.
        const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
        res.writeHead = ((...args: unknown[]) => {
          const policy = res.getHeader('content-security-policy');
          if (typeof policy === 'string' && !policy.includes('report-uri')) {
            OutgoingMessage.prototype.setHeader.call(res, 'Content-Security-Policy', `${policy}; report-uri ${REPORT_PATH}`);
          }
          return writeHead(...args);
        }) as typeof res.writeHead;
        answer(req, res, watch, site).then((done) => {
          if (!done) next();
        }, next);
      });
    },
  };
}
