import type { ReactNode } from 'react';

/**
 * Stands in for markdown-to-jsx (~35 KB gzip) in the browser build (see vite.config.ts): our copy is
 * plain text, so rjsf's Markdown (used only with ui:enableMarkdownInDescription) renders it as text.
 */
export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
