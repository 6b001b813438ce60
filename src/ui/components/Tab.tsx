// A tab of a tablist: chosen by a click, marked aria-selected; `onPreload` starts loading what the
// tab shows as the pointer comes over it or the focus reaches it. Each tablist gives its own look.
import type { ReactNode } from 'react';

/** A tablist's look: the classes of every tab, then those of the chosen one or of the others. */
export interface TabLook {
  readonly base: string;
  readonly selected: string;
  readonly other: string;
}

export function Tab<T extends string>({
  value,
  current,
  onSelect,
  testId,
  title,
  look,
  onPreload,
  children,
}: {
  value: T;
  current: T;
  onSelect: (value: T) => void;
  testId: string;
  title: string;
  look: TabLook;
  onPreload?: () => void;
  children: ReactNode;
}) {
  const selected = value === current;
  return (
    <button
      type="button"
      role="tab"
      data-testid={testId}
      aria-selected={selected}
      title={title}
      className={`${look.base} ${selected ? look.selected : look.other}`}
      onClick={() => onSelect(value)}
      onPointerEnter={onPreload}
      onFocus={onPreload}
    >
      {children}
    </button>
  );
}
