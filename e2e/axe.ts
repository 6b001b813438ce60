// axe-core injected into a page of the playground (the @axe-core/playwright wrapper needs Node 22).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
// The page's policy refuses inline scripts, so addScriptTag cannot add it: DevTools' evaluation can.
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface Finding {
  id: string;
  impact: string;
  help: string;
  /** Selectors of the offending elements, with axe's summary of the first. */
  nodes: string[];
}

interface AxeResults {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
}

/** The violations of impact serious or critical on the page as it is now. */
export async function seriousViolations(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })) as AxeResults;
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n, i) => `${n.target.join(' ')}${i === 0 && n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`),
    }));
}

/** One line per violation and element, for a failure message or a log. */
export function describeFindings(findings: Finding[]): string {
  return findings.map((f) => `${f.impact} ${f.id} (${f.help}): ${f.nodes.length} × ${f.nodes.slice(0, 6).join(' | ')}`).join('\n');
}
