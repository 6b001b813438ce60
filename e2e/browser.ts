// Finds a Chromium to drive and launches it headless. Nothing is ever downloaded: the browser is the
// one named by PTC_CHROMIUM (or CHROMIUM_PATH), else the system's, else one Playwright installed
// before, else the headless Chromium that `npm ci` brought inside the @sparticuz/chromium package
// (Linux x64 only), so the README's two commands are enough on a bare machine.
import { existsSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

export interface FoundBrowser {
  path: string;
  /** Where it was found: the variable's name, "system", "playwright" or "npm". */
  source: string;
}

const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** Where Debian, Ubuntu and Fedora keep the NSS library the bundled Chromium links against. */
const NSS_PATHS = ['/lib/x86_64-linux-gnu/libnss3.so', '/usr/lib/x86_64-linux-gnu/libnss3.so', '/usr/lib64/libnss3.so', '/usr/lib/libnss3.so'];

export const NO_BROWSER_MESSAGE = [
  'No Chromium found for the end-to-end tests.',
  'Looked at $PTC_CHROMIUM, $CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser, /usr/bin/google-chrome, the browsers Playwright installed',
  'and the headless Chromium of the @sparticuz/chromium development dependency (Linux x64 only).',
  'Install one (Debian/Ubuntu, as root: apt-get update && apt-get install -y chromium),',
  'or point PTC_CHROMIUM at a Chromium or Chrome executable.',
  'Only the fast tests need no browser: npm run test:fast.',
].join('\n');

/** The Chromium inside @sparticuz/chromium, unpacked to the temporary folder on first use (about 2 s). */
async function npmChromium(): Promise<string | undefined> {
  if (platform() !== 'linux' || arch() !== 'x64') return undefined;
  // Without the system's NSS, the package's own Amazon Linux libraries are unpacked and put on the
  // library path; the package does that when it believes it runs on such a system.
  if (!NSS_PATHS.some((p) => existsSync(p))) process.env.AWS_LAMBDA_JS_RUNTIME ??= 'nodejs20.x';
  try {
    const mod = (await import('@sparticuz/chromium')) as { default: { executablePath(input?: string): Promise<string> } };
    const path = await mod.default.executablePath();
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The first Chromium executable in the lookup order; throws with instructions when there is none. */
export async function findChromium(env: NodeJS.ProcessEnv = process.env): Promise<FoundBrowser> {
  for (const name of ['PTC_CHROMIUM', 'CHROMIUM_PATH']) {
    const value = env[name];
    if (value) {
      // A variable that names a missing file is a mistake worth reporting, not skipping.
      if (!existsSync(value)) throw new Error(`${name} is set to ${value}, which does not exist.\n${NO_BROWSER_MESSAGE}`);
      return { path: value, source: name };
    }
  }
  for (const path of SYSTEM_PATHS) {
    if (existsSync(path)) return { path, source: 'system' };
  }
  let playwrightPath: string | undefined;
  try {
    playwrightPath = chromium.executablePath();
  } catch {
    playwrightPath = undefined;
  }
  if (playwrightPath && existsSync(playwrightPath)) return { path: playwrightPath, source: 'playwright' };
  const bundled = await npmChromium();
  if (bundled) return { path: bundled, source: 'npm' };
  throw new Error(NO_BROWSER_MESSAGE);
}

function runningAsRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Launches the found Chromium headless (without its sandbox when running as root, which it refuses). */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const found = await findChromium();
  const args = [...(options.args ?? [])];
  if ((runningAsRoot() || found.source === 'npm') && !args.includes('--no-sandbox')) args.push('--no-sandbox');
  return chromium.launch({ ...options, headless: true, executablePath: found.path, args });
}
