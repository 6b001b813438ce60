// A checkbox with its words beside it: the small switches of the message and chart views (SYSTEM
// prompt, wrap lines, with SYSTEM), one look everywhere.
import type { ReactNode } from 'react';

export function Checkbox({
  checked,
  onChange,
  testId,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-1 text-xs">
      <input type="checkbox" data-testid={testId} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {children}
    </label>
  );
}
