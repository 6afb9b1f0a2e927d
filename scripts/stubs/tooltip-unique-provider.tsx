import type { ReactNode } from 'react';

/**
 * Stands in for antd's tooltip UniqueProvider inside ConfigProvider, which renders it only with
 * `tooltip: { unique: true }` (we never set it). Tooltips themselves keep the real one.
 */
export default function UniqueProvider({ children }: { children?: ReactNode }) {
  return children;
}
