// How the top bar lies in the window, read in the page: shared by the Chromium header test and the
// smoke flow of the other browsers (whose fonts differ, so what fits differs too).

export interface BarLayout {
  /** The bar's height and the height of its tallest control. */
  height: number;
  tallest: number;
  /** Controls of the bar not wholly inside the window, or covered by another element at their centre. */
  unreachable: string[];
  /** The test ids of the buttons the strip hides (offered by "More"). */
  hidden: string[];
  /** Whether the "More" button is there. */
  more: boolean;
}

/** Runs in the page (passed whole to the driver, so it refers to nothing outside itself). */
export function readBar(): BarLayout {
  const header = document.querySelector('header') as HTMLElement;
  const controls = [...header.querySelectorAll<HTMLElement>('button, select')].filter(
    (e) => getComputedStyle(e).visibility !== 'hidden' && e.getClientRects().length > 0,
  );
  const unreachable: string[] = [];
  let tallest = 0;
  for (const c of controls) {
    const r = c.getBoundingClientRect();
    tallest = Math.max(tallest, r.height);
    const inside = r.left >= 0 && r.right <= document.documentElement.clientWidth;
    const top = inside ? document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) : null;
    if (top === null || !(c === top || c.contains(top))) unreachable.push(c.dataset.testid ?? c.textContent ?? '?');
  }
  const hidden = [...header.querySelectorAll<HTMLElement>('[data-overflowed]')].map((e) => e.dataset.testid ?? '?');
  return { height: header.getBoundingClientRect().height, tallest, unreachable, hidden, more: header.querySelector('[data-testid="more-tools"]') !== null };
}

/** What is wrong with the bar's layout, if anything: one row (its tallest control plus 13 px of padding and border), every control reachable, "More" exactly when something is hidden. */
export function barProblems(bar: BarLayout): string[] {
  const problems: string[] = [];
  if (Math.round(bar.height) !== Math.round(bar.tallest) + 13) problems.push(`the bar is ${bar.height} px tall for controls of ${bar.tallest} px`);
  if (bar.unreachable.length > 0) problems.push(`out of reach: ${bar.unreachable.join(', ')}`);
  if (bar.more !== bar.hidden.length > 0) problems.push(bar.more ? '"More" with nothing hidden' : `hidden without "More": ${bar.hidden.join(', ')}`);
  return problems;
}
