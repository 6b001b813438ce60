// Finds a Chromium to drive and launches it headless. Nothing is ever downloaded: the browser is the
// one named by PTC_CHROMIUM (or CHROMIUM_PATH), else Debian's, else one Playwright installed before.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

export interface FoundBrowser {
  path: string;
  /** Where it was found: the variable's name, "system" or "playwright". */
  source: string;
}

const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export const NO_BROWSER_MESSAGE = [
  'No Chromium found for the end-to-end tests.',
  'Looked at $PTC_CHROMIUM, $CHROMIUM_PATH, /usr/bin/chromium, /usr/bin/chromium-browser and the browsers Playwright installed.',
  'Install one (Debian/Ubuntu, as root: apt-get update && apt-get install -y chromium),',
  'or point PTC_CHROMIUM at a Chromium or Chrome executable.',
  'Only the fast tests need no browser: npm run test:fast.',
].join('\n');

/** The first Chromium executable in the lookup order; throws with instructions when there is none. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): FoundBrowser {
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
  throw new Error(NO_BROWSER_MESSAGE);
}

function runningAsRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Launches the found Chromium headless (without its sandbox when running as root, which it refuses). */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const found = findChromium();
  const args = [...(options.args ?? [])];
  if (runningAsRoot() && !args.includes('--no-sandbox')) args.push('--no-sandbox');
  return chromium.launch({ ...options, headless: true, executablePath: found.path, args });
}
