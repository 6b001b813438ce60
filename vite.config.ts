import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// Content Security Policy of the built app (README, "Content Security Policy"). The page runs no
// inline script and never evaluates strings; Monaco injects <style> elements and style attributes,
// hence 'unsafe-inline' for styles only. connect-src is open to any HTTPS host and local servers
// because a user's LLM endpoint cannot be known when the page is built.
const directives: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data:",
  'font-src': "'self' data:",
  'connect-src': "'self' https: http://localhost:* http://127.0.0.1:*",
  'worker-src': "'self' blob:",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'none'",
  'frame-ancestors': "'none'",
};

function serialize(d: Record<string, string>): string {
  return Object.entries(d)
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');
}

/** The page's policy: no 'unsafe-eval'. */
export const PAGE_CSP = serialize(directives);

/**
 * The engine worker's policy: a module worker follows the CSP of its own script's response, so only
 * the worker may compile PTC-Lisp hot loops to JavaScript with `new Function`.
 */
export const ENGINE_WORKER_CSP = serialize({ ...directives, 'script-src': "'self' 'unsafe-eval'" });

/** The built engine worker's URL path (assets/engine.worker-HASH.js). */
export const ENGINE_WORKER_PATH = /^\/assets\/engine\.worker-[\w-]+\.js(\?|$)/;

/** Serves the engine worker chunk with its own policy; every other file gets preview.headers. */
function engineWorkerPolicy(): Plugin {
  return {
    name: 'ptc-engine-worker-csp',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        if (ENGINE_WORKER_PATH.test(req.url ?? '')) {
          // The static file server sets preview.headers later: replace the policy as it does.
          const setHeader = res.setHeader.bind(res);
          res.setHeader = (name, value) => setHeader(name, name.toLowerCase() === 'content-security-policy' ? ENGINE_WORKER_CSP : value);
        }
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), engineWorkerPolicy()],
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1', headers: { 'Content-Security-Policy': PAGE_CSP } },
});
