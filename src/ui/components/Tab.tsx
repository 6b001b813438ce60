// A tablist: a tab is chosen by a click and marked aria-selected; `onPreload` starts loading what a
// tab shows as the pointer comes over it or the focus reaches it. Each tablist gives its own look.
import type { ReactNode } from 'react';

/** A tablist's look: the list's classes, those of every tab, then those of the chosen one or of the others. */
export interface TabLook {
  readonly list: string;
  readonly base: string;
  readonly selected: string;
  readonly other: string;
}

/** One tab: its value, its words, its title, and what to load before it is chosen. */
export interface TabSpec<T extends string> {
  readonly value: T;
  readonly label: ReactNode;
  readonly title: string;
  readonly onPreload?: () => void;
}

/** The tablist; each tab's test id is `testIdPrefix` followed by its value. */
export function Tabs<T extends string>({
  tabs,
  current,
  onSelect,
  label,
  look,
  testIdPrefix,
}: {
  tabs: readonly TabSpec<T>[];
  current: T;
  onSelect: (value: T) => void;
  label: string;
  look: TabLook;
  testIdPrefix: string;
}) {
  return (
    <div role="tablist" aria-label={label} className={look.list}>
      {tabs.map((tab) => {
        const selected = tab.value === current;
        return (
          <button
            key={tab.value}
            type="button"
            role="tab"
            data-testid={`${testIdPrefix}${tab.value}`}
            aria-selected={selected}
            title={tab.title}
            className={`${look.base} ${selected ? look.selected : look.other}`}
            onClick={() => onSelect(tab.value)}
            onPointerEnter={tab.onPreload}
            onFocus={tab.onPreload}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
