// Finds the browsers of the Firefox and WebKit smoke tests (e2e/firefox.e2e.ts, e2e/webkit.e2e.ts).
// Unlike Chromium, npm brings neither: they are Debian's packages. Where one is missing its smoke
// test is skipped with a message that says so, unless PTC_REQUIRE_BROWSERS=1 (as in CI), where the
// run fails before anything is built.
import { existsSync, readdirSync } from 'node:fs';

export interface FirefoxFound {
  firefox: string;
}

export interface WebKitFound {
  /** WebKitGTK's WebDriver server. */
  driver: string;
  /** WebKitGTK's MiniBrowser, the browser the driver starts (with --automation). */
  miniBrowser: string;
  /** The X server the browser draws on: WebKitGTK has no headless mode. */
  xvfb: string;
}

/** A browser found, or why not. */
export type Lookup<T> = { found: T } | { missing: string };

const FIREFOX_PATHS = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];
const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
const XVFB = '/usr/bin/Xvfb';
const LIB_DIRS = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib'];

export const INSTALL_HINT = 'Debian/Ubuntu, as root: apt-get update && apt-get install -y --no-install-recommends firefox-esr webkit2gtk-driver xvfb';

export function findFirefox(env: NodeJS.ProcessEnv = process.env): Lookup<FirefoxFound> {
  const named = env.PTC_FIREFOX;
  if (named) return existsSync(named) ? { found: { firefox: named } } : { missing: `PTC_FIREFOX is set to ${named}, which does not exist` };
  const firefox = FIREFOX_PATHS.find((p) => existsSync(p));
  return firefox ? { found: { firefox } } : { missing: `no Firefox at ${FIREFOX_PATHS.join(' or ')} (package firefox-esr)` };
}

/** MiniBrowser sits in the library folder of the WebKitGTK API version installed (webkit2gtk-4.1, webkitgtk-6.0, …). */
function findMiniBrowser(): string | undefined {
  for (const lib of LIB_DIRS) {
    let names: string[];
    try {
      names = readdirSync(lib).filter((n) => /^webkit(2)?gtk-[\d.]+$/.test(n));
    } catch {
      continue;
    }
    const path = names
      .sort()
      .reverse()
      .map((n) => `${lib}/${n}/MiniBrowser`)
      .find((p) => existsSync(p));
    if (path) return path;
  }
  return undefined;
}

export function findWebKit(): Lookup<WebKitFound> {
  const missing: string[] = [];
  if (!existsSync(WEBKIT_DRIVER)) missing.push(`${WEBKIT_DRIVER} (package webkit2gtk-driver)`);
  const miniBrowser = findMiniBrowser();
  if (!miniBrowser) missing.push('MiniBrowser (package libwebkit2gtk-4.1-0)');
  if (!existsSync(XVFB)) missing.push(`${XVFB} (package xvfb)`);
  if (missing.length > 0 || !miniBrowser) return { missing: `no ${missing.join(', no ')}` };
  return { found: { driver: WEBKIT_DRIVER, miniBrowser, xvfb: XVFB } };
}

export function browsersRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.PTC_REQUIRE_BROWSERS === '1';
}

/** The line printed for a smoke test that will be skipped. */
function skipMessage(name: string, missing: string): string {
  return `${name} smoke test skipped: ${missing}. To run it: ${INSTALL_HINT}`;
}

/**
 * For the global setup: one line per browser to print, or, with PTC_REQUIRE_BROWSERS=1 and a browser
 * missing, an error to stop the run with.
 */
export function checkBrowsers(env: NodeJS.ProcessEnv = process.env): string[] {
  const lookups = { Firefox: findFirefox(env), WebKit: findWebKit() };
  const absent = Object.entries(lookups).flatMap(([name, l]) => ('missing' in l ? [`${name}: ${l.missing}`] : []));
  if (absent.length > 0 && browsersRequired(env)) {
    throw new Error(`PTC_REQUIRE_BROWSERS=1 (as in CI), but a browser of the smoke tests is missing:\n${absent.join('\n')}\n${INSTALL_HINT}`);
  }
  return Object.entries(lookups).map(([name, l]) =>
    'found' in l ? `end-to-end tests: ${name} from ${Object.values(l.found).join(', ')}` : skipMessage(name, l.missing),
  );
}
