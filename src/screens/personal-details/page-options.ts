import type { PageConfig } from '../../engine/config-types';

/** The `options` of a screen page from flow-config/pages (form pages have none). */
export function pageOptions(page: PageConfig | undefined): Record<string, unknown> | undefined {
  return page && 'options' in page ? page.options : undefined;
}
