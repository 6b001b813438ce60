// @vitest-environment happy-dom
// A tab of a tablist: aria-selected on the chosen one, its look's classes, a click chooses it, and the
// pointer or the focus on it starts loading what it shows.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tab, type TabLook } from '../../../src/ui/components/Tab.tsx';

afterEach(cleanup);

const LOOK: TabLook = { base: 'tab', selected: 'tab-on', other: 'tab-off' };

function Tabs({ onPreload }: { onPreload: () => void }) {
  const [current, setCurrent] = useState<'a' | 'b'>('a');
  return (
    <div role="tablist">
      <Tab value="a" current={current} onSelect={setCurrent} testId="tab-a" look={LOOK} title="The first">
        A
      </Tab>
      <Tab value="b" current={current} onSelect={setCurrent} testId="tab-b" look={LOOK} title="The second" onPreload={onPreload}>
        B
      </Tab>
    </div>
  );
}

describe('Tab', () => {
  it('marks the chosen tab, with its look, and a click chooses another', () => {
    render(<Tabs onPreload={() => undefined} />);
    const [a, b] = [screen.getByTestId('tab-a'), screen.getByTestId('tab-b')];
    expect(a.getAttribute('role')).toBe('tab');
    expect(a.getAttribute('aria-selected')).toBe('true');
    expect(a.className).toBe('tab tab-on');
    expect(b.getAttribute('aria-selected')).toBe('false');
    expect(b.className).toBe('tab tab-off');
    expect(b.title).toBe('The second');
    fireEvent.click(b);
    expect(b.getAttribute('aria-selected')).toBe('true');
    expect(a.className).toBe('tab tab-off');
  });

  it('starts loading what it shows when pointed at or focused', () => {
    let preloads = 0;
    render(<Tabs onPreload={() => preloads++} />);
    fireEvent.pointerEnter(screen.getByTestId('tab-b'));
    fireEvent.focus(screen.getByTestId('tab-b'));
    expect(preloads).toBe(2);
    fireEvent.focus(screen.getByTestId('tab-a'));
    expect(preloads).toBe(2);
  });
});
