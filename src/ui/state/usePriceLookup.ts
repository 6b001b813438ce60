// The price lookup views use: the open session's own prices, then the app's (editable) table. Stable
// while neither changes, so memoized turn cards do not re-render on every view.
import { useMemo } from 'react';
import { usePriceBook } from './usePriceBook.ts';
import { usePlayground } from './playground.tsx';
import { priceLookup, sessionPriceTable, type PriceLookup } from '../lib/pricing.ts';

export function usePriceLookup(): PriceLookup {
  const sessionPrices = usePlayground((s) => s.view?.setup.definition.prices);
  const app = usePriceBook((s) => s.table);
  // The session's prices arrive as a new object with every view: key them by content.
  const sessionKey = JSON.stringify(sessionPrices ?? null);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by content, not by the object
  const session = useMemo(() => sessionPriceTable(sessionPrices), [sessionKey]);
  return useMemo(() => priceLookup(session, app), [session, app]);
}
