// WebKit (Safari's engine) as WebKitGTK's MiniBrowser, driven by selenium-webdriver through
// WebKitWebDriver, drawing on an Xvfb display of its own. The driver serves one session at a time,
// so each session (each fresh profile) gets its own driver process.
import { spawn, type ChildProcess } from 'node:child_process';
import { Builder, By, Key, type WebDriver } from 'selenium-webdriver';
import type { WebKitFound } from './other-browsers.ts';
import { freePort } from './server.ts';
import type { SmokePage } from './smoke-flow.ts';

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function stop(child: ChildProcess): Promise<void> {
  child.kill();
  await exited(child);
}

export interface Display {
  /** The DISPLAY value, ":N". */
  name: string;
  close(): Promise<void>;
}

/** Starts Xvfb on a display number it picks itself (free, whatever else runs on the machine). */
export function startXvfb(found: WebKitFound): Promise<Display> {
  // -displayfd: Xvfb chooses the display and writes its number to that descriptor once it listens.
  const xvfb = spawn(found.xvfb, ['-displayfd', '3', '-nolisten', 'tcp', '-screen', '0', '1440x900x24'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  let stderr = '';
  xvfb.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    xvfb.stdio[3]?.once('data', (d: Buffer) => resolve({ name: `:${d.toString().trim()}`, close: () => stop(xvfb) }));
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it listened:\n${stderr}`)));
  });
}

export interface WebKitSession extends SmokePage {
  driver: WebDriver;
  close(): Promise<void>;
}

/** Waits until the driver answers its status request (it listens a moment after it starts). */
async function driverReady(driverProcess: ChildProcess, url: string, output: () => string): Promise<void> {
  for (;;) {
    if (driverProcess.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driverProcess.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A new WebKitWebDriver and a MiniBrowser session on `display`: a fresh, empty profile. */
export async function startWebKit(found: WebKitFound, display: Display): Promise<WebKitSession> {
  const port = await freePort();
  // Without a GPU, compositing draws through software OpenGL: turned off, the smoke test ran about
  // 25 % faster (the page's scripts, styles and DOM are the same either way).
  const env = { ...process.env, DISPLAY: display.name, WEBKIT_DISABLE_COMPOSITING_MODE: '1' };
  const driverProcess = spawn(found.driver, [`--port=${port}`], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  driverProcess.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  driverProcess.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  let driver: WebDriver;
  try {
    await driverReady(driverProcess, url, () => output);
    driver = await new Builder()
      .usingServer(url)
      .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: found.miniBrowser, args: ['--automation'] } })
      .build();
    await driver.manage().window().setRect({ width: 1440, height: 900 });
  } catch (e) {
    await stop(driverProcess);
    throw e;
  }
  return {
    driver,
    goto: (target) => driver.get(target),
    reload: () => driver.navigate().refresh(),
    // WebDriver runs the function's text with the arguments as `arguments` and waits for a promise it returns.
    evaluate: (fn, arg) => driver.executeScript(fn, arg),
    click: async (selector) => driver.findElement(By.css(selector)).click(),
    type: async (text) => driver.actions().sendKeys(text).perform(),
    submit: async () => driver.actions().keyDown(Key.CONTROL).sendKeys(Key.ENTER).keyUp(Key.CONTROL).perform(),
    resize: async (width, height) => {
      await driver.manage().window().setRect({ width, height });
    },
    close: async () => {
      try {
        await driver.quit();
      } finally {
        await stop(driverProcess);
      }
    },
  };
}
