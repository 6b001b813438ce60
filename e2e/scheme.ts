// The page follows the system's colour scheme live (Tailwind's `dark:` variant through CSS, Monaco
// through its theme), so one page can be checked in both schemes: the tests switch the emulated
// prefers-color-scheme instead of loading the page a second time (a load costs Chromium about 2 s
// of CPU). Which scheme a page opens in varies between tests, so both paths stay covered: opening
// in a scheme, and switching to it.
import type { Page } from 'playwright-core';
import { describeFindings, seriousViolations } from './axe.ts';

export type Scheme = 'light' | 'dark';

/** The other scheme. */
export function otherScheme(scheme: Scheme): Scheme {
  return scheme === 'light' ? 'dark' : 'light';
}

/** Switches the emulated scheme and waits until the page and every Monaco editor on it follow. */
export async function switchScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (dark) =>
      window.matchMedia('(prefers-color-scheme: dark)').matches === dark &&
      [...document.querySelectorAll('.monaco-editor')].every((e) => e.classList.contains('vs-dark') === dark),
    scheme === 'dark',
  );
  // Two frames: the restyle and the paint after it.
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
}

/**
 * axe's serious and critical findings on the page as it is, in the scheme it shows and then in the
 * other one (the page is left in that other one): one report per scheme, empty when clean.
 */
export async function findingsInBothSchemes(page: Page, first: Scheme): Promise<string> {
  const reports: string[] = [];
  for (const scheme of [first, otherScheme(first)]) {
    await switchScheme(page, scheme);
    const found = describeFindings(await seriousViolations(page));
    if (found !== '') reports.push(`${scheme}:\n${found}`);
  }
  return reports.join('\n\n');
}
