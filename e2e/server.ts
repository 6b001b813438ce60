// Builds the production app once and serves it with Vite's preview server on 127.0.0.1 at a free
// port. Used by the end-to-end tests (through their global setup) and by the budgets script.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview, type Plugin, type PreviewServer } from 'vite';
import { PAGE_CSP } from '../vite.config.ts';
import { watchPlugin, type ServerWatch } from './server-watch.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A port nothing listens on now (the OS picks it). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface BuildOptions {
  /** Where to build (default: a new temporary folder). */
  outDir?: string;
  /** Also write .vite/manifest.json (chunks and their static and dynamic imports). */
  manifest?: boolean;
}

/** Runs `vite build` with the project's config; returns the output folder. */
export async function buildApp(options: BuildOptions = {}): Promise<string> {
  const outDir = options.outDir ?? mkdtempSync(join(tmpdir(), 'ptc-e2e-build-'));
  await build({
    root: ROOT,
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, ...(options.manifest ? { manifest: true } : {}) },
  });
  return outDir;
}

export interface RunningApp {
  url: string;
  outDir: string;
  /** What the browsers reported to the server (with `watch` only). */
  watch?: ServerWatch;
  close(): Promise<void>;
}

export interface ServeOptions {
  /** Remove the build folder when the server closes. */
  removeOnClose?: boolean;
  /**
   * Send files as they are, never gzipped. Vite's preview server gzips every response on the fly, so
   * each page load of the tests cost it about 0.3 s of CPU for 8 MB of scripts that travel no
   * further than 127.0.0.1.
   */
  uncompressed?: boolean;
  /** Collect CSP reports and the page's errors (e2e/server-watch.ts). */
  watch?: boolean;
}

/** Makes the preview server see requests that accept no encoding (its gzip middleware comes after). */
const NO_COMPRESSION: Plugin = {
  name: 'ptc-test-no-compression',
  configurePreviewServer(server) {
    server.middlewares.use((req, _res, next) => {
      delete req.headers['accept-encoding'];
      next();
    });
  },
};

/** Serves a built app with `vite preview` on 127.0.0.1. */
export async function serveApp(outDir: string, options: ServeOptions = {}): Promise<RunningApp> {
  const host = '127.0.0.1';
  let server: PreviewServer | undefined;
  const watch: ServerWatch | undefined = options.watch ? { violations: [], pageErrors: [] } : undefined;
  const plugins = [...(options.uncompressed ? [NO_COMPRESSION] : []), ...(watch ? [watchPlugin(watch, { outDir, pagePolicy: PAGE_CSP })] : [])];
  // Another process may take the free port between the look-up and the listen: try a few.
  for (let attempt = 0; attempt < 5 && !server; attempt++) {
    const port = await freePort(host);
    try {
      server = await preview({
        root: ROOT,
        configFile: join(ROOT, 'vite.config.ts'),
        logLevel: 'warn',
        build: { outDir },
        preview: { host, port, strictPort: true, open: false },
        plugins,
      });
    } catch (e) {
      if (attempt === 4) throw e;
    }
  }
  if (!server) throw new Error('vite preview did not start');
  const address = server.httpServer.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const running = server;
  return {
    url: `http://${host}:${port}/`,
    outDir,
    ...(watch ? { watch } : {}),
    close: async () => {
      await running.close();
      if (options.removeOnClose) rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/** Builds into a temporary folder and serves it; close() stops the server and removes the folder. */
export async function startApp(options: Omit<BuildOptions, 'outDir'> = {}): Promise<RunningApp> {
  const outDir = await buildApp(options);
  return serveApp(outDir, { removeOnClose: true });
}
