import type { ConfigBundle, Messages, PagesFile } from '../../core/engine/config-types';
import type { FlowConfig } from '../../core/engine/flow-types';
import type { PrivacyConfig } from '../../core/engine/privacy';
// '@flow-config' is flow-config/, or ONBOARD_CONFIG_DIR (server/config/config-dirs.ts), so a test can build another.
import messages from '@flow-config/messages.json';
import { pageFileName } from '../../core/engine/page-texts';

/**
 * Page files are picked up by name, so a new flow-config/pages/*.json needs no code change. Built, they come with
 * their texts emptied (scripts/vite-page-texts.ts): each route's texts load with it (language-texts.ts).
 */
const pageModules = import.meta.glob<PagesFile>('@flow-config/pages/*.json', { eager: true, query: '?structure', import: 'default' });
/** The flow and the privacy notice alike: their texts load with the first page, and with the page that shows it. */
const [flow] = Object.values(import.meta.glob<FlowConfig>('@flow-config/flow.json', { eager: true, query: '?structure', import: 'default' }));
const [privacy] = Object.values(import.meta.glob<PrivacyConfig>('@flow-config/privacy.json', { eager: true, query: '?structure', import: 'default' }));
if (!flow || !privacy) throw new Error('flow-config/flow.json or privacy.json is missing');

/** Keys as the server's loader names them ('flow-config/pages/x.json'), so errors read the same on both sides. */
function pageFilesFrom(modules: Record<string, PagesFile>): Record<string, PagesFile> {
  return Object.fromEntries(
    Object.entries(modules)
      .map(([path, content]) => [`flow-config/pages/${pageFileName(path)}`, content] as const)
      // Code-unit order, as the server sorts the folder; not localeCompare, whose collator costs ~40 ms to set up at start.
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/** The config compiled into the build. Components read it through ConfigContext, never from here. */
export const defaultBundle: ConfigBundle = {
  flow,
  messages: messages as Messages,
  privacy,
  pageFiles: pageFilesFrom(pageModules),
};
