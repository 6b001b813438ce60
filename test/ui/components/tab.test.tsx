// @vitest-environment happy-dom
// A tablist: named, aria-selected on the chosen tab, its look's classes, a click chooses a tab, and the
// pointer or the focus on a tab starts loading what it shows.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs, type TabLook, type TabSpec } from '../../../src/ui/components/Tab.tsx';

afterEach(cleanup);

const LOOK: TabLook = { list: 'list', base: 'tab', selected: 'tab-on', other: 'tab-off' };

function Example({ onPreload }: { onPreload: () => void }) {
  const [current, setCurrent] = useState<'a' | 'b'>('a');
  const tabs: TabSpec<'a' | 'b'>[] = [
    { value: 'a', label: 'A', title: 'The first' },
    { value: 'b', label: 'B', title: 'The second', onPreload },
  ];
  return <Tabs tabs={tabs} current={current} onSelect={setCurrent} label="Example" look={LOOK} testIdPrefix="tab-" />;
}

describe('Tabs', () => {
  it('marks the chosen tab, with its look, and a click chooses another', () => {
    render(<Example onPreload={() => undefined} />);
    const list = screen.getByRole('tablist', { name: 'Example' });
    expect(list.className).toBe('list');
    const [a, b] = [screen.getByTestId('tab-a'), screen.getByTestId('tab-b')];
    expect(screen.getAllByRole('tab')).toEqual([a, b]);
    expect(a.getAttribute('aria-selected')).toBe('true');
    expect(a.className).toBe('tab tab-on');
    expect(b.getAttribute('aria-selected')).toBe('false');
    expect(b.className).toBe('tab tab-off');
    expect(b.title).toBe('The second');
    expect(b.textContent).toBe('B');
    fireEvent.click(b);
    expect(b.getAttribute('aria-selected')).toBe('true');
    expect(a.className).toBe('tab tab-off');
  });

  it('starts loading what a tab shows when it is pointed at or focused', () => {
    let preloads = 0;
    render(<Example onPreload={() => preloads++} />);
    fireEvent.pointerEnter(screen.getByTestId('tab-b'));
    fireEvent.focus(screen.getByTestId('tab-b'));
    expect(preloads).toBe(2);
    fireEvent.focus(screen.getByTestId('tab-a'));
    expect(preloads).toBe(2);
  });
});
