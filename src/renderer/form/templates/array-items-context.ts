import { createContext, useContext } from 'react';

/**
 * What a repeater tells its items: which are folded to their one-line summary, and how to fold or unfold one.
 * Given only when the array's ui:options has `collapsedItem` (the line a folded item shows).
 */
export interface ArrayItemsFolding {
  /** The summary line of item `index` while folded; undefined while it shows its fields. */
  foldedLine: (index: number) => string | undefined;
  toggle: (index: number) => void;
  foldLabel: string;
  unfoldLabel: string;
}

export const ArrayItemsContext = createContext<ArrayItemsFolding | undefined>(undefined);

export const useArrayItemsFolding = (): ArrayItemsFolding | undefined => useContext(ArrayItemsContext);
