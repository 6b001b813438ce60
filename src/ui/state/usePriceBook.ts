// The page's price book as a component reads it (the controller holds the book).
import { useStore } from 'zustand';
import type { PriceBookActions, PriceBookState } from '../persistence/prices.ts';
import { useController } from './playground.tsx';

export function usePriceBook<T>(selector: (s: PriceBookState & PriceBookActions) => T): T {
  return useStore(useController().prices, selector);
}
